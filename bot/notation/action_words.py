"""The games' action words in the reader's language, for ``/move``.

The engine notation stays the game's notation (``keep 2 declare``, ``capture 5D 2C 3S``):
it is what ``/move`` plays and what the autocomplete's values carry. People may also type
the action words in their own language (Arabic ``اسحب`` for ``draw``), and the autocomplete
shows them so:

- :func:`action_word` — one notation word in the current language;
- :func:`localised` — a whole move with its action words in the current language
  (``keep 2 declare`` → ``احتفظ 2 أعلن``), card codes and numbers as they are;
- :func:`notation_word` — the notation word for a word typed in a language (``None`` when
  it is none of the games' action words);
- :func:`to_notation` — a whole typed move back in notation, for ``/move`` to play;
- :func:`choice_label` and :func:`matches` — the autocomplete's label and filter, and
  :func:`suggestions`, the whole list (``/move``'s autocomplete: label and value pairs).

The words come from the catalogs (:data:`ACTION_WORDS` marks them), so a translator gives
them with the rest of a language. Nothing is cached: a dozen catalog look-ups per call.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from bot.i18n import N_, _, current, use_locale
from bot.render.card_text import truncate
from bot.render.names import plain

MAX_SUGGESTIONS = 25  # Discord shows at most 25 autocomplete choices

# The action words of the games' moves, typed by players after /move and shown in its
# suggestions; each comment below reaches the translators with its word.
ACTION_WORDS: dict[str, str] = {
    # Translators: /move word (one short word, lower case, unlike every other /move word):
    # draw the top card of the stock.
    "draw": N_("draw"),
    # Translators: /move word: keep the drawn card in place of one of your face-down cards.
    "keep": N_("keep"),
    # Translators: /move word: give the drawn card in place of an opponent's face-up card.
    "give": N_("give"),
    # Translators: /move word: discard the drawn card.
    "discard": N_("discard"),
    # Translators: /move word: reveal your coops (Soureh).
    "reveal": N_("reveal"),
    # Translators: /move word: declare (Soureh), said after the move that declares.
    "declare": N_("declare"),
    # Translators: /move word: knock (Pariah), said after the move that knocks.
    "knock": N_("knock"),
    # Translators: /move word: use a drawn Jack (Pariah).
    "jack": N_("jack"),
    # Translators: /move word: use a drawn Queen (Pariah).
    "queen": N_("queen"),
    # Translators: /move word: use a drawn King (Pariah).
    "king": N_("king"),
    # Translators: /move word: capture pile cards (Turup).
    "capture": N_("capture"),
    # Translators: /move word: put a card on the pile without capturing (Turup).
    "trail": N_("trail"),
    # Translators: /move word: ask a player for a card (Soi).
    "ask": N_("ask"),
}


def fold(word: str) -> str:
    """A word as typed compared loosely: case folded, accents, Arabic short vowels, the
    tatweel and a name's bidi controls dropped (``Τράβα`` and ``τραβα``, ``اِسحَب`` and
    ``اسحب`` are one word)."""
    text = unicodedata.normalize("NFKD", plain(word).strip().casefold()).replace("\u0640", "")
    return unicodedata.normalize(
        "NFC", "".join(c for c in text if unicodedata.category(c) != "Mn")
    )


def action_word(word: str) -> str:
    """The notation ``word`` in the current language (itself when it is no action word
    or has no translation yet)."""
    msgid = ACTION_WORDS.get(word.lower())
    return _(msgid) if msgid else word


def localised(notation: str) -> str:
    """A move with its action words in the current language, its arguments as they are:
    ``keep 2 declare`` → ``احتفظ 2 أعلن`` (English: unchanged)."""
    return " ".join(action_word(token) for token in notation.split(" "))


def notation_word(typed: str, lang: str | None) -> str | None:
    """The notation word for ``typed``, an action word in ``lang`` or in notation (``draw``
    is always understood); ``None`` when it is none of them, or when two action words of
    ``lang`` read the same (a translation to mend: refuse rather than guess)."""
    key = fold(typed)
    if not key:
        return None
    if key in ACTION_WORDS:
        return key
    with use_locale(lang):
        found = [word for word, msgid in ACTION_WORDS.items() if fold(_(msgid)) == key]
    return found[0] if len(found) == 1 else None


def to_notation(text: str, lang: str | None) -> str:
    """A typed move in notation: its action word (the first) and a closing call (``declare``,
    ``knock``) typed in ``lang`` become notation words; everything else (seats, player
    names, slots, cards) stays as typed, so a player named like an action word is still
    that player. ``/move`` then plays it (and the engine answers a wrong move as always)."""
    tokens = text.split()
    if not tokens:
        return text
    tokens[0] = notation_word(tokens[0], lang) or tokens[0]
    if len(tokens) > 1 and notation_word(tokens[-1], lang) in CALL_WORDS:
        tokens[-1] = notation_word(tokens[-1], lang) or tokens[-1]
    return " ".join(tokens)


CALL_WORDS = frozenset({"declare", "knock"})


def choice_label(notation: str, words: str) -> str:
    """The autocomplete's label of a legal move: its notation in the current language, then
    the move in words (``words``: the engine's description, already in that language);
    in English ``keep 2 — Keep the drawn card…`` or the words alone when they begin with
    the notation."""
    shown = localised(notation)
    return words if words.startswith(shown) else f"{shown} — {words}"


def matches(typed: str, notation: str, words: str, lang: str | None) -> bool:
    """Does the text typed so far pick this move? It may be part of the notation, of the
    localised notation, or of the words, or the localised move typed in full."""
    key = fold(typed)
    if not key:
        return True
    with use_locale(lang):
        shown = localised(notation)
    return (key in fold(notation) or key in fold(shown) or key in fold(words)
            or fold(to_notation(typed, lang)) in fold(notation))


def suggestions(
    offered: Iterable[tuple[str, str]], typed: str, lang: str | None = None,
    *, value: Callable[[str], str] = str,
) -> list[tuple[str, str]]:
    """``/move``'s autocomplete: ``(label, value)`` for each offered ``(notation, words)``
    the typed text picks, at most 25, labels cut to Discord's 100 characters; labels in
    the current language, typed words understood in ``lang`` (default: the current
    language). ``value(notation)`` is what the choice sends (default: the notation; the
    cog sends seats by number) and may be typed too."""
    lang = lang or current()
    found: list[tuple[str, str]] = []
    for notation, words in offered:
        sent = value(notation)
        if matches(typed, notation, words, lang) or fold(typed) in fold(sent):
            found.append((truncate(choice_label(notation, words), 100), sent))
            if len(found) == MAX_SUGGESTIONS:
                break
    return found
