# i18n: nothing in this file is for players (settings errors go to the operator)
"""Settings from the environment and ``.env``, built once in ``__main__`` and passed down.

Nothing here reads the environment at import time: ``load_settings()`` (or ``Settings()``)
does, when called. Every field maps to an upper-case environment variable of the same name.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage.shards import MAX_SHARD_COUNT, parse_shard_ids
from storage.urls import redact, url_problem

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_DATABASE_URL = "sqlite:///data/cardroom.db"
SECRET_SETTINGS = frozenset({"DISCORD_TOKEN", "BOT_TOKEN"})
"""Settings whose rejected value is never repeated (``DATABASE_URL`` is shown redacted)."""
SHARDS_NEED_POSTGRES = (
    "names {some} of the {count} shards, but a SQLite database serves one process only:"
    " shards in several processes need PostgreSQL (DATABASE_URL=postgresql://...); with"
    " SQLite leave SHARD_IDS unset and one process runs every shard")


class SettingsError(Exception):
    """Invalid settings. ``str(error)`` is one short line per problem, e.g.
    ``LOG_LEVEL: must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL (got 'LOUD')``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class Settings(BaseSettings):
    """Cardroom's configuration. Every field maps to an upper-case environment variable."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, repr=False)
    database_url: str = DEFAULT_DATABASE_URL
    log_level: str = "INFO"
    log_wire: bool = False
    """``LOG_WIRE=1``: discord.py's wire logs (HTTP and gateway bodies, DMs and hands
    included) at ``LOG_LEVEL``; otherwise they stay at INFO even at DEBUG."""
    dev_guild_id: int | None = None
    heartbeat_file: Path | None = None
    shard_count: int | None = None
    """How many shards the whole bot runs (``None``: one process, Discord picks the count)."""
    shard_ids: str | None = None
    """The shards this process runs, e.g. ``0-3`` or ``0,2`` (default: all of them)."""
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    """Serve Prometheus metrics on this port (``bot.metrics``); ``None``: no endpoint."""
    log_format: str = "text"
    """``text`` (discord.py's lines) or ``json`` (one object a line)."""

    @field_validator("metrics_port", mode="before")
    @classmethod
    def _empty_port(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _format(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() in ("text", "json"):
            return value.strip().lower()
        raise ValueError("must be text or json")

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("database_url")
    @classmethod
    def _url(cls, value: str) -> str:
        value = value.strip()
        if value.startswith(("postgresql://", "postgres://")):
            problem = url_problem(value)
            if problem:
                raise ValueError(problem)
            return value
        if not value.startswith("sqlite:///") or value == "sqlite:///":
            raise ValueError(
                "must be sqlite:/// followed by a file path (e.g. sqlite:///data/cardroom.db)"
                " or postgresql://user@host:port/database"
            )
        return value

    @field_validator("shard_count", mode="before")
    @classmethod
    def _empty_count(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_count")
    @classmethod
    def _positive_count(cls, value: int | None) -> int | None:
        if value is not None and value < 1:
            raise ValueError("must be at least 1")
        if value is not None and value > MAX_SHARD_COUNT:
            raise ValueError(f"must be at most {MAX_SHARD_COUNT}")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _empty_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip() or None
        return value

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the bot's total shard count)")
            ids = parse_shard_ids(self.shard_ids, self.shard_count)  # raises with the reason
            if not self.is_postgres and len(ids) < self.shard_count:
                raise ValueError(SHARDS_NEED_POSTGRES.format(some=len(ids),
                                                             count=self.shard_count))
        return self

    @property
    def is_postgres(self) -> bool:
        """Does ``database_url`` name a PostgreSQL server?"""
        return self.database_url.startswith(("postgresql://", "postgres://"))

    @property
    def shards(self) -> tuple[int, ...] | None:
        """The shard ids this process runs (``None``: unsharded, one process runs all)."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return tuple(range(self.shard_count))
        return parse_shard_ids(self.shard_ids, self.shard_count)

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_guild(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None
            if not value.isdigit():
                raise ValueError("must be a server id, digits only")
        return value

    @field_validator("dev_guild_id")
    @classmethod
    def _positive_guild(cls, value: int | None) -> int | None:
        if value is not None and value <= 0:
            raise ValueError("must be a positive server id")
        return value

    @field_validator("discord_token", mode="before")
    @classmethod
    def _empty_token(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            return value or None
        return value

    @field_validator("heartbeat_file", mode="before")
    @classmethod
    def _empty_heartbeat(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database_path(self) -> Path:
        """The SQLite file named by ``database_url`` (relative paths are from the cwd);
        meaningless for PostgreSQL (see ``is_postgres``)."""
        return Path(self.database_url.removeprefix("sqlite:///"))


def wants_json_lines(env_file: str | Path | None = ".env") -> bool:
    """Is ``LOG_FORMAT=json`` asked for (the environment first, then ``env_file``), read
    alone: the other settings may be the reason the process stops, and that reason is
    logged as JSON too."""
    value = next((v for k, v in os.environ.items() if k.upper() == "LOG_FORMAT"), None)
    if value is None and env_file is not None and Path(env_file).is_file():
        found = {k.upper(): v for k, v in dotenv_values(env_file).items()}
        value = found.get("LOG_FORMAT")
    return (value or "").strip().lower() == "json"


def load_settings(env_file: str | Path | None = ".env", **overrides: Any) -> Settings:
    """Build the settings from the environment and ``env_file`` (``None``: environment only).

    Raises ``SettingsError`` naming each bad setting by its environment variable.
    """
    try:
        return Settings(_env_file=env_file, **overrides)  # type: ignore[call-arg]
    except ValidationError as error:
        raise SettingsError(describe_errors(error)) from None


def describe_errors(error: ValidationError) -> list[str]:
    """One line per problem: ``NAME: what is wrong`` (never the rejected secret)."""
    problems = []
    for item in error.errors():
        name = str(item["loc"][0]).upper() if item["loc"] else "SHARD_IDS"
        message = str(item["msg"]).removeprefix("Value error, ")
        if message.startswith("Input should be a valid integer"):
            message = "must be a whole number"
        value = item.get("input")
        if name == "DATABASE_URL" and isinstance(value, str):
            value = redact(value)
        if name not in SECRET_SETTINGS and isinstance(value, str | int) and len(str(value)) < 80:
            message = f"{message} (got {value!r})"
        problems.append(f"{name}: {message}")
    return problems
