"""Table options as fields of a game's ``Variant``: each field carries what a person needs.

A game's options are the fields of its frozen ``Variant`` dataclass. Each field's metadata
holds an :class:`Option` (made with :func:`option`): a description fit for Discord (at most
100 characters), and its range or choices. The kind of value follows from the default: a
``bool`` is a switch, an ``int`` a number in ``minimum..maximum``, a ``str`` one of
``choices``. ``/play``, ``/settings`` and validation are all derived from these fields, so
a new option is one field::

    threshold: int = field(default=100, metadata=option(N_("Score that ends the game"),
                                                         minimum=20, maximum=1000))

Descriptions and choice labels are marked with ``N_`` where they are written, so the
catalogs hold them; whoever shows one translates it then (``_(spec.description)``).

:func:`check_fields` is the one check of a variant's values against its fields; each
``Variant.__post_init__`` calls it, and its messages are fit to show a player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from bot.games.protocol import InvalidVariant
from bot.i18n import _

OPTION_KEY = "cardroom.option"


class Kind(StrEnum):
    """The type of an option's value, read from its default."""

    INT = "int"
    CHOICE = "choice"
    BOOL = "bool"


@dataclass(frozen=True, slots=True)
class Option:
    """What a person needs to choose one option."""

    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.description) > 100:
            raise ValueError(
                "An option's description must fit Discord's 100 characters."  # i18n: not for people
            )
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError("An option needs one label per choice.")  # i18n: not for people


def option(
    description: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: tuple[str, ...] = (),
    labels: tuple[str, ...] = (),
) -> Mapping[str, Option]:
    """The metadata of a ``Variant`` field: ``field(default=…, metadata=option(…))``.

    ``description`` (and each of ``labels``, the choices in words, one per choice; the
    choices themselves when omitted) is marked ``N_`` by the caller: English here,
    translated where shown."""
    return {OPTION_KEY: Option(description, minimum, maximum, choices, labels or choices)}


@dataclass(frozen=True, slots=True)
class OptionField:
    """One option of a game, as read from its ``Variant`` field."""

    name: str
    kind: Kind
    default: int | str | bool
    option: Option

    @property
    def description(self) -> str:
        """The field's description (≤ 100 characters)."""
        return self.option.description

    @property
    def minimum(self) -> int | None:
        """The lowest allowed number (numbers only)."""
        return self.option.minimum

    @property
    def maximum(self) -> int | None:
        """The highest allowed number (numbers only)."""
        return self.option.maximum

    @property
    def choices(self) -> tuple[str, ...]:
        """The allowed words (choices only)."""
        return self.option.choices

    @property
    def labels(self) -> tuple[str, ...]:
        """The choices in words, in the catalogs' English (translate with ``_``)."""
        return self.option.labels

    def allowed(self) -> str:
        """The allowed values in words, in the current language: ``"20–1000"``,
        ``"final or reveal"``, ``"on or off"``. Choices are named by their values (what
        ``/play`` and ``/settings`` accept)."""
        if self.kind is Kind.INT:
            return f"{self.minimum}–{self.maximum}"
        if self.kind is Kind.BOOL:
            return _("on or off")
        return either(self.choices)


def either(words: tuple[str, ...]) -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"`` in the current language."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


def _kind(default: Any) -> Kind:
    if isinstance(default, bool):
        return Kind.BOOL
    if isinstance(default, int):
        return Kind.INT
    return Kind.CHOICE


def option_fields(variant_cls: type) -> tuple[OptionField, ...]:
    """The options of a ``Variant`` class, in field order."""
    out: list[OptionField] = []
    for f in dataclasses.fields(variant_cls):
        spec = f.metadata.get(OPTION_KEY)
        if spec is None:
            name = f"{variant_cls.__qualname__}.{f.name}"
            raise TypeError(f"{name} has no option metadata.")  # i18n: not for people
        default = f.default
        if isinstance(default, Enum):
            default = default.value
        plain = isinstance(default, int | str | bool)
        assert plain, f"{f.name} needs a plain default"  # i18n: not for people
        out.append(OptionField(f.name, _kind(default), default, spec))
    return tuple(out)


def check_fields(variant: Any, title: str) -> None:
    """Check every field of ``variant`` against its option; :class:`InvalidVariant` names
    the first that is off, e.g. "Soureh threshold must be between 20 and 1000.". ``title``
    is the game's name, marked ``N_`` (translated here)."""
    for spec in option_fields(type(variant)):
        value = getattr(variant, spec.name)
        names = {"game": _(title), "option": spec.name}
        if spec.kind is Kind.BOOL:
            if type(value) is not bool:
                raise InvalidVariant(_("{game} {option} must be on or off.", **names))
        elif spec.kind is Kind.INT:
            assert spec.minimum is not None and spec.maximum is not None
            if type(value) is not int:
                raise InvalidVariant(
                    _(
                        "{game} {option} must be a whole number between {low} and {high}.",
                        low=spec.minimum,
                        high=spec.maximum,
                        **names,
                    )
                )
            if not spec.minimum <= value <= spec.maximum:
                raise InvalidVariant(
                    _(
                        "{game} {option} must be between {low} and {high}.",
                        low=spec.minimum,
                        high=spec.maximum,
                        **names,
                    )
                )
        elif str(value) not in spec.choices:
            raise InvalidVariant(
                _("{game} {option} must be {allowed}.", allowed=spec.allowed(), **names)
            )
