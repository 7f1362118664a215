"""The games' action words in the reader's language, for ``/move``.

The engine notation stays the game's notation (``keep 2 declare``, ``capture 5D 2C 3S``):
it is what ``/move`` plays and what the autocomplete's values carry. People may also type
the action words in their own language (Arabic ``اسحب`` for ``draw``), and the autocomplete
shows them so:

- :func:`action_word` — one notation word in the current language;
- :func:`localised` — a whole move with its action words in the current language
  (``keep 2 declare`` → ``احتفظ 2 أعلن``), card codes and numbers as they are;
- :func:`notation_word` — the notation word for a word typed in a language (``None`` when
  it is none of the game's action words);
- :func:`to_notation` — a whole typed move back in notation, for ``/move`` to play;
- :func:`choice_label` and :func:`matches` — the autocomplete's label and filter, and
  :func:`suggestions`, the whole list (``/move``'s autocomplete: label and value pairs).

Each function is handed the game's words (:class:`~bot.notation.move_words.MoveWords`, its
look's ``move_words``): every game declares its own, and a word of another game is read as
typed. The words come from the catalogs (each game's ``N_`` marks them), so a translator
gives them with the rest of a language. Nothing is cached: a dozen catalog look-ups per call.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from bot.i18n import current, use_locale
from bot.notation.move_words import MoveWords
from bot.render.card_text import truncate
from bot.render.names import plain

MAX_SUGGESTIONS = 25  # Discord shows at most 25 autocomplete choices

def fold(word: str) -> str:
    """A word as typed compared loosely: case folded, accents, Arabic short vowels, the
    tatweel and a name's bidi controls dropped (``Τράβα`` and ``τραβα``, ``اِسحَب`` and
    ``اسحب`` are one word)."""
    text = unicodedata.normalize("NFKD", plain(word).strip().casefold()).replace("\u0640", "")
    return unicodedata.normalize(
        "NFC", "".join(c for c in text if unicodedata.category(c) != "Mn")
    )


def action_word(words: MoveWords, word: str) -> str:
    """The notation ``word`` in the current language (itself when it is none of the game's
    ``words`` or has no translation yet)."""
    found = words.get(word)
    return found.said() if found else word


def localised(words: MoveWords, notation: str) -> str:
    """A move with its action words in the current language, its arguments as they are:
    ``keep 2 declare`` → ``احتفظ 2 أعلن`` (English: unchanged)."""
    return " ".join(action_word(words, token) for token in notation.split(" "))


def notation_word(words: MoveWords, typed: str, lang: str | None) -> str | None:
    """The notation word for ``typed``, one of the game's ``words`` in ``lang`` or in
    notation (``draw`` is always understood); ``None`` when it is none of them, or when two
    of them read the same in ``lang`` (a translation to mend: refuse rather than guess)."""
    key = fold(typed)
    if not key:
        return None
    if key in words:
        return key
    with use_locale(lang):
        found = [word.word for word in words if fold(word.said()) == key]
    return found[0] if len(found) == 1 else None


def to_notation(words: MoveWords, text: str, lang: str | None) -> str:
    """A typed move in notation: its action word (the first) and a closing call (``declare``,
    ``knock``) typed in ``lang`` become notation words; everything else (seats, player
    names, slots, cards) stays as typed, so a player named like an action word is still
    that player. ``/move`` then plays it (and the engine answers a wrong move as always)."""
    tokens = text.split()
    if not tokens:
        return text
    tokens[0] = notation_word(words, tokens[0], lang) or tokens[0]
    if len(tokens) > 1:
        last = words.get(notation_word(words, tokens[-1], lang) or "")
        if last is not None and last.call:
            tokens[-1] = last.word
    return " ".join(tokens)


def choice_label(words: MoveWords, notation: str, described: str) -> str:
    """The autocomplete's label of a legal move: its notation in the current language, then
    the move in words (``described``: the engine's description, already in that language);
    in English ``keep 2 — Keep the drawn card…`` or the words alone when they begin with
    the notation."""
    shown = localised(words, notation)
    return described if described.startswith(shown) else f"{shown} — {described}"


def matches(words: MoveWords, typed: str, notation: str, described: str,
            lang: str | None) -> bool:
    """Does the text typed so far pick this move? It may be part of the notation, of the
    localised notation, or of the words, or the localised move typed in full."""
    key = fold(typed)
    if not key:
        return True
    with use_locale(lang):
        shown = localised(words, notation)
    return (key in fold(notation) or key in fold(shown) or key in fold(described)
            or fold(to_notation(words, typed, lang)) in fold(notation))


def suggestions(
    words: MoveWords, offered: Iterable[tuple[str, str]], typed: str, lang: str | None = None,
    *, value: Callable[[str], str] = str,
) -> list[tuple[str, str]]:
    """``/move``'s autocomplete: ``(label, value)`` for each offered ``(notation, described)``
    the typed text picks (``words``: the game's), at most 25, labels cut to Discord's 100
    characters; labels in the current language, typed words understood in ``lang``
    (default: the current language). ``value(notation)`` is what the choice sends
    (default: the notation; the cog sends seats by number) and may be typed too."""
    lang = lang or current()
    found: list[tuple[str, str]] = []
    for notation, described in offered:
        sent = value(notation)
        if matches(words, typed, notation, described, lang) or fold(typed) in fold(sent):
            found.append((truncate(choice_label(words, notation, described), 100), sent))
            if len(found) == MAX_SUGGESTIONS:
                break
    return found
