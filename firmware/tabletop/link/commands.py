"""The host's commands (docs/PROTOCOL.md), loaded when the first one
arrives: a board in play that no host talks to never holds this code.

    reply = run(device, cmd)     # cmd: a checked command object (tabletop.link.inbox)

``run`` returns the reply object (``{"reply": id, "ok": true, ...}`` or
``{"reply": id, "ok": false, "error": "..."}``); a command whose answer is
long (``state``, ``journal`` fetch) also leaves the lines to follow in
``device.host.stream``, which the device sends as the outbox has room.
Nothing here changes the game unless the command is well formed and allowed
now; a bad ``lights`` command changes no LED either.
"""

from tabletop.buttons import presses
from tabletop.link.inbox import BAD_ID, excerpt, good_id
from tabletop.rules.common import seated

_LIGHTS_KEYS = ("cmd", "id", "on", "clear", "leds", "rgb")


def run(device, cmd):
    rid = cmd.get("id")
    if rid is not None and not good_id(rid):
        return {"reply": None, "ok": False, "error": BAD_ID}  # (only a good id is sent back)
    name = cmd["cmd"]
    try:
        if name == "hello":
            out = device.host.hello()
        elif name == "state":
            out = _state(device, rid)
        elif name == "new":
            out = _new(device, cmd)
        elif name == "undo":
            out = _undo(device, cmd)
        elif name == "brightness":
            out = _brightness(device, cmd)
        elif name == "raw":
            out = _raw(device, cmd)
        elif name == "journal":
            out = _journal(device, cmd, rid)
        elif name == "lights":
            out = _lights(device, cmd)
        elif name == "selftest":
            out = _selftest(device)
        elif name == "remote":
            out = _remote(device, cmd)
        elif name == "play":
            out = _play(device, cmd)
        elif name == "asked":
            out = _asked(device, cmd)
        elif name == "pass":
            out = _pass(device, cmd)
        else:  # maintenance
            out = device.maintenance_by_command()
    except Refused as why:
        return {"reply": rid, "ok": False, "error": str(why)}
    reply = {"reply": rid, "ok": True}
    if out:
        for k in out:
            reply[k] = out[k]
    return reply


class Refused(Exception):
    """The command is understood but cannot be done (the message says why)."""


def _playing(device):
    rt = device.runtime
    if device.mode != "play" or rt is None:
        raise Refused("not while the board is in %s mode" % device.mode)
    return rt


def _state(device, rid):
    lines = _playing(device).journal.lines()
    device.host.stream_lines(rid, lines)
    return {"lines": len(lines)}


def _game_may_change(device):
    # Play itself, not the host's lights nor the self-test: the game stays
    # as it is then.
    rt = _playing(device)
    if device.host.lights:
        raise Refused("not while the host holds the lights")
    _not_testing(device)
    return rt


def _not_testing(device):
    # (the walk, that is: once its result shows the game plays on)
    test = device.selftest
    if test is not None and not test.walked:
        raise Refused("not during the self-test")


def _selftest(device):
    # The LEDs walked and the sensors checked (tabletop.selftest): the
    # events follow this reply.
    _game_may_change(device)
    return device.start_selftest("command")


def _new(device, cmd):
    # Checked whole before the game changes: the game and variant the
    # profile lists, the count the variant seats.
    rt = _game_may_change(device)
    game = cmd.get("game")
    variant = cmd.get("variant")
    if (game, variant) not in device.profile.games:
        plays = ", ".join("%s %s" % gv for gv in device.profile.games)
        raise Refused("this board plays: " + plays)
    if game != rt.journal.game:
        raise Refused("this board plays %s now; %s needs its own profile" % (rt.journal.game, game))
    board = rt.board
    players = cmd.get("players")
    if players is not None:  # (a count the game's variant seats, or refused)
        try:
            seated(game, variant, board.rules.seats(variant), players)
        except ValueError as why:
            raise Refused(excerpt(str(why), 80))  # (it quotes the count: a long one is cut)
    board.new_game(variant, players)
    return board.describe({})


