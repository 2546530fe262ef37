"""Host tools: deploy, monitor, record and wire up a board (CPython only)."""
