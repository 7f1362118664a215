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
The card images draw the plain name (no markdown there).

Which form each surface takes (a name is escaped exactly once, where it goes into text):

- **markdown text** (message content, embed titles, descriptions, field names and values,
  text mode's words, lessons, puzzles): ``shown(name)``;
- **plain text** no markdown renders (button labels, select options and placeholders, a
  picture's alt text, i.e. an attachment's ``description``): ``shown(name, markdown=False)``,
  the name without its controls, isolated, nothing escaped;
- **code spans** (the terminal board, ``/history``'s fixed columns): :func:`plain`, inside
  the code span (nothing renders there either).

A text built once for two surfaces (a picture's words are its alt text and, in text mode,
a message's text) is built inside :func:`names_as`, which sets the form ``shown`` gives
when it is not told one: the same describers then give each surface its own form, and a
name is never escaped for one surface and shown on the other."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

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
# The form :func:`shown` gives when not told one: markdown unless :func:`names_as` says.
_MARKDOWN_FORM: ContextVar[bool] = ContextVar("cardroom_names_markdown", default=True)
# A name as :func:`shown` leaves it in a text: its own isolate (it holds no isolate itself).
_ISOLATED = re.compile(f"({FSI}[^\u2066-\u2069]*{PDI})")


@contextmanager
def names_as(*, markdown: bool) -> Iterator[None]:
    """Within the block, :func:`shown` (and so every ``seat_name``) without ``markdown``
    gives the markdown form (``True``) or the plain one (``False``: alt text, labels)."""
    token = _MARKDOWN_FORM.set(markdown)
    try:
        yield
    finally:
        _MARKDOWN_FORM.reset(token)


def outside_names(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` applied to everything but the names :func:`shown` put in
    it (each in its own isolate): markup taken out or card symbols said in words around
    the names leave the names as people typed them."""
    parts = _ISOLATED.split(text)
    return "".join(part if i % 2 else change(part) for i, part in enumerate(parts))


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


def shown(name: str, *, markdown: bool | None = None, limit: int | None = None) -> str:
    """``name`` safe for any message: bidi controls gone, markdown and mentions escaped
    (unless ``markdown`` is false: a label, alt text; ``None``: as :func:`names_as` says,
    markdown outside it), cut to ``limit`` characters, then isolated (FSI … PDI) in every
    language."""
    if markdown is None:
        markdown = _MARKDOWN_FORM.get()
    return _shown(name, markdown, limit)


@lru_cache(maxsize=4096)
def _shown(name: str, markdown: bool, limit: int | None) -> str:
    """:func:`shown`, kept: the same few names go through it in every message and alt
    text (escaping, cutting and isolating a name took 10-20 µs, issue 42)."""
    text = plain(name)
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    if markdown:
        text = _escaped(text)
    return f"{FSI}{text}{PDI}"


def shown_all(names: Sequence[str], *, markdown: bool | None = None) -> list[str]:
    """Every name of ``names`` through :func:`shown`, in order."""
    return [shown(n, markdown=markdown) for n in names]


def labelled(names: Sequence[str]) -> list[str]:
    """Names for a button label or a select option (not markdown): :func:`shown` with
    ``markdown=False``."""
    return shown_all(names, markdown=False)
