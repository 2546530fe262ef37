"""What each colour of a board's LEDs means, written once (docs/FIRMWARE.md,
"What each colour means").

    from tabletop.profile import colours
    colours.ROLES              # (role, default RGB, meaning), the profile's "colours" keys
    colours.default("hint")    # (180, 0, 255)
    colours.OPTIONAL           # the roles a profile may leave out (their default is used)

A role means the same in every game: a player learns one meaning per
colour once. The reference profiles (firmware/profiles/*.json) give every
role its default; tabletop.profile.schema takes the defaults of the roles a
profile may leave out from here, and the simulator's window and terminal
the colours they draw for a role. Profile time only: a board in play never
loads this module (tabletop.profile.load lets the schema go, and this with
it).

The Diabolo suits (red, yellow, green, purple, blue) are the cards'
printing, from the rule book, not lights: a card's face is drawn in its
suit, a light as an LED or a glow, never a card face in a light's colour.
"""

ROLES = (
    (
        "player0",
        (255, 150, 40),
        "Seat 0's turn (Pyraos light, P1) and where its piece may go, its count"
        " (rounds won, a lost solo's cards); Diabolo: the seat to move and where"
        " its card may go",
    ),
    (
        "player1",
        (30, 90, 255),
        "Seat 1's turn (Pyraos dark, P2) and where its piece may go;"
        " Diabolo: the seats still to answer a call for doubles",
    ),
    ("error", (255, 0, 0), "Wrong: lift it; not a move"),
    ("hint", (180, 0, 255), "Put it back here: a piece is missing here"),
    ("win", (0, 255, 60), "Won, or counted; at the game select, the variant or the seats"),
    ("dim", (24, 24, 24), "Idle"),
    (
        "computer",
        (255, 255, 255),
        "The computer's choice: make it for it; a replay's Diabolo card, glowing",
    ),
    ("remote", (135, 240, 0), "A far player's move (docs/REMOTE.md): make it for them"),
)
OPTIONAL = ("computer", "remote")  # a profile may leave these out


def default(role):
    """The default RGB of ``role`` (KeyError: no such role)."""
    for name, rgb, _meaning in ROLES:
        if name == role:
            return rgb
    raise KeyError(role)


def names():
    """Every role, in ROLES' order."""
    return tuple(r[0] for r in ROLES)
