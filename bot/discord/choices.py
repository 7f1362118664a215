"""Slash-command parameters built from the games (the bot's, passed by a cog's ``setup``
when the command tree is built): the game choice, and one ``/play``
parameter per option name and one ``/settings set`` parameter per game option, with
Discord ranges and choices read from the ``Variant`` fields.

``/play`` names an option once for every game that has it (``threshold`` serves Soureh
and Pariah): its Discord range is the envelope of those games' ranges and the bot checks
the chosen game's own range. ``/settings set`` names ``<game>_<option>``, so its ranges
are exactly the bot's checks.

A parameter's description is built from several catalog texts (the games' names, the
option's description), so it goes to discord.py as a ``locale_str`` whose ``parameter``
extra is the :class:`Parameter` and whose ``say`` extra is its ``description``: a translator
(``app_commands.Translator``) says it in a language with ``with use_locale(lang): say()``.
A choice is named by its label (``Variant`` field labels, catalog texts), so a translator
finds it in the catalogs.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from discord import app_commands

from bot import options
from bot.games.variants import Kind
from bot.i18n import DEFAULT, LANGUAGES, _, language_label, use_locale
from bot.options import OptionSpec

if TYPE_CHECKING:
    from bot.games.registry import Game

ON_OFF = (app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off"))


def spoken(text: str, say: Callable[[], str]) -> app_commands.locale_str:
    """A composed text for discord.py: ``text`` in English, ``say`` saying it in the
    current language (``bot.discord.locales.CatalogTranslator`` and the ``ar`` bridge call
    it)."""
    return app_commands.locale_str(text, say=say)


def language_choices() -> list[app_commands.Choice[str]]:
    """Every language, named in itself and in the reader's language ("العربية (Arabic)",
    in Arabic "اليونانية (Ελληνικά)")."""
    choices = []
    for code in LANGUAGES:
        with use_locale(DEFAULT):
            english = language_label(code)
        choices.append(app_commands.Choice(
            name=spoken(english, partial(language_label, code)), value=code))
    return choices


def game_choices(games: Mapping[str, Game]) -> list[app_commands.Choice[str]]:
    """Every game, by title."""
    return [app_commands.Choice(name=g.title, value=name) for name, g in games.items()]


@dataclass(frozen=True, slots=True)
class Parameter:
    """One optional slash-command parameter made from one or more game options."""

    name: str
    specs: tuple[OptionSpec, ...]
    prefix: str = ""  # fixed words before the description (default: the games, translated)

    @property
    def games(self) -> tuple[str, ...]:
        """The games that have this option."""
        return tuple(s.game for s in self.specs)

    def annotation(self) -> Any:
        """The Discord type: a ranged int, or a string with choices."""
        first = self.specs[0]
        if first.kind is Kind.INT:
            low = min(s.minimum or 0 for s in self.specs)
            high = max(s.maximum or 0 for s in self.specs)
            return app_commands.Range[int, low, high] | None
        return str | None

    def choices(self) -> list[app_commands.Choice[str]] | None:
        """On/off for a switch, the allowed words for a choice, ``None`` for a number."""
        first = self.specs[0]
        if first.kind is Kind.BOOL:
            return list(ON_OFF)
        if first.kind is Kind.CHOICE:
            labels: dict[str, str] = {}
            for spec in self.specs:
                for word, label in zip(spec.choices, spec.field.labels, strict=True):
                    labels.setdefault(word, label)
            return [app_commands.Choice(name=label, value=word)
                    for word, label in labels.items()][:25]
        return None

    def description(self) -> str:
        """``"Soureh 20–1000, Pariah 50–2000: Score that ends the game"`` (≤ 100), in the
        current language (the games' names and the option's description translated)."""
        where = self.prefix or _(", ").join(
            f"{_(s.title)} {s.allowed()}" if s.kind is Kind.INT
            else _(s.title) for s in self.specs
        )
        text = _("{where}: {description}", where=where,
                 description=_(self.specs[0].description))
        return text if len(text) <= 100 else text[:99] + "…"

    def localisable(self) -> app_commands.locale_str:
        """The English description for discord.py, with this parameter as its ``parameter``
        extra so a translator can say it in another language (see the module's doc)."""
        return app_commands.locale_str(self.description(), parameter=self,
                                       say=self.description)


def play_parameters(games: Mapping[str, Game]) -> list[Parameter]:
    """One ``/play`` parameter per option name, in the games' order."""
    by_name: dict[str, list[OptionSpec]] = {}
    for entry in games.values():
        for spec in options.specs(entry):
            by_name.setdefault(spec.name, []).append(spec)
    return [Parameter(name, tuple(specs)) for name, specs in by_name.items()]


def settings_parameters(games: Mapping[str, Game]) -> list[Parameter]:
    """One ``/settings set`` parameter per game option, ``<game>_<option>``."""
    return [
        Parameter(f"{name}_{spec.name}", (spec,))  # described as "Soureh 20–1000: …"
        for name, entry in games.items() for spec in options.specs(entry)
    ]


def with_parameters(
    callback: Callable[..., Any], parameters: list[Parameter]
) -> Callable[..., Any]:
    """``callback`` (taking ``**options``) with a signature, descriptions and choices that
    list ``parameters`` after its own, for ``app_commands.command`` to read."""
    signature = inspect.signature(callback)
    own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    extra = [
        inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=p.annotation())
        for p in parameters
    ]
    setattr(callback, "__signature__", signature.replace(parameters=[*own, *extra]))  # noqa: B010
    app_commands.describe(**{p.name: p.localisable() for p in parameters})(callback)
    choices = {p.name: c for p in parameters if (c := p.choices()) is not None}
    if choices:
        app_commands.choices(**choices)(callback)
    return callback
