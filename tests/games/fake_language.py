"""A fake language for tests: every text the catalogs hold comes back as ``⟦msgid⟧``.

Only texts that extraction finds (``_``, ``_n``, ``N_``, ``L_``, ``L_n`` with a literal, as
``python -m bot.i18n.catalogs update`` reads them) are bracketed; anything else comes back
as it is. So a text that is shown bracketed is both marked and in the catalogs, and English
left outside every bracket is a text that never went through them.

(The presentation side may keep a shared fixture in tests/helpers/i18n.py; this one lives
here because the engines' and the images' tests need it now.)
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import pytest
from babel.messages.extract import extract_from_dir

import bot.i18n
from bot.i18n.catalogs import KEYWORDS, ROOT, SOURCES

OPEN, CLOSE = "⟦", "⟧"
_WORDS = re.compile(r"[A-Za-z]{2,}")


@cache
def catalog_ids() -> frozenset[str]:
    """The msgid (a plural's singular) of every text the catalogs would hold."""
    ids: set[str] = set()
    for source in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / source, keywords=KEYWORDS
        ):
            ids.add(message[0] if isinstance(message, tuple) else message)
    return frozenset(ids)


class Bracketed(gettext.NullTranslations):
    """Each known text as ``⟦text⟧`` (its placeholders kept, so values still fill in);
    ``wrap`` may turn it into something else (an Arabic sentence, say)."""

    def __init__(self, wrap: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.ids = catalog_ids()
        self.wrap = wrap or (lambda text: f"{OPEN}{text}{CLOSE}")

    def gettext(self, message: str) -> str:
        return self.wrap(message) if message in self.ids else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        text = msgid1 if n == 1 else msgid2
        return self.wrap(text) if msgid1 in self.ids else text


@contextmanager
def speaking(
    monkeypatch: pytest.MonkeyPatch, lang: str = "el", wrap: Callable[[str], str] | None = None
) -> Iterator[Bracketed]:
    """Inside the block ``lang`` (one of ours) is the fake language and the current one."""
    real = bot.i18n.translations
    fake = Bracketed(wrap)
    monkeypatch.setattr(bot.i18n, "translations", lambda code: fake if code == lang else real(code))
    with bot.i18n.use_locale(lang):
        yield fake


def outside_brackets(text: str) -> str:
    """``text`` without its bracketed parts (nested brackets included)."""
    out, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def bare_english(text: str) -> list[str]:
    """The words of ``text`` outside every bracket (what no catalog would translate)."""
    return _WORDS.findall(outside_brackets(text))
