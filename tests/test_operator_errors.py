"""What an operator meets starting the bot (issue 43): a busy METRICS_PORT named as such, a
standby that waits for its shards on the same port, JSON logs to the last line, and
`python -m bot sync` when Discord answers 503 — the real ``python -m bot`` processes
(only the Discord gateway left out), the metrics over real HTTP on loopback."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot import __main__ as cli
from tests.helpers.databases import Backend
from tests.test_main import _clean_env

DRIVER = textwrap.dedent(
    """
    import asyncio, sys
    from bot import __main__ as cli
    from bot.app import CardroomBot

    CardroomBot.shard_retry_seconds = 0.05

    async def start(self, token):  # everything of a start but the Discord connection
        self.sync_commands = False
        await self.setup_hook()
        print("READY", flush=True)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    CardroomBot.start = start
    sys.exit(cli.main(["run"]))
    """
)


def free_port() -> int:
    """A port nothing listens on (the kernel's pick, released at once)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def held_port() -> Iterator[int]:
    """A loopback port another program listens on for the whole test."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


@pytest.fixture
async def postgres(tmp_path: Path) -> AsyncIterator[Backend]:
    """A PostgreSQL test database (dropped afterwards)."""
    made = Backend("postgres", tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


def start_bot(cwd: Path, **settings: str) -> subprocess.Popen[str]:
    """``python -m bot run`` (no gateway) with ``settings`` in its environment."""
    env = _clean_env(DISCORD_TOKEN="t", LOG_LEVEL="INFO", **settings)
    return subprocess.Popen([sys.executable, "-c", DRIVER], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(stream: object, text: str) -> str:
    """Read ``stream`` line by line until one holds ``text`` (``""``: it ended first)."""
    while True:
        line = stream.readline()  # type: ignore[attr-defined]
        if not line or text in line:
            return str(line)


async def scrape(port: int) -> int:
    """The HTTP status of ``/metrics`` on loopback ``port``."""
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/metrics") as response:
        await response.text()
        return response.status


def stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """SIGTERM, then what it wrote (killed if it does not end)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()


def test_a_busy_metrics_port_is_named(tmp_path: Path, held_port: int) -> None:
    """METRICS_PORT on a port another program holds: one line naming the setting and the
    port, exit 2, never "Cannot reach Discord"."""
    proc = start_bot(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'c.db'}",
                     METRICS_PORT=str(held_port))
    out, err = proc.communicate(timeout=60)
    lines = [line for line in err.splitlines() if "METRICS_PORT" in line]
    assert proc.returncode == cli.EXIT_CONFIG, err[-2000:]
    assert len(lines) == 1 and f"METRICS_PORT={held_port}" in lines[0]
    assert "in use" in lines[0] and "READY" not in out
    assert "Cannot reach Discord" not in err and "Traceback" not in err


@pytest.mark.slow  # two bot processes on PostgreSQL, one after the other
async def test_a_standby_on_the_same_metrics_port_waits_for_its_shards(
        postgres: Backend, tmp_path: Path) -> None:
    """A second process with the same shards and METRICS_PORT waits (no bind error) while
    the first serves; when the first stops, it takes the shards and serves the port."""
    url, port = await postgres.url(), free_port()
    first = start_bot(tmp_path, DATABASE_URL=url, METRICS_PORT=str(port))
    second = None
    try:
        assert wait_for(first.stdout, "READY"), stop(first)[1][-2000:]
        assert await scrape(port) == 200
        second = start_bot(tmp_path, DATABASE_URL=url, METRICS_PORT=str(port))
        assert "Waiting for shards" in wait_for(second.stderr, "Waiting for shards")
        assert second.poll() is None and await scrape(port) == 200
        _out, first_err = stop(first)
        assert first.returncode == cli.EXIT_OK, first_err[-2000:]
        assert wait_for(second.stdout, "READY"), stop(second)[1][-2000:]
        assert await scrape(port) == 200
    finally:
        for proc in (first, second):
            if proc is not None:
                stop(proc)
    assert second is not None and second.returncode == cli.EXIT_OK


