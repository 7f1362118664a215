"""The AI decision-time benchmark runs in its small size and prints its table."""

from __future__ import annotations

import pytest

from bench import ai_decisions


def test_ai_decisions_small_run_prints_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    """``--small`` on one game prints a row for each level."""
    assert ai_decisions.main(["--small", "--game", "turup"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[1] for row in rows] == ["easy", "normal", "hard"]


def test_strength_estimate_and_a_tiny_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench.strength`` estimates the CPU a run needs, and a tiny run prints a row with a
    Wilson interval and whether the target is met."""
    from bench import strength

    assert strength.main(["--estimate", "--game", "pariah", "--probe", "1", "--games", "400"]) == 0
    estimate = capsys.readouterr().out.splitlines()[-1]
    assert estimate.startswith("| pariah: hard vs normal | 200 ms |")
    assert strength.main(["--game", "soi", "--games", "4", "--seed", "5"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "soi: hard vs 3× normal" and cells[2] == "5–8" and cells[3] == "4"
    assert "–" in cells[5] and cells[6].startswith("50 %:")


def test_strength_tally_leaves_a_partial_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """``--tally`` writes the running result after every game, so a run stopped early
    still says how many games on which seeds gave which rate."""
    from bench import strength

    assert strength.main(["--game", "soi", "--games", "3", "--seed", "5", "--tally"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("soi: hard vs 3× normal, 200 ms: seeds 5–5, 1 games, hard ")
    assert "seeds 5–7, 3 games" in lines[-1] and lines[-1].endswith("%)")
