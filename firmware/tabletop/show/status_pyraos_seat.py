"""The Pyraos board's status lines for the seat it plays (a computer's,
or a far player's: tabletop.show.status_far), in the board's language:
loaded with the first of them said, so that a board nobody plays pays
nothing for them (tabletop.show.status_pyraos asks)."""

from tabletop.rules import pyraos
from tabletop.show.text import NO_UNDO
from tabletop.show.words import _


def at_select(seat, name):
    """The game select's lines: who the board plays (``name`` said already)."""
    if seat.REMOTE:
        from tabletop.show.status_far import at_select

        return at_select(name)
    return (_("Computer: %s") % name,)


def to_make(board, seat, who, fix):
    """The seat's turn, ``who`` its name said: what the player makes for
    it, or the mistake made (``fix``: its lines, or ()). Never the person's
    own texts: a take-back is the seat's."""
    if seat.REMOTE:
        from tabletop.show import status_far as far
    else:
        far = None
    said = (far.turn(who) if far else _("%s: computer") % who,)
    if not fix and board.hints:  # one lifted that is not its move
        fix = ("", _("Put the marble"), _("back where lit"))
    return said + (fix or _move(seat.next_move(board.game), far))


def refused(seat):
    """BACK against the seat found no move of the person's to take back."""
    return ("", _(NO_UNDO))


def _move(move, far):
    # What the player is to do for the seat (``far``: tabletop.show.status_far
    # when it is a far player's).
    if move is None:
        return far.waiting() if far else ("", _("Thinking..."))
    if move[0] == pyraos.PLACE:
        return ("", _("Place a marble"), _("on the lit spot"))
    if move[0] == pyraos.RAISE:
        return ("", _("Raise the lit"), _("marble to the"), _("lit spot"))
    if move[3] >= 0:
        return ("", _("Take back the"), _("lit marbles"))
    return ("", _("Take back the"), _("lit marble"))
