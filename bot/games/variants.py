"""Table options as fields of a game's ``Variant``: each field carries what a person needs.

A game's options are the fields of its frozen ``Variant`` dataclass. Each field's metadata
holds an :class:`Option` (made with :func:`option`): a description fit for Discord (at most
100 characters), and its range or choices. The kind of value follows from the default: a
``bool`` is a switch, an ``int`` a number in ``minimum..maximum``, a ``str`` one of
``choices``. ``/play``, ``/settings`` and validation are all derived from these fields, so
a new option is one field::

    threshold: int = field(default=100, metadata=option("Score that ends the game",
                                                         minimum=20, maximum=1000))

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

    def __post_init__(self) -> None:
        if len(self.description) > 100:
            raise ValueError("An option's description must fit Discord's 100 characters.")


def option(
    description: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: tuple[str, ...] = (),
) -> Mapping[str, Option]:
    """The metadata of a ``Variant`` field: ``field(default=…, metadata=option(…))``."""
    return {OPTION_KEY: Option(description, minimum, maximum, choices)}


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

    def allowed(self) -> str:
        """The allowed values in words: ``"20–1000"``, ``"final or reveal"``, ``"on or off"``."""
        if self.kind is Kind.INT:
            return f"{self.minimum}–{self.maximum}"
        if self.kind is Kind.BOOL:
            return "on or off"
        return " or ".join(self.choices)


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
            raise TypeError(f"{variant_cls.__qualname__}.{f.name} has no option metadata.")
        default = f.default
        if isinstance(default, Enum):
            default = default.value
        assert isinstance(default, int | str | bool), f"{f.name} needs a plain default"
        out.append(OptionField(f.name, _kind(default), default, spec))
    return tuple(out)


def check_fields(variant: Any, title: str) -> None:
    """Check every field of ``variant`` against its option; :class:`InvalidVariant` names
    the first that is off, e.g. "Soureh threshold must be between 20 and 1000."."""
    for spec in option_fields(type(variant)):
        value = getattr(variant, spec.name)
        label = f"{title} {spec.name}"
        if spec.kind is Kind.BOOL:
            if type(value) is not bool:
                raise InvalidVariant(f"{label} must be on or off.")
        elif spec.kind is Kind.INT:
            assert spec.minimum is not None and spec.maximum is not None
            if type(value) is not int:
                raise InvalidVariant(
                    f"{label} must be a whole number between {spec.minimum} and {spec.maximum}."
                )
            if not spec.minimum <= value <= spec.maximum:
                raise InvalidVariant(f"{label} must be between {spec.minimum} and {spec.maximum}.")
        elif str(value) not in spec.choices:
            raise InvalidVariant(f"{label} must be {spec.allowed()}.")
