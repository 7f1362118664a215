"""Settings: read from the environment and .env when asked, validated with clear messages."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, Settings, SettingsError, load_settings

SETTING_NAMES = ("DISCORD_TOKEN", "DATABASE_URL", "LOG_LEVEL", "DEV_GUILD_ID", "HEARTBEAT_FILE",
                 "SHARD_COUNT", "SHARD_IDS")
ROOT = Path(__file__).resolve().parent.parent
PG = "postgresql://bot@db:5432/cardroom"


@pytest.fixture(autouse=True)
def _clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts in an empty folder with no setting in the environment."""
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def _problems(**env: str) -> list[str]:
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        with pytest.raises(SettingsError) as error:
            load_settings()
    return error.value.problems


def test_defaults_without_environment() -> None:
    """With nothing set: no token, SQLite in data/, INFO, no dev server, no heartbeat."""
    settings = load_settings()
    assert settings.discord_token is None
    assert settings.database_url == DEFAULT_DATABASE_URL == "sqlite:///data/cardroom.db"
    assert settings.database_path == Path("data/cardroom.db")
    assert settings.log_level == "INFO"
    assert settings.dev_guild_id is None
    assert settings.heartbeat_file is None


def test_values_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every setting is read from its upper-case environment variable and normalised."""
    monkeypatch.setenv("DISCORD_TOKEN", "  abc.def  ")
    monkeypatch.setenv("DATABASE_URL", "sqlite:////data/cardroom.db")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("HEARTBEAT_FILE", "/tmp/cardroom.heartbeat")
    settings = load_settings()
    assert settings.discord_token == "abc.def"
    assert settings.database_path == Path("/data/cardroom.db")
    assert settings.log_level == "DEBUG"
    assert settings.dev_guild_id == 123456789012345678
    assert settings.heartbeat_file == Path("/tmp/cardroom.heartbeat")


def test_values_from_dotenv_file(tmp_path: Path) -> None:
    """A .env file in the working folder supplies settings; blank values mean unset."""
    (tmp_path / ".env").write_text(
        "# comment\nDISCORD_TOKEN=from-file\nLOG_LEVEL=warning\nDEV_GUILD_ID=\n"
    )
    settings = load_settings()
    assert settings.discord_token == "from-file"
    assert settings.log_level == "WARNING"
    assert settings.dev_guild_id is None


def test_environment_overrides_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A variable set in the environment wins over the same one in .env."""
    (tmp_path / ".env").write_text("LOG_LEVEL=ERROR\n")
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    assert load_settings().log_level == "DEBUG"


def test_env_file_none_ignores_dotenv(tmp_path: Path) -> None:
    """load_settings(env_file=None) reads the environment only."""
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\n")
    assert load_settings(env_file=None).discord_token is None


def test_nothing_is_read_at_import_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings reflect the environment when built, not when the module was imported."""
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    assert Settings().log_level == "ERROR"
    monkeypatch.setenv("LOG_LEVEL", "CRITICAL")
    assert Settings().log_level == "CRITICAL"


def test_blank_token_means_missing() -> None:
    """A token of only spaces counts as no token."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DISCORD_TOKEN", "   ")
        assert load_settings().discord_token is None


def test_bad_log_level_message() -> None:
    """An unknown LOG_LEVEL names the variable and the allowed values."""
    assert _problems(LOG_LEVEL="loud") == [
        "LOG_LEVEL: must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL (got 'loud')"
    ]


def test_bad_database_url_message() -> None:
    """A DATABASE_URL of neither backend says which forms are expected."""
    [problem] = _problems(DATABASE_URL="mysql://db/cardroom")
    assert problem.startswith("DATABASE_URL: must be sqlite:/// followed by a file path")
    assert "postgresql://user@host:port/database" in problem


def test_postgres_url_selects_postgres() -> None:
    """A postgresql:// DATABASE_URL is accepted and selects PostgreSQL."""
    settings = load_settings(env_file=None, database_url="postgresql://bot@db:5432/cardroom")
    assert settings.is_postgres
    assert not load_settings(env_file=None).is_postgres


def test_postgres_url_without_a_host_is_refused() -> None:
    """postgresql:/// with no server named is refused by name."""
    [problem] = _problems(DATABASE_URL="postgresql:///cardroom")
    assert problem.startswith("DATABASE_URL: must name a server")


@pytest.mark.parametrize("url", [
    "postgresql://bot:Qx7Vb3#Jn9Kw@db:5432/cardroom",
    "postgresql://bot:Qx7Vb3@Jn9Kw@db:5432/cardroom",
    "postgresql://bot:Qx7Vb3/Jn9Kw@db:5432/cardroom",
    "postgresql://bot:Qx7Vb3Jn9Kw@/cardroom",
    "mysql://bot:Qx7Vb3Jn9Kw@db/cardroom",
    "postgresql//bot:Qx7Vb3Jn9Kw@db/cardroom",
    "postgresql:/bot:Qx7Vb3Jn9Kw@db/cardroom",
    "bot:Qx7Vb3Jn9Kw@db/cardroom",
], ids=["hash", "at", "slash", "no server", "mysql", "no colon", "one slash", "no scheme"])
def test_a_bad_database_url_is_shown_without_its_password(url: str) -> None:
    """The problem line shows the URL with ``***`` for its password, never a piece of it."""
    [problem] = _problems(DATABASE_URL=url)
    if "Qx7" in problem or "Jn9" in problem:  # checked first: a failure never prints it
        pytest.fail("the password appears in the problem", pytrace=False)
    assert problem.startswith("DATABASE_URL: ") and "***@" in problem


