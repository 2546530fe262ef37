"""Noise sweep of a board: how the firmware answers real moves as the
sensors get noisier.

    counts = sweep_game(seed=3, noise=2.0, mistakes=0.2)   # one seeded Pyraos game
    rows = sweep([1.0, 2.0, 4.0], moves=10_000, jobs=2)    # one Tally per level
    sweep_level(2.0, moves=1000, game="pacal")             # Pacal's fields and readers

Each game is a seeded random game (the variant turns with the seed: Pyraos
standard, lines, kids; Pacal duel, solo) played on the virtual board at the
sensor level by the scripted hand, mistakes included, through the real
firmware. Every record move ends one way:

- accepted: the board's journal gained exactly that move (``late`` counts
  those accepted a second or more after the hand let go of the piece: its
  last touch of the board, a mistake put right included);
- wrong: the board accepted a move that was not made (the one outcome that
  must never happen at the profile's reference noise);
- refused: the board did not take the move and shows red (it judged a legal
  move illegal);
- waiting: the board did not take the move and shows no error (it never saw
  the move clearly enough).

After anything but "accepted" the board and the record part ways, so the
game stops there and the next seed starts. ``python -m sim sweep`` prints
one JSON line per noise level; ``make sweep`` runs the 10,000-move version.
The board reads through sim.hardware.physics.sensor_chain (the RP2040 ADC,
the hall sensors, the LEDs' ripple: DEFAULT_SENSOR); ``--sensor plain``
through the plain Gaussian noise of the profile's ``model.noise`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing import get_context

from sim.hardware.physics import DEFAULT_SENSOR
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.power_cuts import is_deal
from sim.runs.selfplay import play_game
from tabletop.records.record import new_state

Setup = tuple[Callable[..., None], tuple[object, ...]]
OUTCOMES = ("accepted", "waiting", "refused", "wrong")
VARIANTS = {"pyraos": ("standard", "lines", "kids"), "pacal": ("duel", "solo")}
LATE_MS = 1000  # accepted, but this long or more after the let-go: late
# What the hand does to the board (sim.hardware.physics ``actions``); a move's latency
# runs from its last touch, when that was a piece let go, to its acceptance.
# (A take-back ends with a lift: the board then waits on purpose, for a
# second marble or BACK, so it has no latency of its own.)
TOUCHES = ("release", "pick_up", "lay_field", "lift_field", "lay_slot", "lift_slot", "correct")
LET_GO = ("release", "lay_field", "lay_slot", "correct")


@dataclass
class Tally:
    noise: float
    moves: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    games: int = 0
    latencies_ms: list[int] = field(default_factory=list)
    hand_timeouts: int = 0  # waits of the hand (for red, for acceptance) not met
    mistakes: int = 0
    wrong_seeds: list[int] = field(default_factory=list)
    game: str = "pyraos"
    waiting_seeds: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.moves += other.moves
        for k in OUTCOMES:
            self.counts[k] += other.counts[k]
        self.games += other.games
        self.latencies_ms += other.latencies_ms
        self.hand_timeouts += other.hand_timeouts
        self.mistakes += other.mistakes
        self.wrong_seeds += other.wrong_seeds
        self.waiting_seeds += other.waiting_seeds

    def rate(self, outcome: str) -> float:
        return self.counts[outcome] / self.moves if self.moves else 0.0

    def summary(self) -> dict[str, object]:
        lat = sorted(self.latencies_ms)
        out: dict[str, object] = {"game": self.game, "noise": self.noise, "moves": self.moves}
        out["games"] = self.games
        out.update(self.counts)
        for k in OUTCOMES:
            out[k + "_pct"] = round(100 * self.rate(k), 2)
        late = sum(1 for ms in lat if ms >= LATE_MS)
        out["late"] = late  # (of the accepted)
        if self.moves:
            out["within_1s_pct"] = round(100 * (self.counts["accepted"] - late) / self.moves, 2)
        if lat:
            out["latency_p50_ms"] = lat[len(lat) // 2]
            out["latency_p95_ms"] = lat[min(len(lat) - 1, len(lat) * 95 // 100)]
        out["mistakes"] = self.mistakes
        out["hand_timeouts"] = self.hand_timeouts
        if self.wrong_seeds:
            out["wrong_seeds"] = self.wrong_seeds
        if self.waiting_seeds:
            out["waiting_seeds"] = self.waiting_seeds[:20]
        return out


def sweep_game(
    seed: int, noise: float, mistakes: float, sensor: str = DEFAULT_SENSOR, game: str = "pyraos"
) -> Tally:
    """Play one seeded game until its end or the first move not accepted
    (``sensor``: the virtual board's sensor model, "chain" or "plain"). A
    Pacal deal is made too, but is no move of the tally."""
    variants = VARIANTS[game]
    variant = variants[seed % len(variants)]
    events = play_game(game, variant, seed).events
    run = BoardRun(
        reference_profile(game),
        game,
        variant,
        seed=seed,
        mistakes=mistakes,
        noise=noise,
        sensor=sensor,
    )
    tally = Tally(noise, games=1, game=game)
    run.start()
    state = new_state(game, variant)
    moves: list[object] = []
    for event in events:
        acted = len(run.physics.actions)
        n_accepted = len(run.accepted_at)
        run.perform(state, event)
        state.apply(event)
        if is_deal(game, event):
            continue
        tally.moves += 1
        got = run.runtime.journal.moves()
        if got == moves + [event]:
            tally.counts["accepted"] += 1
            moves.append(event)
            touches = [(t, what) for t, what, _ in run.physics.actions[acted:] if what in TOUCHES]
            if touches and touches[-1][1] in LET_GO and len(run.accepted_at) > n_accepted:
                tally.latencies_ms.append(run.accepted_at[-1] - touches[-1][0])
            continue
        if len(got) > len(moves) or got != moves[: len(got)]:
            tally.counts["wrong"] += 1
            tally.wrong_seeds.append(seed)
        elif any(run.hal.colour(name) == "error" for name in run.hal.light_names()):
            tally.counts["refused"] += 1
        else:
            tally.counts["waiting"] += 1
            tally.waiting_seeds.append(seed)
        break
    tally.hand_timeouts = len(run.hand.timeouts)
    tally.mistakes = len(run.hand.mistakes)
    return tally


def _game(task: tuple[int, float, float, str, str]) -> Tally:
    return sweep_game(*task)


def _tallies(
    noise: float,
    moves: int,
    mistakes: float,
    seed: int,
    jobs: int,
    sensor: str,
    game: str,
    setup: Setup | None,
) -> Iterator[Tally]:
    tasks: Iterable[tuple[int, float, float, str, str]] = (
        (s, noise, mistakes, sensor, game) for s in range(seed, seed + 10 * moves + 10)
    )
    if jobs <= 1:
        if setup is not None:
            setup[0](*setup[1])
        yield from map(_game, tasks)
        return
    # (spawned, not forked: a fork of a process with threads, a test runner's
    # say, can copy a lock another thread holds and hang on it; so a worker
    # sees only what ``setup`` sets, not what this process patched)
    init, args = setup if setup is not None else (None, ())
    with get_context("spawn").Pool(jobs, init, args) as pool:
        yield from pool.imap(_game, tasks)


def sweep_level(
    noise: float,
    moves: int,
    mistakes: float = 0.2,
    seed: int = 0,
    jobs: int = 1,
    sensor: str = DEFAULT_SENSOR,
    game: str = "pyraos",
    setup: Setup | None = None,
) -> Tally:
    """Seeded games at one noise level until ``moves`` moves were made (the
    games taken in seed order, so the result does not depend on ``jobs``).
    ``setup``: (function, arguments) called in each process that plays
    them, before the first (tests.bench.holds: the firmware's holds set)."""
    total = Tally(noise, game=game)
    for t in _tallies(noise, moves, mistakes, seed, jobs, sensor, game, setup):
        total.add(t)
        if total.moves >= moves:
            break
    return total


def sweep(
    levels: list[float],
    moves: int,
    mistakes: float = 0.2,
    seed: int = 0,
    jobs: int = 1,
    sensor: str = DEFAULT_SENSOR,
    game: str = "pyraos",
) -> list[Tally]:
    return [sweep_level(n, moves, mistakes, seed, jobs, sensor, game) for n in levels]
