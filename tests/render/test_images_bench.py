"""The card image benchmark runs (smoke test; timings are printed, never asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.modules import run_module


@pytest.mark.slow
def test_bench_runs_and_prints_every_game() -> None:
    """``python -m bench.render_images --repeat 1`` prints a row per game and the cache hit
    time."""
    out = run_module("bench.render_images", "--repeat", "1").stdout
    for game in ("soureh", "pariah", "turup", "soi"):
        assert f"\n{game} " in out
    assert "cache hit" in out


@pytest.mark.slow
def test_bench_saves_sample_images(tmp_path: Path) -> None:
    """--save DIR writes the table, hand and round-end PNGs of every game."""
    run_module("bench.render_images", "--repeat", "1", "--save", str(tmp_path))
    saved = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(saved) == 12
    assert all((tmp_path / name).read_bytes().startswith(b"\x89PNG") for name in saved)
