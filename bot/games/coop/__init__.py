"""What the coop games (Soureh, Pariah) share: state, deal, turns, placements, views.

- ``state``: :class:`CoopState`, a slotted state copied shallowly per action (copy-on-write).
- ``rounds``: :class:`CoopRules`, the hooks a game fills in, the deal and round ends.
- ``engine``: :class:`CoopEngine`, the engine contract (``new_game``, ``to_act``,
  ``legal_actions``, ``parse_action``, ``apply``, views, ``describe``, ``totals``,
  ``winners``) plus ``check_turn(state, seat)`` (raises ``NotYourTurn``) and
  ``determinize(state, seat, rng)`` for computer players.
- ``actions``: the shared, pre-built ``Action`` values and the notation.
- ``views``, ``determinize``: views and determinization.
- ``soureh``, ``pariah``: the two games; ``ai``, ``look``, ``lessons``: their computer
  players, presentation and lessons; ``game``: their registration.
"""

from bot.games.coop import pariah, soureh
from bot.games.coop.ai import player
from bot.games.coop.engine import CoopEngine
from bot.games.coop.state import CoopState, Phase

ENGINES = (soureh.ENGINE, pariah.ENGINE)  # the family's games, registered by ``game``
PLAYERS = {soureh.ENGINE.name: player, pariah.ENGINE.name: player}  # computer players

__all__ = ["ENGINES", "PLAYERS", "CoopEngine", "CoopState", "Phase"]  # i18n: not for people
