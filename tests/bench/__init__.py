"""Benchmarks: ``make bench`` runs ``python -m tests.bench``."""
