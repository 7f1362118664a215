"""Smoke test: every benchmark runs once at tiny sizes, so none can rot (no timing asserted).
The runs are processes (``python -m bench``); the runner's own rules are tested in process."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import run
from tests.helpers.modules import run_module


@pytest.mark.slow
def test_every_section_runs_at_tiny_sizes(tmp_path: Path) -> None:
    """``python -m bench --quick`` runs every section in one process: none fails, and each
    figure has a value and a line saying how it was measured."""
    out = tmp_path / "results.md"
    run_module("bench", "--quick", "--out", str(out), timeout=900)
    text = out.read_text(encoding="utf-8")
    table, methods = text.split("## Method of each measure")
    rows = [r for r in table.splitlines()
            if r.startswith("| ") and not r.startswith(("| section", "| ---"))]
    assert rows and not any("| failed |" in r for r in rows)
    assert all(r.split("|")[3].strip() for r in rows)  # a value
    assert len([m for m in methods.splitlines() if m.startswith("- **")]) == len(rows)
    for section in ("1. Engine speed", "2. Turup captures", "Capacity"):
        assert f"| {section} |" in table


def test_runner_writes_results_with_the_machine(tmp_path: Path) -> None:
    """`python -m bench --quick --out FILE` prints the table and writes it with the machine."""
    out = tmp_path / "results.md"
    printed = run_module("bench", "--quick", "--only", "captures", "--out", str(out)).stdout
    text = out.read_text(encoding="utf-8")
    assert "| 2. Turup captures | 20-card pile |" in text
    assert "- CPU: " in text and "- Python: " in text and "Method of each measure" in text
    assert "20-card pile" in printed


@pytest.mark.slow
def test_quick_run_writes_no_file_unless_asked(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    """A --quick run leaves bench/results.md alone when no --out is given."""
    target = tmp_path / "results.md"
    monkeypatch.setattr(run, "RESULTS", target)
    run.main(["--quick", "--only", "captures"])
    assert not target.exists()
    run.main(["--only", "captures", "--quick", "--out", str(target)])
    assert target.exists()


def test_percentile_is_nearest_rank() -> None:
    """percentile() picks the nearest-rank sample (p99 of 100 samples is the 99th)."""
    samples = [float(i) for i in range(1, 101)]
    assert run.percentile(samples, 99) == 99.0
    assert run.percentile(samples, 50) == 50.0
    assert run.percentile([3.0], 99) == 3.0


def test_a_failing_section_is_reported_and_the_run_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A benchmark that raises shows as 'failed' in the table, the others still run, exit 1."""

    def broken(quick: bool) -> list[run.Figure]:
        raise RuntimeError("no table service")

    monkeypatch.setitem(run.SECTIONS, "broken", broken)
    out = tmp_path / "results.md"
    code = run.main(["--quick", "--only", "broken", "captures", "--out", str(out)])
    assert code == 1
    text = out.read_text(encoding="utf-8")
    assert "| broken | failed | RuntimeError: no table service |" in text
    assert "20-card pile" in text
    assert "failed: broken" in capsys.readouterr().err
