"""Settings from the environment and ``.env``, built once in ``__main__`` and passed down."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    """Cardroom's configuration. Every field maps to an upper-case environment variable."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, repr=False)
    database_url: str = "sqlite:///data/cardroom.db"
    log_level: str = "INFO"
    dev_guild_id: int | None = None

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("database_url")
    @classmethod
    def _url(cls, value: str) -> str:
        if not value.startswith("sqlite:///"):
            raise ValueError("must start with sqlite:/// followed by a file path")
        return value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_guild(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("discord_token", mode="before")
    @classmethod
    def _empty_token(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database_path(self) -> Path:
        """The SQLite file named by ``database_url``."""
        return Path(self.database_url.removeprefix("sqlite:///"))
