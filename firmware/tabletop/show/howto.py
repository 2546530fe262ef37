"""How to play, on the board's display: the game select's hold BACK.

    book = HowTo("pyraos", "kids", "nl")   # the variant's rules, in pages
    book.lines()      # the page shown: a title, the rules' rows, what MENU does
    book.turn()       # MENU: the next page; False after the last (BACK: the runtime closes it)

The rules are the window's (a line each, the goal first), written out for
the board by `make texts` as tabletop.show.howto_<lang>_<game>: imported
when the pages are made and let go at once; the pages are let go when the
book is closed (the runtime drops this module too), so a game in play
carries none of it.
"""

from tabletop.show.text import ROWS, wrap
from tabletop.show.words import _, borrow

_ROWS = ROWS - 2  # a page: its title, these rows of the rules, what MENU does


class HowTo:
    def __init__(self, game, variant, lang):
        told = borrow("tabletop.show.howto_%s_%s" % (lang, game), "TEXT")[variant]
        rows = []
        for line in told:
            rows.extend(wrap(line, 99))
        self.pages = [rows[i : i + _ROWS] for i in range(0, len(rows), _ROWS)]
        self.page = 0

    def lines(self):
        """The page shown, ROWS rows at most."""
        n = len(self.pages)
        last = self.page + 1 == n
        title = _("Rules %d/%d") % (self.page + 1, n)
        rows = self.pages[self.page]
        return tuple(
            [title]
            + rows
            + [""] * (_ROWS - len(rows))
            + [_("MENU: done") if last else _("MENU: next")]
        )

    def turn(self):
        """The next page (MENU); False after the last: the book is done."""
        self.page += 1
        return self.page < len(self.pages)
