"""Per-game table options, read from the fields of each engine's ``Variant``, and the
server-wide turn timer.

A game's options are exactly its ``Variant``'s fields (``bot.games.variants.option_fields``):
their names, kinds, defaults, ranges, choices and descriptions. Nothing here lists them
again, so a new option is one new field and ``/play``, ``/settings`` and validation follow.
Every value typed by a person goes through :meth:`OptionSpec.validate`, whose messages are
fit to show ("Soureh threshold must be between 20 and 1000.").

Each function is given the game's engine by its caller, who holds the game (a table's
``entry.engine``, ``bot.app.games[name].engine``): nothing here looks a game up by name.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.protocol import Engine
from bot.games.variants import Kind, OptionField, option_fields
from bot.i18n import C_, DEFAULT, _, current, number

log = logging.getLogger(__name__)

TURN_TIMER_MIN = 30
TURN_TIMER_MAX = 3600


#: Every option's name in words, for people (a table's options, the console, errors);
#: ``/play`` and ``/settings`` keep the English names (docs/translating.md), so English
#: says the name itself. A new ``Variant`` field needs its words here
#: (tests/i18n/test_option_words.py checks every field has them).
OPTION_NAMES: dict[str, Callable[[], str]] = {
    # Translators: Soureh's option: the score that ends the game (Pariah's: that wins it).
    "threshold": lambda: C_("option", "threshold"),
    # Translators: Soureh's option: what a declaration does ("final" or "reveal").
    "declare": lambda: C_("option", "declare"),
    # Translators: Soureh's option: how the game ends ("lowest" or "elimination").
    "end": lambda: C_("option", "end"),
    # Translators: Soureh's option: a declaring winner leaves the round (on or off).
    "leave": lambda: C_("option", "leave"),
    # Translators: Soureh's and Pariah's option: the discard pile "hidden" or "open".
    "discards": lambda: C_("option", "discards"),
    # Translators: Turup's option: the number of rounds in a game.
    "rounds": lambda: C_("option", "rounds"),
    # Translators: Turup's option: the pack, "standard" or "somali".
    "pack": lambda: C_("option", "pack"),
    # Translators: Soi's option: the score that ends the game.
    "target": lambda: C_("option", "target"),
    # Translators: Soi's option: the table shows only the last 3 asks (on or off).
    "memory": lambda: C_("option", "memory"),
}


def option_name(name: str) -> str:
    """An option's name in words, in the current language (``"threshold"`` → ``"الحد"``)."""
    say = OPTION_NAMES.get(name)
    return say() if say is not None else name


class OptionError(ValueError):
    """A value that is not allowed; the message is fit to show a user."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option of one game: a ``Variant`` field and the game it belongs to."""

    game: str
    field: OptionField
    title: str  # the game's display name (its engine's ``title``), e.g. ``"Soureh"``

    @property
    def name(self) -> str:
        """The field's name, e.g. ``"threshold"``."""
        return self.field.name

    @property
    def kind(self) -> Kind:
        """A number, a choice or a switch."""
        return self.field.kind

    @property
    def default(self) -> int | str | bool:
        """The rule book's default (the field's default)."""
        return self.field.default

    @property
    def description(self) -> str:
        """The field's description (≤ 100 characters)."""
        return self.field.description

    @property
    def minimum(self) -> int | None:
        """The lowest allowed number (numbers only)."""
        return self.field.minimum

    @property
    def maximum(self) -> int | None:
        """The highest allowed number (numbers only)."""
        return self.field.maximum

    @property
    def choices(self) -> tuple[str, ...]:
        """The allowed words (choices only)."""
        return self.field.choices

    @property
    def label(self) -> str:
        """E.g. ``"Soureh threshold"``, in the current language."""
        # Translators: an option of a game, in errors and /settings: "Soureh threshold".
        return _("{game} {option}", game=_(self.title), option=option_name(self.name))

    def allowed(self) -> str:
        """The allowed values in words, e.g. ``"20–1000"`` or ``"final or reveal"``."""
        return self.field.allowed()

    def validate(self, value: Any) -> int | str | bool:
        """The value in its proper type, or :class:`OptionError` with a clear message."""
        if self.kind is Kind.INT:
            return self._validate_int(value)
        if self.kind is Kind.BOOL:
            return parse_bool(value, self.label)
        text = str(value).strip().lower()
        if text not in self.choices:
            raise OptionError(_("{option} must be {allowed}.", option=self.label,
                                allowed=self.allowed()))
        return text

    def _validate_int(self, value: Any) -> int:
        assert self.minimum is not None and self.maximum is not None
        if isinstance(value, bool):
            raise OptionError(_("{option} must be a whole number.", option=self.label))
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise OptionError(
                _("{option} must be a whole number.", option=self.label)) from None
        if not self.minimum <= number <= self.maximum:
            raise OptionError(_("{option} must be between {low} and {high}.",
                                option=self.label, low=self.minimum, high=self.maximum))
        return number

    def show(self, value: Any) -> str:
        """A value as people read it, in the current language: ``on``/``off`` for
        switches, a choice's label (``"hidden"`` → ``"مخفية"``), a number as the language
        writes numbers."""
        if self.kind is Kind.BOOL:
            return _("on") if value else _("off")
        if self.kind is Kind.CHOICE:
            text = str(value)
            labels = dict(zip(self.choices, self.field.labels, strict=True))
            return _(labels[text]) if text in labels else text
        if isinstance(value, int) and current() != DEFAULT:  # English: 1000, not 1,000
            return number(value)
        return str(value)

    def words(self, value: Any) -> str:
        """The option and its value in words, in the current language: ``"threshold
        100"``, ``"discards hidden"`` (English says ``/play``'s names), ``"الحد: 100"``."""
        # Translators: an option and its value, in a table's options: "threshold 100",
        # "discards hidden" (both already translated).
        return _("{option} {value}", option=option_name(self.name), value=self.show(value))


