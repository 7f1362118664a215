"""SIGTERM at any moment of a real ``python -m bot run`` (issue 35): connecting (a TLS
handshake that hangs), logging in (an HTTP reply that never comes), syncing the commands,
opening the gateway, running: the process stops within 10 s (Docker's grace) with exit 0
and no "Cannot reach Discord"."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.fake_discord import DRIVER, FakeDiscord

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GRACE = 10.0  # docker stop's default before SIGKILL

STATES = {
    "tls handshake": "tls",
    "login reply": "/users/@me",
    "command sync": "/applications/",
    "gateway url": "/gateway/bot",
    "gateway hello": "gateway",
    "running": None,
}


def _start(base: str, tmp_path: Path, **extra: str) -> subprocess.Popen[str]:
    env = {**extra, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
           "DISCORD_TOKEN": "fake.token.value", "DATABASE_URL": f"sqlite:///{tmp_path / 'c.db'}",
           "HEARTBEAT_FILE": str(tmp_path / "heartbeat"), "LOG_LEVEL": "INFO"}
    return subprocess.Popen([sys.executable, "-c", DRIVER, base], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(check: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("state", sorted(STATES))
def test_sigterm_stops_cleanly_within_docker_grace(tmp_path: Path, state: str) -> None:
    """SIGTERM while the bot waits at ``state``: exit 0 within 10 s, no "Cannot reach"."""
    hang = STATES[state]
    with FakeDiscord(hang=hang) as fake:
        proc = _start(fake.base, tmp_path)
        try:
            if hang is None:  # running: connected and ready, the heartbeat file appears
                reached = _wait_for((tmp_path / "heartbeat").exists, 90)
            else:
                reached = fake.reached.wait(90)
            assert reached, f"never got to {state}: {fake.requests}"
            time.sleep(0.3)
            assert proc.poll() is None, proc.communicate()[1]
            sent = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            try:
                _out, err = proc.communicate(timeout=GRACE + 20)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still running {GRACE + 20:.0f} s after SIGTERM at {state}")
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == 0, err
    assert took < GRACE, f"{took:.1f} s\n{err}"
    assert "Cannot reach" not in err and "Connector is closed" not in err, err
    assert "Traceback" not in err, err
    assert "Received SIGTERM: shutting down" in err


def test_json_logs_from_a_real_process(tmp_path: Path) -> None:
    """LOG_FORMAT=json: every line the bot writes on stderr, from start to stop, is one
    JSON object with time, level, logger and message."""
    with FakeDiscord(hang="/users/@me") as fake:
        proc = _start(fake.base, tmp_path, LOG_FORMAT="json")
        try:
            assert fake.reached.wait(90)
            proc.send_signal(signal.SIGTERM)
            _out, err = proc.communicate(timeout=GRACE + 20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == 0, err
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]
    messages = [line["message"] for line in lines]
    assert "Received SIGTERM: shutting down" in messages and "Stopped" in messages
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
