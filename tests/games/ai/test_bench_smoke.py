"""The AI benchmark and the strength research tools run at tiny sizes and print their
tables. Each runs as a process (``python -m …``): tests import neither bench nor research."""

from __future__ import annotations

import pytest

from tests.helpers.modules import run_module as run

pytestmark = pytest.mark.slow


def cells(row: str) -> list[str]:
    """A Markdown row's cells."""
    return [c.strip() for c in row.strip("|").split("|")]


def test_ai_decisions_small_run_prints_every_level() -> None:
    """``--small`` on one game prints a row for each level."""
    rows = run("bench.ai_decisions", "--small", "--game", "turup").stdout.splitlines()[1:]
    assert [row.split()[1] for row in rows] == ["easy", "normal", "hard"]


def test_strength_estimate_and_a_tiny_run() -> None:
    """``research.strength`` estimates the CPU a run needs, and a tiny run prints a row with
    a Wilson interval and whether the target is met."""
    out = run("research.strength", "--estimate", "--game", "pariah", "--probe", "1",
              "--games", "400").stdout
    assert out.splitlines()[-1].startswith("| pariah: hard vs normal | 200 ms |")
    row = cells(run("research.strength", "--game", "soi", "--games", "4", "--seed", "5")
                .stdout.splitlines()[-1])
    assert row[0] == "soi: hard vs 3× normal" and row[2] == "5–8" and row[3] == "4"
    assert "–" in row[5] and row[6].startswith("50 %:")
    out = run("research.strength", "--estimate", "--game", "turup", "--probe", "1",
              "--turup-rounds", "3").stdout
    assert out.splitlines()[-1].startswith("| turup (3 rounds): hard vs normal | 200 ms |")


def test_strength_tally_leaves_a_partial_figure() -> None:
    """``--tally`` writes the running result after every game, so a run stopped early
    still says how many games on which seeds gave which rate."""
    lines = run("research.strength", "--game", "soi", "--games", "3", "--seed", "5",
                "--tally").stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("soi: hard vs 3× normal, 200 ms: seeds 5–5, 1 games, hard ")
    assert "seeds 5–7, 3 games" in lines[-1] and lines[-1].endswith("%)")


def test_research_samplers_keep_what_they_say() -> None:
    """``research.selfcheck``: the ceiling's samplers (hands, all, share, placed, keepread),
    the reading measure and the weights' games each hold what they say."""
    out = run("research.selfcheck").stdout
    assert out.count("ok ") == 5


def test_ceiling_tiny_runs_print_a_row_per_mode() -> None:
    """``research.ceiling``: a tiny run prints a row per game and mode, Pariah's three
    reading modes included."""
    out = run("research.ceiling", "--game", "pariah", "--games", "2", "--playouts", "4").stdout
    assert "| pariah | hands | 70000–70001 | 2 |" in out and "| pariah | all |" in out
    out = run("research.ceiling", "--game", "pariah", "--games", "1", "--playouts", "4",
              "--mode", "fair", "--mode", "placed", "--mode", "keepread").stdout
    assert all(f"| pariah | {mode} |" in out for mode in ("fair", "placed", "keepread"))


def test_reading_tiny_run_reads_more_than_chance() -> None:
    """``research.reading``: a tiny run prints one row whose belief reads more than chance."""
    row = cells(run("research.reading", "--games", "2", "--samples", "5")
                .stdout.splitlines()[-1])
    assert row[0] == "70000–70001" and row[1] == "2" and int(row[2]) > 0
    assert float(row[4].rstrip(" %")) > float(row[3].rstrip(" %"))


def test_weights_prints_normal_first_then_the_sets_asked_for() -> None:
    """``research.weights``: normal against itself first, then the sets asked for, in both
    games."""
    for game, other in (("turup", "leave_weight=0.4,follow_weight=1"),
                        ("pariah", "knock_lead=50")):
        out = run("research.weights", "--game", game, "--games", "4", "--weights", other).stdout
        rows = out.splitlines()[2:]
        assert len(rows) == 2 and rows[0].startswith("| normal | 4 |")
        assert rows[1].startswith(f"| {other.replace('=', ' ').replace(',', ', ')} | 4 |")
