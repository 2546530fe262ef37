"""The board's texts in its language (the profile's "lang": en, nl, fr).

    from tabletop.show.words import N_, _
    use("nl", "pyraos")        # once, before the status text is worked out
    _("%s to play") % who      # the text in the board's language
    NAMES = (N_("Light"), N_("Dark"))   # marked for the tables, said with _(NAMES[p])
    join("selftest")           # a part's own texts, while it runs (leave("selftest") after)
    let_go()                   # the text is worked out: the tables go until asked again

English is the code's own text: it reads nothing. Another language has
its tables, text files beside this module: the one every game shares
(``words_<lang>.txt``), the game's (``words_<lang>_<game>.txt``) and a
part's while it runs (the self-test's). A table is a line ``English =
translation`` for each text, after a comment (lines starting ``#``) that
says what it holds: ASCII only (the SSD1306's 8x8 font draws nothing
else), each at most 16 columns with its fields filled in
(tests/test_board_texts.py). A text is looked up only as the display
changes, not every tick, and the tables are not kept: the first text asked
for reads them (one string each, only the language in use), and the
runtime lets them go once the display's text is worked out (``let_go()``).
So a board in play holds none of them. Reading a table is about a
millisecond on a Pico, where importing it as a module took twelve (the
search of the import path); a change of screen reads two.
"""

import sys

LANGS = ("en", "nl", "fr")
# (the tables' folder: this module's, "" or ending in a separator)
_FOLDER = __file__[: max(__file__.rfind("/"), __file__.rfind("\\")) + 1]

_lang = "en"
_parts = []  # the tables in use: a running part's first, then the game's and the shared one
_tables = []  # the tables of _parts (each its file's text), read since they were let go


def borrow(module, name):
    """``module``'s ``name`` (the rules of tabletop.show.howto, say), the
    module imported for it and let go again: its code is not needed any
    more, only the value."""
    value = getattr(__import__(module, None, None, (name,)), name)
    sys.modules.pop(module, None)
    try:
        delattr(sys.modules["tabletop.show"], module.rsplit(".", 1)[1])
    except AttributeError:
        pass
    return value


def use(lang, game):
    """The board speaks ``lang`` (one of LANGS) for ``game``'s texts."""
    global _lang
    _lang = lang
    _tables.clear()
    _parts.clear()
    if lang != "en":
        _parts.append(game)
        _parts.append("")  # (the texts every game shares)


def join(part):
    """``part``'s texts join the board's (a self-test's, while it runs)."""
    if _lang != "en":
        _parts.insert(0, part)
        _tables.clear()


def leave(part):
    """``part``'s texts are let go again."""
    if part in _parts:
        _parts.remove(part)
    _tables.clear()


def let_go():
    """The tables read for the texts asked so far go again (the next text
    asked for reads them once more)."""
    _tables.clear()


def _read():
    # the table of each part in use (part "": the shared one, words_<lang>.txt)
    for part in _parts:
        with open(_FOLDER + "words_" + _lang + ("_" + part if part else "") + ".txt") as f:
            _tables.append(f.read())


def _(text):
    """``text`` in the board's language (itself in English, or untranslated)."""
    if not _parts:
        return text
    if not _tables:
        _read()
    key = "\n" + text + " ="
    for table in _tables:
        i = table.find(key)
        if i >= 0:
            i += len(key)
            said = table[i : table.find("\n", i)]
            return said[1:] if said else said  # (after "= "; nothing: an empty line)
    return text


def N_(text):
    """``text`` itself: marks a text said later with ``_`` (a table's key)."""
    return text
