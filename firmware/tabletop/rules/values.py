"""JSON values as the rules and the records read them.

    from tabletop.rules.values import is_int, show
    is_int(True)              # False: JSON's true is not a number here
    show("b2")                # '"b2"': a value as JSON writes it, for messages

The bottom of the game core: it imports nothing, and every part that checks
a move, a record line or a profile takes these from here.
"""


def is_int(value):
    """True for a plain int (not a bool, which JSON and Python both allow)."""
    return type(value) is int


def show(value):
    """A value as JSON would write it, for messages."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if type(value) is str:
        return '"%s"' % value
    return str(value)