def test_some_shards_need_postgres() -> None:
    """SHARD_IDS naming some of the shards is refused on SQLite, by name, with the way out."""
    [problem] = _problems(SHARD_COUNT="2", SHARD_IDS="0")
    assert problem.startswith("SHARD_IDS: names 1 of the 2 shards")
    assert "need PostgreSQL" in problem and "leave SHARD_IDS unset" in problem


@pytest.mark.parametrize(("url", "count", "ids", "expected"), [
    (DEFAULT_DATABASE_URL, None, None, None),
    (DEFAULT_DATABASE_URL, "4", None, (0, 1, 2, 3)),
    (DEFAULT_DATABASE_URL, "2", "0-1", (0, 1)),
    (PG, "8", "0-3", (0, 1, 2, 3)),
    (PG, "8", "1,5-6", (1, 5, 6)),
    (PG, "100000", "99999", (99999,)),
])
def test_shard_settings(url: str, count: str | None, ids: str | None,
                        expected: tuple[int, ...] | None) -> None:
    """SHARD_COUNT and SHARD_IDS give the shards this process runs (default: all); SQLite
    takes SHARD_IDS only when it names every shard."""
    env = {k: v for k, v in (("shard_count", count), ("shard_ids", ids)) if v is not None}
    assert load_settings(env_file=None, database_url=url, **env).shards == expected


@pytest.mark.parametrize(("count", "ids", "message"), [
    ("4", "4", "shard 4 does not exist with SHARD_COUNT=4"),
    (None, "0-1", "SHARD_IDS needs SHARD_COUNT"),
    ("4", "a-b", "is not a shard id"),
    ("0", None, "SHARD_COUNT: must be at least 1"),
    ("4", "0-99999999", "shard 99999999 does not exist with SHARD_COUNT=4"),
    ("4", "0-" + "9" * 5000, "is not a shard id"),
    ("100001", None, "SHARD_COUNT: must be at most 100000"),
])
def test_bad_shard_settings_are_named(count: str | None, ids: str | None,
                                      message: str) -> None:
    """Impossible shard settings are refused with the reason (on PostgreSQL)."""
    env = {k.upper(): v for k, v in (("shard_count", count), ("shard_ids", ids))
           if v is not None}
    [problem] = _problems(DATABASE_URL=PG, **env)
    assert message in problem


def _run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``tmp_path`` with only ``env`` set, at most 1 GB of memory."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, preexec_fn=limit,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **env},
        capture_output=True, text=True, timeout=60,
    )


def test_some_shards_on_sqlite_are_refused(tmp_path: Path) -> None:
    """`SHARD_COUNT=2 SHARD_IDS=0` on SQLite: exit 2 with one line saying shards need
    PostgreSQL, before any database is created (the other shard's servers would have no
    bot)."""
    proc = _run_bot(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="0")
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and "SHARD_IDS: names 1 of the 2 shards" in lines[0]
    assert "need PostgreSQL" in lines[0]
    assert not (tmp_path / "data").exists()


def test_a_huge_shard_range_is_refused_before_it_is_built(tmp_path: Path) -> None:
    """`SHARD_IDS=0-99999999`: exit 2 with one line naming the bound, no MemoryError (the
    range is checked against SHARD_COUNT before any id is built; the process has 1 GB)."""
    proc = _run_bot(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="4", SHARD_IDS="0-99999999",
                    DATABASE_URL=PG)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert lines == ["Invalid setting in the environment or .env: SHARD_IDS: shard 99999999"
                     " does not exist with SHARD_COUNT=4 (shards are 0 to 3)"]


@pytest.mark.parametrize("value", ["my server", "-5", "0", "12.5"])
def test_bad_dev_guild_id_message(value: str) -> None:
    """A DEV_GUILD_ID that is not a positive whole number is refused by name."""
    [problem] = _problems(DEV_GUILD_ID=value)
    assert problem.startswith("DEV_GUILD_ID: must be ")


def test_every_problem_is_reported_at_once() -> None:
    """Two bad settings give two lines, one per variable."""
    problems = _problems(LOG_LEVEL="x", DEV_GUILD_ID="y")
    assert [p.split(":")[0] for p in problems] == ["LOG_LEVEL", "DEV_GUILD_ID"]


def test_token_is_hidden_from_repr() -> None:
    """The token never appears in the settings' repr (which may end up in a log)."""
    settings = load_settings(discord_token="very-secret")
    assert "very-secret" not in repr(settings)


def test_env_example_lists_every_setting_with_a_comment() -> None:
    """.env.example names every setting (set, or commented out at its default) after a
    comment, and loads as valid settings."""
    example = Path(__file__).resolve().parent.parent / ".env.example"
    lines = example.read_text(encoding="utf-8").splitlines()
    named = {}
    for index, line in enumerate(lines):
        match = re.match(r"^(?:# )?([A-Z_]+)=(.*)$", line)
        if match:
            named[match.group(1)] = match.group(2)
            above = lines[index - 1]
            assert above.startswith("#") and "=" not in above, f"{match.group(1)} needs a comment"
    compose_only = {"POSTGRES_PASSWORD"}  # compose.yaml reads it, the bot does not
    assert set(named) == {name.upper() for name in Settings.model_fields} | compose_only
    assert named["DATABASE_URL"] == DEFAULT_DATABASE_URL
    settings = load_settings(env_file=example)
    assert settings.discord_token is None
    assert settings.database_url == DEFAULT_DATABASE_URL
