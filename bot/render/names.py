"""Names people chose (display names, nicknames, server names) as they go into text: data,
never markup nor layout (DESIGN.md habit 6a).

:func:`shown` is the one function every message passes a name through (the table
message, the announcements, the pages, the panels and their labels, /stats, the
leaderboard). It

- drops every bidirectional control the name holds (embeddings and overrides U+202A–U+202E,
  isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C) and turns line breaks and
  other control characters into spaces, so a name can neither reverse nor close anything
  around it;
- in markdown text (``markdown=True``, the default) escapes markdown and mentions
  (``[Free Nitro](https://…)``, ``**b** ||s||``, ``@everyone``, ``<@123>``, ``<#…>``) and
  breaks bare links, so the name shows as typed and neither links, formats nor pings; a
  button label or a select option is not markdown (``markdown=False``: nothing escaped);
- wraps the name in a first-strong isolate (FSI … PDI) in every language, so an Arabic
  name in an English line (or a Latin one in an Arabic line) never drags the text after it.

``limit`` cuts a long name (with ``…``) before the isolate is added, so a label stays
within Discord's limits with its isolate closed. :func:`plain` is the name with the
bidi controls gone and nothing added (for matching what people type, and the terminal).
The card images draw the plain name (no markdown there)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from discord.utils import escape_mentions

from bot.i18n import FSI, PDI

# Every bidirectional formatting character: embeddings and overrides (LRE RLE PDF LRO RLO),
# isolates (LRI RLI FSI PDI) and the implicit marks (LRM RLM ALM).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
# Line and paragraph breaks end an isolate (and a message line): never inside a name.
_BREAKS = "\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029"
_TABLE = {ord(c): None for c in BIDI_CONTROLS} | {ord(c): " " for c in _BREAKS}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_LINK = re.compile(r"://")
_MARKDOWN = re.compile(r"([\\*_~|`>#\-\[\]])")  # [ and ]: no masked link
ZWSP = "\u200b"


def plain(name: str) -> str:
    """``name`` without bidi controls, line breaks or control characters (as spaces)."""
    return _CONTROL.sub(" ", name.translate(_TABLE))


def _escaped(text: str) -> str:
    """Markdown, mentions, Discord's ``<…>`` markup (channels, roles, emoji, times) and
    bare links neutralised: every markdown character backslash-escaped (Discord shows
    ``\\[`` as ``[``; a name cut short still escapes its ``[``, unlike
    ``discord.utils.escape_markdown``, which escapes a masked link only when whole), then
    ``discord.utils.escape_mentions``."""
    text = escape_mentions(_MARKDOWN.sub(r"\\\1", text))
    return _LINK.sub(f":{ZWSP}//", text.replace("<", f"<{ZWSP}"))


def shown(name: str, *, markdown: bool = True, limit: int | None = None) -> str:
    """``name`` safe for any message: bidi controls gone, markdown and mentions escaped
    (unless ``markdown`` is false: a label), cut to ``limit`` characters, then isolated
    (FSI … PDI) in every language."""
    text = plain(name)
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    if markdown:
        text = _escaped(text)
    return f"{FSI}{text}{PDI}"


def shown_all(names: Sequence[str], *, markdown: bool = True) -> list[str]:
    """Every name of ``names`` through :func:`shown`, in order."""
    return [shown(n, markdown=markdown) for n in names]


def labelled(names: Sequence[str]) -> list[str]:
    """Names for a button label or a select option (not markdown): :func:`shown` with
    ``markdown=False``."""
    return shown_all(names, markdown=False)
