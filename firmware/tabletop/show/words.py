"""The board's texts in its language (the profile's "lang": en, nl, fr).

    from tabletop.show.words import N_, _
    use("nl", "pyraos")        # once, before the status text is worked out
    _("%s to play") % who      # the text in the board's language
    NAMES = (N_("Light"), N_("Dark"))   # marked for the tables, said with _(NAMES[p])
    join("selftest")           # a part's own texts, while it runs (leave("selftest") after)

English is the code's own text: it loads nothing. Another language loads
its tables: the one every game shares (tabletop.show.words_<lang>), the
game's (words_<lang>_<game>) and a part's while it runs (the self-test's).
A table is one block of text, ``TEXTS``, a line ``English = translation``
for each text: ASCII only (the SSD1306's 8x8 font draws nothing else), each
at most 16 columns with its fields filled in (tests/test_board_texts.py).
One string of text costs the heap far less than a dict of as many strings
(each its own object and hash); a text is looked up as the display changes,
not every tick. Only the language in use is imported; its modules go again,
the blocks stay.
"""

import sys

LANGS = ("en", "nl", "fr")

_lang = "en"
_tables = []  # [(name, block of text)], searched in turn: the last joined first


def borrow(module, name):
    """``module``'s ``name`` (a table of text), the module imported for it
    and let go again: its code is not needed any more, only the value."""
    value = getattr(__import__(module, None, None, (name,)), name)
    sys.modules.pop(module, None)
    try:
        delattr(sys.modules["tabletop.show"], module.rsplit(".", 1)[1])
    except AttributeError:
        pass
    return value


def _load(name):
    # the block of ``tabletop.show.words_<lang>_<name>`` (name "": the shared one)
    module = "tabletop.show.words_" + _lang + ("_" + name if name else "")
    _tables.insert(0, (name, borrow(module, "TEXTS")))


def use(lang, game):
    """The board speaks ``lang`` (one of LANGS) for ``game``'s texts."""
    global _lang
    _lang = lang
    _tables.clear()
    if lang != "en":
        _load("")
        _load(game)


def join(part):
    """``part``'s texts join the board's (a self-test's, while it runs)."""
    if _lang != "en":
        _load(part)


def leave(part):
    """``part``'s texts are let go again."""
    for i in range(len(_tables)):
        if _tables[i][0] == part:
            del _tables[i]
            return


def _(text):
    """``text`` in the board's language (itself in English, or untranslated)."""
    if not _tables:
        return text
    key = "\n" + text + " ="
    for _part, table in _tables:
        i = table.find(key)
        if i >= 0:
            i += len(key)
            said = table[i : table.find("\n", i)]
            return said[1:] if said else said  # (after "= "; nothing: an empty line)
    return text


def N_(text):
    """``text`` itself: marks a text said later with ``_`` (a table's key)."""
    return text
