"""The command line: missing token, invalid settings, subcommands, shutdown, heartbeat."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from bot import __main__ as cli
from bot.app import CardroomBot

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SETTING_NAMES = ("DISCORD_TOKEN", "DATABASE_URL", "LOG_LEVEL", "DEV_GUILD_ID", "HEARTBEAT_FILE")


def _clean_env(**extra: str) -> dict[str, str]:
    """A minimal environment for a child process: no settings, the repo importable."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    env.update(extra)
    return env


@pytest.fixture
def no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder (no .env) with none of the settings in the environment."""
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_python_m_bot_without_token_explains_what_to_do(tmp_path: Path) -> None:
    """`python -m bot` with no token exits non-zero and says how to get and place one."""
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0
    assert "DISCORD_TOKEN is missing" in proc.stderr
    assert "Reset Token" in proc.stderr
    assert ".env.example" in proc.stderr
    assert "python -m bot play soureh" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_invalid_setting_is_named_without_traceback(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad LOG_LEVEL gives exit status 2 and one line naming it and the allowed values."""
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert cli.main([]) == cli.EXIT_CONFIG
    err = capsys.readouterr().err
    assert "LOG_LEVEL: must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL" in err
    assert "Traceback" not in err


def test_invalid_setting_in_dotenv_is_named(
    no_settings: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad value in .env is reported by its variable name, and the token never echoed."""
    (no_settings / ".env").write_text("DISCORD_TOKEN=sekrit-token\nDEV_GUILD_ID=my server\n")
    assert cli.main(["run"]) == cli.EXIT_CONFIG
    err = capsys.readouterr().err
    assert "DEV_GUILD_ID: must be a server id" in err
    assert "sekrit-token" not in err


def test_rejected_token_gives_a_clear_message(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """When Discord refuses the token (LoginFailure) the exit status is 2 (a configuration
    error: a restart does not help) with advice."""

    async def refuse(self: CardroomBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{no_settings / 'cardroom.db'}")
    monkeypatch.setattr(CardroomBot, "login", refuse)
    monkeypatch.setattr(cli, "setup_logging", lambda level, wire=False: None)
    assert cli.main(["run"]) == cli.EXIT_CONFIG
    err = capsys.readouterr().err
    assert "Discord refused DISCORD_TOKEN" in err and "Reset Token" in err
    assert "not-a-real-token" not in err


DRIVER = textwrap.dedent(
    """
    import asyncio, sys
    from bot import __main__ as cli
    from bot.app import CardroomBot
    from storage.connect import open_database
    from storage.sqlite import SQLiteDatabase

    real_close = SQLiteDatabase.close

    async def close(self):
        await real_close(self)
        print("DATABASE CLOSED", flush=True)

    async def start(self, token):
        SQLiteDatabase.close = close  # the start-up check's own open and close come before
        self._db = await open_database(self.settings.database_url)
        print("READY", flush=True)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    CardroomBot.start = start
    sys.exit(cli.main(["run"]))
    """
)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_shuts_down_cleanly_and_closes_the_database(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """SIGTERM or SIGINT closes the bot and its database, and the process exits 0."""
    env = _clean_env(DISCORD_TOKEN="t", DATABASE_URL=f"sqlite:///{tmp_path / 'c.db'}")
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "READY"
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "DATABASE CLOSED" in out
    assert "Traceback" not in err


def test_missing_subcommand_modules_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module named in SUBCOMMAND_MODULES that does not exist leaves `run` working."""
    monkeypatch.setattr(cli, "SUBCOMMAND_MODULES", ("bot.no_such_subcommand",))
    parser = cli.build_parser()
    assert parser.parse_args([]).func is cli.run_command
    assert parser.parse_args(["run"]).func is cli.run_command


def test_subcommand_module_adds_its_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module in SUBCOMMAND_MODULES with add_parser() gets its subcommand dispatched."""
    (tmp_path / "cardroom_extra_cmd.py").write_text(
        textwrap.dedent(
            """
            def add_parser(subparsers):
                parser = subparsers.add_parser("hello", help="say hello")
                parser.add_argument("name")
                parser.set_defaults(func=lambda args: 40 + len(args.name))
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(cli, "SUBCOMMAND_MODULES", ("cardroom_extra_cmd",))
    assert cli.main(["hello", "ab"]) == 42


def test_help_lists_run(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` lists the run subcommand and exits 0."""
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    assert "run" in capsys.readouterr().out


async def test_heartbeat_touches_the_file_only_while_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heartbeat file appears once the bot is ready, and not before."""
    monkeypatch.setattr(cli, "HEARTBEAT_SECONDS", 0.005)
    state = SimpleNamespace(ready=False)
    fake = SimpleNamespace(is_ready=lambda: state.ready, is_closed=lambda: False)
    path = tmp_path / "run" / "heartbeat"
    task = asyncio.create_task(cli.beat(fake, path))  # type: ignore[arg-type]
    try:
        await asyncio.sleep(0.05)
        assert not path.exists()
        state.ready = True
        await asyncio.sleep(0.05)
        assert path.exists()
    finally:
        task.cancel()


def test_every_subcommand_sets_func() -> None:
    """Every registered subcommand sets a callable `func` (the add_parser contract)."""
    parser = cli.build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(actions) == 1
    for name, sub in actions[0].choices.items():
        assert callable(sub.get_default("func")), name


def test_setup_logging_sets_the_level_and_quietens_aiosqlite() -> None:
    """LOG_LEVEL=DEBUG reaches the root logger, while aiosqlite stays at INFO or above."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("aiosqlite").level)
    try:
        cli.setup_logging("DEBUG")
        assert root.level == logging.DEBUG
        assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.INFO
        cli.setup_logging("ERROR")
        assert root.level == logging.ERROR
        assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.ERROR
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("aiosqlite").setLevel(saved[2])


INSTALL = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -c requirements-dev.lock"
    " -e '.[dev]' && python -m bot"
)
TEST = ". .venv/bin/activate && pytest"


def test_readme_and_ci_use_the_same_commands() -> None:
    """The README's install and test commands are the ones .ci/run runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert INSTALL in readme and TEST in readme
    install = INSTALL.removesuffix(" && python -m bot").split(" && ", 1)[1]
    assert install in ci and TEST in ci
    assert "python3 -m venv" in ci and "ruff check ." in ci


def _unusable_sqlite(kind: str, folder: Path) -> str:
    """A DATABASE_URL naming an unusable SQLite database of ``kind``."""
    path = folder / "cardroom.db"
    if kind == "directory":
        path.mkdir()
    elif kind == "garbage":
        path.write_bytes(bytes(range(256)) * 64)
    elif kind == "truncated header":
        path.write_bytes(b"SQLite format 3\x00\x10\x00\x01\x01")
    elif kind == "parent is a file":
        (folder / "data").write_text("not a folder")
        path = folder / "data" / "cardroom.db"
    elif kind == "newer schema":
        import sqlite3

        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY,"
                     " name TEXT NOT NULL, applied_at TEXT)")
        conn.execute("INSERT INTO schema_migrations VALUES (999, '999_future.sql', '')")
        conn.commit()
        conn.close()
    elif kind == "read-only file":
        import sqlite3

        sqlite3.connect(path).close()
        path.chmod(0o444)
        folder.chmod(0o555)
    return f"sqlite:///{path}"


START_UP_CASES = {
    "directory": "is a directory",
    "garbage": "is not a Cardroom database",
    "truncated header": "is not a Cardroom database",
    "parent is a file": "is a file, not a folder",
    "newer schema": "written by a newer version",
    "read-only file": "read-only",
}


@pytest.mark.parametrize("kind", sorted(START_UP_CASES))
def test_unusable_sqlite_database_gives_one_line_and_exit_2(kind: str) -> None:
    """`python -m bot` with an unusable SQLite database says what is wrong in one line and
    exits 2: never a traceback, never "Cannot reach Discord"."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="cardroom-start-"))
    folder.chmod(0o777)
    try:
        url = _unusable_sqlite(kind, folder)
        proc = subprocess.run(
            [sys.executable, "-m", "bot"], cwd=folder,
            env=_clean_env(DISCORD_TOKEN="x", DATABASE_URL=url),
            capture_output=True, text=True, timeout=60,
        )
    finally:
        folder.chmod(0o777)
        shutil.rmtree(folder, ignore_errors=True)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stderr
    assert len(lines) == 1, proc.stderr
    assert START_UP_CASES[kind] in lines[0]
    assert "Traceback" not in proc.stderr and "Cannot reach Discord" not in proc.stderr


@pytest.mark.parametrize(("url", "expected"), [
    ("postgresql://postgres@127.0.0.1:1/cardroom", "network error"),
    ("postgresql://postgres@no-such-host.invalid:5432/cardroom", "network error"),
])
def test_unreachable_postgres_gives_one_line_and_exit_2(url: str, expected: str) -> None:
    """A PostgreSQL server that refuses or does not exist: one line naming it, exit 2."""
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=ROOT,
        env=_clean_env(DISCORD_TOKEN="x", DATABASE_URL=url),
        capture_output=True, text=True, timeout=60,
    )
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stderr
    assert len(lines) == 1 and expected in lines[0] and "Cannot reach PostgreSQL" in lines[0]
    assert "Traceback" not in proc.stderr and "Cannot reach Discord" not in proc.stderr


async def test_missing_postgres_database_is_named(tmp_path: Path) -> None:
    """A server without the named database: one line saying so and how to create it."""
    from tests.helpers.databases import require_server, server_url, with_database

    await require_server()
    url = with_database(server_url(), "cardroom_no_such_database")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env=_clean_env(DISCORD_TOKEN="x", DATABASE_URL=url),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await proc.communicate()
    text = err.decode()
    assert proc.returncode == cli.EXIT_CONFIG, text
    assert "has no database 'cardroom_no_such_database'" in text and "createdb" in text
    assert "Traceback" not in text


# Passwords that cut a URL when typed raw (# ends it, / starts the path, ? the query, the
# first @ the host); each run's output must hold no 3-character piece of them.
SECRETS = {
    "hash": "Qx7Vb3#Jn9Kw",
    "slash and colon": "Qx7:Vb3/Jn9Kw",
    "at": "Qx7Vb3@Jn9Kw",
    "question mark and colon": "Qx7Vb3:Jn9?Kw",
    "everything": "Qx7#Vb3@Jn9/Kw:Zp4?Rt",
    "no server": "Qx7Vb3Jn9Kw",
    "query password": "Qx7Vb3Jn9Kw",
}
SECRET_URLS = {case: f"postgresql://cardroom:{secret}@127.0.0.1:5432/cardroom"
               for case, secret in SECRETS.items()}
SECRET_URLS["everything"] = SECRET_URLS["everything"].replace("postgresql:", "postgres:")
SECRET_URLS["no server"] = "postgresql://cardroom:Qx7Vb3Jn9Kw@/cardroom"
SECRET_URLS["query password"] = "postgresql:///cardroom?password=Qx7Vb3Jn9Kw"
MALFORMED = {  # no "://": the password is found by no URL parser
    "no colon after the scheme": "postgresql//cardroom:Qx7Vb3Jn9Kw@127.0.0.1:5432/cardroom",
    "one slash": "postgresql:/cardroom:Qx7Vb3Jn9Kw@127.0.0.1/cardroom",
    "no scheme": "cardroom:Qx7Vb3Jn9Kw@127.0.0.1/cardroom",
}
SECRETS.update(dict.fromkeys(MALFORMED, "Qx7Vb3Jn9Kw"))
SECRET_URLS.update(MALFORMED)
SECRET_TOKEN = "Mt4Nz8.Gh2Lp6.Wq5Ys1"


def _assert_no_secret(text: str, secret: str) -> None:
    """Fail (without printing either) when ``text`` holds a 3-character piece of ``secret``
    that is not a URL's punctuation."""
    pieces = {secret[i:i + 3] for i in range(len(secret) - 2)}
    leaked = [p for p in pieces if p.isalnum() and p in text]
    if leaked:
        pytest.fail(f"{len(leaked)} pieces of the secret appear in the output", pytrace=False)


def _one_clear_line(proc: subprocess.CompletedProcess[str], secret: str) -> str:
    """The process exited 2 with one line on stderr, nothing on stdout and no secret."""
    for text in (proc.stdout, proc.stderr):
        _assert_no_secret(text, secret)
        _assert_no_secret(text, SECRET_TOKEN)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG and len(lines) == 1 and not proc.stdout.strip()
    assert "Traceback" not in proc.stderr
    return lines[0]


@pytest.mark.parametrize("case", sorted(SECRET_URLS))
def test_a_bad_database_url_never_shows_its_password(case: str, tmp_path: Path) -> None:
    """`python -m bot` with a DATABASE_URL whose password cuts the URL exits 2 with one line
    saying to percent-encode it (or what else is wrong), never the password or the token."""
    url = SECRET_URLS[case]
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path,
        env=_clean_env(DISCORD_TOKEN=SECRET_TOKEN, DATABASE_URL=url),
        capture_output=True, text=True, timeout=60,
    )
    line = _one_clear_line(proc, SECRETS[case])
    assert line.startswith("Invalid setting in the environment or .env: DATABASE_URL: ")
    assert ("percent-encode" in line) != (case in ("no server", "query password", *MALFORMED))


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_db_copy_refuses_a_malformed_url_without_its_password(case: str,
                                                              tmp_path: Path) -> None:
    """`db copy --to` a URL without "://": one line, exit 2, no password, and no SQLite
    file made at a path that was meant as a server."""
    source = tmp_path / "source.db"
    sqlite3.connect(source).close()
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", f"sqlite:///{source}",
         "--to", MALFORMED[case]],
        cwd=tmp_path, env=_clean_env(), capture_output=True, text=True, timeout=60,
    )
    line = _one_clear_line(proc, SECRETS[case])
    assert line.startswith("Cannot use the target: ") and "not a database URL" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["source.db"]


@pytest.mark.parametrize(("case", "side"), [("hash", "--from"), ("at", "--to"),
                                            ("everything", "--to"),
                                            ("slash and colon", "--from")])
def test_db_copy_never_shows_a_password(case: str, side: str, tmp_path: Path) -> None:
    """`python -m bot db copy` with a URL whose password cuts it: one line, exit 2, no
    password, nothing created."""
    source = tmp_path / "source.db"
    sqlite3.connect(source).close()
    url = SECRET_URLS[case]
    other = f"sqlite:///{source}" if side == "--to" else f"sqlite:///{tmp_path / 'target.db'}"
    ends = {side: url, "--to" if side == "--from" else "--from": other}
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", ends["--from"], "--to", ends["--to"]],
        cwd=tmp_path, env=_clean_env(DISCORD_TOKEN=SECRET_TOKEN),
        capture_output=True, text=True, timeout=60,
    )
    line = _one_clear_line(proc, SECRETS[case])
    assert "percent-encode" in line and "cardroom@127.0.0.1:5432/cardroom" in line
    assert not (tmp_path / "target.db").exists()


def test_a_password_with_a_colon_is_hidden_when_the_server_is_unreachable(
        tmp_path: Path) -> None:
    """A well-formed URL (a colon needs no encoding) to a closed port: the one-line network
    error names user, host and port, never the password."""
    url = "postgresql://cardroom:Qx7Vb3:Jn9Kw@127.0.0.1:1/cardroom"
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path,
        env=_clean_env(DISCORD_TOKEN=SECRET_TOKEN, DATABASE_URL=url),
        capture_output=True, text=True, timeout=60,
    )
    line = _one_clear_line(proc, "Qx7Vb3:Jn9Kw")
    assert "Cannot reach PostgreSQL at cardroom@127.0.0.1:1/cardroom" in line
