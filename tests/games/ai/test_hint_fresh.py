"""The first hint after a start (issue 38, point 4): in a fresh interpreter, before any
computer player has moved, a hint sees the seat's public history and equals the hint a
warm process gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]


def _fresh(game: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "tests.helpers.hint_worker", game], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("game", ["soi", "turup", "soureh"])
def test_the_first_hint_in_a_fresh_process_equals_a_warm_one(game: str) -> None:
    """A fresh process's first hint (and the seat's history it reads) equals the warm one."""
    found = _fresh(game)
    assert found["history"] == found["warm_history"] != "()"
    assert found["first"] == found["warm"]
