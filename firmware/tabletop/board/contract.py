"""What the runtime, the host (docs/PROTOCOL.md) and the show ask of every
game's board, written once: each board is a Board, made by its module's
``make(profile, variant, journal)`` (tabletop.games, part ``board``).

    board.step(digital, analog, button_event, now_ms)   # every tick
    board.after_answer()          # once the tick's LED frame is out
    board.version                 # goes up whenever anything shown changes
    board.mode, board.game        # what it waits for (0: the game select); the rules' state
    board.variant, board.players  # the game's variant, and how many play it
    board.resume(events)          # power on: a journal's events replayed; how many were taken
    board.new_game(variant=None, players=None)   # MENU's new game (the host's, checked first)
    board.describe(out)           # game, variant (and players if they vary) into a reply
    board.scored, board.score_event()   # rounds scored, and the line that tells the last
    board.computer, board.choose_computer(seat)   # the seat the board plays (BACK at the select)
    board.FAR                     # may seat players far away (tabletop.board.remote_seat)
    board.noise_report()          # the line that tells the sensors' noise, once measured
    board.fault_names, board.unwired    # sensors found not working; none usable: no play
    board.resting                 # the last tick changed nothing: the sensing's check, no more

What a board learnt of its sensors goes to flash with the journal:
``STATE_WORDS`` (0: nothing), ``state_due()`` (is it to be written, once),
``state_parts()`` (what the runtime writes) and ``restore_state(events,
words)`` (power on, after ``resume``). BACK at the game select chooses the
seat the board plays: nobody, then the last seat down to the first, then
nobody again (``next_seat``; with one seat, Pacal's solo advisor: on, off).

Sensors that cannot be working (docs/DEVICE.md, "Faulty sensors") are
found at power on by the noise meter (tabletop.sensing.noise; Pyraos's
through its PyramidSensor, the others' through ``check_sensors`` and
``run_check``: tabletop.sensing.sensor_check), or since, read at a rail;
``checked`` takes their names in. A board with none usable (``unwired``)
says so (its status text, the hello) and plays nothing: its step returns
at once, MENU starts no game.
"""

from tabletop.games import unload

SELECT = 0  # every board's first mode: the game select, MENU starts a game


