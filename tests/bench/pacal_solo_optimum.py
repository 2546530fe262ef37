"""How far the Pacal solo player could go: the exact chance of completing a
smaller pyramid with the best possible play, beside the greedy player's
exact chance (tabletop.players.pacal_build), both computed over every order
the cards can come in (no sampling).

    .venv/bin/python -m tests.bench.pacal_solo_optimum [--largest 5]

A pyramid of F fields is played with 5·F cards, as the real one (10 fields,
50 cards). The state is the player's view as pacal_build sums it up: per
gap between visible cards the values still unseen and the empty fields,
per visible card whether it is covered. The next card is any unseen value
with equal chance, which is exact for the solo game (the set-aside cards
are as unknown as the pile, and the pile never runs out). The best play is
the maximum over where the card may go, the greedy play its own choice.
The states grow about thirty-fold a field: 5 fields take about half a
minute, 6 more than five minutes, 10 are out of reach this way.
"""

from __future__ import annotations

import argparse
import time

from tabletop.players.pacal_build import DOWN, UP, apply, greedy

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Solver:
    """The chance of completing the pyramid from a state: best play
    (``best``) or the greedy player's (``greedy``)."""

    def __init__(self) -> None:
        self.best_memo: dict[State, float] = {}
        self.greedy_memo: dict[State, float] = {}

    @staticmethod
    def _after(state: State, j: int, r: int, opt: int) -> tuple[State, int]:
        covs, ns, ks = (list(part) for part in state)
        apply(covs, ns, ks, j, r, opt)
        return (tuple(covs), tuple(ns), tuple(ks)), 1 if opt >= 0 else 0

    @staticmethod
    def _options(state: State, j: int) -> list[int]:
        covs, _, ks = state
        out = list(range(ks[j]))
        if j >= 1 and not covs[j - 1]:
            out.append(UP)
        if j < len(covs) and not covs[j]:
            out.append(DOWN)
        return out

    def best(self, state: State, empty: int) -> float:
        if not empty:
            return 1.0
        found = self.best_memo.get(state)
        if found is not None:
            return found
        ns = state[1]
        total = 0.0
        for j, n in enumerate(ns):
            for r in range(n):
                chances = [
                    self.best(after, empty - used)
                    for after, used in (
                        self._after(state, j, r, o) for o in self._options(state, j)
                    )
                ]
                total += max(chances, default=0.0)
        value = total / sum(ns)
        self.best_memo[state] = value
        return value

    def greedy(self, state: State, empty: int) -> float:
        if not empty:
            return 1.0
        found = self.greedy_memo.get(state)
        if found is not None:
            return found
        covs, ns, ks = state
        total = 0.0
        for j, n in enumerate(ns):
            for r in range(n):
                opt = greedy(list(covs), list(ns), list(ks), j, r)
                if opt is not None:
                    after, used = self._after(state, j, r, opt)
                    total += self.greedy(after, empty - used)
        value = total / sum(ns)
        self.greedy_memo[state] = value
        return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tests.bench.pacal_solo_optimum")
    parser.add_argument("--largest", type=int, default=5, help="the most fields (5: ~30 s)")
    args = parser.parse_args(argv)
    print("Pacal solo, smaller pyramids (F fields, 5F cards): the chance of completing it")
    print(f"{'fields':>6} {'cards':>5} {'best play':>10} {'greedy':>8} {'gap':>7} {'states':>9}")
    for fields in range(2, args.largest + 1):
        t0 = time.perf_counter()
        solver = Solver()
        start: State = ((), (5 * fields,), (fields,))
        best = solver.best(start, fields)
        mine = solver.greedy(start, fields)
        took = time.perf_counter() - t0
        print(
            f"{fields:>6} {5 * fields:>5} {100 * best:>9.2f}% {100 * mine:>7.2f}% "
            f"{100 * (best - mine):>6.2f} {len(solver.best_memo):>9}  ({took:.0f} s)"
        )


if __name__ == "__main__":
    main()
