"""Run a benchmark or a research tool as its operator does, ``python -m NAME ARGS``, from
the repository's root: the tests import neither ``bench`` nor ``research`` to smoke-run
them, so neither has to be importable from the installed product."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_module(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m args…`` in a new process from the repository's root; it must exit 0
    (its stderr is the failure message otherwise)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done
