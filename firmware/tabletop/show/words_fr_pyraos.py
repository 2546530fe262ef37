"""French: the Pyraos board's texts (tabletop.show.words): bille, case,
reserve, pyramide; Clair and Fonce (no accents: the 8x8 font)."""

TEXTS = """
Light = Clair
Dark = Fonce
Move %d = Coup %d
Moves %d = Coups %d
Marbles %d : %d = Billes %d : %d
%s wins! = %s gagne !
%s: computer = %s (IA)
%s takes = %s reprend
%s raises = %s monte
Not sure: set = Incertain: posez
the marble down = encore la bille
again =
Not a move: lift = Coup refuse:
the red marble = otez bille rouge
Place a marble = Posez une bille
on the lit spot = sur case allumee
Raise the lit = Montez la bille
marble to the = allumee sur la
lit spot = case allumee
Take back the = Reprenez ce qui
lit marble = est allume (1)
lit marbles = est allume (2)
(red: lift it) = (rouge: otez-la)
put back where = remettez-la
Put the marble = Remettez la
back where lit = bille allumee
Take 1 or 2 of = Reprenez 1 ou 2
your lit marbles = billes allumees
Take another, or = Une autre, ou
BACK: just one = BACK: une seule
Set it on a lit = Posez-la sur une
spot higher up = case plus haut
Noise %d (%d) = Bruit %d (%d)
"""
