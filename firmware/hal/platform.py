"""What the two ports' platforms share: the profile file, the hal, the store.

    raw = read_profile()            # the board's profile, as JSON gives it
    class MicroPythonPlatform(Platform):
        def _hal_module(self):      # this port's hal: a module with Hal and error_light
            from hal import micropython_hal
            return micropython_hal

A port's platform (tabletop.device's ``platform``: hal.micropython_platform,
hal.circuitpython_platform) subclasses ``Platform``, calls
``Platform.__init__(self, root)`` and adds what differs: the clock, the
buttons at boot, the watchdog, the reset and the serial link, and which
hal module is its own (``_hal_module()``). ``Platform`` gives it
``profile()``, ``hal(profile)``, ``error_light(raw)`` and ``store()``
(``Files(root)``).

The profile is the file named in ``board.json`` (``{"profile":
"profiles/pyraos.json"}``), or else the only ``.json`` file in ``profiles/``;
both paths are relative to ``folder`` (the current folder: ``/`` on a board).
"""

from micropython import const

MAX_READ = const(64)  # bytes a platform's read() returns at most (one tick's input)


def profile_path(folder=""):
    """The profile file this board uses, relative to ``folder`` (which ends
    in "/" unless empty): the one board.json names, else the only one in
    profiles/ (ProfileError if there are none or several)."""
    import json

    try:
        with open(folder + "board.json") as f:
            return json.load(f)["profile"]
    except OSError:
        pass
    import os

    from hal.common import ProfileError

    names = [n for n in os.listdir(folder + "profiles") if n.endswith(".json")]
    if len(names) != 1:
        raise ProfileError("board.json", "missing, and profiles/ holds %d profiles" % len(names))
    return "profiles/" + names[0]


def read_profile(folder=""):
    """The raw profile (a dict), as JSON gives it: not validated."""
    import json

    with open(folder + profile_path(folder)) as f:
        return json.load(f)


class Platform:
    def __init__(self, root):
        self._root = root  # the store's folder

    def _hal_module(self):
        """This port's hal module (``Hal`` and ``error_light``): each port's own."""
        raise NotImplementedError

    def profile(self):
        return read_profile()

    def hal(self, profile):
        return self._hal_module().Hal(profile)

    def error_light(self, raw):
        return self._hal_module().error_light(raw)

    def store(self):
        from hal.files import Files

        return Files(self._root)