@pytest.mark.slow  # two bot processes on PostgreSQL, one after the other
async def test_a_waiting_standby_serves_no_metrics(postgres: Backend, tmp_path: Path) -> None:
    """A standby with a port of its own opens it only once it owns its shards: while it
    waits, a scrape finds nothing there."""
    url, port = await postgres.url(), free_port()
    first = start_bot(tmp_path, DATABASE_URL=url)
    second = None
    try:
        assert wait_for(first.stdout, "READY"), stop(first)[1][-2000:]
        second = start_bot(tmp_path, DATABASE_URL=url, METRICS_PORT=str(port))
        assert "Waiting for shards" in wait_for(second.stderr, "Waiting for shards")
        with pytest.raises(aiohttp.ClientConnectionError):
            await scrape(port)
        stop(first)
        assert wait_for(second.stdout, "READY")
        assert await scrape(port) == 200
    finally:
        for proc in (first, second):
            if proc is not None:
                stop(proc)


REFUSE_TOKEN = textwrap.dedent(
    """
    import sys, discord
    from bot import __main__ as cli
    from bot.app import CardroomBot

    async def start(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    CardroomBot.start = start
    sys.exit(cli.main(["run"]))
    """
)
STOPS = {  # why the bot stops: (extra settings, whether Discord refuses the token, words)
    "missing token": ({"DISCORD_TOKEN": ""}, False, "DISCORD_TOKEN is missing"),
    "invalid setting": ({"LOG_LEVEL": "LOUD"}, False, "LOG_LEVEL: must be one of"),
    "unusable database": ({"DATABASE_URL": "sqlite:///{tmp}"}, False, "is a directory"),
    "refused token": ({}, True, "Discord refused DISCORD_TOKEN"),
}


@pytest.mark.parametrize("case", sorted(STOPS))
def test_json_logs_say_why_the_bot_stops_as_json(case: str, tmp_path: Path) -> None:
    """LOG_FORMAT=json: every line on stderr is one JSON object, the reason for stopping
    (exit 2) included."""
    extra, refused, words = STOPS[case]
    env = _clean_env(DISCORD_TOKEN="t", LOG_FORMAT="json",
                     DATABASE_URL=f"sqlite:///{tmp_path / 'c.db'}")
    env.update({k: v.format(tmp=tmp_path) for k, v in extra.items()})
    command = ["-c", REFUSE_TOKEN] if refused else ["-m", "bot"]
    proc = subprocess.run([sys.executable, *command], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stderr[-2000:]
    records = [json.loads(line) for line in lines]  # fails on a line that is not JSON
    assert any(words in r["message"] and r["level"] == "CRITICAL" for r in records), lines


SYNC = textwrap.dedent(
    """
    import sys, discord.http
    from bot import __main__ as cli

    discord.http.Route.BASE = sys.argv[1]  # a stand-in for discord.com on loopback
    sys.exit(cli.main(["sync"]))
    """
)


async def run_sync(base: str, tmp_path: Path) -> tuple[int, str, str]:
    """``python -m bot sync`` against ``base`` (served by this test's event loop)."""
    import asyncio

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SYNC, base, cwd=tmp_path,
        env=_clean_env(DISCORD_TOKEN="t", DATABASE_URL=f"sqlite:///{tmp_path / 'c.db'}"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


@pytest.fixture
async def discord_down() -> AsyncIterator[str]:
    """A loopback server answering every Discord route 503, as Discord does in an outage;
    the API base URL to point discord.py at."""

    async def unavailable(_request: web.Request) -> web.Response:
        return web.Response(status=503, text="upstream connect error or disconnect/reset"
                            " before headers. reset reason: overflow")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unavailable)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}/api/v10"
    finally:
        await runner.cleanup()


async def test_sync_says_in_one_line_that_discord_answered_503(
        discord_down: str, tmp_path: Path) -> None:
    """`python -m bot sync` while Discord answers 503: one line saying so, exit 1, no
    traceback."""
    status, out, err = await run_sync(discord_down, tmp_path)
    lines = [line for line in err.splitlines() if line.strip()]
    assert status == cli.EXIT_FAILURE, err[-2000:]
    assert "Traceback" not in err and "Synced" not in out
    assert len(lines) == 1 and "Not synced: Discord answered HTTP 503" in lines[0]


async def test_sync_says_in_one_line_that_discord_cannot_be_reached(tmp_path: Path) -> None:
    """`python -m bot sync` with no answer at all (a closed port): one line, exit 1."""
    status, _out, err = await run_sync(f"http://127.0.0.1:{free_port()}/api/v10", tmp_path)
    lines = [line for line in err.splitlines() if line.strip()]
    assert status == cli.EXIT_FAILURE and "Traceback" not in err, err[-2000:]
    assert len(lines) == 1 and lines[0].startswith("Not synced: Cannot reach Discord")
