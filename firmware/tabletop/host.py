"""The host's side of a playing board (docs/PROTOCOL.md): commands in,
replies and the lines that follow them, moves told, raw readings, and the
lights mode in which the host draws the LEDs.

    host = Host(device)            # tabletop.device makes one at power on
    host.read(data)                # bytes from the port: each command answered
    host.tick(rt, now_ms)          # in play: the Runtime's tick (or the lights
                                   # mode's, while the host holds the LEDs), then
                                   # moves, undo and raw readings told
    host.send_stream()             # reply lines, as the outbox has room

The command code itself (tabletop.link.commands) is loaded when the first
command arrives. In the lights mode (``{"cmd": "lights", "on": true}``) the
game pauses: the Runtime does not tick, so no move is accepted and nothing
of the game changes; the sensors are still read (``raw`` goes on), the
LEDs show what the host sets, MENU and BACK are told to the host as
``button`` events instead of acting. The mode ends when the host says so or
when it has said nothing for ``LIGHTS_QUIET_MS`` (a pulled cable never
leaves a board dark and deaf); the board then draws its game again. With the
mode off a tick costs one test of ``lights`` and allocates nothing.
"""

from tabletop.buttons import presses
from tabletop.link.inbox import Inbox

COMMANDS = (
    "hello",
    "state",
    "new",
    "undo",
    "brightness",
    "raw",
    "journal",
    "lights",
    "selftest",
    "remote",
    "play",
    "asked",
    "pass",
    "maintenance",
)
PROTOCOL = 1  # docs/PROTOCOL.md: the version a hello names
RAW_MS = 250  # raw sensor readings at most this often
STREAM_ROOM = 512  # a streamed reply line goes out when the outbox has this much room
STREAM_MAX = 400  # reply lines waiting at most (a Pacal match is ~250 record lines)
LIGHTS_QUIET_MS = 30000  # the lights mode ends by itself after this long without a command

_BUTTON_NAMES = (None, "menu", "menu", "back", "back")  # by presses' event number
_LONG = (False, False, True, False, True)


