"""Per-game table options (the fields of each engine's ``Variant``) and server-wide settings.

Shared by ``/settings`` and ``/play``: every option has a name, a kind, its allowed range
or choices and a default, and one validating function whose error message is fit to show
a user ("Soureh threshold must be between 20 and 1000.").
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from bot.games import GAME_NAMES

log = logging.getLogger(__name__)

GAME_TITLES: dict[str, str] = {
    "soureh": "Soureh",
    "pariah": "Pariah",
    "turup": "Turup",
    "soi": "Soi",
}

TURN_TIMER_MIN = 30
TURN_TIMER_MAX = 3600


class OptionError(ValueError):
    """A value that is not allowed; the message is fit to show a user."""


class Kind(StrEnum):
    """The type of an option's value."""

    INT = "int"
    CHOICE = "choice"
    BOOL = "bool"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option of one game (a field of that game's ``Variant``)."""

    game: str
    name: str
    kind: Kind
    default: int | str | bool
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """E.g. ``"Soureh threshold"``."""
        return f"{GAME_TITLES[self.game]} {self.name}"

    def allowed(self) -> str:
        """The allowed values in words, e.g. ``"20–1000"`` or ``"final or reveal"``."""
        if self.kind is Kind.INT:
            return f"{self.minimum}–{self.maximum}"
        if self.kind is Kind.BOOL:
            return "on or off"
        return " or ".join(self.choices)

    def validate(self, value: Any) -> int | str | bool:
        """The value in its proper type, or :class:`OptionError` with a clear message."""
        if self.kind is Kind.INT:
            return self._validate_int(value)
        if self.kind is Kind.BOOL:
            return parse_bool(value, self.label)
        text = str(value).strip().lower()
        if text not in self.choices:
            raise OptionError(f"{self.label} must be {self.allowed()}.")
        return text

    def _validate_int(self, value: Any) -> int:
        assert self.minimum is not None and self.maximum is not None
        if isinstance(value, bool):
            raise OptionError(f"{self.label} must be a whole number.")
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise OptionError(f"{self.label} must be a whole number.") from None
        if not self.minimum <= number <= self.maximum:
            raise OptionError(
                f"{self.label} must be between {self.minimum} and {self.maximum}."
            )
        return number

    def show(self, value: Any) -> str:
        """A value as people read it (``on``/``off`` for switches)."""
        if self.kind is Kind.BOOL:
            return "on" if value else "off"
        return str(value)


def _int(game: str, name: str, default: int, lo: int, hi: int, text: str) -> OptionSpec:
    return OptionSpec(game, name, Kind.INT, default, text, minimum=lo, maximum=hi)


def _choice(game: str, name: str, default: str, choices: tuple[str, ...], text: str) -> OptionSpec:
    return OptionSpec(game, name, Kind.CHOICE, default, text, choices=choices)


def _bool(game: str, name: str, default: bool, text: str) -> OptionSpec:
    return OptionSpec(game, name, Kind.BOOL, default, text)


GAME_OPTIONS: dict[str, tuple[OptionSpec, ...]] = {
    "soureh": (
        _choice("soureh", "declare", "final", ("final", "reveal"),
                "final: one more turn each after a declaration; reveal: declarer may reveal"),
        _choice("soureh", "end", "lowest", ("lowest", "elimination"),
                "lowest: game ends at the threshold; elimination: last one standing"),
        _int("soureh", "threshold", 100, 20, 1000, "Score that ends the game (20–1000)"),
        _bool("soureh", "leave", False, "A declaring winner leaves the round (3–4 players)"),
    ),
    "pariah": (
        _int("pariah", "threshold", 200, 50, 2000, "Score that wins the game (50–2000)"),
    ),
    "turup": (
        _int("turup", "rounds", 3, 1, 20, "Number of rounds (1–20)"),
    ),
    "soi": (
        _int("soi", "target", 200, 20, 1000, "Score that ends the game (20–1000)"),
        _bool("soi", "memory", True, "Players must remember the asked cards"),
    ),
}
assert set(GAME_OPTIONS) == set(GAME_NAMES)


def check_game(game: str) -> str:
    """The game's name, or :class:`OptionError` for an unknown game."""
    name = game.strip().lower()
    if name not in GAME_OPTIONS:
        titles = ", ".join(GAME_TITLES.values())
        raise OptionError(f"Unknown game {game!r}; choose one of {titles}.")
    return name


def spec(game: str, name: str) -> OptionSpec:
    """The spec of ``game``'s option ``name`` (:class:`OptionError` if there is none)."""
    game = check_game(game)
    for option in GAME_OPTIONS[game]:
        if option.name == name:
            return option
    names = ", ".join(o.name for o in GAME_OPTIONS[game])
    raise OptionError(f"{GAME_TITLES[game]} has no option {name!r} (options: {names}).")


def variant_class(game: str) -> type | None:
    """The engine's ``Variant`` dataclass, or ``None`` while that engine is not importable."""
    try:
        module = importlib.import_module(f"bot.games.{check_game(game)}")
    except ImportError:
        return None
    cls = getattr(module, "Variant", None)
    return cls if isinstance(cls, type) and dataclasses.is_dataclass(cls) else None


def defaults(game: str) -> dict[str, Any]:
    """The game's option defaults: the engine ``Variant``'s field defaults where it defines
    them, otherwise the rule book's defaults listed here."""
    game = check_game(game)
    values: dict[str, Any] = {o.name: o.default for o in GAME_OPTIONS[game]}
    cls = variant_class(game)
    if cls is not None:
        for field in dataclasses.fields(cls):
            if field.name in values and field.default is not dataclasses.MISSING:
                default = field.default
                values[field.name] = default.value if isinstance(default, Enum) else default
    return values


def validate_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Check every given option of ``game``; return them in their proper types."""
    game = check_game(game)
    return {name: spec(game, name).validate(value) for name, value in options.items()}


def effective_options(
    game: str, server: Mapping[str, Any] | None = None, overrides: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The options a new table uses: defaults, then the server's, then the ``/play`` ones.

    Stored server values that no longer validate (an older range) are skipped with a log
    line; ``overrides`` must validate.
    """
    game = check_game(game)
    values = defaults(game)
    for name, value in (server or {}).items():
        try:
            values[name] = spec(game, name).validate(value)
        except OptionError as exc:
            log.warning("Ignoring stored %s option %s: %s", game, name, exc)
    values.update(validate_options(game, overrides or {}))
    return values


def make_variant(game: str, options: Mapping[str, Any]) -> Any:
    """The engine's ``Variant`` built from (validated) ``options``; unknown keys rejected."""
    values = validate_options(game, options)
    cls = variant_class(game)
    if cls is None:
        raise OptionError(f"{GAME_TITLES[check_game(game)]} is not available yet.")
    return cls(**values)


def parse_bool(value: Any, label: str) -> bool:
    """``on/off``, ``yes/no``, ``true/false``, ``1/0`` (or a bool) as a bool."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"on", "yes", "true", "1", "enabled"}:
        return True
    if text in {"off", "no", "false", "0", "disabled"}:
        return False
    raise OptionError(f"{label} must be on or off.")


def parse_turn_timer(value: Any) -> int | None:
    """A turn timer in seconds (30–3600), or ``None`` for ``off``."""
    if value is None:
        return None
    text = str(value).strip().lower().removesuffix("s").strip()
    if text in {"off", "none", "no", "0"}:
        return None
    try:
        seconds = int(text)
    except ValueError:
        raise OptionError(
            f"The turn timer must be a number of seconds ({TURN_TIMER_MIN}–{TURN_TIMER_MAX}) "
            "or off."
        ) from None
    if not TURN_TIMER_MIN <= seconds <= TURN_TIMER_MAX:
        raise OptionError(
            f"The turn timer must be between {TURN_TIMER_MIN} and {TURN_TIMER_MAX} seconds, "
            "or off."
        )
    return seconds


def show_turn_timer(seconds: int | None) -> str:
    """``"off"``, ``"45 s"``, ``"3 min"`` or ``"1 min 30 s"``."""
    if seconds is None:
        return "off"
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")
