"""What every rule module shares: the error for an illegal move, the outcome
of a game, and a cheap view of the legal moves.

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
