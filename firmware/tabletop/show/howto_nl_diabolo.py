"""How to play Diabolo, on the board (tabletop.show.howto): Dutch. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "Doel: het hoogste totaal na een ronde per speler.",
        "Houd het meest van de kleuren die de hemel wint (plus), niet van die de hel wint (min).",
        "Elke ronde krijgt ieder zes kaarten; links van de gever begint.",
        "Jouw beurt: neem de bovenste kaart van de stapel, leg dan een kaart in de rij van zijn kleur.",
        "Links van de rijkaart is de hel (duivelpunten), rechts de hemel (engelpunten).",
        "Een kant houdt hoogstens drie kaarten; een rij van vijf is op slot.",
        "Heb je alleen kaarten van rijen op slot, toon je hand en leg er een weg.",
        "De ronde eindigt bij het tweede slot (het derde met vijf spelers).",
        "Telling, rood tot blauw: de hoogste som van een kleur in de hand scoort die, plus of min.",
        "Hemel gelijk aan hel telt niet; bij gelijke hoogste som scoren allen.",
        "Je dubbelkaart, op een pluskleur gelegd voor de handen open gaan, telt die dubbel.",
    ),
}
