"""Smoke test of the Soureh engine benchmark (tiny size; timings are never asserted)."""

from __future__ import annotations

import pytest

from tests.helpers.modules import run_module


@pytest.mark.slow
def test_bench_runs_tiny_and_prints_figures() -> None:
    """`python -m bench.engine_soureh --turns 50` plays 50 turns and prints turns/s."""
    out = run_module("bench.engine_soureh", "--turns", "50", "--repeat", "1").stdout
    assert "50 turns" in out and "turns/s" in out