def _remote(device, cmd):
    # The seats played far away (docs/REMOTE.md): some, never all, of the
    # game's, each once; [] plays none far away again.
    board = _game_may_change(device).board
    seats = cmd.get("seats")
    if not board.FAR:
        raise Refused("%s has no far seats on a board yet" % device.runtime.journal.game)
    n = board.players
    if type(seats) is not list or len(seats) >= n:
        raise Refused('"seats" is a list of some of the seats 0..%d, not all' % (n - 1))
    for i, p in enumerate(seats):
        if type(p) is not int or not 0 <= p < n or p in seats[:i]:
            raise Refused('"seats": each a seat 0..%d, once' % (n - 1))
    from tabletop.board.remote_seat import play_far

    play_far(board, tuple(sorted(seats)), device.say)
    return {"seats": seats}


def _play(device, cmd):
    # A far seat's next event, as its record line numbered as the board's
    # move events are: checked whole, then lit for the player to make.
    rt = _game_may_change(device)
    seat = rt.board.computer
    if seat is None or not seat.REMOTE:
        raise Refused('no seat is far away ("remote" first)')
    n = cmd.get("n")
    line = cmd.get("line")
    due = len(rt.journal) + 1
    if type(n) is not int or n != due:
        raise Refused('"n" is the next line\'s number: %d' % due)
    if type(line) is not dict:
        raise Refused('"line" is a record line (an object)')
    deal = line.get("deal")
    if type(deal) is dict and type(deal.get("pile")) is str:
        # a Diabolo deal's pile packed into one string ("g1p4..."): the
        # line's list of 70 cards does not fit in a command (docs/PROTOCOL.md)
        pile = deal["pile"]
        deal["pile"] = [pile[i : i + 2] for i in range(0, len(pile), 2)]
    if type(deal) is dict and type(deal.get("aside")) is str:
        # a Pacal duel's deal packed: its hands and aside each one string
        # of two digits a card ("0712..."), as the line's lists do not fit
        hands = deal.get("hands")
        if type(hands) is list:
            deal["hands"] = [_unpacked(h, "hands") for h in hands]
        deal["aside"] = _unpacked(deal["aside"], "aside")
    from tabletop.records import notation

    try:
        event = notation.from_json(rt.journal.game, rt.board.variant, line)
    except ValueError as why:  # (Malformed: what is malformed, quoting it)
        raise Refused(excerpt(str(why), 80))
    if notation.for_game(rt.journal.game).is_deal(event):
        why = seat.deal(rt.board, event)  # (a board that deals its own cards: refused)
    else:
        from tabletop.board.remote_seat import far_move

        why = far_move(rt.board, event)
    if why is not None:
        raise Refused("line %d: %s" % (n, why))
    return {"n": n}


def _unpacked(text, key):
    # "0712": cards 7 and 12 (a Pacal deal packed); anything else refused
    if type(text) is not str or len(text) % 2 or text and not text.isdigit():
        why = '"%s" packed is two digits a card ("0712"), not %s'
        raise Refused(why % (key, excerpt(repr(text), 40)))
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


def _pass(device, cmd):
    # A far seat declares no double on a row of this round (Diabolo's
    # scoring: docs/REMOTE.md); the board's walk-through waits for that.
    seat = _game_may_change(device).board.computer
    if seat is None or not seat.REMOTE:
        raise Refused('no seat is far away ("remote" first)')
    if not hasattr(seat, "pass_given"):
        raise Refused("%s has no doubles to pass" % device.runtime.journal.game)
    p = cmd.get("p")
    row = cmd.get("row")
    if type(p) is not int or p not in seat.seats:
        raise Refused('"p" is a far seat')
    if type(row) is not int or not 0 <= row < 5:
        raise Refused('"row" is a row 0..4 (r y g p b)')
    if not seat.passed(p, row):
        seat.pass_given(p, row)
        device.runtime.board.version += 1
    return {"p": p, "row": row}


