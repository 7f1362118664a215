"""Soi ("State Of Insanity"): ask for cards, collect quadruplets (RULES.md section 4).

``ENGINE`` follows the engine contract; ``Variant(target=200, memory=True)`` holds the
table options; ``quad_value(rank)`` scores a quadruplet. Notation: ``ask SEAT CARD``
(``ask 2 QH``, seats 0-based, card in any case). Beyond the contract, computer players
may use ``ENGINE.knowledge(state, seat)`` (public knowledge about a hand) and
``ENGINE.determinize(state, seat, rng)`` (a consistent redeal of the hidden hands).
"""

from __future__ import annotations

from bot.games.soi import ai
from bot.games.soi.checks import ask_problem
from bot.games.soi.engine import SoiEngine
from bot.games.soi.state import (
    Ask,
    AskedEmptySeat,
    AskedSelf,
    CardAlreadyHeld,
    Knowledge,
    NoSuchSeat,
    RankNotHeld,
    RoundResult,
    SoiState,
    Variant,
    quad_value,
)

ENGINE = SoiEngine()
ENGINES = (ENGINE,)
PLAYERS = {ENGINE.name: ai}  # its computer players  # registered by ``bot.games.soi.game``

__all__ = [
    "ENGINE",  # i18n: not for people
    "ENGINES",  # i18n: not for people
    "PLAYERS",  # i18n: not for people
    "Ask",  # i18n: not for people
    "AskedEmptySeat",  # i18n: not for people
    "AskedSelf",  # i18n: not for people
    "CardAlreadyHeld",  # i18n: not for people
    "Knowledge",  # i18n: not for people
    "NoSuchSeat",  # i18n: not for people
    "RankNotHeld",  # i18n: not for people
    "RoundResult",  # i18n: not for people
    "SoiEngine",  # i18n: not for people
    "SoiState",  # i18n: not for people
    "Variant",  # i18n: not for people
    "ask_problem",  # i18n: not for people
    "quad_value",  # i18n: not for people
]
