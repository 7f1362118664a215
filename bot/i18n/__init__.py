"""Every word Cardroom says, in its reader's language.

The catalogs are standard gettext ``.po`` files, one per language, in
``bot/i18n/locales/<lang>/LC_MESSAGES/cardroom.po``; they are compiled in memory with
Babel when first used, so a contributor edits a ``.po`` file and nothing else
(docs/translating.md).

How code speaks:

- ``_("Take turn")`` translates into the current language; keyword arguments fill
  ``{placeholders}`` after translation: ``_("{name} drew a card.", name=who)``.
- ``_n("{n} card", "{n} cards", n)`` picks the plural form the language needs (Arabic has
  six); ``n`` is passed to the text as ``{n}``, formatted for the language.
- ``C_("option", "end")`` translates a short word whose meaning its context gives (the
  same English word may mean something else elsewhere: the ``/move`` word ``declare``).
- ``N_("Draw")`` only marks a text for the catalogs (a module-level constant); translate it
  where it is shown with ``_(CONSTANT)``.
- ``L_("{p0} drew a card.", ...)`` and ``L_n(...)`` make a :class:`Msg`: a text that is
  translated when it is shown, in whatever language is current then (engine events, which
  the table shows in the server's language and a DM in the player's).

The current language is a context variable: ``with use_locale("ar"): ...``. It follows
``asyncio`` tasks and ``asyncio.to_thread`` (both copy the context), so a render off the
event loop speaks the language of the code that started it.

This module is a leaf: it imports nothing else from the project, so engines may use it.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

DOMAIN = "cardroom"
LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT = "en"

#: The languages Cardroom speaks, each named in itself (for menus).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ar": "العربية",
    "so": "Soomaali",
    "el": "Ελληνικά",
}

_current: ContextVar[str] = ContextVar("cardroom_language", default=DEFAULT)


# ---------------------------------------------------------------------------- languages


def supported(lang: str | None) -> str | None:
    """Our code for a language tag (``"ar"``, ``"el"``, ``"en-GB"``, ``"so_SO"``), or ``None``."""
    if not lang:
        return None
    base = str(lang).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def current() -> str:
    """The language being spoken now."""
    return _current.get()


@contextmanager
def use_locale(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (English when it is unknown or ``None``) inside the ``with`` block."""
    code = supported(lang) or DEFAULT
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def is_rtl(lang: str | None = None) -> bool:
    """Is ``lang`` (default: the current language) written right to left?"""
    return _right_to_left(supported(lang) or current())


@cache
def _right_to_left(lang: str) -> bool:
    """Kept per language: a picture asks for every seat it draws (Babel's lookup is slow)."""
    return _locale(lang).character_order == "right-to-left"


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


# ---------------------------------------------------------------------------- catalogs


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English and unknown languages: no translation)."""
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)  # fuzzy and empty entries are left out: English shows
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _fill(translated: str, english: str, values: Mapping[str, Any]) -> str:
    """``translated`` with its placeholders filled; English if the translation is broken.

    Placeholders with no value stay as they are (``{p0}``: a seat filled in later).
    ``str.format_map`` fills them as ``string.Formatter`` did, at a tenth of its cost
    (the pure-Python formatter was 130 ms of a profiled play, issue 42)."""
    if not values:
        return translated
    try:
        return translated.format_map(_Keep(values))
    except (IndexError, ValueError, AttributeError, TypeError):
        return english.format_map(_Keep(values))


def _(msgid: str, /, **values: Any) -> str:
    """``msgid`` in the current language, its ``{placeholders}`` filled from ``values``."""
    lang = _current.get()
    text = msgid if lang == DEFAULT else translations(lang).gettext(msgid)
    return _fill(text, msgid, values)


def _n(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The plural form for ``n`` in the current language; ``{n}`` is ``n``, formatted."""
    lang = _current.get()
    if lang == DEFAULT:
        text = singular if n == 1 else plural
    else:
        text = translations(lang).ngettext(singular, plural, n)
    english = singular if n == 1 else plural
    return _fill(text, english, {"n": number(n), **values})