def _undo(device, cmd):
    rt = _game_may_change(device)
    to = cmd.get("to")
    if to is not None:  # a take-back the room agreed, far away: back to line ``to``
        from tabletop.board.remote_seat import cut_to

        why = cut_to(rt.board, to)
        if why is not None:
            raise Refused(why)
        if rt.board.computer.cut < 0:
            return {"to": to}  # (nothing of it made here: only the far move lit goes)
    rt.queued = presses.SHORT_BACK  # as BACK pressed: the next tick
    return None if to is None else {"to": to}


def _asked(device, cmd):
    # The room's open take-back (docs/PROTOCOL.md, "Seats far away"): shown
    # on the display; a far player's is answered with MENU or BACK.
    rt = _playing(device)
    from tabletop.board.remote_seat import asked

    why = asked(rt.board, cmd)
    if why is not None:
        raise Refused(why)
    return None


def _brightness(device, cmd):
    rt = _playing(device)
    value = cmd.get("value")
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise Refused('"value" is a number from 0 to 1 (of the profile\'s cap)')
    rt.pixels.scale = int(device.profile.brightness * value * 256 + 0.5)
    rt.shown = -1  # drawn again at this brightness
    return {"value": value}


def _raw(device, cmd):
    _playing(device)
    on = cmd.get("on")
    if type(on) is not bool:
        raise Refused('"on" is true or false')
    device.host.raw = on
    return {"on": on, "every_ms": device.host.RAW_MS}


def _journal(device, cmd, rid):
    store = device.store
    if store is None:
        raise Refused("no file store")
    current, finished = device.host.kept_games()
    fetch = cmd.get("fetch")
    if fetch is None:
        return {"current": current, "finished": finished}
    if type(fetch) is not str or (fetch != current and fetch not in finished):
        raise Refused('"fetch" names a game that "journal" lists')
    data = store.read(fetch) or b""
    try:
        text = data.decode()
    except UnicodeError:
        raise Refused("%s is damaged (not UTF-8)" % fetch)
    lines = [line for line in text.split("\n") if line]
    device.host.stream_lines(rid, lines)
    return {"lines": len(lines)}


def _lights(device, cmd):
    # Checked whole before anything changes: a bad argument leaves the LEDs.
    rt = _playing(device)
    _not_testing(device)  # (the self-test's walk holds them)
    host = device.host
    for k in cmd:
        if k not in _LIGHTS_KEYS:
            raise Refused(
                'unknown key "%s" (known: %s)' % (excerpt(k, 16), ", ".join(_LIGHTS_KEYS))
            )
    on = cmd.get("on")
    if on is not None and type(on) is not bool:
        raise Refused('"on" is true or false')
    clear = cmd.get("clear")
    if clear is not None and clear is not True:
        raise Refused('"clear" is true')
    leds = cmd.get("leds")
    rgb = cmd.get("rgb")
    if (leds is None) != (rgb is None):
        raise Refused('"leds" and "rgb" come together')
    if leds is not None:
        count = rt.pixels.count
        if type(leds) is not list or not leds:
            raise Refused('"leds" is a list of LED numbers')
        for i in leds:
            if type(i) is not int or not 0 <= i < count:
                raise Refused('"leds": each a whole number 0..%d' % (count - 1))
        if type(rgb) is not list or len(rgb) != 3:
            raise Refused('"rgb" is [r, g, b]')
        for c in rgb:
            if type(c) is not int or not 0 <= c <= 255:
                raise Refused('"rgb": each a whole number 0..255')
    drawing = clear or leds is not None
    if drawing and not host.lights and on is not True:
        raise Refused('the lights are the game\'s: "on": true first')
    if on is False:
        if drawing:
            raise Refused('"on": false draws nothing')
        if host.lights:
            host.lights_off(rt)
    elif on:
        if not host.lights:
            host.lights_on(rt)
    if clear:
        rt.pixels.clear()
    if leds is not None:
        px = rt.pixels
        colour = (rgb[0], rgb[1], rgb[2])
        for i in leds:
            px.set(i, colour)
    if drawing:
        host.lit = True
    return {"on": host.lights, "leds": rt.pixels.count, "quiet_ms": host.LIGHTS_QUIET_MS}
