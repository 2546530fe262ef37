"""How to play Pacal, on the board (tabletop.show.howto): English. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "duel": (
        "Goal: complete your pyramid of ten fields before the other player.",
        "The first to win three rounds wins the match.",
        "Each round is dealt afresh: ten cards aside as your base, fifteen in your hand.",
        "The higher top card of the two bases offers first; then the offer alternates.",
        "A turn: offer two cards; the other player picks one, you keep the other; both build.",
        "Build on an empty field or cover a card (once at most); a built card never moves.",
        "The visible cards fall in field order: field 1 the highest, field 10 the lowest.",
        "A player whose card fits nowhere loses the round at once.",
        "A full pyramid wins the round (both at once: the smaller spread, top minus base).",
        "After fourteen turns, build your last card where it fits, or keep it.",
    ),
    "solo": (
        "Goal (alone): fill all ten fields of your pyramid with as few cards as you can.",
        "Ten cards built is a perfect score.",
        "No opponent and no offers: ten cards lie aside, the other forty are the pile.",
        "Turn the pile's top card and build it at once.",
        "Build on an empty field or cover a card (once at most); a built card never moves.",
        "The visible cards fall in field order: field 1 the highest, field 10 the lowest.",
        "Every field holding a card: won, and your score is the number of cards built.",
        "A card that fits nowhere loses the game.",
    ),
}
