"""The Pacal board's status text (see tabletop.show.status).

    lines(board)        # a PacalBoard's screen: a tuple of at most ROWS strings of COLS
    wrap(text, rows)    # words broken into at most ``rows`` lines of COLS characters

What each screen says is docs/FIRMWARE.md's table of status screens.
"""

from tabletop.board import pacal_board as pb
from tabletop.board.pacal_played import BOTH_STUCK, NOT_STUCK
from tabletop.rules import pacal
from tabletop.sensing import cards
from tabletop.show.text import COLS, NO_UNDO, ROWS, select_screen, with_faults

_CUT = ".."  # ends a line of text cut short


def wrap(text, rows=2):
    """``text`` broken at spaces into at most ``rows`` lines of COLS
    characters (a word longer than a line is cut; what does not fit is
    left out, the last line then ends in '..')."""
    out = []
    line = ""
    for word in text.split():
        if len(word) > COLS:
            word = word[:COLS]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= COLS:
            line = line + " " + word
        else:
            out.append(line)
            line = word
            if len(out) == rows:
                break
    if line and len(out) < rows:
        out.append(line)
    elif line and out:  # cut short
        last = out[-1]
        room = COLS - len(_CUT)
        out[-1] = (last if len(last) <= room else last[:room]) + _CUT
    return out


def _who(p):
    return "P%d" % (p + 1)


def _reason(text):
    # The rules count players from 0 ("player 1 cannot build 3"); the
    # board's players are P1 and P2.
    out = []
    words = text.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "player" and i + 1 < len(words) and words[i + 1].isdigit():
            out.append(_who(int(words[i + 1])))
            i += 2
            continue
        out.append(w)
        i += 1
    return " ".join(out)


def _slot(board, s):
    # Why a slot shows red: the card on it, as the reader sees it.
    v = board.readers.value[s]
    if v == cards.MISREAD:
        return "Slot %d: misread" % (s + 1)
    if v > 0 and board.game.loc[v] != pacal.L_UNDEALT:
        return "Slot %d: %d used" % (s + 1, v)
    seat = board.computer
    if v > 0 and seat is not None and v in seat.hand and not seat.plays(board.game):
        return "P%d holds %d" % (seat.seat + 1, v)
    return "Slot %d: lift it" % (s + 1)


def _stuck(board):
    # Who could not build, when a pyramid flashes for it.
    if board.stuck == BOTH_STUCK:
        return ["Both stuck"]
    if board.stuck != NOT_STUCK:
        return [_who(board.stuck) + " is stuck"]
    return []


def _problems(board):
    out = []
    for s in (0, 1):
        if board.slot_errors >> s & 1:
            out.append(_slot(board, s))
    if board.field_errors:
        out.append("Red: lift card")
    if board.field_hints:
        out.append("Lit: lay card")
    if board.slot_hints and not board.slot_errors:
        out.append("Card to lit slot")
    return out


def _computer(board, g):
    # What the player is to do for the computer's seat (None: its turn is
    # not now, or a mistake is shown).
    seat = board.computer
    if seat is None or not seat.plays(g) or board.slot_errors or board.field_errors:
        return None
    if g.variant == pacal.SOLO:
        move = seat.next_move(g)
        return None if move is None else ["Advice: field %d" % move[3]]
    who = _who(seat.seat) + " computer:"
    if seat.waiting:  # BACK took its reply back: the person moves first
        return [who, "waits for " + _who(1 - seat.seat)]
    move = seat.next_move(g)
    if move is None:
        return [who, "Thinking..."]
    kind = move[0]
    if kind == pacal.OFFER:
        return [who, "Offer %d and %d" % (move[2], move[3]), "on the slots"]
    if kind == pacal.TAKE:
        return [who, "Takes %d:" % move[2], "lift lit slot"]
    if kind == pacal.KEEP:
        return [who, "Keeps %d" % move[2]]
    return [who, "Build %d" % move[2], "on lit field"]


def _play(board, g, solo):
    said = _computer(board, g)
    if said is not None:
        p = 1 - board.computer.seat
        if not solo and g.pending[p]:  # the other player builds meanwhile
            said.append(_who(p) + ": build %d" % g.pending[p])
        return said
    ph = g.phase
    if ph == pacal.P_OFFER:
        return [_who(g.turn) + ": offer two", "cards on slots"]
    if ph == pacal.P_TAKE:
        return [_who(1 - g.turn) + ": take one"]
    out = []
    for p in (0,) if solo else (0, 1):
        name = "" if solo else _who(p) + ": "
        if g.awaiting[p]:
            out.append(name + ("next card" if solo else "card on slot"))
        elif g.pending[p]:
            out.append(name + "build %d" % g.pending[p])
    return out


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    variant = board.variant
    prof = board.profile
    seat = board.computer
    if board.mode == pb.SELECT:
        number = prof.variant_number(variant)
        shown = select_screen("Pacal", variant, number, len(prof.games), "BACK: computer")
        if variant == pacal.SOLO:
            return shown + ("Advice: " + ("off" if seat is None else "on"),)
        return shown + ("Computer: " + ("none" if seat is None else _who(seat.seat)),)
    g = board.game
    solo = g.variant == pacal.SOLO
    over = g.is_over()
    if solo:
        head = ["Pacal solo", "Cards used %d" % g.cards_used()]
    else:
        ended = over or g.phase == pacal.P_DEAL and g.results and board.mode == pb.PLAY
        n = len(g.results) + (0 if ended else 1)
        head = ["Pacal duel", "Round %d   %d - %d" % (n, g.wins[0], g.wins[1])]
    head.append("")
    mode = board.mode
    if over:
        out = g.outcome()
        if solo:
            said = ["Pyramid done!"] if out.winner == 0 else ["No pyramid:"]
        else:
            said = ["Draw"] if out.winner is None else [_who(out.winner) + " wins match"]
        return tuple(head + said + wrap(_reason(out.reason)) + ["MENU: new game"])
    if mode == pb.CLEAR:
        return tuple(head + ["Clear the board"] + _problems(board))[:ROWS]
    if mode == pb.PLAY and g.phase == pacal.P_DEAL and g.results:
        # the round is over: shown until the board is cleared for the next
        w = g.results[-1]
        said = ["Round drawn"] if w is None else [_who(w) + " won round"]
        said += wrap(_reason(g.reasons[-1])) + _stuck(board)
        return tuple(head + said + ["Clear the board"])[:ROWS]
    if mode == pb.BASES:
        said = ["Each: top card", "of your pile on", "your slot"]
    elif mode == pb.BASES_OFF:
        said = [_who(g.first) + " offers first", "Cards back on", "your piles"]
    elif mode == pb.UNDO:
        said = ["Undo: lift red,", "lay what is lit"]
    elif mode == pb.HAND:  # the computer's cards, read in one by one
        n = seat.held(g)
        said = [_who(seat.seat) + " computer's", "hand: %d of %d" % (n, g.held(seat.seat))]
        said.append("lift it" if seat.read_one else "next on slot %d" % (seat.seat + 1))
    else:
        said = _play(board, g, solo) + _stuck(board)
        if seat is not None and seat.refused:
            said.append(NO_UNDO)
    return tuple(head + said + _problems(board))[:ROWS]
