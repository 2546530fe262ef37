"""The Pyraos board: follows a game through the 25 hall sensors.

    board = PyraosBoard(profile, "standard", journal)   # or make(...): a contract.Board
    board.step(digital, analog, button_event, now_ms)     # every tick
    board.after_answer()                          # once the tick's LED frame is out
    board.targets, board.errors, board.hints      # what to light (position masks)

The sensed position is the authority. Each tick the pyramid sensor says which
small change of the expected position the readings show (nothing, a marble
added, one or two lifted, one moved); the controller asks the rules whether
that change is a legal move and accepts it, shows what is wrong (red) or what
must be put back (hint colour), or waits. After accepting, the readings of
that moment become the reference for the next move (learnt in after_answer,
once the LEDs show the answer).

Modes: SELECT (power-on animation, MENU starts), PLAY, UNDO (BACK took a move
back; waiting until the pieces match the earlier position), CLEAR (a new game
waits for an empty board); the last two in tabletop.board.pyraos_restore,
loaded while one of them (or BACK) is under way and let go when play goes on.

What the sensing has learnt (baselines, each marble's error) goes to flash
with the journal: ``state_due()`` says it is due (a second after a move, or
after the pieces match again after BACK or power-on, or a new game starts:
once the sensing has learnt the marble that came last; and after a "no
change" relearn), the runtime writes ``state_parts()``, and on power-on
``restore_state`` takes it back, so the board knows its marbles exactly
instead of guessing them from the readings (a lost move, even one to level
3, is then one change to find).
"""

from micropython import const

from tabletop import games
from tabletop.board import pyraos_unclear as unclear
from tabletop.board.contract import SELECT, Board
from tabletop.buttons import presses
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_names
from tabletop.sensing import pyramid

_BACK_WAIT_MS = const(3000)
_SAVE_MARGIN_MS = const(100)  # the learnt state is written this long after a change has settled

PLAY = 1  # (SELECT: the game select, every board's first mode)
UNDO = 2
CLEAR = 3


