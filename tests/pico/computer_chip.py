# The computer's seat on the emulated Pico (run by tests/bench/computer_pico.py):
# for each position, a Pyraos, Pacal or Diabolo board's computer seat chooses its
# turn as on a board, a slice after each tick, each tick's own work stood in
# for by a busy wait of the board's measured idle tick. Prints one JSON
# object per position: the time to the choice (emulated ms), the positions
# looked at (Pacal: the turns of its sampled rounds), the depth reached, the
# live heap before, during (a collection every HEAP_EVERY ticks) and after
# (the players given back), in bytes.
import gc
import json
import time

from tabletop.board.computer import Computer
from tabletop.board.pacal_computer import PacalSeat
from tabletop.rules.pacal import DEAL, FIELDS, P_DEAL, P_LAST, Pacal, deal_duel
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.rng import Rng

HEAP_EVERY = 10


def position(seed, plies):
    g = Pyraos("standard")
    rng = Rng(seed)
    for _ in range(plies):
        if g.is_over():
            break
        g.apply(rng.choice(list(g.legal_moves())))
    return g


def live():
    gc.collect()
    return gc.mem_alloc()


def pacal_position(seed, steps):
    """A Pacal duel after ``steps`` random events of its first round, as a
    board holds it (the hands unknown: the base tops read) and as the deal
    knows it, and the deal's hands; None once the round is over."""
    rng = Rng(seed)
    g = Pacal("duel")
    deal = deal_duel(rng)
    g.apply(deal)
    first, hands, aside = deal[1], deal[2], deal[3]
    a, b = aside[0], aside[FIELDS]
    hi, lo = max(a, b), min(a, b)
    board = Pacal("duel")
    board.apply((DEAL, first, None, (hi, lo) if first == 0 else (lo, hi)))
    for _ in range(steps):
        if g.phase == P_LAST or g.phase == P_DEAL or g.is_over():
            return None
        moves = list(g.legal_moves())
        move = moves[rng.below(len(moves))]
        g.apply(move)
        board.apply(move)
    if g.phase == P_LAST or g.phase == P_DEAL or g.is_over():
        return None
    return board, g, hands


def choose(g, level, think_ms, tick_us, seat=None):
    if seat is None:
        seat = Computer(g.turn, level, think_ms)
    before = live()
    peak = before
    ticks = 0
    longest = 0  # the longest slice of thinking after a tick, us
    searched = 0  # ... once the search is set up (not an import or the set-up)
    t0 = time.ticks_ms()
    while True:
        seat.tick_begins()  # (as the runtime does: its slice is bounded from here)
        t = time.ticks_us()
        while time.ticks_diff(time.ticks_us(), t) < tick_us:
            pass  # the board's tick: scan, sense, show
        t = time.ticks_us()
        searching = seat.thinking is not None
        chosen = seat.think(g, time.ticks_ms())
        spent = time.ticks_diff(time.ticks_us(), t)
        longest = max(longest, spent)
        if searching:
            searched = max(searched, spent)
        if chosen:
            break
        ticks += 1
        if ticks % HEAP_EVERY == 0:
            peak = max(peak, live())
    ms = time.ticks_diff(time.ticks_ms(), t0)
    after = live()
    return {"ms": ms, "nodes": seat.nodes, "depth": seat.depth, "ticks": ticks,
            "before": before, "peak": peak, "after": after, "slice_us": longest,
            "search_us": searched}  # fmt: skip


def run(positions, level, think_ms, tick_us):
    for seed, plies in positions:
        g = position(seed, plies)
        if g.is_over():
            continue
        found = choose(g, level, think_ms, tick_us)
        found["seed"], found["plies"] = seed, plies
        print(json.dumps(found))


def run_pacal(positions, level, think_ms, tick_us):
    for seed, steps in positions:
        found = pacal_position(seed, steps)
        if found is None:
            continue
        board, g, hands = found
        p = g.to_move()[0]
        seat = PacalSeat(p, level, think_ms)
        seat.hand = list(hands[p])
        found = choose(board, level, think_ms, tick_us, seat)
        found["seed"], found["plies"] = seed, steps
        found["kind"] = seat.moves[0][0]  # 1 an offer, 2 a take (and its build), 3 a build
        print(json.dumps(found))


def diabolo_position(seed, steps, players=4):
    """A Diabolo round after ``steps`` random moves, as a board holds it (no
    hand known) and as the deal knows it; None once the round is over."""
    from tabletop.board.diabolo_model import BoardGame
    from tabletop.rules.diabolo import P_PLAY, Diabolo
    from tabletop.rules.diabolo import deal as diabolo_deal

    rng = Rng(seed)
    g = Diabolo(players)
    g.apply(diabolo_deal(rng, rng.below(players)))
    board = BoardGame(players)
    board.board_deal(g.dealer)
    for _ in range(steps):
        if g.phase != P_PLAY:
            return None
        moves = list(g.legal_moves())
        move = moves[rng.below(len(moves))]
        g.apply(move)
        board.board_apply(move)
    if g.phase != P_PLAY:
        return None
    return board, g


def run_diabolo(positions, level, think_ms, tick_us):
    from tabletop.board.diabolo_computer import DiaboloSeat

    for seed, steps in positions:
        found = diabolo_position(seed, steps)
        if found is None:
            continue
        board, g = found
        p = g.turn
        seat = DiaboloSeat(p, level, think_ms)
        seat.hand = g.hand(p)  # (as the board reads it in)
        found = choose(board, level, think_ms, tick_us, seat)
        found["seed"], found["plies"] = seed, steps
        found["kind"] = 4 + seat.moves[0][0]  # 5 a card laid, 6 one put out
        print(json.dumps(found))
