"""The Pacal board's status text (see tabletop.show.status), in the
board's language (tabletop.show.words).

    lines(board)        # a PacalBoard's screen: a tuple of at most ROWS strings of COLS

What each screen says is docs/FIRMWARE.md's table of status screens.
"""

from tabletop.board import pacal_board as pb
from tabletop.board.pacal_played import BOTH_STUCK, NOT_STUCK
from tabletop.rules import pacal
from tabletop.sensing import cards
from tabletop.show.text import NO_UNDO, ROWS, select_screen, with_faults, wrap
from tabletop.show.words import N_, _


def _who(p):
    return _("P%d") % (p + 1)  # (the seat's number: nl S1, fr J1)


# Why a round or the game ended, on the board: the rules' reason with its
# numbers as %s ("player 1" as the seat, "%s"), to what the display says.
_ENDS = {
    "neither player can build": N_("Neither can build"),
    "%s cannot build %s": N_("%s cannot build %s"),
    "both pyramids complete with equal spread %s": N_("Both full, same spread %s"),
    "both pyramids complete, smaller spread wins (%s vs %s)": N_("Both full: %s:%s smaller wins"),
    "both pyramids complete, larger spread wins (%s vs %s)": N_("Both full: %s:%s larger wins"),
    "pyramid complete": N_("Pyramid complete"),
    "no pyramid complete after all cards": N_("All cards out, no pyramid full"),
    "won %s rounds": N_("Won %s rounds"),
    "card %s fits nowhere": N_("Card %s fits nowhere"),
    "pyramid complete with %s cards": N_("Full with %s cards"),
}


def reason_key(text):
    """The rules' reason ``text`` as (its template, its fields): each number
    a "%s" and a field, "player 1" one "%s" and the seat's name ("P2")."""
    out = []
    fields = []
    words = text.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "player" and i + 1 < len(words) and words[i + 1].isdigit():
            fields.append(_who(int(words[i + 1])))
            out.append("%s")
            i += 2
            continue
        plain = ""
        number = ""
        for c in w + " ":  # (the space ends a number at the word's end)
            if c.isdigit():
                number += c
                continue
            if number:
                fields.append(number)
                plain += "%s"
                number = ""
            plain += c
        out.append(plain[:-1])
        i += 1
    return " ".join(out), tuple(fields)


def _reason(text):
    # the reason in the board's words (one the board does not know: as it is)
    key, fields = reason_key(text)
    shown = _ENDS.get(key)
    return (_(shown) if shown else key) % fields


def _slot(board, s):
    # Why a slot shows red: the card on it, as the reader sees it.
    v = board.readers.value[s]
    if v == cards.MISREAD:
        return _("Slot %d: misread") % (s + 1)
    g = board.game
    if v > 0 and g.known:  # the room's deal (far seats): every hand known
        where = g.loc[v] - pacal.L_HAND
        if where == 0 or where == 1:
            return _("%s holds %d") % (_who(where), v)
        if g.loc[v] == pacal.L_ASIDE:
            return _("Not in the hand")
    if v > 0 and g.loc[v] != pacal.L_UNDEALT:
        return _("Slot %d: %d used") % (s + 1, v)
    seat = board.computer
    if v > 0 and seat is not None and v in seat.hand and not seat.plays(board.game):
        return _("%s holds %d") % (_who(seat.seat), v)
    return _("Slot %d: lift it") % (s + 1)


def _stuck(board):
    # Who could not build, when a pyramid flashes for it.
    if board.stuck == BOTH_STUCK:
        return [_("Both stuck")]
    if board.stuck != NOT_STUCK:
        return [_("%s is stuck") % _who(board.stuck)]
    return []


def _problems(board):
    out = []
    for s in (0, 1):
        if board.slot_errors >> s & 1:
            out.append(_slot(board, s))
    if board.field_errors:
        out.append(_("Red: lift card"))
    if board.field_hints:
        out.append(_("Lit: lay card"))
    if board.slot_hints and not board.slot_errors:
        out.append(_("Card to lit slot"))
    return out


def _computer(board, g):
    # What the player is to do for the computer's seat (None: its turn is
    # not now, or a mistake is shown).
    seat = board.computer
    if seat is None or not seat.plays(g) or board.slot_errors or board.field_errors:
        return None
    if g.variant == pacal.SOLO:
        move = seat.next_move(g)
        return None if move is None else [_("Advice: field %d") % move[3]]
    if seat.REMOTE:
        return _far(seat, g)
    who = _("%s computer:") % _who(seat.seat)
    if seat.waiting:  # BACK took its reply back: the person moves first
        return [who, _("waits for %s") % _who(1 - seat.seat)]
    move = seat.next_move(g)
    if move is None:
        return [who, _("Thinking...")]
    kind = move[0]
    if kind == pacal.OFFER:
        return [who, _("Offer %d and %d") % (move[2], move[3]), _("on the slots")]
    if kind == pacal.TAKE:
        return [who, _("Takes %d:") % move[2], _("lift lit slot")]
    if kind == pacal.KEEP:
        return [who, _("Keeps %d") % move[2]]
    return [who, _("Build %d") % move[2], _("on lit field")]


