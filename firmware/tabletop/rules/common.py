"""What every rule module shares: the error for an illegal move, the outcome
of a game, a cheap view of the legal moves, and the check of a player count.

    moves = state.legal_moves()
    if move in moves: ...      # asks the rules, builds no list
    for move in moves: ...     # generated one at a time
    moves.count(), bool(moves)

(No ``__len__``: ``list(moves)`` would call it as a size hint and generate
the moves twice.)
"""


class IllegalMove(ValueError):
    """A move the rules do not allow. ``str(err)`` says why in words;
    ``err.fault`` is the fault tuple ``(code, arg, ...)`` and ``err.code`` its code."""

    def __init__(self, fault):
        super().__init__(explain(fault))
        self.fault = fault
        self.code = fault[0]


def explain(fault):
    """The sentence for a fault tuple. Loads the sentences on first use."""
    from tabletop.rules.reasons import explain as words

    return words(fault)


def seated(game, variant, seats, players):
    """``players``, when a new game of ``variant`` seats that many (``seats``:
    the fewest and the most); ValueError otherwise, saying what it seats."""
    low, high = seats
    if type(players) is not int or not low <= players <= high:
        want = str(low) if low == high else "%d to %d" % (low, high)
        got = str(players) if type(players) is int else "a " + type(players).__name__
        noun = "player" if high == 1 else "players"
        raise ValueError("%s %s seats %s %s, not %s" % (game, variant, want, noun, got))
    return players


class Outcome:
    """How a game (or a Pacal round) ended: ``winner`` is a player index, or
    None for a draw or a lost solo game; ``reason`` says why, in words."""

    def __init__(self, winner, reason):
        self.winner = winner
        self.reason = reason

    def __eq__(self, other):
        return (
            isinstance(other, Outcome)
            and self.winner == other.winner
            and self.reason == other.reason
        )

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "Outcome(winner=%r, reason=%r)" % (self.winner, self.reason)


class Game:
    """What every game state shares. A subclass provides ``fault(move)``,
    ``_generate()`` and ``_apply(move)``, and sets ``OVER`` to its final phase."""

    OVER = -1  # the phase a finished game is in
    _outcome = None

    def fault(self, move):
        """None when ``move`` is legal now, else ``(code, arg, ...)``."""
        raise NotImplementedError

    def _apply(self, move):
        raise NotImplementedError

    def apply(self, move):
        """Apply a move (or deal); raise IllegalMove, leaving the state
        untouched, if the rules do not allow it."""
        fault = self.fault(move)
        if fault is not None:
            raise IllegalMove(fault)
        self._apply(move)

    def outcome(self):
        """None while the game goes on, then an Outcome."""
        return self._outcome

    def is_over(self):
        return self._outcome is not None

    def legal_moves(self):
        """The legal moves, asked lazily (see LegalMoves)."""
        return LegalMoves(self)

    def mid_turn(self):
        """Is the player to move in the middle of a turn, a part of it still
        to make (Pyraos: a take-back after a square)? A turn is taken back
        whole (BACK against the computer, U at the simulator's table)."""
        return False

    def may_pass(self):
        """May the players to move leave the moves listed unmade (Diabolo's
        doubles while a round is scored: the next deal, or the end, comes
        instead)?"""
        return False

    def why_illegal(self, move):
        """None when ``move`` is legal now, else the reason in words."""
        fault = self.fault(move)
        return None if fault is None else explain(fault)

    def _finish(self, winner, reason):
        self._outcome = Outcome(winner, reason)
        self.phase = self.OVER


class LegalMoves:
    """The legal moves of a state, asked lazily. The state must have
    ``fault(move)`` (None when legal) and ``_generate()``."""

    def __init__(self, state):
        self._state = state

    def __iter__(self):
        return self._state._generate()

    def __contains__(self, move):
        return self._state.fault(move) is None

    def count(self):
        """How many legal moves there are."""
        n = 0
        for _ in self._state._generate():
            n += 1
        return n

    def __bool__(self):
        for _ in self._state._generate():
            return True
        return False
