"""The Pyraos board when the computer's seat is to move: it lights the turn
the computer chose in the profile's "computer" colour (where to place; the
marble to raise and where to; the marbles to take back), the player makes
it for the computer, and only that move is accepted. Anything else shows as
a mistake does: red where a marble came, the hint colour where one went.

    play(board, obs, now_ms)   # PLAY, every tick the seat is to move

``board`` is the tabletop.board.pyraos_board.PyraosBoard, ``board.computer``
its tabletop.board.computer.Computer; the choice is made in
``board.after_answer`` (a slice a tick, while nothing is lit for it yet).
"""

from tabletop.rules.pyraos import PLACE, RAISE
from tabletop.sensing import pyramid


def play(board, obs, now_ms):
    seat = board.computer
    move = seat.next_move(board.game)
    kind = obs.kind
    if move is None:  # still thinking: nothing may move yet
        board.light(0)
        board.stray(obs)
        return
    what, _, a, b = move
    if what == PLACE:
        board.light(1 << a)
        if kind == pyramid.ADD and obs.added == a:
            _made(board, move, obs, now_ms)
            return
    elif what == RAISE:
        board.light(1 << a | 1 << b)
        if kind == pyramid.LIFT and obs.lifted == a:
            board.light(1 << b)  # lifted: where it goes
            board.show(0, 0, 0)
            return
        if kind == pyramid.MOVE and obs.lifted == a and obs.added == b:
            _made(board, move, obs, now_ms)
            return
    else:  # REMOVE: one marble (b is -1) or two
        both = 1 << a | (1 << b if b >= 0 else 0)
        board.light(both)
        if kind == pyramid.LIFT and both >> obs.lifted & 1:
            if b < 0:
                _made(board, move, obs, now_ms)
                return
            board.light(both & ~(1 << obs.lifted))  # the other one is left
            board.show(0, 0, 0)
            return
        if kind == pyramid.LIFT2 and both == 1 << obs.lifted | 1 << obs.lifted2:
            _made(board, move, obs, now_ms)
            return
    if kind == pyramid.NONE:
        board.show(0, 0, 0)
        return
    board.stray(obs)


def _made(board, move, obs, now_ms):
    board.computer.made()
    board.light(0)
    board.accept(move, obs, now_ms)
    if board.computer.plays(board.game):
        board.show(0, 0, 0)  # its take-back is lit next tick, not the mover's choices
