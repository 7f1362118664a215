"""``python -m bot play``: a whole game in the terminal, driven through stdin."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot.console import play as offline


def _play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    status = offline.main(argv, stdin=io.StringIO(typed), stdout=out)
    return status, out.getvalue()


def test_turup_round_played_to_the_end_answering_one() -> None:
    """Answering "1" to every prompt finishes a 1-round, 2-player Turup game."""
    status, text = _play(["turup", "--seed", "3", "--variant", "rounds=1"], "1\n" * 100)
    assert status == 0
    assert "Final totals: You" in text
    assert "Winner:" in text
    assert "Your hand:" in text


def test_soureh_game_played_to_the_end_by_notation() -> None:
    """Typing notation (draw, then discard) plays a short Soureh game to its end."""
    typed = "draw\ndiscard\n" * 400
    status, text = _play(
        ["soureh", "--seed", "1", "--level", "easy", "--variant", "threshold=20"], typed
    )
    assert status == 0
    assert "Final totals" in text


def test_end_of_input_leaves_cleanly() -> None:
    """End of input before the game ends says goodbye and exits 0."""
    status, text = _play(["soi", "--seed", "2"], "")
    assert status == 0
    assert text.rstrip().endswith("Bye.")


def test_quit_leaves_cleanly() -> None:
    """Typing quit leaves the game at once."""
    status, text = _play(["pariah", "--seed", "2"], "quit\n1\n")
    assert status == 0
    assert text.rstrip().endswith("Bye.")


def test_bad_input_is_explained_and_asked_again() -> None:
    """A wrong number or illegal notation is explained, then the prompt comes back."""
    status, text = _play(["soureh", "--seed", "4"], "7\nkeep 2\nquit\n")
    assert status == 0
    assert "There is no move 7" in text
    assert "start your turn with draw" in text


def test_board_shows_own_face_down_cards_but_not_the_opponents() -> None:
    """The board lists your own face-down cards and hides the computer's."""
    _, text = _play(["soureh", "--seed", "5"], "quit\n")
    board = text.split("Your moves:")[0]
    mine = next(line for line in board.splitlines() if line.strip().startswith("You (seat 1)"))
    theirs = next(line for line in board.splitlines() if "Computer 2 (seat 2)" in line)
    assert "?" not in mine.split("down")[1]
    assert theirs.split("down")[1].split()[:4] == ["?", "?", "?", "?"]


def test_wrong_player_count_is_refused() -> None:
    """Asking for more players than the game allows exits with status 2."""
    status, _ = _play(["pariah", "--players", "3"], "")
    assert status == 2


@pytest.mark.slow
def test_play_subcommand_runs_from_the_command_line() -> None:
    """``python -m bot play`` is wired into the command line and reads stdin."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "turup", "--seed", "9", "--variant", "rounds=1"],
        input="1\n" * 100,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Final totals" in done.stdout


class _Chooser(io.StringIO):
    """A player at the console who reads the listed moves: he types the first declaring
    move listed, else reveal (once per listing; draw after a refusal), else move 1."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        if len(self.typed) > 3000:
            return ""
        _before, _, moves = text.rpartition("Your moves:")
        listed = [line.split(".", 1)[1].split(" — ")[0].strip()
                  for line in moves.splitlines() if line.strip()[:1].isdigit()]
        answer = "1"
        declaring = [m for m in listed if m.endswith(" declare")]
        if declaring:
            answer = declaring[0]
        elif "reveal" in listed:
            refused = "can't reveal" in moves  # the list is not shown again after it
            answer = "draw" if refused else "reveal"
        self.typed.append(answer)
        return answer + "\n"


def test_console_declares_with_the_placement_and_reveals_or_draws() -> None:
    """Under the reveal rule the console lists `keep N declare`-style moves, and on the
    declarer's returning turn lists draw and reveal every time; a refused reveal is
    explained and the game plays on to its end."""
    out = io.StringIO()
    chooser = _Chooser(out)
    status = offline.main(["soureh", "--seed", "4", "--level", "easy", "--variant",
                           "threshold=30", "--variant", "declare=reveal"], chooser, out)
    text = out.getvalue()
    assert status == 0 and "Final totals" in text
    assert any(t.endswith(" declare") for t in chooser.typed)
    assert "reveal" in chooser.typed
    assert "You can't reveal: your coop" in text, "this seed's declarer tries a spoiled reveal"
    for block in text.split("Your moves:")[1:]:
        listed = [line.split(".", 1)[1].strip().split(" — ")[0]
                  for line in block.split(">")[0].splitlines() if line.strip()[:1].isdigit()]
        assert ("reveal" in listed) is ("draw" in listed and len(listed) == 2)
    assert "end" not in chooser.typed and "continue" not in text.split("Your moves:", 1)[1]


def test_old_words_are_explained() -> None:
    """Typing `end` or `continue` explains the new notation instead of playing."""
    _, text = _play(["soureh", "--seed", "4"], "draw\nend\nquit\n")
    assert "There is no end any more" in text


def test_events_about_you_read_in_the_second_person() -> None:
    """The console names the human "You": event texts say "You draw", "your slot",
    "You are", never "You draws" or "You's"."""
    assert offline.you_form("You draws instead of revealing.") == "You draw instead of revealing."
    assert offline.you_form("Computer 1 put 5♣ on You's slot 1.") == \
        "Computer 1 put 5♣ on your slot 1."
    assert offline.you_form("You's declaration stands.") == "Your declaration stands."
    assert offline.you_form("You is now protected.") == "You are now protected."
    assert offline.you_form("Round 2: You deals.") == "Round 2: You deal."
    assert offline.you_form("Computer 2 gives You a card.") == "Computer 2 gives you a card."
    # any game's verb, none listed (the console once listed the four games' verbs)
    assert offline.you_form("You bids 3. You passes.") == "You bid 3. You pass."
    _, text = _play(["pariah", "--seed", "3", "--level", "easy"], "1\n" * 300)
    assert "You's" not in text and "You draws" not in text and "You knocks" not in text
