"""What a game looks like to people: the one shape every game's presentation fills in.

Each game's presentation module (``bot.render.coop``, ``bot.render.turup``,
``bot.render.soi``) makes a :class:`Look`; the catalog (``bot.catalog``) holds it beside
the game's engine, options and computer players. Generic presentation (the table embed,
the control panel, the terminal board) asks the look, never the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.render.components import Step, TableView
    from bot.tables.model import Table

View = dict[str, Any]

# Fill the control panel of the seat to act at a step; returns the prompt in bold.
PanelSteps = Callable[["Table", "Step", "list[Action]", "TableView", View], str]

# A game-specific select's choice as engine notation: ``(table, kind, arg, values)``.
Notation = Callable[["Table", str, str, "list[str]"], str]


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True, slots=True)
class Look:
    """One game's presentation: colours, text built from views, panel steps."""

    colour: int
    # Every seat's public cards and the shared cards, as embed fields.
    public_fields: Callable[[View, Sequence[str]], list[Field]]
    # The last round's public result, or ``None`` before the first round ends.
    round_summary: Callable[[View, Sequence[str]], str | None]
    # A seat's own cards in words (its DM, My cards and the control panel).
    private_text: Callable[[View], str]
    # The seat's view as plain lines for the terminal (``python -m bot play``).
    board_lines: Callable[[View, Sequence[str]], list[str]]
    # The control panel's options at each step of a decision.
    panel_steps: PanelSteps
    # Component kinds whose choice this game turns into a move (e.g. Turup's captures).
    notations: dict[str, Notation] = field(default_factory=dict)
