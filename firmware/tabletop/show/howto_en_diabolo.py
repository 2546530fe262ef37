"""How to play Diabolo, on the board (tabletop.show.howto): English. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "Goal: the highest total after one round per player.",
        "Hold the most of the colours heaven wins (plus), not of those hell wins (minus).",
        "Each round deals six cards each; the player left of the dealer begins.",
        "Your turn: draw the pile's top card, then lay a card in the row of its colour.",
        "Left of the row card is hell (devil points), right of it heaven (angel points).",
        "A side holds three cards at most; a row of five cards is locked.",
        "Holding only cards of locked rows, show your hand and put one card out.",
        "The round ends at the second lock (the third with five players).",
        "Scoring, red to blue: the highest sum of a colour in hand scores it, plus or minus.",
        "Heaven equal to hell scores nothing; players tied on the highest sum all score.",
        "Your double card, laid on a plus colour before the hands show, scores it twice.",
    ),
}
