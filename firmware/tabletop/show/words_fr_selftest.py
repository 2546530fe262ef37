"""French: the self-test's screens (tabletop.selftest, tabletop.show.words),
for the maker who built the board."""

TEXTS = """
Self-test = Autotest
LED %d = LED %d
(no light) = (aucun voyant)
%d LEDs in all = %d LED en tout
Self-test: OK = Autotest: OK
Self-test %d bad = Autotest: %d KO
Nothing wired = Rien de branche
%d LEDs lit = %d LED allumees
%d sensors OK = %d capteurs OK
%d bits OK = %d bits OK
+%d more = +%d autres
%s at 0 = %s a 0
%s at max = %s au max
%s still = %s fige
%s noisy = %s bruite
%s low = %s trop bas
%s high = %s trop haut
chain: all 1s = chaine: tout a 1
reg %d: all 1s = reg %d: tout a 1
bit %d: stuck 1 = bit %d: bloque 1
%s: all set = %s: tout actif
bit %d flickers = bit %d instable
"""
