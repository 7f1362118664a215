"""Names people chose (display names, nicknames) as they go into public text: markdown and
mentions escaped, so a nickname ``[Free Nitro](https://…)``, ``**b** ||s||`` or
``@everyone`` shows as typed and neither links, formats nor pings.

``shown(name)`` is the one helper: every public message that shows a person's name (the
table embed and its Recent lines, Last round, Final standings, the lobby, announcements)
passes it through ``shown``. The card images draw the raw name (no markdown there)."""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown, escape_mentions


def shown(name: str) -> str:
    """``name`` safe for a public message: markdown and mentions escaped."""
    return escape_mentions(escape_markdown(name))


def shown_all(names: Sequence[str]) -> list[str]:
    """Every name of ``names`` through ``shown``, in order."""
    return [shown(n) for n in names]
