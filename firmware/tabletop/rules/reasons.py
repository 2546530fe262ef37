"""Why a move is illegal, in words: the text for each fault code.

    from tabletop.rules.reasons import explain
    explain(("taken", 5))        # 'b2 is taken'

Rule modules report a fault as a tuple ``(code, arg, ...)``: cheap to make
and easy to test. The sentences live here, in one table, and this module is
imported only when a reason is actually put into words (a record that does not
check, a move refused at the command line), so a board playing a game never
loads it. In the templates ``%d`` and ``%s`` are written as they are, ``%j`` as
JSON would write it, ``%P`` as a Pyraos position, ``%M`` as a set of Pyraos
positions (a bit mask), ``%C`` as a Diabolo card in words ("purple 4"), ``%K``
as a Diabolo colour and ``%S`` as a side of a Diabolo row.
"""

from tabletop.rules.diabolo_cards import colour_of, value_of
from tabletop.rules.pyraos_geometry import position_name, position_names
from tabletop.rules.values import show

TEXT = {
    # Every game
    "not_event": "not an event: %s",
    "unknown_kind": "unknown event kind %j",
    "over": "the game is over",
    "no_player": "there is no player %d",
    # Pacal
    "deal_first": "a deal must come first",
    "no_deal_due": "no deal is due now",
    "bad_first": "first must be 0 or 1",
    "solo_first": "a solo deal has no first player",
    "two_hands": "a duel deal has two hands",
    "group_size": "%s must hold %d cards",
    "not_card": "%s: %j is not a card 1..50",
    "dealt_twice": "card %d is dealt twice",
    "seen": "card %d is not one the player can hold: it was seen before",
    "no_offer_due": "no offer is due now",
    "not_offerer": "player %d offers now, not player %d",
    "same_cards": "an offer needs two different cards",
    "not_in_hand": "card %d is not in player %d's hand",
    "no_take_due": "no offer is waiting to be taken",
    "not_taker": "player %d offered; player %d takes",
    "not_offered": "card %d is not on offer (%d, %d)",
    "nothing_to_build": "no card is waiting to be built",
    "no_card": "player %d has no card to build",
    "wrong_card": "player %d must build card %d, not %d",
    "keep_last_only": "only the last card of a round may be kept",
    "last_fits_nowhere": "player %d's last card %d fits nowhere: it is kept without a line",
    "no_field": "there is no field %d",
    "covered": "field %d is already covered",
    "solo_no_cover": "field %d is taken and solo cards may not cover",
    "below": "card %d is higher than %d on field %d before it",
    "above": "card %d is lower than %d on field %d after it",
    # Pyraos
    "not_position": "not a position",
    "turn": "it is player %d's turn, not player %d's",
    "no_takeback": "marbles are taken back only after a square",
    "no_takeback_lines": "marbles are taken back only after a square or line",
    "takeback_due": "player %d must first take back one or two marbles",
    "twice": "%P is taken back twice",
    "place_one": "a placement names one position",
    "no_marbles": "player %d has no marble left to place",
    "raise_to": "a raise names where the marble goes",
    "raise_up": "a raise must go up at least one level",
    "on_itself": "%P cannot rest on itself: it supports %P",
    "not_own": "%P is not a marble of player %d",
    "carries": "%P carries another marble",
    "taken": "%P is taken",
    "unsupported": "%P is not supported: %M under it is empty",
    # Diabolo
    "not_pile": "a deal's pile must be a list of cards",
    "pile_size": "the pile must hold all %d cards, not %d",
    "not_d_card": "%j is not a Diabolo card",
    "deck_count": "the pile holds %d of %C, the deck %d",
    "bad_dealer": "the dealer must be a player 0 to %d",
    "dealer": "player %d deals this round (the deal passes left), not player %d",
    "round_scored": "the round is over: only doubles and the next deal may follow",
    "d_not_in_hand": "player %d holds no %C",
    "can_lay": "player %d can still lay a card (%C), so may not discard",
    "no_side": "%j is not a side (hell or heaven)",
    "locked": "the %K row is locked: it holds five cards",
    "side_full": "the %S side of the %K row holds %d cards already",
    "no_double_due": "a double is declared only while a round is scored",
    "no_colour": "%j is not a colour",
    "double_used": "player %d has already declared their double this round (on %K)",
    "double_order": "the %K hands were shown before: a double on %K came after them",
    "double_hell": "%K scores no angel points (heaven %d, hell %d): no double there",
}

_COLOUR_WORDS = ("red", "yellow", "green", "purple", "blue")
_SIDE_WORDS = ("hell", "heaven")


def _word(words, i):
    """words[i], or the value as it is when it is no index of words."""
    if type(i) is int and 0 <= i < len(words):
        return words[i]
    return show(i)


def explain(fault):
    """The sentence for a fault tuple ``(code, arg, ...)``."""
    template = TEXT.get(fault[0])
    if template is None:
        return "illegal (%s)" % show(fault[0])
    out = []
    arg = 1
    i = 0
    while True:
        j = template.find("%", i)
        if j < 0 or j + 1 >= len(template):
            out.append(template[i:])
            break
        out.append(template[i:j])
        kind = template[j + 1]
        value = fault[arg] if arg < len(fault) else "?"
        arg += 1
        if kind == "P":
            out.append(position_name(value))
        elif kind == "M":
            out.append(" ".join(position_names(value)))
        elif kind == "j":
            out.append(show(value))
        elif kind == "C" and type(value) is int:
            out.append(_word(_COLOUR_WORDS, colour_of(value)) + " " + str(value_of(value)))
        elif kind == "K":
            out.append(_word(_COLOUR_WORDS, value))
        elif kind == "S":
            out.append(_word(_SIDE_WORDS, value))
        else:
            out.append(str(value))
        i = j + 2
    return "".join(out)
