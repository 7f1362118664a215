"""Turup: capture cards from the community pile by match or addition (RULES.md section 3).

``ENGINE`` follows the engine contract; ``Variant(rounds=3)`` are the options;
``is_capture(card, taken)`` and ``captures(card, pile)`` are the pure capture rule;
``totals(state)`` and ``round_wins(state)`` the scores; ``ENGINE.determinize`` serves the AI.
"""

from bot.games.turup.capture import captures, is_capture, maximal_captures
from bot.games.turup.engine import ENGINE, TurupEngine, capture_error, round_wins, totals
from bot.games.turup.state import RoundResult, TurupState, Variant, deck_count

__all__ = [
    "ENGINE",
    "RoundResult",
    "TurupEngine",
    "TurupState",
    "Variant",
    "capture_error",
    "captures",
    "deck_count",
    "is_capture",
    "maximal_captures",
    "round_wins",
    "totals",
]
