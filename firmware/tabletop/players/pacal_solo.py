"""The Pacal solo advisor: where to build the card just turned.

    thinking = start(view, level, budget, rng, clock, ms)   # view: pacal_view.View
    moves = thinking.step(500)      # None while it samples, then [(PLACE, 0, card, field)]

Levels: ``random`` any field the card fits; ``easy`` the greedy field, but
one card in four on a random one; ``medium`` the greedy field (see
pacal_build: room kept for the values to come); ``strong`` samples orders of
the unseen cards (the pile's order is hidden, and the cards set aside are
as unknown as the pile) and plays each out greedily after every field the
card may take, taking another field than the greedy one only when it wins
clearly more of the same sampled games. ``budget`` counts cards drawn in
those games (or ms with a clock).
"""

from tabletop.players.chosen import Chosen
from tabletop.players.pacal_build import Shape, apply, play_out
from tabletop.players.pacal_sample import Sampling
from tabletop.rules.rng import Rng

PLACE = 3  # tabletop.rules.pacal.PLACE (not imported: the rules load lazily)
MARGIN = 0.5  # another field needs this many more wins per sqrt(samples)


def start(view, level, budget, rng, clock=None):
    card = view.card
    sh = Shape(view.mine, view.unseen, view.cover)
    j, r = sh.locate(card)
    opts = sh.options(j)
    moves = [[(PLACE, view.player, card, sh.field(j, o) + 1)] for o in opts]
    best = sh.greedy(j, r)  # never None: the rules ended the game on a card that fits nowhere
    base = opts.index(best) if best is not None else 0
    if level == "random":
        return Chosen(moves[rng.below(len(moves))])
    if level == "easy" and rng.below(4) == 0:
        return Chosen(moves[rng.below(len(moves))])
    if level != "strong":
        return Chosen(moves[base])

    def trial(i, seed):
        covs = list(sh.covs)
        ns = list(sh.ns)
        ks = list(sh.ks)
        opt = opts[i]
        apply(covs, ns, ks, j, r, opt)
        empty = sh.empty - (1 if opt >= 0 else 0)
        return play_out(covs, ns, ks, empty, Rng(seed), sh.cover)

    seed = rng.next32() & 0xFFFFFF
    nodes, ms = (1 << 30, budget) if clock is not None else (budget, 0)
    return Sampling(moves, trial, base, nodes, clock, ms, seed, MARGIN)
