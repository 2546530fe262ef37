"""How to play Diabolo, on the board (tabletop.show.howto): French. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "standard": (
        "But : le total le plus eleve apres une manche par joueur.",
        "Gardez le plus des couleurs que gagne le paradis (plus), pas de celles de l'enfer (moins).",
        "Chaque manche donne six cartes a chacun ; le joueur a gauche du donneur commence.",
        "A vous : piochez la carte du dessus, puis posez une carte dans la rangee de sa couleur.",
        "A gauche de la carte de rangee l'enfer (points du diable), a droite le paradis (points d'ange).",
        "Un cote tient trois cartes au plus ; une rangee de cinq est verrouillee.",
        "Avec seulement des cartes de rangees verrouillees, montrez votre main et ecartez-en une.",
        "La manche finit au deuxieme verrou (au troisieme a cinq joueurs).",
        "Decompte du rouge au bleu : la plus forte somme d'une couleur en main la marque (+ ou -).",
        "Paradis egal a l'enfer ne compte pas ; a egalite au plus haut, tous marquent.",
        "Votre carte double, posee sur une couleur plus avant les mains, la compte double.",
    ),
}
