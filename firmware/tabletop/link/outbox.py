"""The serial outbox: lines for the host, sent without ever blocking the loop.

    box = Outbox(2048, 20)           # bytes preallocated, lines per second at most
    box.put(b'{"event": "boot"}')    # one line (the newline is added); never blocks
    box.pump(write, now_ms)          # once per tick: as much as write() accepts

``write(buf)`` is the link's non-blocking writer: it takes the bytes it can
right now and says how many (possibly 0, when no host reads). The outbox is a
ring of whole lines in one bytearray allocated here. When a new line does not
fit, the oldest lines are dropped to make room (never the line being sent,
which would reach the host torn) and counted; before the next line goes out
the host then gets ``{"event": "dropped", "lines": n}``, where the gap is.
Lines start at least ``1000 // per_s`` ms apart, so no second carries more
than ``per_s`` of them and a chatty moment cannot flood a slow host either.
A tick with nothing to send allocates nothing.
"""

_NL = 10


class Outbox:
    def __init__(self, size=2048, per_s=20):
        self.size = size
        self.buf = bytearray(size)
        self.mv = memoryview(self.buf)
        self.head = 0  # next byte to send
        self.used = 0  # bytes queued, the rest of a line being sent included
        self.rest = 0  # bytes of the line being sent still to go (0: at a line boundary)
        self.dropped = 0  # lines dropped since the last report
        self.dropped_total = 0
        self.sent_lines = 0
        self.gap_ms = 1000 // per_s  # between the starts of two lines
        self.next_ms = None  # the next line may start then (None: now)
        self.note = bytearray(48)  # the drop report, sent before the next line
        self.note_len = 0
        self.note_pos = 0

    def lines(self):
        """Lines queued (the one being sent included)."""
        n = 0
        for k in range(self.used):
            if self.buf[(self.head + k) % self.size] == _NL:
                n += 1
        return n

    def _line_len(self, start):
        # Bytes from ring index ``start`` to the end of its line, newline included.
        buf = self.buf
        size = self.size
        i = start
        n = 1
        while buf[i] != _NL:
            i += 1
            if i == size:
                i = 0
            n += 1
        return n

    def _drop_one(self):
        """Drop the oldest line that is not being sent; False if there is none."""
        rest = self.rest
        if self.used == rest:
            return False
        size = self.size
        head = self.head
        if rest == 0:
            n = self._line_len(head)
            self.head = (head + n) % size
        else:
            # Keep the rest of the line in flight: move it forward over the next line.
            n = self._line_len((head + rest) % size)
            buf = self.buf
            for k in range(rest - 1, -1, -1):
                buf[(head + n + k) % size] = buf[(head + k) % size]
            self.head = (head + n) % size
        self.used -= n
        self.dropped += 1
        self.dropped_total += 1
        return True

    def put(self, line):
        """Queue one line (bytes, no newline). False if it had to be dropped."""
        n = len(line) + 1
        if n > self.size:
            self.dropped += 1
            self.dropped_total += 1
            return False
        while self.size - self.used < n:
            if not self._drop_one():
                self.dropped += 1  # only the line in flight is left, and it is long
                self.dropped_total += 1
                return False
        size = self.size
        tail = (self.head + self.used) % size
        first = min(n - 1, size - tail)
        mv = self.mv
        src = memoryview(line)
        mv[tail : tail + first] = src[:first]
        if first < n - 1:
            mv[0 : n - 1 - first] = src[first:]
        self.buf[(tail + n - 1) % size] = _NL
        self.used += n
        return True

    def _send_report(self, write):
        # The drop report, built when it can start; kept only once begun.
        text = b'{"event": "dropped", "lines": %d}\n' % self.dropped
        note = self.note
        note[: len(text)] = text
        n = write(memoryview(note)[: len(text)])
        if n:
            self.dropped = 0
            self.note_len = len(text)
            self.note_pos = n
        return n

    def pump(self, write, now_ms):
        """Send what the link takes now; returns the bytes written. A line
        starts (and takes its turn of the rate) with its first byte taken."""
        sent = 0
        size = self.size
        while True:
            if self.note_pos < self.note_len:  # the rest of a drop report
                n = write(memoryview(self.note)[self.note_pos : self.note_len])
                self.note_pos += n
                sent += n
                if self.note_pos < self.note_len:
                    return sent
                continue
            line = self.rest
            if line == 0:
                if self.used == 0 and self.dropped == 0:
                    return sent
                if self.next_ms is not None and now_ms - self.next_ms < 0:
                    return sent
                if self.dropped:
                    n = self._send_report(write)
                    if not n:
                        return sent
                    sent += n
                    self.next_ms = now_ms + self.gap_ms
                    self.sent_lines += 1
                    continue
                line = self._line_len(self.head)
            head = self.head
            k = min(line, size - head)
            n = write(self.mv[head : head + k])
            if n and self.rest == 0:  # a new line has begun
                self.next_ms = now_ms + self.gap_ms
                self.sent_lines += 1
                self.rest = line
            if n:
                self.head = (head + n) % size
                self.used -= n
                self.rest -= n
                sent += n
            if n < k:
                return sent
