"""Independent reference implementations of the game rules, for the differential
tests and for what ``sim check`` must print for the golden records (check_ref).

Written from docs/RULES.md and docs/RECORDS.md only, without looking at
firmware/tabletop/rules/, so that a bug in either implementation shows up as a
disagreement. Plain CPython, clarity over speed.
"""
