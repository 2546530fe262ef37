"""The games on flash (tabletop.keep.store) and the journal over them
(tabletop.keep.journal), on real files through hal.files.Files: under CPython and
under MicroPython. Power cuts are tested in tests/test_journal_power.py."""

import json
import os
import unittest

from hal.files import Files
from tabletop.keep.journal import Journal
from tabletop.keep.store import GameStore, game_name, game_seq
from tabletop.rules import pacal, pyraos

_count = [0]
# (the process: CPython may run test files side by side in one folder)
_PID = os.getpid() if hasattr(os, "getpid") else 0

A1, B1, C1 = 0, 1, 2


def place(p, pos):
    return (pyraos.PLACE, p, pos, -1)


class Small(Files):
    """Files whose medium holds only ``capacity`` bytes (free() says so)."""

    capacity = 1 << 30

    def free(self):
        used = 0
        for n in self.names():
            used += self.size(n)
        return self.capacity - used


class FilesTest(unittest.TestCase):
    def setUp(self):
        _count[0] += 1
        self.root = "_store_test_%d_%d_%d" % (_PID, id(self) & 0xFFFF, _count[0])
        self.fs = Small(self.root)

    def tearDown(self):
        for name in os.listdir(self.root):
            os.remove(self.root + "/" + name)
        os.rmdir(self.root)


