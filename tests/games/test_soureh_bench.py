"""Smoke test of the Soureh engine benchmark (tiny size; timings are never asserted)."""

from __future__ import annotations

import pytest

from bench import engine_soureh


def test_bench_runs_tiny_and_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bench.engine_soureh --turns 50` plays 50 turns and prints turns/s."""
    engine_soureh.main(["--turns", "50", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "50 turns" in out and "turns/s" in out
