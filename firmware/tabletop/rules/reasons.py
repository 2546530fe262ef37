"""Why a move is illegal, in words: the text for each fault code.

    from tabletop.rules.reasons import explain
    explain(("taken", 5))        # 'b2 is taken'
    explain(fault, say, who)     # in another language, the seats by name

Rule modules report a fault as a tuple ``(code, arg, ...)``: cheap to make
and easy to test. The sentences live here, in one table, and this module is
imported only when a reason is actually put into words (a record that does not
check, a move refused at the command line), so a board playing a game never
loads it. In the templates ``%d`` and ``%s`` are written as they are, ``%j`` as
JSON would write it, ``%W`` as a seat ("player 1", or ``who(1)``), ``%P`` as a
Pyraos position, ``%M`` as a set of Pyraos positions (a bit mask), ``%C`` as a
Diabolo card in words ("purple 4"), ``%K`` as a Diabolo colour and ``%S`` as
a side of a Diabolo row. The markers take the fault's arguments in order.

``say`` (optional) turns an English template, colour or side word, or
``PLAYER``, into the language's own before the fields are filled in: the
desktop passes gettext (the templates are its catalogues' messages,
sim.texts.reasons); the markers must survive it, in the same order.
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
    "not_offerer": "%W offers now, not %W",
    "same_cards": "an offer needs two different cards",
    "not_in_hand": "card %d is not in %W's hand",
    "no_take_due": "no offer is waiting to be taken",
    "not_taker": "%W offered; %W takes",
    "not_offered": "card %d is not on offer (%d, %d)",
    "nothing_to_build": "no card is waiting to be built",
    "no_card": "%W has no card to build",
    "wrong_card": "%W must build card %d, not %d",
    "keep_last_only": "only the last card of a round may be kept",
    "last_fits_nowhere": "%W's last card %d fits nowhere: it is kept without a line",
    "no_field": "there is no field %d",
    "covered": "field %d is already covered",
    "solo_no_cover": "field %d is taken and solo cards may not cover",
    "below": "card %d is higher than %d on field %d before it",
    "above": "card %d is lower than %d on field %d after it",
    # Pyraos
    "not_position": "not a position",
    "turn": "it is %W's turn, not %W's",
    "no_takeback": "marbles are taken back only after a square",
    "no_takeback_lines": "marbles are taken back only after a square or line",
    "takeback_due": "%W must first take back one or two marbles",
    "twice": "%P is taken back twice",
    "place_one": "a placement names one position",
    "no_marbles": "%W has no marble left to place",
    "raise_to": "a raise names where the marble goes",
    "raise_up": "a raise must go up at least one level",
    "on_itself": "%P cannot rest on itself: it supports %P",
    "not_own": "%P is not a marble of %W",
    "carries": "%P carries another marble",
    "taken": "%P is taken",
    "unsupported": "%P is not supported: %M under it is empty",
    # Diabolo
    "not_pile": "a deal's pile must be a list of cards",
    "pile_size": "the pile must hold all %d cards, not %d",
    "not_d_card": "%j is not a Diabolo card",
    "deck_count": "the pile holds %d of %C, the deck %d",
    "bad_dealer": "the dealer must be a player 0 to %d",
    "dealer": "%W deals this round (the deal passes left), not %W",
    "round_scored": "the round is over: only doubles and the next deal may follow",
    "d_not_in_hand": "%W holds no %C",
    "can_lay": "%W can still lay a card (%C), so may not discard",
    "no_side": "%j is not a side (hell or heaven)",
    "locked": "the %K row is locked: it holds five cards",
    "side_full": "the %S side of the %K row holds %d cards already",
    "no_double_due": "a double is declared only while a round is scored",
    "no_colour": "%j is not a colour",
    "double_used": "%W has already declared their double this round (on %K)",
    "double_order": "the %K hands were shown before: a double on %K came after them",
    "double_hell": "%K scores no angel points (heaven %d, hell %d): no double there",
}

COLOUR_WORDS = ("red", "yellow", "green", "purple", "blue")
SIDE_WORDS = ("hell", "heaven")
PLAYER = "player %d"  # a seat, when no ``who`` names it
UNKNOWN = "illegal (%s)"  # a fault code with no template


def _same(text):
    return text


def _word(words, i, say):
    """words[i] (said), or the value as it is when it is no index of words."""
    if type(i) is int and 0 <= i < len(words):
        return say(words[i])
    return show(i)


def explain(fault, say=None, who=None):
    """The sentence for a fault tuple ``(code, arg, ...)``; ``say`` turns a
    template or word into the language's (default: English as it is),
    ``who(seat)`` names a seat (default: "player %d")."""
    if say is None:
        say = _same
    template = TEXT.get(fault[0])
    if template is None:
        return say(UNKNOWN) % show(fault[0])
    template = say(template)
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
        elif kind == "W":
            if who is not None and type(value) is int:
                out.append(who(value))
            else:
                out.append(say(PLAYER) % value if type(value) is int else show(value))
        elif kind == "C" and type(value) is int:
            out.append(_word(COLOUR_WORDS, colour_of(value), say) + " " + str(value_of(value)))
        elif kind == "K":
            out.append(_word(COLOUR_WORDS, value, say))
        elif kind == "S":
            out.append(_word(SIDE_WORDS, value, say))
        else:
            out.append(str(value))
        i = j + 2
    return "".join(out)