class StoreTest(FilesTest):
    def journal(self, game="pyraos", variant="standard"):
        return Journal.restore(GameStore(self.fs), game, variant)

    def text(self, name):
        return self.fs.read(name).decode()

    # -- names --------------------------------------------------------------------

    def test_game_names(self):
        self.assertEqual(game_name(7), "g000007.jsonl")
        self.assertEqual(game_seq("g000007.jsonl"), 7)
        for other in ("log.txt", "g7.jsonl", "g00000x.jsonl", "g000007.json"):
            self.assertEqual(game_seq(other), -1, other)

    # -- a game on flash ----------------------------------------------------------

    def test_first_power_on_has_no_game_until_one_starts(self):
        j = self.journal("pyraos", "kids")
        self.assertEqual((j.game, j.variant, j.events, j.problems), ("pyraos", "kids", [], []))
        self.assertFalse(j.resumed)  # the board shows the game select
        self.assertEqual(self.fs.names(), [])  # no file for a game nobody started
        j.restart()  # MENU
        self.assertEqual(self.fs.names(), ["g000001.jsonl"])
        head = json.loads(self.text("g000001.jsonl"))
        self.assertEqual(head, {"format": 1, "game": "pyraos", "variant": "kids"})
        again = self.journal()
        self.assertTrue(again.resumed)  # an empty game in progress comes back
        self.assertEqual((again.variant, again.events), ("kids", []))

    def test_moves_are_written_at_flush_one_line_each_and_come_back(self):
        j = self.journal()
        j.add(place(0, A1))
        self.assertEqual(self.text("g000001.jsonl").count("\n"), 1)  # not before flush
        j.flush()
        j.add(place(1, B1))
        j.flush()
        lines = [json.loads(x) for x in self.text("g000001.jsonl").splitlines()]
        self.assertEqual(lines[1:], [{"p": 0, "place": "a1"}, {"p": 1, "place": "b1"}])
        again = self.journal("pacal", "duel")  # the default does not matter now
        self.assertEqual((again.game, again.variant), ("pyraos", "standard"))
        self.assertEqual(again.events, [place(0, A1), place(1, B1)])

    def test_undo_writes_the_shorter_record_under_the_next_number(self):
        j = self.journal()
        for ev in (place(0, A1), place(1, B1), place(0, C1)):
            j.add(ev)
            j.flush()
        j.undo()
        self.assertEqual(self.fs.names(), ["g000002.jsonl"])
        self.assertEqual(self.journal().events, [place(0, A1), place(1, B1)])

    def test_undo_of_an_event_not_yet_written_writes_nothing(self):
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        j.add(place(1, B1))
        j.undo()
        j.flush()
        self.assertEqual(self.fs.names(), ["g000001.jsonl"])
        self.assertEqual(self.journal().events, [place(0, A1)])

    def test_a_new_game_keeps_the_last_unless_it_was_empty(self):
        j = self.journal()
        j.restart()
        j.restart("kids")  # nothing played: replaced
        self.assertEqual(self.fs.names(), ["g000002.jsonl"])
        j.add(place(0, A1))
        j.flush()
        j.restart("lines")
        self.assertEqual(sorted(self.fs.names()), ["g000002.jsonl", "g000003.jsonl"])
        games = GameStore(self.fs)
        again = Journal.restore(games, "pyraos", "standard")
        self.assertEqual((again.variant, again.events), ("lines", []))
        self.assertEqual(games.finished(), ["g000002.jsonl"])

    def test_kept_games_are_bounded_oldest_dropped_first(self):
        games = GameStore(self.fs, keep_games=3)
        j = Journal.restore(games, "pyraos", "standard")
        for _ in range(6):
            j.add(place(0, A1))
            j.flush()
            j.restart()
        self.assertEqual(games.finished(), ["g000004.jsonl", "g000005.jsonl", "g000006.jsonl"])

    def test_kept_games_make_room_on_a_full_medium(self):
        self.fs.capacity = 600
        games = GameStore(self.fs, reserve=300)
        j = Journal.restore(games, "pyraos", "standard")
        for _ in range(8):
            for ev in (place(0, A1), place(1, B1)):
                j.add(ev)
                j.flush()
            j.restart()
            self.assertTrue(self.fs.free() >= 300 - 60, self.fs.free())
        self.assertTrue(len(games.finished()) < 8)
        self.assertEqual(j.problems, [])

    # -- what is damaged ------------------------------------------------------------

    def test_a_line_cut_short_is_reported_and_skipped(self):
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        self.fs.append("g000001.jsonl", b'{"p": 1, "pla')
        again = self.journal()
        self.assertEqual(again.events, [place(0, A1)])
        self.assertEqual(again.problems, [("g000001.jsonl", 3, "cut short")])

    def test_damaged_lines_are_reported_with_their_number_and_skipped(self):
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        self.fs.append("g000001.jsonl", b'{"p": 1, "place": "z9"}\nnot json\n\xff\xfe\n')
        self.fs.append("g000001.jsonl", b'{"p": 1, "place": "b1"}\n')
        again = self.journal()
        self.assertEqual(again.events, [place(0, A1), place(1, B1)])
        self.assertEqual(set(f for f, _, _ in again.problems), {"g000001.jsonl"})
        self.assertEqual(sorted(n for _, n, _ in again.problems), [3, 4, 5])

    def test_an_empty_newest_file_is_dropped_and_the_game_before_resumes(self):
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        self.fs.write("g000002.jsonl", b"")  # a new game (or an undo) cut at its start
        again = self.journal()
        self.assertEqual(again.events, [place(0, A1)])
        self.assertEqual(again.problems, [("g000002.jsonl", 1, "empty")])
        self.assertTrue("g000002.jsonl" not in self.fs.names())

    def test_a_damaged_header_is_left_alone_and_the_game_before_resumes(self):
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        self.fs.write("g000002.jsonl", b'{"format": 1, "ga\n{"p": 0, "place": "a1"}\n')
        again = self.journal()
        self.assertEqual(again.events, [place(0, A1)])
        self.assertEqual(again.problems, [("g000002.jsonl", 1, "not JSON")])
        again.restart()  # the next game gets a number after it
        self.assertTrue("g000003.jsonl" in self.fs.names())
        self.assertTrue("g000002.jsonl" in self.fs.names())

    def test_lines_nested_too_deep_are_damaged_lines_not_a_crash(self):
        # (CPython's json raises RecursionError, MicroPython's may read it, or
        # raise RuntimeError: either way a line, not the board, is lost)
        j = self.journal()
        j.add(place(0, A1))
        j.flush()
        self.fs.append("g000001.jsonl", b"[" * 1000 + b"]" * 1000 + b"\n")
        self.fs.append("g000001.jsonl", b'{"p": 1, "place": "b1"}\n')
        self.fs.write("g000002.jsonl", b'{"format": 1, "game": ' + b"[" * 1000 + b"\n")
        again = self.journal()
        self.assertEqual(again.events, [place(0, A1), place(1, B1)])
        self.assertEqual(
            [(f, n) for f, n, _ in again.problems], [("g000002.jsonl", 1), ("g000001.jsonl", 3)]
        )

    def test_a_game_this_board_does_not_play_is_kept_not_resumed(self):
        j = self.journal("pacal", "duel")
        j.add((pacal.OFFER, 0, 40, 12))
        j.flush()
        again = Journal.restore(GameStore(self.fs), "pyraos", "standard", [("pyraos", "standard")])
        self.assertEqual((again.game, again.events), ("pyraos", []))
        self.assertTrue("not a game of this board" in again.problems[0][2])
        self.assertTrue("g000001.jsonl" in self.fs.names())

    def test_a_failed_write_is_reported_and_the_game_goes_on(self):
        class Full(Small):
            def append(self, name, data):
                raise OSError(28)

        fs = Full(self.root)
        j = Journal.restore(GameStore(fs), "pyraos", "standard")
        j.add(place(0, A1))
        j.flush()
        self.assertEqual(j.events, [place(0, A1)])
        self.assertEqual(len(j.problems), 1)
        self.assertTrue("not written" in j.problems[0][2])

    def test_a_boards_pacal_deal_round_trips(self):
        j = self.journal("pacal", "duel")
        deal = (pacal.DEAL, 1, None, (12, 40))
        j.add(deal)
        j.add((pacal.OFFER, 1, 33, 7))
        j.flush()
        self.assertEqual(
            json.loads(self.text("g000001.jsonl").splitlines()[1]),
            {"deal": {"first": 1, "seen": [12, 40]}},
        )
        self.assertEqual(self.journal("pacal", "duel").events, [deal, (pacal.OFFER, 1, 33, 7)])
        solo = self.journal("pacal", "solo")  # the duel resumes: restart for solo
        solo.restart("solo")
        solo.add((pacal.DEAL, 0, None, None))
        solo.flush()
        self.assertEqual(self.journal().events, [(pacal.DEAL, 0, None, None)])


