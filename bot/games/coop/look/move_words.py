"""The coop games' move words for ``/move``: the placements both games share, Soureh's
reveal, Pariah's face cards, and the calls said after a placement (``keep 2 declare``).
Both engines read both calls (the other game's is refused with a hint), so both games
declare them; each comment below reaches the translators with its word."""

from __future__ import annotations

from bot.i18n import N_
from bot.notation.move_words import MoveWord, MoveWords

#: The moves of both coop games.
SHARED = MoveWords((
    # Translators: /move word (one short word, lower case, unlike every other /move word):
    # draw the top card of the stock.
    MoveWord("draw", N_("draw")),
    # Translators: /move word: keep the drawn card in place of one of your face-down cards.
    MoveWord("keep", N_("keep")),
    # Translators: /move word: give the drawn card in place of an opponent's face-up card.
    MoveWord("give", N_("give"), seats=("seat", "other"), usage=N_(
        "Write give like this: `give bob 3` (a player's name or seat number, then "
        "the coop's number).")),
    # Translators: /move word: discard the drawn card.
    MoveWord("discard", N_("discard")),
    # Translators: /move word: reveal your coops (Soureh).
    MoveWord("reveal", N_("reveal")),
    # Translators: /move word: declare (Soureh), said after the move that declares.
    MoveWord("declare", N_("declare"), call=True),
    # Translators: /move word: knock (Pariah), said after the move that knocks.
    MoveWord("knock", N_("knock"), call=True),
))

#: Pariah's face cards, used when drawn.
FACE_CARDS = MoveWords((
    # Translators: /move word: use a drawn Jack (Pariah).
    MoveWord("jack", N_("jack")),
    # Translators: /move word: use a drawn Queen (Pariah).
    MoveWord("queen", N_("queen")),
    # Translators: /move word: use a drawn King (Pariah).
    MoveWord("king", N_("king"), seats=("seat", "other", "seat", "other"), usage=N_(
        "Write king like this: `king ann 1 bob 4` (a player and a coop's number, twice).")),
))

SOUREH_WORDS = SHARED
PARIAH_WORDS = SHARED + FACE_CARDS