def specs(engine: Engine[Any]) -> tuple[OptionSpec, ...]:
    """The options of ``engine``'s game, in its ``Variant``'s field order."""
    return _specs(engine.name, engine.title, engine.Variant)


@functools.cache
def _specs(game: str, title: str, variant: type) -> tuple[OptionSpec, ...]:
    return tuple(OptionSpec(game, f, title) for f in option_fields(variant))


def spec(engine: Engine[Any], name: str) -> OptionSpec:
    """The spec of the game's option ``name`` (:class:`OptionError` if there is none)."""
    for option in specs(engine):
        if option.name == name:
            return option
    names = ", ".join(o.name for o in specs(engine))
    raise OptionError(_("{game} has no option {option} (options: {options}).",
                        game=_(engine.title), option=repr(name), options=names))


def defaults(engine: Engine[Any]) -> dict[str, Any]:
    """The game's option defaults (its ``Variant``'s field defaults)."""
    return {o.name: o.default for o in specs(engine)}


def validate_options(engine: Engine[Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """Check every given option of the game; return them in their proper types."""
    return {name: spec(engine, name).validate(value) for name, value in options.items()}


def effective_options(
    engine: Engine[Any], server: Mapping[str, Any] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The options a new table uses: defaults, then the server's, then the ``/play`` ones.

    Stored server values that no longer validate (an older range) are skipped with a log
    line; ``overrides`` must validate.
    """
    values = defaults(engine)
    for name, value in (server or {}).items():
        try:
            values[name] = spec(engine, name).validate(value)
        except OptionError as exc:
            log.warning("Ignoring stored %s option %s: %s", engine.name, name, exc)
    values.update(validate_options(engine, overrides or {}))
    return values


def make_variant(engine: Engine[Any], options: Mapping[str, Any]) -> Any:
    """The engine's ``Variant`` built from (validated) ``options``; unknown keys rejected."""
    values = validate_options(engine, options)
    return engine.Variant(**values)


def parse_bool(value: Any, label: str) -> bool:
    """``on/off``, ``yes/no``, ``true/false``, ``1/0`` (or a bool) as a bool."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"on", "yes", "true", "1", "enabled"}:
        return True
    if text in {"off", "no", "false", "0", "disabled"}:
        return False
    raise OptionError(_("{option} must be on or off.", option=label))


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
            _("The turn timer must be a number of seconds ({low}–{high}) or off.",
              low=TURN_TIMER_MIN, high=TURN_TIMER_MAX)
        ) from None
    if not TURN_TIMER_MIN <= seconds <= TURN_TIMER_MAX:
        raise OptionError(
            _("The turn timer must be between {low} and {high} seconds, or off.",
              low=TURN_TIMER_MIN, high=TURN_TIMER_MAX)
        )
    return seconds


def show_turn_timer(seconds: int | None) -> str:
    """``"off"``, ``"45 s"``, ``"3 min"`` or ``"1 min 30 s"``."""
    if seconds is None:
        return _("off")
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return _("{seconds} s", seconds=rest)
    if not rest:
        return _("{minutes} min", minutes=minutes)
    return _("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
