"""A marked language for tests: every text that goes through the catalogs comes out marked.

The real catalogs are filled by translators after the code is written, so a test cannot
wait for Arabic to check that a message is translated. Instead, under
:func:`marked_language` every ``_``/``_n``/``L_`` text comes out as ``⟦…⟧`` with its
placeholders outside the marks (``⟦Turn: ⟧{who}⟦ to draw⟧``), so the values filled in (names,
cards, numbers, and any English that slipped past the catalogs) stay visible:

    with marked_language("ar"):
        text = render_something()
    assert english_outside_marks(text, allowed={"ann", "bob"}) == []

``marked_language("ar")`` also makes the language right to left (``ltr`` and the isolates
work as in Arabic); ``"el"`` is left to right. ``english_outside_marks`` lists the English
words left outside the marks: what reached a person without going through the catalogs.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import bot.i18n as i18n

OPEN, CLOSE = "⟦", "⟧"
_PLACEHOLDER = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*(?:[^{}]*)\}(?!\})")
_MARKED = re.compile(f"{OPEN}[^{CLOSE}]*{CLOSE}")
_NOT_WORDS = re.compile(
    r"<@!?[0-9]+>|<t:[0-9]+:[A-Za-z]>|https?://\S+|`[^`\n]*`|/[a-z]+(?: [a-z]+:\S+)?"
)
_ENGLISH = re.compile(r"[A-Za-z]{2,}")


def mark(msgid: str) -> str:
    """``msgid`` marked, its ``{placeholders}`` left outside the marks."""
    out: list[str] = []
    last = 0
    for match in _PLACEHOLDER.finditer(msgid):
        if match.start() > last:
            out.append(OPEN + msgid[last:match.start()] + CLOSE)
        out.append(match.group(0))
        last = match.end()
    if last < len(msgid):
        out.append(OPEN + msgid[last:] + CLOSE)
    return "".join(out)


class MarkedTranslations(gettext.NullTranslations):
    """A catalog that "translates" every text into its marked self."""

    def gettext(self, message: str) -> str:
        return mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return mark(message)


MARKED = MarkedTranslations()


@contextmanager
def marked_catalogs() -> Iterator[None]:
    """Every language but English speaks the marked catalog inside the block."""
    real = i18n.translations

    def translations(lang: str) -> gettext.NullTranslations:
        return MARKED if lang != i18n.DEFAULT else real(lang)

    i18n.translations = translations  # type: ignore[assignment]
    try:
        yield
    finally:
        i18n.translations = real  # type: ignore[assignment]


@contextmanager
def marked_language(lang: str = "el") -> Iterator[str]:
    """Speak ``lang`` (``"ar"``: right to left; ``"el"``, ``"so"``: left to right) with the
    marked catalog."""
    with marked_catalogs(), i18n.use_locale(lang) as code:
        yield code


def unmarked(text: str) -> str:
    """``text`` without its marked parts (what did not come through the catalogs)."""
    return _MARKED.sub(" ", text)


def english_outside_marks(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` outside the marks, except ``allowed`` words (names,
    option notation) and what is never words: mentions, timestamps, links, code spans
    (notation), slash commands. Card codes (``10♦``, ``QH``) have one letter at most."""
    rest = _NOT_WORDS.sub(" ", unmarked(text))
    ok = {w.lower() for phrase in allowed for w in _ENGLISH.findall(phrase)}
    return [w for w in _ENGLISH.findall(rest) if w.lower() not in ok]


_ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def without_isolates(text: str) -> str:
    """``text`` without its bidi isolates (a right-to-left line's RLI…PDI, a card's or a
    name's), for comparing what was said with what a catalog says."""
    return text.translate(_ISOLATES)
