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

PanelSteps = Callable[["Table", "Step", "list[Action]", "TableView", View], str]
"""Fill the control panel of the seat to act at a step; returns the prompt in bold."""

Notation = Callable[["Table", str, str, "list[str]"], str]
"""A game-specific select's choice as engine notation: ``(table, kind, arg, values)``."""


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
    public_fields: Callable[[View, Sequence[str]], list[Field]]
    """Every seat's public cards and the shared cards, as embed fields."""
    round_summary: Callable[[View, Sequence[str]], str | None]
    """The last round's public result, or ``None`` before the first round ends."""
    private_text: Callable[[View], str]
    """A seat's own cards in words (its DM, My cards and the control panel)."""
    board_lines: Callable[[View, Sequence[str]], list[str]]
    """The seat's view as plain lines for the terminal (``python -m bot play``)."""
    panel_steps: PanelSteps
    """The control panel's options at each step of a decision."""
    notations: dict[str, Notation] = field(default_factory=dict)
    """Component kinds whose choice this game turns into a move (e.g. Turup's captures)."""
