"""A turn chosen at once, without a search or sampling (the random level, a
single choice), behind the same ``step`` as a search.

    thinking = Chosen(moves)
    thinking.step(500)        # the moves, at once
"""


class Chosen:
    """A turn chosen at once, without a search or sampling (the random
    level, a single choice): ``step`` gives its moves."""

    value = None
    solved = False
    depth = 0
    samples = 0
    nodes = 0

    def __init__(self, moves):
        self.moves = moves

    def step(self, nodes, until=None, margin=0):
        return self.moves

    def facts(self):
        """What the choice found beyond its moves (a hint tells it): nothing."""
        return {}