def C_(context: str, msgid: str, /, **values: Any) -> str:
    """``msgid`` in the current language as ``context`` means it (gettext's ``msgctxt``)."""
    lang = _current.get()
    text = msgid if lang == DEFAULT else translations(lang).pgettext(context, msgid)
    return _fill(text, msgid, values)


def N_(msgid: str, /) -> str:
    """Mark ``msgid`` for the catalogs without translating it (translate where shown)."""
    return msgid


#: Each language's name in English, translated where a reader sees it beside the name in
#: itself ("Ελληνικά (اليونانية)" in Arabic's command picker).
ENGLISH_NAMES: dict[str, str] = {
    "en": N_("English"), "ar": N_("Arabic"), "so": N_("Somali"), "el": N_("Greek"),
}


def language_label(code: str) -> str:
    """A language as a reader of the current language finds it: its name in itself, and
    beside it in the reader's language ("Ελληνικά (Greek)"); the reader's own language by
    its name alone."""
    own = LANGUAGES[code]
    if code == _current.get():
        return own
    # Translators: a language in a list: {own} is its name in itself, {name} in your
    # language: "العربية (Arabic)". A right-to-left language puts {name} first.
    return _("{own} ({name})", own=own, name=_(ENGLISH_NAMES[code]))


def translates(msgid: str, lang: str) -> bool:
    """Does the catalog of ``lang`` hold a translation of ``msgid`` (even one written the
    same as the English, as a game's name may be)?"""
    if lang == DEFAULT:
        return False
    catalog = getattr(translations(lang), "_catalog", None)
    return isinstance(catalog, dict) and msgid in catalog


def number(value: int | float) -> str:
    """``value`` written the way the current language writes numbers."""
    return _number(_current.get(), type(value).__name__, value)


@lru_cache(maxsize=4096)
def _number(lang: str, kind: str, value: int | float) -> str:
    """Kept: Babel's formatting takes 10-20 µs, and the same few counts come back in every
    panel and alt text (``kind`` keeps 1 and 1.0 apart)."""
    return format_decimal(value, locale=_locale(lang))


# ---------------------------------------------------------------------------- lazy texts


@dataclass(frozen=True, slots=True)
class Msg:
    """A text translated when it is shown: ``str(msg)`` speaks the current language.

    ``values`` fill the placeholders; a value that is itself a ``Msg`` is translated too.
    ``to_json``/``from_json`` keep it in a snapshot.
    """

    msgid: str
    values: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, Msg) else v for k, v in self.values.items()}
        if self.plural is not None and self.n is not None:
            return _n(self.msgid, self.plural, self.n, **values)
        return _(self.msgid, **values)

    def format(self, **more: Any) -> str:
        """Translated, with further placeholders filled (``{p0}`` seat names, say)."""
        return str(self).format_map(_Keep(more))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msgid": self.msgid}
        if self.values:
            data["values"] = {
                k: v.to_json() if isinstance(v, Msg) else v for k, v in self.values.items()
            }
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        values = {
            k: cls.from_json(v) if isinstance(v, dict) and "msgid" in v else v
            for k, v in dict(data.get("values") or {}).items()
        }
        return cls(str(data["msgid"]), values, data.get("plural"), data.get("n"))


class _Keep(dict[str, Any]):
    """Format values that leave unknown placeholders as they were."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def L_(msgid: str, /, **values: Any) -> Msg:
    """A lazily translated text (see :class:`Msg`)."""
    return Msg(msgid, values)


def L_n(singular: str, plural: str, n: int, /, **values: Any) -> Msg:
    """A lazily translated plural text (see :class:`Msg`)."""
    return Msg(singular, values, plural, n)


# ---------------------------------------------------------------------------- direction

#: First-strong isolate and its end: a run of notation ("10♦", "keep 2") inside
#: right-to-left text keeps its own order.
FSI, LRI, PDI = "\u2068", "\u2066", "\u2069"


def ltr(text: str) -> str:
    """``text`` kept left to right when the current language is right to left."""
    return f"{LRI}{text}{PDI}" if is_rtl() else text
