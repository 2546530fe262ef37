"""Placeholder until the real benchmark driver lands."""

print("no benchmarks yet")