class Board:
    STATE_WORDS = 0  # the learnt state's size in words; 0: nothing learnt
    TELLS_NOISE = False  # does noise_report() have a line to give, in time?
    scored = 0  # rounds scored so far (a game scored round by round)
    computer = None  # the seat the board plays, if any (its ``seat``)
    # The module and class of the seat this board plays (tabletop.board.computer's
    # Computer, or the game's own), imported only when it plays one.
    SEAT = ("tabletop.board.computer", "Computer")
    check = None  # the sensors' check while it runs at power on (tabletop.sensing.sensor_check)
    fault_names = ()  # the sensors that cannot be working, by name
    unwired = False  # ... more than half of them: the board cannot follow a game
    resting = False  # the last tick's readings changed nothing (a board nobody touches)

    def __init__(self, profile, variant, journal, rules):
        self.profile = profile
        self.variant = variant
        self.journal = journal  # (its ``game``: the game's name, tabletop.games)
        self.rules = rules  # the game's rules module (tabletop.games, part ``rules``)
        self.mode = SELECT
        self.version = 0
        # How many play (a fixed count: the fewest the variant seats). An
        # attribute, never a property: a property anywhere in a board's
        # classes makes every attribute store on it slower on MicroPython
        # (each looks for a setter first: twice the time, measured).
        self.players = rules.seats(variant)[0]

    # -- what every board does its own way ---------------------------------------

    def step(self, digital, analog, event, now_ms):
        """One tick: the sensors' readings and the button event (tabletop.buttons.presses)."""
        raise NotImplementedError

    def resume(self, events):
        """Power on with a game in progress: replay ``events`` (up to the first
        the rules refuse); returns how many were taken."""
        raise NotImplementedError

    def start(self, variant, players):
        """A new game (what ``new_game`` checked): the journal restarts."""
        raise NotImplementedError

    def after_answer(self):
        """What can wait for the tick's LED frame (nothing, unless the board says)."""

    # -- a new game ----------------------------------------------------------------

    def new_game(self, variant=None, players=None):
        """A new game (MENU, or the host's ``new`` once it has checked the
        options a host sends: tabletop.link.commands) of ``variant`` for
        ``players``: None keeps the board's variant, and its count where the
        variant seats more than one count (else the count it seats)."""
        if self.unwired:
            return  # (no sensors: nothing to play on)
        if variant is None:
            variant = self.variant
        low, high = self.rules.seats(variant)
        if players is None:
            players = self.players if low != high else low
        self.players = players
        self.start(variant, players)

    def describe(self, out):
        """Into ``out`` (a reply or the hello): ``game``, ``variant`` and,
        when its variant seats more than one count, ``players``; ``faulty``
        and ``wired`` (false) once the sensors' check found something."""
        out["game"] = self.journal.game
        out["variant"] = self.variant
        seats = self.rules.seats(self.variant)
        if seats[0] != seats[1]:
            out["players"] = self.players
        if self.fault_names:
            out["faulty"] = list(self.fault_names)
        if self.unwired:
            out["wired"] = False
        return out

    # -- its sensors ---------------------------------------------------------------

    def check_sensors(self):
        """Power on: the sensors are checked in the first ticks (run_check)."""
        from tabletop.sensing.sensor_check import PowerOn

        self.check = PowerOn(self.profile)

    def run_check(self, digital, analog):
        """One tick of the check; once it is done, its findings (returned
        then; None before) and its code let go."""
        check = self.check
        if check is None or not check.feed(digital, analog):
            return None
        self.check = None
        unload("tabletop.sensing.sensor_check", "tabletop.sensing", "sensor_check")
        unload("tabletop.sensing.noise", "tabletop.sensing", "noise")
        self.checked(check.names, check.unwired)
        return check

    def checked(self, names, unwired):
        """The sensors found not working (their names), and whether any the
        board can play on are left: what the status and the hello tell.
        Nothing wired stays so for the rest of the power on (a self-test's
        verdict too: tabletop.selftest)."""
        self.fault_names = names
        self.unwired = unwired or self.unwired
        self.version += 1

    # -- the seat the board plays (BACK at the game select) ------------------------

    def choose_computer(self, seat):
        """The board plays ``seat`` (a player index; -1: nobody), at the
        profile's level and time (its seat's code is imported only now)."""
        if seat < 0:
            self.computer = None
        else:
            module, name = self.SEAT
            seats = __import__(module, None, None, ("x",))  # (the leaf module)
            prof = self.profile
            self.computer = getattr(seats, name)(seat, prof.computer_level, prof.think_ms)
        self.version += 1

    # -- seats played far away (the host's ``remote`` and ``play``) ----------------

    # May this game's board seat players far away (the host's ``remote``,
    # tabletop.board.remote_seat: its code loaded only then)?
    FAR = False
    # ... its kind of far seat, (module, class), when not remote_seat's Remote
    FAR_SEAT = None

    def next_seat(self):
        """The seat after the one the board plays now: nobody (-1), then the
        last seat down to the first, then nobody (also after a seat the
        game does not have, as Pacal solo's after a duel's second)."""
        seat = -1 if self.computer is None else self.computer.seat
        if seat < 0:
            return self.players - 1
        return seat - 1 if seat < self.players else -1

    # -- what the host is told -----------------------------------------------------

    def score_event(self):
        """The line that tells the round scored last (None: this game has none)."""
        return None

    def noise_report(self):
        """The line that tells the sensors' noise, once measured (None until
        then, and always on a board that does not measure it: TELLS_NOISE)."""
        return None

    # -- the learnt state, on flash (tabletop.keep.store) -------------------------

    def state_parts(self):
        """What the runtime gives GameStore.save_state."""
        return ()

    def state_due(self):
        """Is the learnt state due to be written (once: the runtime writes it)?"""
        return False

    def restore_state(self, events, words):
        """Power on: the learnt state as saved when the game had ``events`` moves."""
