"""Turup: capture cards from the community pile by match or addition (RULES.md section 3).

``ENGINE`` follows the engine contract; ``Variant(rounds=3)`` are the options;
``is_capture(card, taken)`` and ``captures(card, pile)`` are the pure capture rule;
``totals(state)`` and ``round_wins(state)`` the scores; ``ENGINE.determinize`` serves the AI.
"""

from bot.games.turup import ai
from bot.games.turup.capture import captures, is_capture, maximal_captures
from bot.games.turup.engine import ENGINE, TurupEngine, capture_error, round_wins, totals
from bot.games.turup.state import RoundResult, TurupState, Variant, deck_count

ENGINES = (ENGINE,)
PLAYERS = {ENGINE.name: ai}  # its computer players  # registered by ``bot.games.turup.game``

__all__ = [
    "ENGINE",  # i18n: not for people
    "ENGINES",  # i18n: not for people
    "PLAYERS",  # i18n: not for people
    "RoundResult",  # i18n: not for people
    "TurupEngine",  # i18n: not for people
    "TurupState",  # i18n: not for people
    "Variant",  # i18n: not for people
    "capture_error",  # i18n: not for people
    "captures",  # i18n: not for people
    "deck_count",  # i18n: not for people
    "is_capture",  # i18n: not for people
    "maximal_captures",  # i18n: not for people
    "round_wins",  # i18n: not for people
    "totals",  # i18n: not for people
]
