"""Per-game table options, read from the fields of each engine's ``Variant``, and the
server-wide turn timer.

A game's options are exactly its ``Variant``'s fields (``bot.games.variants.option_fields``):
their names, kinds, defaults, ranges, choices and descriptions; the game's look says each
name in words (``Look.option_names``). Nothing here lists them again, so a new option is
one new field and its name in the game's look, and ``/play``, ``/settings`` and validation
follow. Every value typed by a person goes through :meth:`OptionSpec.validate`, whose
messages are fit to show ("Soureh threshold must be between 20 and 1000.").

Each function is given the game by its caller, who holds it (a table's ``entry``,
``bot.app.games[name]``; :func:`defaults`, which says no words, its engine): nothing here
looks a game up by name, and no game's words are here.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.protocol import Engine
from bot.games.variants import Kind, OptionField, option_fields
from bot.i18n import DEFAULT, _, current, number

log = logging.getLogger(__name__)

TURN_TIMER_MIN = 30
TURN_TIMER_MAX = 3600


#: Every option's name in words, by its ``Variant`` field's name, for people (a table's
#: options, the console, errors): each game's look holds its own (``Look.option_names``,
#: each a function saying the name in the current language). ``/play`` and ``/settings``
#: keep the English names (docs/translating.md), so English says the name itself.
OptionNames = Mapping[str, Callable[[], str]]


class Worded(Protocol):
    """What says a game's option names: its look (``bot.render.look.Look``)."""

    @property
    def option_names(self) -> OptionNames: ...


class Optioned(Protocol):
    """What the options are read from: a game (``bot.games.registry.Game``), its engine's
    ``Variant`` giving the options and its look their names in words."""

    @property
    def engine(self) -> Engine[Any]: ...

    @property
    def look(self) -> Worded: ...


class MissingOptionWords(LookupError):
    """A game's look has no words for an option of its ``Variant``: a bug of the game's
    look, which the tests over every registered game find; never papered over."""


def option_name(game: Optioned, name: str) -> str:
    """The game's option ``name`` in words, in the current language (``"threshold"`` →
    ``"الحد"``); :class:`MissingOptionWords` when its look has none."""
    say = game.look.option_names.get(name)
    if say is None:
        raise MissingOptionWords(
            f"{game.engine.name} has no words for its option {name!r}"  # i18n: not for people
        )
    return say()


class OptionError(ValueError):
    """A value that is not allowed; the message is fit to show a user."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option of one game: a ``Variant`` field and the game it belongs to."""

    game: str
    field: OptionField
    title: str  # the game's display name (its engine's ``title``), e.g. ``"Soureh"``
    # The option's name in words in the current language, from the game's look.
    said: Callable[[], str]

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
        return _("{game} {option}", game=_(self.title), option=self.said())

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
        return _("{option} {value}", option=self.said(), value=self.show(value))


def specs(game: Optioned) -> tuple[OptionSpec, ...]:
    """The options of ``game``, in its ``Variant``'s field order, each named by its look
    (:class:`MissingOptionWords` for an option its look has no words for)."""
    engine, names = game.engine, game.look.option_names
    fields = _fields(engine.Variant)
    if missing := [f.name for f in fields if f.name not in names]:
        raise MissingOptionWords(
            f"{engine.name} has no words for its options {missing}"  # i18n: not for people
        )
    return tuple(OptionSpec(engine.name, f, engine.title, names[f.name]) for f in fields)


_fields = functools.cache(option_fields)


def spec(game: Optioned, name: str) -> OptionSpec:
    """The spec of the game's option ``name`` (:class:`OptionError` if there is none)."""
    for option in specs(game):
        if option.name == name:
            return option
    names = ", ".join(o.name for o in specs(game))
    raise OptionError(_("{game} has no option {option} (options: {options}).",
                        game=_(game.engine.title), option=repr(name), options=names))


def defaults(engine: Engine[Any]) -> dict[str, Any]:
    """The game's option defaults (its ``Variant``'s field defaults): values, no words,
    so the engine is enough."""
    return {f.name: f.default for f in _fields(engine.Variant)}


def validate_options(game: Optioned, options: Mapping[str, Any]) -> dict[str, Any]:
    """Check every given option of the game; return them in their proper types."""
    return {name: spec(game, name).validate(value) for name, value in options.items()}


def effective_options(
    game: Optioned, server: Mapping[str, Any] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The options a new table uses: defaults, then the server's, then the ``/play`` ones.

    Stored server values that no longer validate (an older range) are skipped with a log
    line; ``overrides`` must validate.
    """
    values = defaults(game.engine)
    for name, value in (server or {}).items():
        try:
            values[name] = spec(game, name).validate(value)
        except OptionError as exc:
            log.warning("Ignoring stored %s option %s: %s", game.engine.name, name, exc)
    values.update(validate_options(game, overrides or {}))
    return values


def make_variant(game: Optioned, options: Mapping[str, Any]) -> Any:
    """The engine's ``Variant`` built from (validated) ``options``; unknown keys rejected."""
    values = validate_options(game, options)
    return game.engine.Variant(**values)


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
