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
