"""The Pacal players at each level, over a rules state (tabletop.rules.pacal).

    from tabletop.players import pacal_player
    thinking = pacal_player.start(game, "strong", 20000, rng)
    moves = thinking.step(500)      # None until done, then the turn's moves

Use it through tabletop.players (``choose``/``start``/``mover``). The
player to move is the offerer, the taker, or the first player still to
build (``mover``, pacal_view's); it sees only what pacal_view.View lets it see. Its turn:

- offering: ``[(OFFER, p, a, b)]``;
- taking: ``[(TAKE, p, card, 0), (PLACE, p, card, field)]``, only the take
  when it ends the round (a card that fits nowhere);
- building: ``[(PLACE, p, card, field)]``, or ``[(KEEP, p, card, 0)]`` for a
  last card;
- solo: ``[(PLACE, 0, card, field)]`` (pacal_solo, the advisor).

``budget`` counts positions of the sampled games (cards drawn, or turns of
a duel), or milliseconds when ``clock`` is given. ``tt_bits`` is accepted
for the common call and not used: no table is kept.

A board's seat (tabletop.board.pacal_computer) chooses with
``start_seat(state, player, hand, level, budget, rng, clock)``: a board's
state never knows the hands, so the seat gives the cards it read in, and
it names its player (in a duel both players may have a card to build).
"""

from tabletop.players.pacal_view import View
from tabletop.players.pacal_view import mover as mover


def start(state, level, budget, rng, clock=None, tt_bits=None):
    p = mover(state)
    return _start(View(state, p), level, budget, rng, clock)


def start_seat(state, player, hand, level, budget, rng, clock=None):
    return _start(View(state, player, hand), level, budget, rng, clock)


def _start(view, level, budget, rng, clock):
    if view.solo:
        from tabletop.players import pacal_solo

        return pacal_solo.start(view, level, budget, rng, clock)
    from tabletop.players import pacal_duel

    return pacal_duel.start(view, level, budget, rng, clock)
