"""The AI decision-time benchmark runs in its small size and prints its table."""

from __future__ import annotations

import pytest

from bench import ai_decisions


def test_ai_decisions_small_run_prints_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    """``--small`` on one game prints a row for each level."""
    assert ai_decisions.main(["--small", "--game", "turup"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[1] for row in rows] == ["easy", "normal", "hard"]
