"""The Pyraos board's status text (see tabletop.show.status), in the
board's language (tabletop.show.words)."""

from tabletop.board import pyraos_board as pb
from tabletop.rules import pyraos
from tabletop.show.text import select_screen, with_faults
from tabletop.show.words import N_, _

NAMES = (N_("Light"), N_("Dark"))  # player 0 plays the light marbles (docs/RECORDS.md)


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    variant = board.variant
    seat = board.computer
    if board.mode == pb.SELECT:
        games = board.profile.games
        number = board.profile.variant_number(variant)
        shown = select_screen("Pyraos", variant, number, len(games), N_("BACK: computer"))
        if seat is None:
            shown += (_("Computer: none"),)
        else:
            from tabletop.show.status_pyraos_seat import at_select

            shown += at_select(seat, _(NAMES[seat.seat]))
        sensor = board.sensor
        if sensor.measured:  # (for the maker: what the sensors really do)
            shown += (_("Noise %d (%d)") % (sensor.typical, board.profile.noise),)
        return shown
    g = board.game
    head = (
        "Pyraos " + _(variant),
        _("Move %d") % (g.plies + 1),
        _("Marbles %d : %d") % tuple(g.reserve),
    )
    mode = board.mode
    if mode == pb.CLEAR:
        return head + ("", _("Clear the board"), _("(red: lift it)"))
    if mode == pb.UNDO:
        return head + ("", _("Undo: lift red,"), _("put back where"), _("lit"))
    if seat is not None and seat.talk is not None:  # a take-back far away
        from tabletop.show.status_far import talk

        return head + talk(seat)
    if g.is_over():
        w = g.outcome().winner
        said = _("Draw") if w is None else _("%s wins!") % _(NAMES[w])
        return head[:1] + (_("Moves %d") % g.plies, head[2], "", said, "", _("MENU: new game"))
    who = _(NAMES[g.turn])
    if seat is not None and seat.plays(g):  # its turn: the player makes its move
        from tabletop.show.status_pyraos_seat import to_make

        return head + to_make(board, seat, who, _mistake(board))
    said = (_("%s to play") % who,)
    fix = _mistake(board)
    if fix:
        return head + said + fix
    if board.hints and not board.targets:  # one lifted that may not be: back
        return head + said + ("", _("Put the marble"), _("back where lit"))
    if g.phase == pyraos.P_REMOVE:
        said = (_("%s takes") % who, "")
        if board.first_lift >= 0:
            return head + said + (_("Take another, or"), _("BACK: just one"))
        return head + said + (_("Take 1 or 2 of"), _("your lit marbles"))
    if board.hints and board.targets:
        return head + (_("%s raises") % who, "", _("Set it on a lit"), _("spot higher up"))
    if seat is not None and seat.refused:  # BACK against the seat: nothing of yours yet
        from tabletop.show.status_pyraos_seat import refused

        return head + said + refused(seat)
    return head + said


def _mistake(board):
    # What is wrong on the board (a marble not sure, one where none may be):
    # the lines that say it, or (). One lifted that may not move is a hint.
    if board.unsure:
        return (_("Not sure: set"), _("the marble down"), _("again"))
    if board.errors:  # (a marble where none may be: in play, red is only that)
        return ("", _("Not a move: lift"), _("the red marble"))
    return ()
