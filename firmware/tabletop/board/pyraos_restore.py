"""The Pyraos board waiting for the pieces to match a position, before play
goes on: a new game's empty board (CLEAR), the position before a move BACK
took back (UNDO).

    take_back_move(board, obs, now_ms) # BACK, once the sensors are clear: into UNDO
    take_back(board)                   # ... its moves taken back (against the computer: two)
    wait_for_empty(board, obs)         # CLEAR, every tick: obs from the pyramid sensor
    put_back(board, obs, now_ms)       # UNDO, every tick

``board`` is the tabletop.board.pyraos_board.PyraosBoard; what is there too
much shows red, what is missing in the hint colour, and ``board.play_on()``
once they match. Loaded only while one of them is under way (the board
lets it go when play goes on).
"""

from tabletop.rules import pyraos
from tabletop.sensing import pyramid


def wait_for_empty(board, obs):
    """CLEAR: a new game waits for an empty board (marbles left show red)."""
    kind = obs.kind
    sensor = board.sensor
    if kind == pyramid.NONE:
        deep = sensor.deep
        if deep is not None and not deep.full():
            # (a noisier board: its readings become the empty board's
            # baselines, kept for the next games too, so from its longer
            # average once full, not a window's noise: "no change" would
            # then fit about quiet until relearnt, and the board not rest)
            return
        sensor.rebase(board.expected)
        sensor.keep_empty()
        board.play_on()
    elif kind == pyramid.UNCLEAR:
        board.show(0, sensor.strays(board.expected), 0)
    else:
        board.show(0, 1 << obs.added if obs.added >= 0 else 0, 0)


def put_back(board, obs, now_ms):
    """UNDO: the pieces go back to the position before the undone move
    (``board.target``). Each change is followed as a move would be (so the
    sensing learns a marble put back, and forgets one taken off)."""
    kind = obs.kind
    if kind == pyramid.NONE and board.expected == board.target:
        board.play_on()
        return
    sensor = board.sensor
    if kind != pyramid.NONE and kind != pyramid.UNCLEAR:
        board.expected = obs.occupancy(board.expected)
        sensor.rebase(board.expected, (obs.lifted, obs.lifted2, obs.added), now_ms)
    have = board.expected
    want = board.target
    errors = have & ~want
    hints = want & ~have
    if kind == pyramid.UNCLEAR:
        # more than one change at a time (pieces moved while the power was
        # off, say): show each one the readings point at
        errors |= sensor.strays(have)
        hints |= sensor.missing(have)
    board.show(0, errors, hints)


def take_back_move(board, obs, now_ms):
    """BACK, once the sensors are clear: with one marble lifted in a
    take-back it confirms taking only that one; with the board matching
    the game it undoes the last move (against the computer, its reply with
    the person's turn: board.undo). While things still move it waits
    (the board gives up after a while); anything else cancels it."""
    g = board.game
    kind = obs.kind
    if kind == pyramid.UNCLEAR:
        return False  # wait
    board.back_at = -1
    if (
        g.phase == pyraos.P_REMOVE
        and kind == pyramid.LIFT
        and g.removable_mask() >> obs.lifted & 1
        and not board.computer_to_move()  # (its take-back is only what it chose)
    ):
        board.accept((pyraos.REMOVE, g.turn, obs.lifted, -1), obs, now_ms)
        return True
    if kind != pyramid.NONE:
        return False
    return take_back(board)


def take_back(board):
    """BACK with the pieces matching the game: the last move is taken back
    (against the computer, its reply and the person's whole turn before it:
    tabletop.board.seat.back_count; against a far player, what the room
    agreed, else BACK asks it), and the pieces are to go back to the
    position before. False when there is nothing to take back."""
    events = board.journal.events
    seat = board.computer
    n = 1 if events else 0
    if seat is not None:
        before = lambda k: replayed(board, k)  # noqa: E731 (the game before event k)
        if seat.REMOTE:  # (the room's to agree: tabletop.board.remote_seat)
            n = seat.back(events, before)
        else:
            from tabletop.board.seat import back_count

            n = back_count(events, seat.seat, before)
            if not n:
                seat.refused = True  # the status says so
                board.version += 1
    if not n:
        return False
    for _ in range(n):
        board.journal.undo()
    board.forget_choice()
    board.game = replayed(board, len(board.journal.events))
    board.target = board.game.occupied()  # board.expected stays what is on the board
    board.first_lift = -1
    board.mode = board.UNDO
    board.version += 1
    board.show(0, board.expected & ~board.target, board.target & ~board.expected)
    if seat is not None:
        seat.taken_back()
    return True


def replayed(board, n):
    """The game after the journal's first ``n`` moves, replayed (no copy of
    every earlier state is kept: on a board that grew the heap by ~250
    bytes a move)."""
    g = pyraos.Pyraos(board.variant)
    events = board.journal.events
    for i in range(n):
        g.apply(events[i])
    return g
