"""How to play Pyraos, on the board (tabletop.show.howto): English. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "Goal: place the marble on top of the pyramid.",
        "A player who must play with no marble left in reserve loses.",
        "Light begins; you take turns, and everyone must play.",
        "Place: a marble from your reserve on a free spot (above level 1: on a full square).",
        "Raise: move a loose marble of yours to a free spot higher up, not resting on it.",
        "Your move makes a square of four of your colour: take back one or two loose marbles.",
        "The marble you just moved may be one of them.",
        "A marble that carries another may not be raised or taken back.",
        "Whoever places the top marble wins; a turn begun with an empty reserve loses.",
        "The same position for the third time: the game is drawn.",
    ),
    "kids": (
        "Goal: place the marble on top of the pyramid.",
        "A player who must play with no marble left in reserve loses.",
        "Light begins; you take turns, and everyone must play.",
        "Place: a marble from your reserve on a free spot (above level 1: on a full square).",
        "Raise: move a loose marble of yours to a free spot higher up, not resting on it.",
        "Kids: no take-backs; raising is the only way to save marbles.",
        "A marble that carries another may not be raised.",
        "Whoever places the top marble wins; a turn begun with an empty reserve loses.",
        "The same position for the third time: the game is drawn.",
    ),
    "lines": (
        "Goal: place the marble on top of the pyramid.",
        "A player who must play with no marble left in reserve loses.",
        "Light begins; you take turns, and everyone must play.",
        "Place: a marble from your reserve on a free spot (above level 1: on a full square).",
        "Raise: move a loose marble of yours to a free spot higher up, not resting on it.",
        "Your move makes a square or a line of your colour: take back one or two loose marbles.",
        "The marble you just moved may be one of them.",
        "Lines: four in a row or column on level 1, three on level 2; no diagonals.",
        "A marble that carries another may not be raised or taken back.",
        "Whoever places the top marble wins; a turn begun with an empty reserve loses.",
        "The same position for the third time: the game is drawn.",
    ),
}