class StateTest(FilesTest):
    """A board's learnt state beside the game (GameStore.save_state/load_state)."""

    WORDS = 6

    def parts(self, seed):
        from array import array

        a = array("i", [seed, -seed, 1 << 29, -(1 << 31)])
        b = array("i", [seed * 7, 0])
        return (a, b)

    def words(self, seed):
        a, b = self.parts(seed)
        return list(a) + list(b)

    def game(self, events):
        games = GameStore(self.fs)
        games.load()
        games.start('{"format": 1, "game": "pyraos", "variant": "standard"}')
        for i in range(events):
            games.add(json.dumps({"p": i % 2, "place": "a%d" % (i + 1)}))
        return games

    def again(self):
        games = GameStore(self.fs)
        games.load()
        return games

    def test_the_newest_state_of_the_game_comes_back(self):
        games = self.game(2)
        games.save_state(self.parts(1))
        games.add(json.dumps({"p": 0, "place": "a3"}))
        games.save_state(self.parts(2))
        got = self.again().load_state(self.WORDS)
        self.assertEqual(got[0], 3)
        self.assertEqual(list(got[1]), self.words(2))

    def test_a_state_older_than_the_journal_comes_back_with_its_event_count(self):
        games = self.game(2)
        games.save_state(self.parts(1))
        games.add(json.dumps({"p": 0, "place": "a3"}))  # (cut before its state)
        got = self.again().load_state(self.WORDS)
        self.assertEqual((got[0], list(got[1])), (2, self.words(1)))

    def test_writes_take_turns_so_the_one_in_use_is_never_written_over(self):
        games = self.game(1)
        games.save_state(self.parts(1))
        games.save_state(self.parts(2))
        names = [n for n in self.fs.names() if n.endswith(".bin")]
        self.assertEqual(sorted(names), ["s0.bin", "s1.bin"])
        again = self.again()
        self.assertEqual(list(again.load_state(self.WORDS)[1]), self.words(2))
        again.save_state(self.parts(3))  # over the older one
        self.assertEqual(list(self.again().load_state(self.WORDS)[1]), self.words(3))

    def test_a_damaged_or_short_state_does_not_count(self):
        games = self.game(1)
        games.save_state(self.parts(1))
        games.save_state(self.parts(2))
        name = "s1.bin"  # the newer
        data = bytearray(self.fs.read(name))
        data[-3] ^= 0x10
        self.fs.write(name, data)
        self.assertEqual(list(self.again().load_state(self.WORDS)[1]), self.words(1))
        self.fs.write(name, bytes(self.fs.read(name)[:-4]))
        self.assertEqual(list(self.again().load_state(self.WORDS)[1]), self.words(1))
        self.fs.write("s0.bin", b"")
        self.assertIsNone(self.again().load_state(self.WORDS))

    def test_a_state_of_another_game_or_size_does_not_count(self):
        games = self.game(1)
        games.save_state(self.parts(1))
        self.assertIsNone(self.again().load_state(self.WORDS + 1))
        games.start('{"format": 1, "game": "pyraos", "variant": "standard"}')  # a new game
        games.add(json.dumps({"p": 0, "place": "a1"}))
        self.assertIsNone(self.again().load_state(self.WORDS))

    def test_a_state_ahead_of_the_journal_does_not_count(self):
        games = self.game(3)
        games.save_state(self.parts(1))
        lines = [self.fs.read(game_name(games.current)).decode().splitlines()[0]]
        games.rewrite(lines)  # BACK to no event: another file, fewer events
        self.assertIsNone(self.again().load_state(self.WORDS))
