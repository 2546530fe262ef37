"""Dutch: the self-test's screens (tabletop.selftest, tabletop.show.words),
for the maker who built the board."""

TEXTS = """
Self-test = Zelftest
LED %d = LED %d
(no light) = (geen lamp)
%d LEDs in all = %d LEDs totaal
Self-test: OK = Zelftest: goed
Self-test %d bad = Zelftest %d fout
Nothing wired = Niets bedraad
%d LEDs lit = %d LEDs aan
%d sensors OK = %d sensoren goed
%d bits OK = %d bits goed
+%d more = +%d meer
%s at 0 = %s op 0
%s at max = %s op max
%s still = %s staat stil
%s noisy = %s ruist
%s low = %s te laag
%s high = %s te hoog
chain: all 1s = keten: alles 1
reg %d: all 1s = reg %d: alles 1
bit %d: stuck 1 = bit %d: vast 1
%s: all set = %s: alles aan
bit %d flickers = bit %d flikkert
"""
