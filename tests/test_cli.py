"""The ``python -m sim`` command line as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import games


def run(*args: str) -> subprocess.CompletedProcess[str]:
    # (the limit only ends a command that never would: a failure, not a wait)
    return subprocess.run(
        [sys.executable, "-m", "sim", *args], capture_output=True, text=True, timeout=600
    )


def objects(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_check_a_good_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(
        '{"format": 1, "game": "pyraos", "variant": "standard"}\n'
        '{"p": 0, "place": "b2"}\n{"p": 1, "place": "c3"}\n'
    )
    r = run("check", str(path))
    assert r.returncode == 0
    out = objects(r.stdout)
    assert out[:2] == [{"line": 2, "ok": True}, {"line": 3, "ok": True}]
    assert out[2]["summary"] is True and out[2]["ok"] is True
    assert out[2]["winner"] is None and out[2]["over"] is False and out[2]["events"] == 2


def test_check_stops_at_the_first_illegal_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"format": 1, "game": "pyraos", "variant": "standard"}\n'
        '{"p": 0, "place": "b2"}\n{"p": 1, "place": "b2"}\n{"p": 0, "place": "a1"}\n'
    )
    r = run("check", str(path))
    assert r.returncode == 1
    out = objects(r.stdout)
    assert [o.get("line") for o in out[:-1]] == [2, 3]
    assert out[1]["ok"] is False and "b2 is taken" in str(out[1]["error"])
    assert out[-1]["summary"] is True and out[-1]["line"] == 3


@pytest.mark.parametrize("content", ["", "hello\n", '{"format": 7}\n', "\x00\x01"])
def test_check_something_that_is_no_record(tmp_path: Path, content: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(content)
    r = run("check", str(path))
    assert r.returncode == 2
    (summary,) = objects(r.stdout)
    assert summary["summary"] is True and summary["ok"] is False and summary["error"]


def test_check_a_missing_file(tmp_path: Path) -> None:
    r = run("check", str(tmp_path / "nope.jsonl"))
    assert r.returncode == 2
    assert "cannot read" in str(objects(r.stdout)[-1]["error"])


@pytest.mark.parametrize(
    ("game", "variant"),
    [("pyraos", None), ("pyraos", "kids"), ("pyraos", "lines"), ("pacal", None), ("pacal", "solo")],
)
def test_selfplay_same_seed_same_files(tmp_path: Path, game: str, variant: str | None) -> None:
    extra = ["--variant", variant] if variant else []
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for out, seed in ((a, "5"), (b, "5"), (c, "6")):
        r = run(
            "selfplay", "--game", game, *extra, "--games", "3", "--seed", seed, "--out", str(out)
        )
        assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in a.iterdir())
    assert len(names) == 3
    assert names == sorted(p.name for p in b.iterdir())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    assert [(a / n).read_bytes() for n in names] != [(c / n).read_bytes() for n in names]
    for name in names:
        r = run("check", str(a / name))
        assert r.returncode == 0, r.stdout
        summary = objects(r.stdout)[-1]
        assert summary["over"] is True
        header = json.loads((a / name).read_text().splitlines()[0])
        assert header["game"] == game and header["variant"] == (variant or summary["variant"])
        assert "result" in header


def test_selfplay_rejects_unknown_variant(tmp_path: Path) -> None:
    r = run("selfplay", "--game", "pyraos", "--variant", "duel", "--games", "1", "--seed", "1",
            "--out", str(tmp_path))  # fmt: skip
    assert r.returncode == 2
    assert "variant" in r.stderr


def test_demo_plays_and_shows_every_game() -> None:
    r = run("demo", "--seed", "4")
    assert r.returncode == 0, r.stderr
    pairs = [(g, v) for g in games.NAMES for v in games.variants(g)]
    for game, variant in pairs:
        assert f"== {game} {variant}" in r.stdout
    assert r.stdout.count("result:") == len(pairs)


# --- Diabolo --------------------------------------------------------------------


@pytest.mark.parametrize("players", [None, "3", "5"])
def test_selfplay_diabolo(tmp_path: Path, players: str | None) -> None:
    extra = ["--players", players] if players else []
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        r = run("selfplay", "--game", "diabolo", *extra, "--games", "2", "--seed", "3",
                "--out", str(out))  # fmt: skip
        assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in a.iterdir())
    assert names == ["diabolo-standard-001.jsonl", "diabolo-standard-002.jsonl"]
    n = int(players or "4")
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
        lines = (a / name).read_text().splitlines()
        header = json.loads(lines[0])
        assert len(header["players"]) == n
        assert sum(1 for line in lines if '"deal"' in line) == n  # a round per player
        r = run("check", str(a / name))
        assert r.returncode == 0, r.stdout
        summary = objects(r.stdout)[-1]
        assert summary["over"] is True and summary["game"] == "diabolo"
        assert header["result"] == {k: summary[k] for k in ("scores", "totals", "winner")}
        assert len(summary["scores"]) == n and len(summary["totals"]) == n  # type: ignore[arg-type]
    doubles = sum((a / name).read_text().count('"double"') for name in names)
    assert doubles > 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "pacal", "--players", "3"], "pacal duel seats 2 players, not 3"),
        (["--game", "diabolo", "--players", "2"], "seats 3 to 5 players, not 2"),
        (["--game", "diabolo", "--players", "6"], "seats 3 to 5 players, not 6"),
    ],
)
def test_selfplay_rejects_wrong_players(tmp_path: Path, args: list[str], words: str) -> None:
    r = run("selfplay", *args, "--games", "1", "--seed", "1", "--out", str(tmp_path))
    assert r.returncode == 2
    assert words in r.stderr


def diabolo_example() -> str:
    """The rule book's three worked examples as one round of a record (the
    same round as tests/portable/diabolo_support.py builds): Marc, Herman,
    Anne and Carl, Carl dealing; Herman and Carl double purple."""
    from tabletop.records.diabolo_notation import card_index, card_name
    from tabletop.rules import diabolo

    hands = ["g1 y1 y1 y1 y1 y2", "p5 g3 y2 y2 y3 y3", "r5 y3 y4 y4 y5 y5", "p4 p2 b1 b1 b1 b1"]
    plays = "r3- p5- g2- r1+ p1+ g5- p1- g1+ r2+ p2+ g2+ p4+ g2+".split()
    pile: list[str] = [""] * 24
    for p in range(4):
        for k, name in enumerate(hands[p].split()):
            pile[k * 4 + p] = name  # Carl (3) deals: player 0 is dealt first
    pile += [x[:2] for x in plays]
    rest = [card_name(c) for c in diabolo.deck()]
    for name in pile:
        rest.remove(name)
    pile += rest
    assert sorted(card_index(x) for x in pile) == diabolo.deck()
    lines: list[object] = [
        {"format": 1, "game": "diabolo", "variant": "standard",
         "players": ["Marc", "Herman", "Anne", "Carl"]},
        {"deal": {"dealer": 3, "pile": pile}},
    ]  # fmt: skip
    for i, x in enumerate(plays):
        lines.append({"p": i % 4, "play": [x[:2], "hell" if x[2] == "-" else "heaven"]})
    lines += [{"p": 1, "double": "p"}, {"p": 3, "double": "p"}]
    return "".join(json.dumps(obj) + "\n" for obj in lines)


def test_check_the_diabolo_worked_examples(tmp_path: Path) -> None:
    path = tmp_path / "examples.jsonl"
    path.write_text(diabolo_example())
    r = run("check", str(path))
    assert r.returncode == 0, r.stdout
    summary = objects(r.stdout)[-1]
    assert summary["scores"] == [[0, -3, 0, 12]] and summary["totals"] == [0, -3, 0, 12]
    assert summary["winner"] is None and summary["over"] is False and summary["events"] == 16


def test_check_a_diabolo_record_without_players(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"format": 1, "game": "diabolo", "variant": "standard"}\n')
    r = run("check", str(path))
    assert r.returncode == 2
    (summary,) = objects(r.stdout)
    assert summary["line"] == 1 and "players" in str(summary["error"])


# --- bad options and paths: one error line, no traceback -----------------------


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["board-play", "r.jsonl", "--noise", "nan"], "--noise"),
        (["board-play", "r.jsonl", "--mistakes=-inf"], "--mistakes"),
        (["soak", "--hours", "nan"], "--hours"),
        (["soak", "--hours", "inf"], "--hours"),
        (["sweep", "--noise", "1,nan,2"], "--noise"),
        (["sweep", "--mistakes", "NaN"], "--mistakes"),
        (["device", "--pty", "--speed", "nan"], "--speed"),
        (["device", "--pty", "--pico", "x.img", "--for", "infinity"], "--for"),
    ],
)
def test_a_float_option_refuses_nan_and_infinity(args: list[str], option: str) -> None:
    # (NaN passes every range check: --noise nan played, --hours nan played
    # nothing and said "ok": true, --speed nan was taken)
    r = run(*args)
    assert r.returncode == 2 and r.stdout == ""
    (line,) = [s for s in r.stderr.splitlines() if "error" in s]
    assert f"argument {option}: not a finite number" in line, r.stderr


def test_selfplay_out_onto_a_file_or_under_one(tmp_path: Path) -> None:
    taken = tmp_path / "taken.jsonl"
    taken.write_text("mine\n")
    for out, words in (
        (taken, "is a file, not a folder"),
        (taken / "sub", "cannot make the folder"),
    ):
        r = run("selfplay", "--game", "pyraos", "--games", "2", "--seed", "1", "--out", str(out))
        assert r.returncode == 2 and r.stdout == "", r.stderr
        assert r.stderr.startswith("selfplay: ") and words in r.stderr and str(out) in r.stderr
        assert len(r.stderr.splitlines()) == 1, r.stderr
    assert taken.read_text() == "mine\n"


@pytest.mark.parametrize("size", [None, 0, 100])
def test_device_pico_with_an_image_it_cannot_use(tmp_path: Path, size: int | None) -> None:
    if size is None:  # in a folder that does not exist
        image, words = tmp_path / "no" / "pico.img", f"the folder {tmp_path / 'no'} does not exist"
    else:  # a file that is no flash image
        image, words = tmp_path / "notes.txt", f"{size} bytes, not a Pico's flash image"
        image.write_bytes(b"x" * size)
    r = run("device", "--pty", "--pico", str(image))
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.startswith(f"device: {image}: {words}"), r.stderr
    assert len(r.stderr.splitlines()) == 1 and not (tmp_path / "no").exists()
    if size is not None:
        assert image.read_bytes() == b"x" * size