class PyraosBoard(Board):
    TELLS_NOISE = True  # noise_report: once the noise measured at power on is known
    FAR = True  # a seat may be played far away (the host's remote)
    UNDO = UNDO  # (for tabletop.board.pyraos_restore, loaded only while it is needed)

    def __init__(self, profile, variant, journal):
        Board.__init__(self, profile, variant, journal, pyraos)
        self.sensor = pyramid.PyramidSensor(profile)
        self.game = pyraos.Pyraos(variant)
        self.expected = 0  # the occupancy the sensing compares the readings with
        self.target = 0  # UNDO: the occupancy to go back to
        self.first_lift = -1  # in a take-back: the marble lifted first
        self.targets = 0  # positions lit in the mover's colour
        self.errors = 0  # red: lift this / put this back
        self.hints = 0  # hint colour: put a marble back here
        self.unsure = 0  # pulsing hint colour: a change here the board cannot make out
        self.unsure_at = -1  # since when it has been unsure, the readings still
        self.calibrated = False  # the sensing knows the board (power on, or a saved state)
        self.noise_told = False  # the sensors' noise, measured at power on, is in the text
        self.railed = 0  # ... and the sensors read at a rail since
        self.back_at = -1  # when BACK was pressed, until it is acted on
        self._due = False  # the learnt state is due to be written (state_due)
        self.save_at = -1  # ... once the sensing has learnt the last change
        self.now = 0
        self._learn = None  # a change accepted, for the sensing to learn (after_answer)
        self._learn_at = 0  # ... when it was accepted
        self._rested = -1  # the version a quiet tick of play (or the select) last left as it was
        self._idle_game = None  # the game and move _idle_mask was worked out for
        self._idle_plies = -1
        self._idle_mask = 0
        self.lit = 0  # the computer's choice, lit in its colour (tabletop.board.pyraos_computer)
        self.computer = None  # the seat the board plays (tabletop.board.computer), if any
        if profile.computer_seat >= 0:
            self.choose_computer(profile.computer_seat)

    # -- the learnt state, on flash (tabletop.keep.store) -----------------------------

    STATE_WORDS = pyramid.STATE_WORDS

    def state_parts(self):  # (tabletop.board.contract: what the sensing learnt)
        return self.sensor.state_parts()

    def state_due(self):
        due = self._due
        self._due = False
        return due

    def _save_soon(self):
        # A marble just placed is still learnt while it settles (its field
        # grows as the hand lets go): the state is written after that.
        self.save_at = self.now + pyramid.FRESH_MS + _SAVE_MARGIN_MS

    def restore_state(self, events, words):
        """Power on (after ``resume``): ``words`` as saved when the game had
        ``events`` of its moves (GameStore.load_state; at most all of them).
        The sensing goes on from there, without calibrating, expecting the
        marbles of that position: the moves after it (at most one, a cut
        between the journal and this state) are seen as changes and the
        board follows them to the game's position, as after BACK."""
        self.sensor.restore_state(words)
        g = pyraos.Pyraos(self.variant)
        evs = self.journal.events
        for i in range(events):
            g.apply(evs[i])
        self.expected = g.occupied()  # target: the game's position (resume)
        self.calibrated = True
        self.version += 1

    def noise_report(self):
        """The host's ``noise`` line (docs/PROTOCOL.md) once it is measured; None before."""
        sensor = self.sensor
        if not sensor.measured:
            return None
        return {"event": "noise", "counts": list(sensor.sensor_noise), "typical": sensor.typical,
                "profile": self.profile.noise, "using": sensor.noise,
                "faulty": position_names(sensor.faulty)}  # fmt: skip

    # -- what to show ---------------------------------------------------------

    def show(self, targets, errors, hints):
        if targets != self.targets or errors != self.errors or hints != self.hints:
            self.targets = targets
            self.errors = errors
            self.hints = hints
            self.version += 1

    def light(self, mask):
        if mask != self.lit:
            self.lit = mask
            self.version += 1

    def choose_computer(self, seat):
        """The board plays ``seat`` (0 light, 1 dark; -1: nobody)."""
        Board.choose_computer(self, seat)  # (tabletop.board.computer's Computer)
        self.light(0)

    def computer_to_move(self):
        return self.computer is not None and self.computer.plays(self.game)

    def _first(self, x):
        # the marble lifted first in a take-back (-1: none): shown as text
        if x != self.first_lift:
            self.first_lift = x
            self.version += 1

    def _idle_targets(self):
        # What to light while nothing moves: worked out once per position (a
        # game changes only by a move, which counts in plies), not every tick.
        g = self.game
        if g is not self._idle_game or g.plies != self._idle_plies:
            self._idle_game = g
            self._idle_plies = g.plies
            if g.phase == pyraos.P_REMOVE:
                self._idle_mask = g.removable_mask()
            else:
                self._idle_mask = g.placement_mask()
        return self._idle_mask

    # -- each tick --------------------------------------------------------------

    def play_on(self):
        """The pieces match the game again (after BACK or a new game): play."""
        self.mode = PLAY
        games.unload("tabletop.board.pyraos_restore")
        self._save_soon()
        self.show(self._idle_targets(), 0, 0)

    def _restore(self):
        # CLEAR, UNDO and BACK's code (tabletop.board.pyraos_restore), while needed
        from tabletop.board import pyraos_restore

        return pyraos_restore

    def start(self, variant, players):
        self.variant = variant
        self.game = pyraos.Pyraos(self.variant)
        self.journal.restart(self.variant)
        # What the sensing learnt of the marbles of the game (in its
        # baselines) goes with them, or the cleared board would never read
        # as empty: back to the empty board's baselines if this board saw
        # the game start, else each marble's learnt error taken out.
        self.sensor.forget(self.expected)
        self.expected = 0
        self.first_lift = -1
        self.mode = CLEAR
        self.forget_choice()
        self.version += 1

    def forget_choice(self):
        if self.computer is not None:
            self.computer.forget()
        self.light(0)

    def resume(self, events):
        """Power on with a game in progress: replay its events (up to the
        first the rules refuse; returns how many were taken), then wait until
        the marbles match, lighting what is too much (red) or missing."""
        kept = 0
        for ev in events:
            if self.game.fault(ev) is not None:
                break
            self.game.apply(ev)
            kept += 1
        self.expected = self.target = self.game.occupied()
        self.mode = UNDO
        self.version += 1
        return kept

    def step(self, digital, analog, event, now_ms):
        self.now = now_ms
        if self.save_at >= 0 and now_ms >= self.save_at:
            self.save_at = -1
            self._due = True
        sensor = self.sensor
        sensor.update(analog, now_ms)
        self.resting = (
            sensor.resting
            and event == presses.NONE
            and self._rested == self.version
            and self.back_at < 0
            and self.unsure_at < 0
        )
        if self.resting:
            return  # nothing moved, and what the last quiet tick showed still holds
        if sensor.measured != self.noise_told or sensor.readings.railed != self.railed:
            self._faults()
        if self.unwired or sensor.unwired or not sensor.measured or not sensor.ready():
            return  # (nothing looked at before the sensors are known to work)
        if not self.calibrated:
            found = sensor.power_on(self.expected, now_ms)
            if found < 0:
                return  # a hand over the board at power on: wait until it is gone
            self.expected = found  # UNDO lights what differs from the game
            self.calibrated = True
        if event == presses.SHORT_MENU and self.mode == SELECT:
            self.new_game()
            return
        if event == presses.SHORT_MENU or event == presses.LONG_MENU:
            if event == presses.LONG_MENU:
                self.variant = self.profile.next_variant(self.variant)
            self.new_game()
            return
        if self.mode == SELECT:
            seat = self.computer  # (never a far player's: the host chose those)
            if event == presses.SHORT_BACK and (seat is None or not seat.REMOTE):
                self.choose_computer(self.next_seat())  # who it plays: nobody, Dark, Light
            sensor.rest_while_still(now_ms)
            self._rested = self.version  # (a tick the sensing rests has nothing to do)
            return
        obs = sensor.observe(self.expected, now_ms)
        if sensor.baselines_moved():
            # the readings taken as the position: what a power cut brings
            # back must not be older than that (or a stale baseline returns)
            self._save_soon()
        if self.mode != PLAY and self.unsure_at >= 0:
            unclear.sure(self)
        if self.mode == CLEAR:
            self._restore().wait_for_empty(self, obs)
            return
        if self.mode == UNDO:
            self._restore().put_back(self, obs, now_ms)
            return
        if event == presses.SHORT_BACK:
            self.back_at = now_ms  # acted on once the pieces are clear
        if self.back_at >= 0:
            if now_ms - self.back_at > _BACK_WAIT_MS:
                self.back_at = -1
            elif self._restore().take_back_move(self, obs, now_ms):
                return
        self._play(obs, now_ms)
        # (in play, a quiet tick that left everything shown as it was: the
        # next one the sensing finds resting has nothing to do)
        self._rested = self.version if obs.kind == pyramid.NONE and self.mode == PLAY else -1

    def _faults(self):
        # The noise measured at power on, or a sensor read at a rail since
        # (its readings ignored): the status text and the hello name them.
        sensor = self.sensor
        self.noise_told = sensor.measured
        self.railed = sensor.readings.railed
        self.checked(position_names(sensor.faulty | self.railed), sensor.unwired)

    def after_answer(self):
        """What a tick does once its LED frame is out (the runtime calls it
        after step and the frame): the sensing learns the change accepted
        this tick, from the same readings."""
        if self._learn is not None:
            self.sensor.rebase(self.expected, self._learn, self._learn_at)
            self._learn = None
        seat = self.computer
        if seat is not None and self.mode == PLAY and seat.thinking_now(self.game):
            if seat.think(self.game, self.now):
                self.version += 1  # the choice is lit next tick

    def accept(self, move, obs, now_ms):
        self.game.apply(move)
        self.journal.add(move)
        if self.computer is not None:
            self.computer.accepted(move)
        self._save_soon()
        self.expected = self.game.occupied()
        # The sensing learns the change (3 ms on a Pico) from this tick's
        # readings once the answer is on the LEDs (after_answer).
        self._learn = (obs.lifted, obs.lifted2, obs.added)
        self._learn_at = now_ms
        self.first_lift = -1
        self.version += 1
        self.show(self._idle_targets(), 0, 0)

    def _play(self, obs, now_ms):
        g = self.game
        kind = obs.kind
        if kind == pyramid.UNCLEAR:
            if not self.computer_to_move():
                unclear.hint(self, self.sensor.likely)
            unclear.unsure(self, now_ms)
            return
        if self.unsure_at >= 0:
            unclear.sure(self)
        if g.is_over():
            self.stray(obs)
            return
        if self.computer_to_move():
            from tabletop.board import pyraos_computer

            pyraos_computer.play(self, obs, now_ms)
            return
        p = g.turn
        if kind == pyramid.NONE:
            self._first(-1)
            self.show(self._idle_targets(), 0, 0)
            return
        if g.phase == pyraos.P_REMOVE:
            self._take_back(obs, p, now_ms)
            return
        if kind == pyramid.ADD:
            d = obs.added
            if self._idle_targets() >> d & 1:  # (where a reserve marble may go: worked out)
                self.accept((pyraos.PLACE, p, d, -1), obs, now_ms)
            else:
                self.show(0, 1 << d, 0)
        elif kind == pyramid.LIFT:
            x = obs.lifted
            if g.raise_sources() >> x & 1:
                self.show(g.raise_targets(x), 0, 1 << x)
            else:  # it may not move: put it back where the hint colour shows
                self.show(0, 0, 1 << x)
        elif kind == pyramid.MOVE:
            x, d = obs.lifted, obs.added
            move = (pyraos.RAISE, p, x, d)
            if g.fault(move) is None:
                self.accept(move, obs, now_ms)
            else:
                self.show(0, 1 << d, 1 << x)
        else:  # LIFT2: nothing to take back now
            self.show(0, 0, 1 << obs.lifted | 1 << obs.lifted2)

    def _take_back(self, obs, p, now_ms):
        g = self.game
        kind = obs.kind
        removable = g.removable_mask()
        if kind == pyramid.LIFT:
            x = obs.lifted
            if not removable >> x & 1:  # not one to take back: put it back
                self.show(0, 0, 1 << x)
                return
            self._first(x)
            second = g.removable_mask(x)
            if not second:
                self.accept((pyraos.REMOVE, p, x, -1), obs, now_ms)
            else:
                self.show(second, 0, 0)
        elif kind == pyramid.LIFT2:
            x, y = obs.lifted, obs.lifted2
            if self.first_lift == y:
                x, y = y, x
            for a, b in ((x, y), (y, x)):
                if g.fault((pyraos.REMOVE, p, a, b)) is None:
                    self.accept((pyraos.REMOVE, p, a, b), obs, now_ms)
                    return
            self.show(0, 0, 1 << x | 1 << y)
        elif kind == pyramid.ADD:
            self.show(removable, 1 << obs.added, 0)
        else:  # MOVE: a marble moved instead of taken back
            self.show(removable, 1 << obs.added, 1 << obs.lifted)

    def stray(self, obs):
        """A change that is no move (the game is over, or the computer's
        turn): red where a marble came, the hint colour where one went."""
        if obs.kind == pyramid.NONE:
            self.show(0, 0, 0)
            return
        errors = 1 << obs.added if obs.added >= 0 else 0
        hints = 1 << obs.lifted if obs.lifted >= 0 else 0
        if obs.lifted2 >= 0:
            hints |= 1 << obs.lifted2
        self.show(0, errors, hints)


make = PyraosBoard  # the board of tabletop.games (part "board"): make(profile, variant, journal)
