"""The card image benchmark runs (smoke test; timings are printed, never asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.render_images import main


def test_bench_runs_and_prints_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    """main(["--repeat", "1"]) prints a row per game and the cache hit time."""
    assert main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    for game in ("soureh", "pariah", "turup", "soi"):
        assert f"\n{game} " in out
    assert "cache hit" in out


def test_bench_saves_sample_images(tmp_path: Path) -> None:
    """--save DIR writes the table, hand and round-end PNGs of every game."""
    assert main(["--repeat", "1", "--save", str(tmp_path)]) == 0
    saved = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(saved) == 12
    assert all((tmp_path / name).read_bytes().startswith(b"\x89PNG") for name in saved)