def _far(seat, g):
    # What the player is to do for the far player (tabletop.board.pacal_remote).
    from tabletop.show import status_far

    who = status_far.turn(_who(seat.seat))
    move = seat.next_move(g)
    if move is None:
        return [who] + list(status_far.waiting()[1:])
    kind = move[0]
    if kind == pacal.OFFER:  # each card on its own slot: the room's line
        return [who, _("%d on slot %d") % (move[2], 1), _("%d on slot %d") % (move[3], 2)]
    if kind == pacal.TAKE:
        return [who, _("Takes %d:") % move[2], _("lift lit slot")]
    if kind == pacal.KEEP:
        return [who, _("Keeps %d") % move[2]]
    return [who, _("Build %d") % move[2], _("on lit field")]


def _hand(g, p):
    # a known hand (the room's deal): its cards, five a line
    cards_ = g.hand(p)
    return [" ".join(str(c) for c in cards_[i : i + 5]) for i in range(0, len(cards_), 5)]


def _play(board, g, solo):
    said = _computer(board, g)
    if said is not None:
        p = 1 - board.computer.seat
        if not solo and g.pending[p]:  # the other player builds meanwhile
            said.append(_("%s: build %d") % (_who(p), g.pending[p]))
        return said
    ph = g.phase
    if ph == pacal.P_OFFER:
        said = [_("%s: offer two") % _who(g.turn)]
        if g.known and board.computer is not None:  # (the room's deal: the hand to offer from)
            return said + _hand(g, g.turn)
        return said + [_("cards on slots")]
    if ph == pacal.P_TAKE:
        return [_("%s: take one") % _who(1 - g.turn)]
    out = []
    if solo:
        if g.awaiting[0]:
            out.append(_("next card"))
        elif g.pending[0]:
            out.append(_("build %d") % g.pending[0])
        return out
    for p in (0, 1):
        if g.awaiting[p]:
            out.append(_("%s: card on slot") % _who(p))
        elif g.pending[p]:
            out.append(_("%s: build %d") % (_who(p), g.pending[p]))
    return out


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    variant = board.variant
    prof = board.profile
    seat = board.computer
    if board.mode == pb.SELECT:
        number = prof.variant_number(variant)
        shown = select_screen("Pacal", variant, number, len(prof.games), N_("BACK: computer"))
        if variant == pacal.SOLO:
            return shown + (_("Advice: off") if seat is None else _("Advice: on"),)
        if seat is None:
            return shown + (_("Computer: none"),)
        if seat.REMOTE:
            from tabletop.show.status_far import at_select

            return shown + at_select(_who(seat.seat))
        return shown + (_("Computer: %s") % _who(seat.seat),)
    g = board.game
    solo = g.variant == pacal.SOLO
    over = g.is_over()
    title = "Pacal " + _(g.variant)  # (the select screen's word for the variant)
    if solo:
        head = [title, _("Cards used %d") % g.cards_used()]
    else:
        ended = over or g.phase == pacal.P_DEAL and g.results and board.mode == pb.PLAY
        n = len(g.results) + (0 if ended else 1)
        head = [title, _("Round %d   %d - %d") % (n, g.wins[0], g.wins[1])]
    head.append("")
    mode = board.mode
    if over:
        out = g.outcome()
        if solo:
            said = [_("Pyramid done!")] if out.winner == 0 else [_("No pyramid:")]
        else:
            said = [_("Draw")] if out.winner is None else [_("%s wins match") % _who(out.winner)]
        return tuple(head + said + wrap(_reason(out.reason)) + [_("MENU: new game")])
    if mode == pb.CLEAR:
        return tuple(head + [_("Clear the board")] + _problems(board))[:ROWS]
    if mode == pb.PLAY and g.phase == pacal.P_DEAL and g.results:
        # the round is over: shown until the board is cleared for the next
        w = g.results[-1]
        said = [_("Round drawn")] if w is None else [_("%s won round") % _who(w)]
        said += wrap(_reason(g.reasons[-1])) + _stuck(board)
        return tuple(head + said + [_("Clear the board")])[:ROWS]
    if mode == pb.BASES:
        said = [_("Each: top card"), _("of your pile on"), _("your slot")]
    elif mode == pb.BASES_OFF:
        said = [_("%s offers first") % _who(g.first), _("Cards back on"), _("your piles")]
    elif mode == pb.UNDO:
        said = [_("Undo: lift red,"), _("lay what is lit")]
    elif mode == pb.FAR_DEAL:  # the room deals (tabletop.board.pacal_remote)
        from tabletop.show.status_far import at_select

        said = [_("Waiting for deal"), _("from far away")] + list(at_select(_who(seat.seat)))
    elif mode == pb.HAND and seat.REMOTE:  # the far hand, read in one by one
        from tabletop.show.status_far import turn

        n = seat.held(g)
        said = [turn(_who(seat.seat)), _("hand: %d of %d") % (n, n + seat.missing(g))]
        if seat.read_one:
            said.append(_("lift it"))
        else:
            said.append(_("%d on slot %d") % (seat.next_card(g), seat.seat + 1))
    elif mode == pb.HAND:  # the computer's cards, read in one by one
        n = seat.held(g)
        said = [_("%s computer's") % _who(seat.seat), _("hand: %d of %d") % (n, g.held(seat.seat))]
        said.append(_("lift it") if seat.read_one else _("next on slot %d") % (seat.seat + 1))
    elif seat is not None and seat.talk is not None:  # a take-back far away
        from tabletop.show.status_far import talk

        said = list(talk(seat))
    else:
        said = _play(board, g, solo) + _stuck(board)
        if seat is not None and seat.refused:
            said.append(_(NO_UNDO))
    return tuple(head + said + _problems(board))[:ROWS]
