"""Turning raw sensor readings into facts: debounced presence, levels, card codes, the pyramid."""

# A raw analog reading this near 0 or full scale (65535) is no hall sensor's:
# a ratiometric one stays well inside its supply (a DRV5053 0.2 V from
# either rail, 4,000 counts), so this is a wire off, a short or no sensor
# at all (docs/DEVICE.md, "Faulty sensors"). 512 counts: 32 LSB of the
# Pico's 12-bit ADC, wide of its offset at 0 V.
RAIL = 512
RAIL_TOP = 65535 - RAIL
