"""compose.yaml is a valid Compose file (checked by Docker Compose itself where installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _compose() -> list[str] | None:
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    return None


def test_compose_file_is_valid(tmp_path: Path) -> None:
    """`compose config` accepts compose.yaml with the example settings, bot and database."""
    compose = _compose()
    if compose is None:
        pytest.skip("no Docker Compose on this machine")
    shutil.copy(ROOT / "compose.yaml", tmp_path / "compose.yaml")
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    done = subprocess.run(
        [*compose, "config"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "condition: service_healthy" in done.stdout
    assert "postgresql://" in done.stdout
