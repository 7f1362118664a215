"""``python -m bot play``: a whole game in the terminal, driven through stdin."""

from __future__ import annotations

import io
import subprocess
import sys

from bot import offline


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
    typed = "draw\ndiscard\nend\n" * 400
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
    mine = next(line for line in board.splitlines() if line.strip().startswith("You (seat 0)"))
    theirs = next(line for line in board.splitlines() if "Computer 1 (seat 1)" in line)
    assert "?" not in mine.split("down")[1]
    assert theirs.split("down")[1].split()[:4] == ["?", "?", "?", "?"]


def test_wrong_player_count_is_refused() -> None:
    """Asking for more players than the game allows exits with status 2."""
    status, _ = _play(["pariah", "--players", "3"], "")
    assert status == 2


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