class Host:
    RAW_MS = RAW_MS  # (for tabletop.link.commands)
    LIGHTS_QUIET_MS = LIGHTS_QUIET_MS

    def __init__(self, device):
        self.device = device
        self.inbox = Inbox(COMMANDS)
        self.commands = None  # tabletop.link.commands, once a command came
        self.stream = []  # reply lines still to send: (id, index, text)
        self.peak_stream = 0  # the most ever waiting (tests)
        self.raw = False  # sensor readings to the host (the raw command)
        self.raw_at = 0
        self.told_events = 0  # journal events the host has been told of
        self.told_scores = 0  # Diabolo: rounds scored that the host has been told of
        self.lights = False  # the host holds the LEDs (the lights command)
        self.heard_at = 0  # when the last command came
        self.lit = False  # a lights command changed the frame: show it this tick
        self.noise_due = True  # the sensors' noise is still to be told

    # -- commands in, replies out ------------------------------------------------

    def read(self, data):
        """The lines in ``data`` (bytes from the port, maybe b""): each
        command run and answered, each bad line answered with an error."""
        for cmd, error, rid in self.inbox.feed(data):
            if error is not None:
                line = {"event": "error", "kind": "command", "message": error}
                if rid is not None:
                    line["reply"] = rid
                self.device.say(line)
            else:
                self._command(cmd)

    def _command(self, cmd):
        # The command code is loaded when the first command comes.
        self.heard_at = self.device.now
        if self.commands is None:
            from tabletop.link import commands

            self.commands = commands
        self.device.say(self.commands.run(self.device, cmd))
        self.peak_stream = max(self.peak_stream, len(self.stream))

    def hello(self):
        """What this board is: the protocol, firmware, port, profile, game."""
        import sys

        import tabletop

        dev = self.device
        out = {"protocol": PROTOCOL, "firmware": tabletop.VERSION, "port": sys.platform}
        out["mode"] = dev.mode
        if dev.profile is not None:
            out["profile"] = dev.profile.name
        if dev.runtime is not None:
            dev.runtime.board.describe(out)  # game, variant (Diabolo: players)
        return out

    def kept_games(self):
        """(the game in progress's file, the kept games' files) on flash."""
        from tabletop.keep.store import GameStore

        return GameStore(self.device.store).on_flash()

    def stream_lines(self, rid, lines):
        """Lines to follow a reply, sent as the outbox has room. A reply that
        would hold more than STREAM_MAX lines back is refused (the host asks
        again once it has what it asked for)."""
        if len(self.stream) + len(lines) > STREAM_MAX:
            from tabletop.link.commands import Refused

            raise Refused("busy: %d reply lines still to send" % len(self.stream))
        for i in range(len(lines)):
            self.stream.append((rid, i, lines[i]))

    def send_stream(self):
        box = self.device.outbox
        while self.stream and box.size - box.used >= STREAM_ROOM:
            rid, i, text = self.stream.pop(0)
            self.device.say({"reply": rid, "i": i, "text": text})

    # -- in play -------------------------------------------------------------------

    def started(self, rt):
        """A new Runtime took over (power on, after an exception): the host
        asks ``state`` for what it holds; the game draws the LEDs."""
        self.told_events = len(rt.journal.events)
        self.told_scores = rt.board.scored
        self.lights = False

    def tick(self, rt, now):
        """One tick of play: the Runtime's (or the lights mode's), then what
        the host is told."""
        if self.lights:
            self._hold(rt, now)
        else:
            rt.tick(now)
        journal = rt.journal
        if len(journal.events) != self.told_events:
            self._tell_moves(journal)
        board = rt.board
        seat = board.computer
        if seat is not None and seat.REMOTE and seat.news:  # (a Diabolo board's passes)
            while seat.news:
                self.device.say(seat.news.pop(0))
        if board.scored != self.told_scores:  # a round scored (a Diabolo board's)
            self.told_scores = board.scored
            line = board.score_event() if board.scored else None
            if line is not None:
                self.device.say(line)
        if self.raw and now - self.raw_at >= RAW_MS:
            self._tell_raw(rt, now)
        if self.noise_due:
            self._tell_noise(rt)

    def _tell_moves(self, journal):
        # Each accepted event, in record notation; BACK taking one back.
        events = journal.events
        n = len(events)
        if n < self.told_events:
            self.device.say({"event": "undo", "events": n})
        else:
            for i in range(self.told_events, n):
                line = journal.words.to_json(events[i])
                self.device.say({"event": "move", "n": i + 1, "line": line})
        self.told_events = n

    def _tell_raw(self, rt, now):
        # (only while the host asked for them: this allocates)
        self.raw_at = now
        analog = list(rt.analog)[: rt.profile.analog_channels]  # (none: the buffer's one unused)
        self.device.say({"event": "raw", "t": now, "analog": analog, "digital": list(rt.digital)})

    def _tell_noise(self, rt):
        # Once after power on, when the board has measured them (a Pyraos
        # board: each sensor's noise, tabletop.sensing.noise); a board that
        # measures none has nothing to tell.
        board = rt.board
        if not board.TELLS_NOISE:
            self.noise_due = False
            return
        line = board.noise_report()
        if line is not None:
            self.noise_due = False
            self.device.say(line)

    # -- the lights mode -------------------------------------------------------------

    def lights_on(self, rt):
        """The host takes the LEDs: a dark frame, the game paused."""
        self.lights = True
        self.heard_at = self.device.now
        rt.pixels.clear()
        self.lit = True

    def lights_off(self, rt):
        """The game draws the LEDs again, as it left them."""
        self.lights = False
        self.lit = False
        rt.shown = -1  # (drawn at the next tick)

    def _hold(self, rt, now):
        # A tick of the lights mode: the sensors read (for raw), the buttons
        # told, the host's frame shown when it changed; no game.
        hal = rt.hal
        if rt.digital:
            hal.read_digital(rt.digital)
        hal.read_analog(rt.analog)
        event = rt.buttons.update(hal.read_buttons(), now)
        if event != presses.NONE:
            self.device.say(
                {"event": "button", "button": _BUTTON_NAMES[event], "long": _LONG[event]}
            )
        if now - self.heard_at >= LIGHTS_QUIET_MS:
            self.lights_off(rt)
            self.device.say({"event": "lights", "on": False, "quiet_ms": LIGHTS_QUIET_MS})
        elif self.lit:
            self.lit = False
            rt.pixels.show()
