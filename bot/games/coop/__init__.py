"""What the coop games (Soureh, Pariah) share: state, deal, turns, placements, views."""

from bot.games.coop.engine import CoopEngine
from bot.games.coop.state import CoopState, Phase

__all__ = ["CoopEngine", "CoopState", "Phase"]
