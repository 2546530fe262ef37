"""The board's texts in its language (the profile's "lang": en, nl, fr).

    from tabletop.show.words import N_, _
    use("nl", "pyraos")        # once, before the status text is worked out
    _("%s to play") % who      # the text in the board's language
    NAMES = (N_("Light"), N_("Dark"))   # marked for the tables, said with _(NAMES[p])

English is the code's own text: it loads nothing. Another language loads
its tables, the one every game shares (tabletop.show.words_<lang>) and the
game's (words_<lang>_<game>): dicts ``TEXTS`` from the English text to its
translation, ASCII only (the SSD1306's 8x8 font draws nothing else), each
at most 16 columns with its fields filled in (tests/test_board_texts.py).
Only the language in use is imported; its modules go again, the table stays.
"""

import sys

LANGS = ("en", "nl", "fr")

_table = None  # English text -> the language's; None: English


def use(lang, game):
    """The board speaks ``lang`` (one of LANGS) for ``game``'s texts."""
    global _table
    _table = None
    if lang == "en":
        return
    names = ("tabletop.show.words_" + lang, "tabletop.show.words_%s_%s" % (lang, game))
    table = __import__(names[0], None, None, ("TEXTS",)).TEXTS
    table.update(__import__(names[1], None, None, ("TEXTS",)).TEXTS)
    package = sys.modules["tabletop.show"]
    for name in names:  # (the modules' code is not needed any more: only the table)
        sys.modules.pop(name, None)
        try:
            delattr(package, name.rsplit(".", 1)[1])
        except AttributeError:
            pass
    _table = table


def _(text):
    """``text`` in the board's language (itself in English, or untranslated)."""
    table = _table
    if table is None:
        return text
    return table.get(text, text)


def N_(text):
    """``text`` itself: marks a text said later with ``_`` (a table's key)."""
    return text
