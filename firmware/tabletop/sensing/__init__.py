"""Turning raw sensor readings into facts: debounced presence, levels, card codes, the pyramid."""
