"""How to play each game and variant, in a few lines: the window's help
page (F1) and the terminal's help (f1) begin with them.

    how_to_play("pyraos", "kids")     # ("Goal: ...", "...", "", a line per rule, ...)
    page("pyraos", "kids", mouse, keys)   # a help page: a title, how to play, then
                                          # each further part after an empty line

The goal comes first (two lines, the first beginning "Goal: "), then an
empty line, then one line per rule: how a turn goes, what ends it, how it
is won, and what sets the variant apart. Written after docs/RULES.md (the
rules the firmware enforces), in English through ``_``: every call speaks
the language in use. A game or variant of the registry (tabletop.games)
without its lines here is a ValueError that names it, as is one that is not
in the registry at all.
"""

from __future__ import annotations

from collections.abc import Callable

from sim.texts import _, moves
from tabletop import games

Lines = tuple[str, ...]


def how_to_play(game: str, variant: str) -> Lines:
    """The goal of ``game``'s ``variant`` (two lines), an empty line, then
    a line per rule; ValueError for a game or a variant there is none of."""
    known = games.variants(game)  # (UnknownGame, a ValueError, for a game that is not one)
    if variant not in known:
        raise ValueError(f"no {game} variant {variant!r} (its variants: {', '.join(known)})")
    told = _TOLD.get((game, variant))
    if told is None:
        raise ValueError(f"no how-to-play written for {game} {variant}")
    goal, rules = told()
    return (*goal, "", *rules)


def page(game: str, variant: str, *parts: Lines) -> Lines:
    """A help page: its title, how to play ``game``'s ``variant``, then each
    of ``parts`` (the mouse, the keys) after an empty line."""
    name = moves.variant(variant)
    title = _("How to play {game} {variant}").format(game=game.capitalize(), variant=name)
    lines = [title, *how_to_play(game, variant)]
    for part in parts:
        lines += ["", *part]
    return tuple(lines)


# -- Pacal ---------------------------------------------------------------------------------


def _building() -> Lines:
    """Pacal's building rule, the same in a duel and alone."""
    return (
        _("Build on an empty field or cover a card (once at most); a built card never moves."),
        _("The visible cards fall in field order: field 1 the highest, field 10 the lowest."),
    )


def _pacal_duel() -> tuple[Lines, Lines]:
    goal = (
        _("Goal: complete your pyramid of ten fields before the other player."),
        _("The first to win three rounds wins the match."),
    )
    rules = (
        _("Each round is dealt afresh: ten cards aside as your base, fifteen in your hand."),
        _("The higher top card of the two bases offers first; then the offer alternates."),
        _("A turn: offer two cards; the other player picks one, you keep the other; both build."),
        *_building(),
        _("A player whose card fits nowhere loses the round at once."),
        _("A full pyramid wins the round (both at once: the smaller spread, top minus base)."),
        _("After fourteen turns, build your last card where it fits, or keep it."),
    )
    return goal, rules


def _pacal_solo() -> tuple[Lines, Lines]:
    goal = (
        _("Goal (alone): fill all ten fields of your pyramid with as few cards as you can."),
        _("Ten cards built is a perfect score."),
    )
    rules = (
        _("No opponent and no offers: ten cards lie aside, the other forty are the pile."),
        _("Turn the pile's top card and build it at once."),
        *_building(),
        _("Every field holding a card: won, and your score is the number of cards built."),
        _("A card that fits nowhere loses the game."),
    )
    return goal, rules


# -- Pyraos --------------------------------------------------------------------------------


def _pyraos_goal() -> Lines:
    return (
        _("Goal: place the marble on top of the pyramid."),
        _("A player who must play with no marble left in reserve loses."),
    )


def _pyraos_turn() -> Lines:
    """How a Pyraos turn goes, in every variant."""
    return (
        _("Light begins; you take turns, and everyone must play."),
        _("Place: a marble from your reserve on a free spot (above level 1: on a full square)."),
        _("Raise: move a loose marble of yours to a free spot higher up, not resting on it."),
    )


def _pyraos_end() -> Lines:
    return (
        _("Whoever places the top marble wins; a turn begun with an empty reserve loses."),
        _("The same position for the third time: the game is drawn."),
    )


def _pyraos_standard() -> tuple[Lines, Lines]:
    rules = (
        *_pyraos_turn(),
        _("Your move makes a square of four of your colour: take back one or two loose marbles."),
        _("The marble you just moved may be one of them."),
        _("A marble that carries another may not be raised or taken back."),
        *_pyraos_end(),
    )
    return _pyraos_goal(), rules


def _pyraos_kids() -> tuple[Lines, Lines]:
    rules = (
        *_pyraos_turn(),
        _("Kids: no take-backs; raising is the only way to save marbles."),
        _("A marble that carries another may not be raised."),
        *_pyraos_end(),
    )
    return _pyraos_goal(), rules


def _pyraos_lines() -> tuple[Lines, Lines]:
    rules = (
        *_pyraos_turn(),
        _("Your move makes a square or a line of your colour: take back one or two loose marbles."),
        _("The marble you just moved may be one of them."),
        _("Lines: four in a row or column on level 1, three on level 2; no diagonals."),
        _("A marble that carries another may not be raised or taken back."),
        *_pyraos_end(),
    )
    return _pyraos_goal(), rules


# -- Diabolo -------------------------------------------------------------------------------


def _diabolo_standard() -> tuple[Lines, Lines]:
    goal = (
        _("Goal: the highest total after one round per player."),
        _("Hold the most of the colours heaven wins (plus), not of those hell wins (minus)."),
    )
    rules = (
        _("Each round deals six cards each; the player left of the dealer begins."),
        _("Your turn: draw the pile's top card, then lay a card in the row of its colour."),
        _("Left of the row card is hell (devil points), right of it heaven (angel points)."),
        _("A side holds three cards at most; a row of five cards is locked."),
        _("Holding only cards of locked rows, show your hand and put one card out."),
        _("The round ends at the second lock (the third with five players)."),
        _("Scoring, red to blue: the highest sum of a colour in hand scores it, plus or minus."),
        _("Heaven equal to hell scores nothing; players tied on the highest sum all score."),
        _("Your double card, laid on a plus colour before the hands show, scores it twice."),
    )
    return goal, rules


_TOLD: dict[tuple[str, str], Callable[[], tuple[Lines, Lines]]] = {
    ("pacal", "duel"): _pacal_duel,
    ("pacal", "solo"): _pacal_solo,
    ("pyraos", "standard"): _pyraos_standard,
    ("pyraos", "kids"): _pyraos_kids,
    ("pyraos", "lines"): _pyraos_lines,
    ("diabolo", "standard"): _diabolo_standard,
}
