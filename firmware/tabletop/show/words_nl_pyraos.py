"""Dutch: the Pyraos board's texts (tabletop.show.words), in the rule book's
words (knikker, vakje, voorraad, piramide; Licht and Donker)."""

TEXTS = """
Light = Licht
Dark = Donker
Move %d = Zet %d
Moves %d = Zetten %d
Marbles %d : %d = Knikkers %d : %d
%s wins! = %s wint!
%s: computer = %s (PC)
%s takes = %s neemt
%s raises = %s stapelt
Not sure: set = Onzeker: zet de
the marble down = knikker nog eens
again = neer
Not a move: lift = Geen zet: neem
the red marble = rode knikker weg
Place a marble = Leg een knikker
on the lit spot = op verlicht vak
Raise the lit = Zet verlichte
marble to the = knikker op het
lit spot = verlichte vak
Take back the = Neem terug wat
lit marble = oplicht (1)
lit marbles = oplicht (2)
(red: lift it) = (rood: neem weg)
put back where = zet terug
Put the marble = Zet de knikker
back where lit = terug op licht
Take 1 or 2 of = Neem 1 of 2 van
your lit marbles = wat oplicht
Take another, or = Nog een, of
BACK: just one = BACK: maar een
Set it on a lit = Zet hem op een
spot higher up = hoger licht vak
Noise %d (%d) = Ruis %d (%d)
"""
