"""What the simulator says to a player, in the player's language (gettext).

    from sim.texts import _, ngettext
    _("Light to play")                      # in the language in use
    ngettext("{n} marble", "{n} marbles", n).format(n=n)
    use("nl")                               # the window's and terminal's language
    KEYS = N_("N new  U undo")               # marked for the catalogues, _(KEYS) where shown

Every text a player reads in the window or the terminal goes through ``_``
(or ``ngettext``), written in English in the code: that English is the
message id of the catalogues (``sim/locale/<lang>/LC_MESSAGES/tabletop.po``,
extracted and compiled with Babel). A text with fields uses named ones
(``{square}``), so a translation may put them in its own order. English
needs no catalogue; a language whose catalogue is missing says so.
"""

from __future__ import annotations

import gettext
from pathlib import Path

LANGS = ("en", "nl", "fr")  # English, Dutch, French: the rule books' own languages
DOMAIN = "tabletop"
LOCALE = Path(__file__).resolve().parent.parent / "locale"

_now: gettext.NullTranslations = gettext.NullTranslations()
_lang = "en"


def use(lang: str) -> None:
    """Speak ``lang`` (one of LANGS) from now on; ValueError for another."""
    global _now, _lang
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r} (the languages: {', '.join(LANGS)})")
    if lang == "en":
        _now = gettext.NullTranslations()
    else:
        _now = gettext.translation(DOMAIN, LOCALE, [lang])
    _lang = lang


def lang() -> str:
    """The language in use."""
    return _lang


def _(message: str) -> str:
    """``message`` (English) in the language in use."""
    return _now.gettext(message)


def N_(message: str) -> str:
    """``message`` as it is, marked for the catalogues: a text made before
    the language is chosen (a module's constant), put through ``_`` where
    it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use."""
    return _now.ngettext(singular, plural, n)
