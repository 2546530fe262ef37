"""French: the texts every game's board shows (tabletop.show.words). ASCII
only (no accents: the 8x8 font draws none); "IA" for the computer."""

TEXTS = """
Nothing to undo = Rien a annuler
BACK: undo = BACK: annuler
Fault: = Panne:
MENU: start = MENU: commencer
hold MENU: next = MENU long: autre
No sensors read: = Aucun capteur:
check the wiring = voir le cablage
and the profile = et le profil
BACK: computer = BACK: choix IA
Computer: none = IA: aucune
Computer: %s = IA joue %s
MENU: new game = MENU: rejouer
Thinking... = Reflechit...
Draw = Match nul
Clear the board = Videz le plateau
Undo: lift red, = Otez le rouge,
lit = ou c'est allume
Red: lift card = Rouge: otez-la
%s computer: = %s (IA):
%s computer's = Main IA %s:
hand: %d of %d = lues %d/%d
lift it = otez-la
lay what is lit = posez l'allume
%s to play = %s joue
P%d = J%d
duel = duel
solo = solitaire
standard = standard
kids = enfants
lines = lignes
hold BACK: rules = BACK long: aide
Rules %d/%d = Regles %d/%d
MENU: next = MENU: suite
MENU: done = MENU: fini
"""
