"""Who reads which language (issue 21; docs/translating.md).

- A **private** answer (an ephemeral reply, a panel, a DM, an error) speaks its reader's
  language: his own ``/language`` choice if he made one, else his Discord client's
  language, else the server's, else English.
- A **public** message (the table, pings, announcements, channel notices) speaks the
  server's language: ``/settings set language`` if set, else the server's Discord
  language when Cardroom speaks it, else English.

:class:`Languages` holds what is known: the stored choices (loaded at start-up and kept
current by the commands that change them) and the Discord languages last seen in
interactions. Every lookup is synchronous, so the language can be chosen where an
interaction enters the bot, before any task of it starts. It knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import DEFAULT, supported

SEEN_KEPT = 10_000  # Discord languages remembered per user and per server


class Languages:
    """The language choices and Discord languages known to this process."""

    def __init__(self) -> None:
        self.server_choice: dict[int, str] = {}  # /settings set language
        self.user_choice: dict[int, str] = {}  # /language
        self.server_seen: dict[int, str] = {}  # guild_locale of the last interaction
        self.user_seen: dict[int, str] = {}  # locale of the user's last interaction

    # ------------------------------------------------------------------ remembering

    def load(self, servers: Iterable[tuple[int, str]], users: Iterable[tuple[int, str]]) -> None:
        """The stored choices (at start-up)."""
        for guild_id, lang in servers:
            self.choose_for_server(guild_id, lang)
        for user_id, lang in users:
            self.choose_for_user(user_id, lang)

    def choose_for_server(self, guild_id: int, lang: str | None) -> None:
        """The server chose ``lang`` (``None``: follow its Discord language)."""
        code = supported(lang)
        if code is None:
            self.server_choice.pop(guild_id, None)
        else:
            self.server_choice[guild_id] = code

    def choose_for_user(self, user_id: int, lang: str | None) -> None:
        """The user chose ``lang`` (``None``: follow his Discord language)."""
        code = supported(lang)
        if code is None:
            self.user_choice.pop(user_id, None)
        else:
            self.user_choice[user_id] = code

    def seen(self, user_id: int | None, locale: str | None, guild_id: int | None,
             guild_locale: str | None) -> None:
        """An interaction showed these Discord languages (raw codes: ``"ar"``, ``"en-US"``)."""
        if user_id is not None and locale:
            _remember(self.user_seen, user_id, locale)
        if guild_id is not None and guild_locale:
            _remember(self.server_seen, guild_id, guild_locale)

    # -------------------------------------------------------------------- choosing

    def of_server(self, guild_id: int | None) -> str:
        """The language of the server's public messages."""
        if guild_id is None:
            return DEFAULT
        return (self.server_choice.get(guild_id)
                or supported(self.server_seen.get(guild_id)) or DEFAULT)

    def of_reader(self, user_id: int | None, guild_id: int | None,
                  locale: str | None = None) -> str:
        """The language of a private answer to ``user_id`` (``locale``: his Discord
        client's language in this interaction, else the one last seen)."""
        if user_id is not None and user_id in self.user_choice:
            return self.user_choice[user_id]
        client = locale if locale else self.user_seen.get(user_id) if user_id else None
        return supported(client) or self.of_server(guild_id)


def _remember(seen: dict[int, str], key: int, value: str) -> None:
    if seen.get(key) == value:
        return
    seen.pop(key, None)
    seen[key] = value
    while len(seen) > SEEN_KEPT:
        seen.pop(next(iter(seen)))
