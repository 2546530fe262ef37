"""Dutch: the texts every game's board shows (tabletop.show.words). ASCII
only; "PC" for the computer."""

TEXTS = """
Nothing to undo = Niets terug
BACK: undo = BACK: terug
Fault: = Fout:
MENU: start = MENU: beginnen
hold MENU: next = lang MENU: ander
No sensors read: = Geen sensoren:
check the wiring = kijk bedrading
and the profile = en profiel na
BACK: computer = BACK: kies PC
Computer: none = PC speelt niet
Computer: %s = PC speelt %s
MENU: new game = MENU: nieuw spel
Thinking... = Denkt na...
Draw = Gelijkspel
Clear the board = Maak bord leeg
Undo: lift red, = Terug: rood weg,
lit = waar het oplicht
Red: lift card = Rood: kaart weg
%s computer: = %s (PC):
%s computer's = Hand PC %s:
hand: %d of %d = gelezen %d/%d
lift it = neem hem weg
lay what is lit = leg wat oplicht
%s to play = %s aan zet
P%d = S%d
duel = duel
solo = alleen
standard = standaard
kids = kinderen
lines = lijnen
hold BACK: rules = lang BACK: hulp
Rules %d/%d = Spelregels %d/%d
MENU: next = MENU: verder
MENU: done = MENU: klaar
"""
