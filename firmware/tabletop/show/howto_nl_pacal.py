"""How to play Pacal, on the board (tabletop.show.howto): Dutch. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "duel": (
        "Doel: maak je piramide van tien velden af voor de ander.",
        "Wie het eerst drie rondes wint, wint de partij.",
        "Elke ronde wordt opnieuw gedeeld: tien kaarten apart als basis, vijftien in je hand.",
        "De hoogste bovenste kaart van de twee bases biedt eerst; daarna om de beurt.",
        "Een beurt: bied twee kaarten; de ander kiest er een, jij houdt de andere; beiden bouwen.",
        "Bouw op een leeg veld of dek een kaart af (hoogstens een keer); gebouwd blijft liggen.",
        "De zichtbare kaarten dalen in veldvolgorde: veld 1 het hoogst, veld 10 het laagst.",
        "Wie een kaart heeft die nergens past, verliest meteen de ronde.",
        "Een volle piramide wint de ronde (beide tegelijk: de kleinste spreiding, top min basis).",
        "Na veertien beurten bouw je je laatste kaart waar ze past, of houd je haar.",
    ),
    "solo": (
        "Doel (alleen): vul alle tien velden van je piramide met zo weinig mogelijk kaarten.",
        "Tien kaarten gebouwd is een perfecte score.",
        "Geen tegenstander, geen aanbod: tien kaarten apart, de andere veertig zijn de stapel.",
        "Draai de bovenste kaart van de stapel om en bouw haar meteen.",
        "Bouw op een leeg veld of dek een kaart af (hoogstens een keer); gebouwd blijft liggen.",
        "De zichtbare kaarten dalen in veldvolgorde: veld 1 het hoogst, veld 10 het laagst.",
        "Elk veld bezet: gewonnen, en je score is het aantal gebouwde kaarten.",
        "Een kaart die nergens past, verliest het spel.",
    ),
}
