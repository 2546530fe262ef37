"""How to play Pacal, on the board (tabletop.show.howto): French. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {
    "duel": (
        "But : completer votre pyramide de dix cases avant l'adversaire.",
        "Le premier a gagner trois manches gagne le match.",
        "Chaque manche est redonnee : dix cartes a part pour la base, quinze en main.",
        "La plus haute carte du dessus des deux bases propose d'abord ; puis on alterne.",
        "Un tour : proposez deux cartes ; l'autre en prend une, vous l'autre ; chacun construit.",
        "Construisez sur un champ vide ou couvrez une carte (une fois au plus) ; elle ne bouge plus.",
        "Les cartes visibles decroissent : champ 1 la plus haute, champ 10 la plus basse.",
        "Un joueur dont la carte ne va nulle part perd aussitot la manche.",
        "Une pyramide pleine gagne la manche (les deux : le plus petit ecart, sommet moins base).",
        "Apres quatorze tours, construisez votre derniere carte ou elle va, ou gardez-la.",
    ),
    "solo": (
        "But (seul) : remplir les dix cases de votre pyramide avec le moins de cartes possible.",
        "Dix cartes construites : un score parfait.",
        "Ni adversaire ni offre : dix cartes a part, les quarante autres font la pile.",
        "Retournez la carte du dessus de la pile et construisez-la aussitot.",
        "Construisez sur un champ vide ou couvrez une carte (une fois au plus) ; elle ne bouge plus.",
        "Les cartes visibles decroissent : champ 1 la plus haute, champ 10 la plus basse.",
        "Chaque champ occupe : gagne, et votre score est le nombre de cartes construites.",
        "Une carte qui ne va nulle part perd la partie.",
    ),
}
