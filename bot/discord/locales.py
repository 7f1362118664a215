"""Discord's side of the languages: which language an interaction is answered in, and the
slash commands' descriptions and choices in every language Cardroom speaks.

- :func:`speak_in_readers_language` wraps the client's ``INTERACTION_CREATE`` parser: the
  reader's language (see :mod:`bot.tables.languages`) is made current before discord.py
  starts the command, the component callback, the modal or the ``on_interaction``
  listeners, so every one of their tasks (and ``asyncio.to_thread`` inside) inherits it.
- :class:`CatalogTranslator` gives discord.py our catalogs' descriptions and choice names;
  a text made of several catalog texts (an option's description with its games and
  ranges, "Soureh options") comes as a ``locale_str`` whose ``say`` extra says it in the
  current language.
- The Arabic bridge: discord.py 2.7.1's ``Locale`` enum has no ``ar``, so its sync never
  asks a translator for it, and an Arabic client's ``interaction.locale`` is an unknown
  enum value whose ``.value`` is ``"ar"``. :func:`add_missing_locales` (called by
  :class:`bot.discord.tree.CardroomTree`'s sync) adds the ``ar`` (or any
  other missing) localisations to the payload after discord.py's own translation; the
  entry hook reads the raw ``locale`` string, so no enum member is needed.

Command and option *names* stay English (docs/translating.md says why): only descriptions
and choices are localised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import (
    TranslationContextLocation,
    TranslationContextTypes,
    locale_str,
)

from bot.i18n import DEFAULT, _, translates, use_locale
from bot.tables.languages import Languages

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 100  # Discord's limit on descriptions and choice names
NAMED = (TranslationContextLocation.command_name, TranslationContextLocation.group_name,
         TranslationContextLocation.parameter_name)
#: Discord's locale code for each language Cardroom speaks that Discord's client has
#: (Somali has none: /settings set language and /language serve it).
DISCORD_LOCALES: dict[str, str] = {"ar": "ar", "el": "el"}
_OURS: dict[str, str] = {code: ours for ours, code in DISCORD_LOCALES.items()}  # by code


def _fit(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def translated(text: str, lang: str, say: Callable[[], str] | None = None) -> str | None:
    """``text`` (an English msgid) in ``lang``, cut to Discord's limit; ``None`` when the
    catalog has no translation (Discord then shows the English). ``say`` says a composed
    text in the current language (``text`` is its English). A translation written as the
    English (a game's name kept in Greek) is a translation."""
    if lang == DEFAULT:
        return None
    with use_locale(lang):
        result = say() if say is not None else _(text)
    if not result.strip():
        return None
    if result == text and (say is not None or not translates(text, lang)):
        return None
    return _fit(result)


class CatalogTranslator(app_commands.Translator):
    """Descriptions and choice names from our gettext catalogs; names stay English.

    Every string it is asked for is remembered (:attr:`strings`), so the ``ar`` bridge
    (:func:`add_missing_locales`), which sees only the payload's English, can say a
    composed one too."""

    def __init__(self) -> None:
        self.strings: dict[str, locale_str] = {}

    async def translate(self, string: locale_str, locale: Locale,
                        context: TranslationContextTypes) -> str | None:
        if context.location in NAMED:
            return None
        self.strings.setdefault(string.message, string)
        lang = _OURS.get(locale.value)  # asked for each of Discord's 30 locales: a lookup
        return said(string, lang) if lang is not None else None


def said(string: locale_str, lang: str) -> str | None:
    """A ``locale_str`` in ``lang`` (its ``say`` extra, or its catalog text), or ``None``."""
    say = string.extras.get("say")
    if not callable(say):
        parameter = string.extras.get("parameter")  # bot.discord.choices.Parameter
        say = getattr(parameter, "description", None)
    return translated(string.message, lang, say if callable(say) else None)


def add_missing_locales(payload: dict[str, Any],
                        strings: dict[str, locale_str] | None = None) -> dict[str, Any]:
    """``payload`` (a command as synced) with the localisations discord.py's enum cannot
    ask for (``ar``): its description, every option's description and every choice's name,
    all the way down the subcommands; ``strings`` are the ``locale_str`` the translator was
    asked for, by their English (a composed text is said by its ``say``). Changes and
    returns ``payload``."""
    known = {locale.value for locale in Locale}
    missing = {ours: code for ours, code in DISCORD_LOCALES.items() if code not in known}
    _localise(payload, missing, "description", "description_localizations", strings or {})
    for option in payload.get("options") or ():
        add_missing_locales(option, strings)
    for choice in payload.get("choices") or ():
        _localise(choice, missing, "name", "name_localizations", strings or {})
    return payload


def _localise(item: dict[str, Any], missing: dict[str, str], key: str, field: str,
              strings: dict[str, locale_str]) -> None:
    text = item.get(key)
    if not isinstance(text, str) or not text:
        return
    for ours, code in missing.items():
        string = strings.get(text)
        result = said(string, ours) if string is not None else translated(text, ours)
        if result is not None:
            item[field] = {**(item.get(field) or {}), code: result}


def _ids(data: dict[str, Any]) -> tuple[int | None, int | None]:
    """The user and server of a raw interaction payload."""
    user = (data.get("member") or {}).get("user") or data.get("user") or {}
    guild = data.get("guild_id")
    try:
        return (int(user["id"]) if "id" in user else None,
                int(guild) if guild is not None else None)
    except (TypeError, ValueError):
        return None, None


def reader_language(languages: Languages, data: dict[str, Any]) -> str:
    """The language to answer this raw interaction in; remembers its Discord languages."""
    user_id, guild_id = _ids(data)
    locale = data.get("locale") if isinstance(data.get("locale"), str) else None
    guild_locale = data.get("guild_locale") if isinstance(data.get("guild_locale"), str) \
        else None
    languages.seen(user_id, locale, guild_id, guild_locale)
    return languages.of_reader(user_id, guild_id, locale)


def speak_in_readers_language(state: Any, languages: Languages) -> None:
    """Make the reader's language current for everything an interaction starts."""
    parse: Callable[[dict[str, Any]], None] = state.parsers["INTERACTION_CREATE"]

    def parse_in_language(data: dict[str, Any]) -> None:
        try:
            lang = reader_language(languages, data)
        except Exception:  # a strange payload: English, and discord.py reports the rest
            log.exception("Choosing an interaction's language failed")
            lang = DEFAULT
        with use_locale(lang):
            parse(data)

    state.parsers["INTERACTION_CREATE"] = parse_in_language
