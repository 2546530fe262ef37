"""The Pyraos board's status text (see tabletop.show.status)."""

from tabletop.board import pyraos_board as pb
from tabletop.rules import pyraos
from tabletop.show.text import NO_UNDO, select_screen, with_faults

NAMES = ("Light", "Dark")  # player 0 plays the light marbles (docs/RECORDS.md)


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    variant = board.variant
    if board.mode == pb.SELECT:
        games = board.profile.games
        number = board.profile.variant_number(variant)
        shown = select_screen("Pyraos", variant, number, len(games), "BACK: computer")
        sensor = board.sensor
        seat = board.computer
        shown += ("Computer: " + ("none" if seat is None else NAMES[seat.seat]),)
        if sensor.measured:  # (for the maker: what the sensors really do)
            shown += ("Noise %d (%d)" % (sensor.typical, board.profile.noise),)
        return shown
    g = board.game
    head = ("Pyraos " + variant, "Move %d" % (g.plies + 1), "Marbles %d : %d" % tuple(g.reserve))
    mode = board.mode
    if mode == pb.CLEAR:
        return head + ("", "Clear the board", "(red: lift it)")
    if mode == pb.UNDO:
        return head + ("", "Undo: lift red,", "put back where", "lit")
    if g.is_over():
        w = g.outcome().winner
        said = "Draw" if w is None else NAMES[w] + " wins!"
        return head[:1] + ("Moves %d" % g.plies, head[2], "", said, "", "MENU: new game")
    who = NAMES[g.turn]
    seat = board.computer
    if seat is not None and seat.plays(g) and not board.errors and not board.hints:
        return head + (who + ": computer",) + _computer(seat.next_move(g))
    if board.unsure:
        return head + (who + " to play", "Not sure: set", "the marble down", "again")
    if board.errors & ~board.expected:
        return head + (who + " to play", "", "Not a move: lift", "the red marble")
    if board.errors:
        return head + (who + " to play", "", "Not a move: put", "it back on red")
    if g.phase == pyraos.P_REMOVE:
        if board.first_lift >= 0:
            return head + (who + " takes", "", "Take another, or", "BACK: just one")
        return head + (who + " takes", "", "Take 1 or 2 of", "your lit marbles")
    if board.hints and board.targets:
        return head + (who + " raises", "", "Set it on a lit", "spot higher up")
    if board.hints:
        return head + (who + " to play", "", "Put the marble", "back where lit")
    if seat is not None and seat.refused:  # BACK against the computer: nothing of yours yet
        return head + (who + " to play", "", NO_UNDO)
    return head + (who + " to play",)


def _computer(move):
    # What the player is to do for the computer.
    if move is None:
        return ("", "Thinking...")
    if move[0] == pyraos.PLACE:
        return ("", "Place a marble", "on the lit spot")
    if move[0] == pyraos.RAISE:
        return ("", "Raise the lit", "marble to the", "lit spot")
    return ("", "Take back the", "lit marble" + ("s" if move[3] >= 0 else ""))
