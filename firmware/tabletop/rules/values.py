"""JSON values as the rules and the records read them.

    from tabletop.rules.values import is_int, show
    is_int(True)              # False: JSON's true is not a number here
    show("b2")                # '"b2"': a value as JSON writes it, for messages (cut short)
    nested_deeper(v, 16)      # True if lists and objects nest in v more than 16 deep

The bottom of the game core: it imports nothing, and every part that checks
a move, a record line or a profile takes these from here.
"""


def is_int(value):
    """True for a plain int (not a bool, which JSON and Python both allow)."""
    return type(value) is int


SHOWN = 40  # characters of a value a message shows at most


def show(value):
    """A value as JSON would write it, for messages: cut after SHOWN
    characters (a message must not echo a 10 MB value back)."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if type(value) is str:
        return '"%s"' % value if len(value) <= SHOWN else '"%s..."' % value[:SHOWN]
    text = str(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def nested_deeper(value, limit):
    """True if lists and objects nest in ``value`` more than ``limit`` deep
    (a plain value: 0, ``[]``: 1). Walked with a list of its own: a recursive
    walk, like json.dumps or a message showing it, would itself run out of
    stack on what it is meant to catch."""
    todo = [(value, 1)] if type(value) is dict or type(value) is list else []
    while todo:
        v, depth = todo.pop()
        if depth > limit:
            return True
        for item in v.values() if type(v) is dict else v:
            if type(item) is dict or type(item) is list:
                todo.append((item, depth + 1))
    return False
