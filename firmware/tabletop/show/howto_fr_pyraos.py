"""How to play Pyraos, on the board (tabletop.show.howto): French. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "But : poser la bille au sommet de la pyramide.",
        "Qui doit jouer sans bille en reserve perd.",
        "Clair commence ; chacun son tour, et chacun doit jouer.",
        "Poser : une bille de la reserve sur une place libre (au-dessus du niveau 1 : carre plein).",
        "Monter : placez une de vos billes libres sur une place libre plus haut, pas sur elle-meme.",
        "Votre coup forme un carre de quatre de votre couleur : reprenez une ou deux billes libres.",
        "La bille que vous venez de jouer peut en faire partie.",
        "Une bille qui en porte une autre ne peut ni monter ni etre reprise.",
        "Qui pose la bille du sommet gagne ; un tour commence sans reserve perd.",
        "La meme position pour la troisieme fois : partie nulle.",
    ),
    "kids": (
        "But : poser la bille au sommet de la pyramide.",
        "Qui doit jouer sans bille en reserve perd.",
        "Clair commence ; chacun son tour, et chacun doit jouer.",
        "Poser : une bille de la reserve sur une place libre (au-dessus du niveau 1 : carre plein).",
        "Monter : placez une de vos billes libres sur une place libre plus haut, pas sur elle-meme.",
        "Enfants : pas de reprise ; seule la montee economise des billes.",
        "Une bille qui en porte une autre ne peut pas monter.",
        "Qui pose la bille du sommet gagne ; un tour commence sans reserve perd.",
        "La meme position pour la troisieme fois : partie nulle.",
    ),
    "lines": (
        "But : poser la bille au sommet de la pyramide.",
        "Qui doit jouer sans bille en reserve perd.",
        "Clair commence ; chacun son tour, et chacun doit jouer.",
        "Poser : une bille de la reserve sur une place libre (au-dessus du niveau 1 : carre plein).",
        "Monter : placez une de vos billes libres sur une place libre plus haut, pas sur elle-meme.",
        "Votre coup forme un carre ou une ligne de votre couleur : reprenez une ou deux billes libres.",
        "La bille que vous venez de jouer peut en faire partie.",
        "Lignes : quatre en ligne ou colonne au niveau 1, trois au niveau 2 ; pas de diagonales.",
        "Une bille qui en porte une autre ne peut ni monter ni etre reprise.",
        "Qui pose la bille du sommet gagne ; un tour commence sans reserve perd.",
        "La meme position pour la troisieme fois : partie nulle.",
    ),
}
