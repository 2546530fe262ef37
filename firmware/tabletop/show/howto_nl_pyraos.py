"""How to play Pyraos, on the board (tabletop.show.howto): Dutch. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "Doel: leg de knikker op de top van de piramide.",
        "Wie moet spelen zonder knikkers in voorraad, verliest.",
        "Licht begint; om de beurt, en iedereen moet spelen.",
        "Leggen: een knikker uit je voorraad op een vrije plek (boven laag 1: op een vol vierkant).",
        "Omhoog: zet een losse knikker van jou op een vrije plek hoger, niet op zichzelf.",
        "Maakt je zet een vierkant van vier in jouw kleur: neem een of twee losse knikkers terug.",
        "De knikker die je net zette mag er een van zijn.",
        "Een knikker die een andere draagt, mag niet omhoog of terug.",
        "Wie de bovenste knikker legt, wint; een beurt met lege voorraad verliest.",
        "Dezelfde stand voor de derde keer: gelijkspel.",
    ),
    "kids": (
        "Doel: leg de knikker op de top van de piramide.",
        "Wie moet spelen zonder knikkers in voorraad, verliest.",
        "Licht begint; om de beurt, en iedereen moet spelen.",
        "Leggen: een knikker uit je voorraad op een vrije plek (boven laag 1: op een vol vierkant).",
        "Omhoog: zet een losse knikker van jou op een vrije plek hoger, niet op zichzelf.",
        "Kinderen: niet terugnemen; alleen omhoog tillen spaart knikkers.",
        "Een knikker die een andere draagt, mag niet omhoog.",
        "Wie de bovenste knikker legt, wint; een beurt met lege voorraad verliest.",
        "Dezelfde stand voor de derde keer: gelijkspel.",
    ),
    "lines": (
        "Doel: leg de knikker op de top van de piramide.",
        "Wie moet spelen zonder knikkers in voorraad, verliest.",
        "Licht begint; om de beurt, en iedereen moet spelen.",
        "Leggen: een knikker uit je voorraad op een vrije plek (boven laag 1: op een vol vierkant).",
        "Omhoog: zet een losse knikker van jou op een vrije plek hoger, niet op zichzelf.",
        "Maakt je zet een vierkant of een lijn in jouw kleur: neem een of twee losse knikkers terug.",
        "De knikker die je net zette mag er een van zijn.",
        "Lijnen: vier op een rij of kolom op laag 1, drie op laag 2; geen diagonalen.",
        "Een knikker die een andere draagt, mag niet omhoog of terug.",
        "Wie de bovenste knikker legt, wint; een beurt met lege voorraad verliest.",
        "Dezelfde stand voor de derde keer: gelijkspel.",
    ),
}
