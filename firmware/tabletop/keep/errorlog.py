"""A small error log on the file store: bounded, and written rarely.

    log = ErrorLog(store)                  # store: docs/STORAGE.md (None: keep nothing)
    done = log.note(now_ms, entry)         # entry: a dict. The entry as written now
                                           # (with "t" and "repeats"), or None: held back
    done = log.poll(now_ms)                # the entry held back, written once its time
                                           # came; or None

Entries are JSON lines appended to ``log.txt``. When an entry would take it
past ``limit`` bytes, ``log.txt`` becomes ``log.old`` (replacing it) and a new
``log.txt`` starts: the two files never hold more than about twice the limit.
An entry's ``"trace"`` is left out when the line would pass ``line_max`` bytes.

At most one entry is written per ``gap_ms``: an error that comes back on
every attempt must not wear the flash. Entries in between are counted and
the last of them is written, with the count of the others as ``"repeats"``,
when the gap has passed. The device sends the same entries to the host. A
failing medium never raises from here: the log is the last place an error
may come from.
"""

import json

NAME = "log.txt"
OLD = "log.old"


class ErrorLog:
    def __init__(self, store, limit=4096, gap_ms=10000, line_max=640):
        self.store = store
        self.limit = limit
        self.gap_ms = gap_ms
        self.line_max = line_max
        self.written_at = None  # now_ms of the last write
        self.held = None  # the last entry held back
        self.repeats = 0  # entries held back since the last write
        self.writes = 0
        self.failures = 0  # writes the medium refused

    def note(self, now_ms, entry):
        if self.written_at is not None and now_ms - self.written_at < self.gap_ms:
            self.held = entry
            self.repeats += 1
            return None
        return self._write(now_ms, entry, self.repeats)

    def poll(self, now_ms):
        if self.held is None or now_ms - self.written_at < self.gap_ms:
            return None
        return self._write(now_ms, self.held, self.repeats - 1)

    def _write(self, now_ms, entry, repeats):
        self.written_at = now_ms
        self.held = None
        self.repeats = 0
        entry["t"] = now_ms
        entry["repeats"] = repeats
        store = self.store
        if store is None:
            return entry
        line = json.dumps(entry).encode()
        if len(line) >= self.line_max and "trace" in entry:
            line = json.dumps(_without(entry, "trace")).encode()
        if len(line) >= self.line_max:
            line = line[: self.line_max - 1]  # past repair: keep the start
        line += b"\n"
        try:
            if store.size(NAME) + len(line) > self.limit:
                store.rename(NAME, OLD)
            store.append(NAME, line)
            self.writes += 1
        except Exception:
            self.failures += 1
        return entry


def _without(entry, key):
    out = {}
    for k in entry:
        if k != key:
            out[k] = entry[k]
    return out
