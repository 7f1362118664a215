"""The console speaks people's notation (issue 37): whole games of each game played by
typing moves with names and seat numbers from 1, every bad input answered in one line,
lists of at most 24 lines, a bad --variant named in one line."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from bot.console import play as offline
from bot.console.moves import MAX_LINES

BAD_INPUTS = ["foo", "give 9 1", "99", "", "ask nobody 3H", "keep"]


class Player(io.StringIO):
    """A person at the console: types the moves as listed (players by name, or by seat
    number every other time), a bad input every few turns, and checks each answer."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.at = 0
        self.turns = 0
        self.bad: str | None = None
        self.answers: list[str] = []
        self.longest = 0

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        said = text[self.at:]
        self.at = len(text)
        if self.bad is not None:
            self.answers.append(said)
            self.bad = None
        self.turns += 1
        if self.turns > 4000:
            return ""
        block = text.rpartition("Your moves:")[2].split("\n> ")[0]
        lines = [line for line in block.splitlines()[1:] if line.strip()]
        self.longest = max(self.longest, len(lines))
        if self.turns % 5 == 0:
            self.bad = BAD_INPUTS[(self.turns // 5) % len(BAD_INPUTS)]
            return self.bad + "\n"
        move = _first_move(lines)
        if self.turns % 2:
            move = re.sub(r"Computer (\d)", r"\1", move)
        return move + "\n"


def _first_move(lines: list[str]) -> str:
    first = lines[0].strip()
    if re.match(r"\d+\. ", first):  # "1. give Computer 2 3 — put …"
        return first.split(". ", 1)[1].split(" — ")[0]
    head, _, items = first.partition(": ")  # "ask Computer 2: 1) 4♠   2) 4♥"
    rest = items.split("   ")[0].split(") ", 1)
    return f"{head} {rest[1]}" if len(rest) > 1 else head


@pytest.mark.parametrize(("game", "argv"), [
    ("soureh", ["--variant", "threshold=100", "--players", "3"]),
    ("pariah", ["--variant", "threshold=200"]),
    ("turup", ["--variant", "rounds=1"]),
    ("soi", ["--variant", "target=60", "--players", "3"]),
])
def test_a_whole_game_by_names_and_numbers_from_one(game: str, argv: list[str]) -> None:
    """Typed as listed (names) or with seat numbers from 1, the moves play a whole game;
    the console never shows a seat 0, lists at most 24 lines of moves, and answers each
    bad input in one line."""
    out = io.StringIO()
    player = Player(out)
    status = offline.main([game, "--seed", "5", "--level", "easy", *argv], player, out)
    text = out.getvalue()
    assert status == 0 and "Final totals" in text, text[-2000:]
    assert "seat 0" not in text and "numbered 0" not in text
    assert "You deals" not in text and "You's" not in text
    assert player.longest <= MAX_LINES
    assert player.answers, "bad inputs were typed"
    for answer in player.answers:
        assert answer.endswith("> ") and answer[:-2].count("\n") == 1, answer
        assert "Traceback" not in answer


def test_soureh_for_two_protects_nobody_and_tells_a_keep_once() -> None:
    """In a two-player Soureh game nobody is "now protected", and the keeper reads his
    keep once (not the table's line and then his own)."""
    out = io.StringIO()
    offline.main(["soureh", "--seed", "4", "--level", "easy", "--variant", "threshold=30"],
                 io.StringIO("draw\nkeep 2\n" + "1\n" * 3000), out)
    text = out.getvalue()
    assert "protected" not in text
    assert "You drew a card and kept it" not in text and "You kept" in text


def test_many_moves_are_grouped_and_numbered() -> None:
    """Soi's asks are listed a line per player, numbered, and a number plays its move."""
    out = io.StringIO()
    offline.main(["soi", "--seed", "3", "--players", "4"], io.StringIO("41\nquit\n"), out)
    text = out.getvalue()
    listed = text.split("Your moves:")[1].split("\n> ")[0].splitlines()[1:]
    assert 3 <= len(listed) <= MAX_LINES
    assert listed[0].strip().startswith("ask Computer 2: 1) ")
    assert "You asked Computer 4 for" in text


def test_rules_and_board_are_shown_in_the_console() -> None:
    """`rules` shows the /rules pages (page by page), `board` the table, `help` the list."""
    out = io.StringIO()
    offline.main(["turup", "--seed", "2"], io.StringIO("rules\nrules 2\nrules 9\nboard\n"
                                                       "help\nquit\n"), out)
    text = out.getvalue()
    assert "Rules page 1 of" in text and "Rules page 2 of" in text
    assert "There is no page 9" in text
    assert text.count("Your moves:") == 2


@pytest.mark.parametrize(("variant", "players", "words"), [
    ("threshold=abc", "2", "--variant threshold=abc: Soureh threshold must be a whole number."),
    ("threshold=5", "2", "--variant threshold=5: Soureh threshold must be between 20 and"),
    ("colour=red", "2", "--variant colour=red: Soureh has no option 'colour'"),
    ("threshold", "2", "--variant threshold: write an option as key=value"),
])
def test_a_bad_variant_is_one_line_naming_it(variant: str, players: str, words: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A bad --variant exits 2 with one line naming the option, not Python's words."""
    assert offline.main(["soureh", "--players", players, "--variant", variant],
                        io.StringIO(""), io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and err.count("\n") == 1
    assert "invalid literal" not in err


def test_a_variant_the_player_count_forbids_is_one_line() -> None:
    """`--variant pack=somali` with two players: one line naming it, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "turup", "--players", "2", "--variant",
         "pack=somali"], input="1\n", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("--variant pack=somali: The Somali pack")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
