"""Why a move is illegal, in words: the text for each fault code.

    from tabletop.rules.reasons import explain
    explain(("taken", 5))        # 'b2 is taken'

Rule modules report a fault as a tuple ``(code, arg, ...)``: cheap to make
and easy to test. The sentences live here, in one table, and this module is
imported only when a reason is actually put into words (a record that does not
check, a move refused at the command line), so a board playing a game never
loads it. In the templates ``%d`` and ``%s`` are written as they are, ``%j`` as
JSON would write it, ``%P`` as a Pyraos position and ``%M`` as a set of Pyraos
positions (a bit mask).
"""

from tabletop.rules.pyraos_geometry import position_name, position_names
from tabletop.rules.values import show

TEXT = {
    # Both games
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
}


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
        else:
            out.append(str(value))
        i = j + 2
    return "".join(out)
