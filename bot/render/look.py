"""What a game looks like to people: the one shape every game's presentation fills in.

Each game's presentation (``bot/games/<family>/look/``: text, pictures and their samples,
alt text, rules pages, option words, its own component kinds) makes a :class:`Look`; the
game's registration (``bot.games.registry.Game``) holds it beside the engine, computer
players and lessons. Generic presentation (the table embed, the control panel, ``/rules``,
the footer, the pictures, the terminal board) asks the look, never the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from bot.games.views import GameView
from bot.notation.move_words import NO_WORDS, MoveWords
from bot.options import OptionNames
from bot.render.alt import AltTexts
from bot.render.images.layout import Pictures

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.render.components import Step, TableView
    from bot.seen import Seen

View = GameView

# Fill the control panel of the seat to act at a step; returns the prompt in bold.
PanelSteps = Callable[["Seen", "Step", "list[Action]", "TableView", View], str]

# A game-specific select's choice as engine notation: ``(table, kind, arg, values)``.
Notation = Callable[["Seen", str, str, "list[str]"], str]

# Reads a panel step's argument (``(table, arg)``): raises ``ValueError`` when it does not
# read (a forged or out-of-date component); ``None``: the step needs no reading.
StepCheck = Callable[["Seen", str], None] | None

# One page of a game's rules for ``/rules``: its heading and its paragraphs, each a text
# of the catalogs marked with ``N_`` (:data:`BLANK` for an empty line).
RulesPage = tuple[str, tuple[str, ...]]

# The table's options in plain words for the table message's footer, from the option
# values (defaults filled in): "Lowest total wins · ends at 100", ...
OptionWords = Callable[[Mapping[str, Any]], list[str]]

# An empty line between paragraphs of a rules page (never looked up: the empty msgid is
# the catalog's header).
BLANK = ""

# What the seat to act must decide in each phase its engine's views name: the table
# message's turn line, ``{who}`` the seat's name, each an ``N_`` text in Markdown (the alt
# text reads it without). Every phase a view gives with a seat to act has its words
# (tests/conformance/test_phase_words.py): shared code never puts a generic line in their place.
Turns = Mapping[str, str]

# Moves a seat is offered beside its legal ones in a phase, each with its words: a coop
# declarer's reveal turn offers Reveal every time, whether he may reveal being his secret.
# ``(view, legal)``: the public view and the seat's legal moves.
Offered = Callable[[View, "Sequence[Action]"], "list[tuple[Action, str]]"]

# The move a seat's turn makes by itself (the panel's Take turn makes it at once, a lesson
# makes it for the learner): ``(view, legal)``, ``None`` when the turn is a decision.
Automatic = Callable[[View, "Sequence[Action]"], "Action | None"]


# A move in the words of the game's own panel buttons, short enough for a phone's button
# ("Keep 2 · 3♠ out", "9♦ takes 9♠", "Ask bob for Q♥"): ``(view, move, names)``, the
# mover's player view and the seats' names as labels show them. A puzzle's buttons use it;
# without it they read the engine's description of the move.
MoveLabel = Callable[[View, "Action", Sequence[str]], str]


class MissingWords(LookupError):
    """A game's look has no words for what its engine shows (a phase): a bug of the game's
    look, which the tests over every registered game find; never papered over."""


def no_words(values: Mapping[str, Any]) -> list[str]:
    """Options a game does not put in words."""
    return []


def no_offered(view: View, legal: Sequence[Action]) -> list[tuple[Action, str]]:
    """No move beyond the legal ones."""
    return []


def no_automatic(view: View, legal: Sequence[Action]) -> Action | None:
    """Every turn is a decision."""
    return None


def recent_three(view: View) -> int:
    """The table message's events: the last three."""
    return 3


def no_lines(view: View, names: Sequence[str]) -> list[str]:
    """No words beside a picture."""
    return []


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True, slots=True)
class RoundOver:
    """The last scored round, as the round-end message and the Last round button tell it."""

    number: int | None  # the round's number, when the game's view gives it
    winners: str  # who won the round and why, one line of Markdown


@dataclass(frozen=True, slots=True)
class Look:
    """One game's presentation: colours, text built from views, panel steps."""

    colour: int
    # Every seat's public cards and the shared cards, as embed fields.
    public_fields: Callable[[View, Sequence[str]], list[Field]]
    # The last round's public result, or ``None`` before the first round ends.
    round_summary: Callable[[View, Sequence[str]], str | None]
    # The last scored round, ``None`` before one: ``(view, names, lowest_wins)``.
    round_over: Callable[[View, Sequence[str], bool], RoundOver | None]
    # A seat's own cards in words (its DM, My cards and the control panel).
    private_text: Callable[[View], str]
    # The seat's view as plain lines for the terminal (``python -m bot play``).
    board_lines: Callable[[View, Sequence[str]], list[str]]
    # The control panel's options at each step of a decision.
    panel_steps: PanelSteps
    # The card images' layouts (``bot.render.images`` draws a view with its game's).
    pictures: Pictures
    # The turn line of each phase (read it with :meth:`turn`).
    turns: Turns
    # The pages of ``/rules``.
    rules: tuple[RulesPage, ...] = ()
    # The options in plain words, for the table message's footer.
    option_words: OptionWords = no_words
    # The game's own component kinds that move the control panel to another step of the
    # same decision (e.g. Soi's "player to ask chosen"), each with its argument's reading.
    # The codes are the ``<kind>`` of custom_ids in sent messages: never change one.
    steps: Mapping[str, StepCheck] = field(default_factory=dict)
    # Component kinds whose choice this game turns into a move (e.g. Turup's captures).
    notations: dict[str, Notation] = field(default_factory=dict)
    # The pictures in words (their alt text); ``None``: only what every game shares.
    alt: AltTexts | None = None
    # Whether the round-end picture shows what its text cannot (Turup's holds only the
    # cards won, which the text says: no picture then).
    round_picture: bool = True
    # What the table's picture leaves to words (counts, piles, calls), as lines of the
    # table message, from the public view.
    table_words: Callable[[View, Sequence[str]], list[str]] = no_lines
    # What the seat's picture leaves to words (the card drawn, the asks), as lines of his
    # panel, from his player view.
    panel_words: Callable[[View, Sequence[str]], list[str]] = no_lines
    # How many of the newest events the table message shows, from the public view (Soi's
    # asks are its memory: more of them, and only the last three under its memory rule).
    recent_lines: Callable[[View], int] = recent_three
    # Moves offered beside the legal ones (the autocomplete of /move, the terminal's list).
    offered: Offered = no_offered
    # The move a turn makes by itself, if any (Take turn, a lesson's learner).
    automatic: Automatic = no_automatic
    # A move as the game's panel buttons word it (a puzzle's buttons).
    move_label: MoveLabel | None = None
    # The words of the game's notation (``/move``, its autocomplete, the console, hints):
    # each in the reader's language, its seats, how to write it. Every word the game's
    # moves use has them (tests/conformance/test_move_words.py).
    move_words: MoveWords = NO_WORDS
    # Each option's name in words (``threshold``, ``pack``), by its ``Variant`` field's name:
    # /play's and /settings' errors, a table's options, the console. Every option of the
    # game has them (tests/conformance/test_option_words.py).
    option_names: OptionNames = field(default_factory=dict)

    def turn(self, phase: str) -> str:
        """The turn line of ``phase`` (an ``N_`` text with ``{who}``): :class:`MissingWords`
        when the game's look has none."""
        try:
            return self.turns[phase]
        except KeyError:
            raise MissingWords(
                f"no turn words for the phase {phase!r}"  # i18n: not for people
            ) from None


V = TypeVar("V")


def look(
    view_of: Callable[[GameView], V],
    *,
    colour: int,
    public_fields: Callable[[V, Sequence[str]], list[Field]],
    round_summary: Callable[[V, Sequence[str]], str | None],
    round_over: Callable[[V, Sequence[str], bool], RoundOver | None],
    private_text: Callable[[V], str],
    board_lines: Callable[[V, Sequence[str]], list[str]],
    panel_steps: Callable[[Seen, Step, list[Action], TableView, V], str],
    pictures: Pictures,
    turns: Turns,
    rules: tuple[RulesPage, ...] = (),
    option_words: OptionWords = no_words,
    steps: Mapping[str, StepCheck] | None = None,
    notations: dict[str, Notation] | None = None,
    alt: AltTexts | None = None,
    round_picture: bool = True,
    table_words: Callable[[V, Sequence[str]], list[str]] | None = None,
    panel_words: Callable[[V, Sequence[str]], list[str]] | None = None,
    recent_lines: Callable[[V], int] | int = 3,
    offered: Callable[[V, Sequence[Action]], list[tuple[Action, str]]] | None = None,
    automatic: Callable[[V, Sequence[Action]], Action | None] | None = None,
    move_label: Callable[[V, Action, Sequence[str]], str] | None = None,
    move_words: MoveWords = NO_WORDS,
    option_names: OptionNames | None = None,
) -> Look:
    """A game's :class:`Look` from functions that read its own view type: ``view_of``
    turns a :class:`GameView` into that type (raising for another game's view)."""
    return Look(
        colour=colour,
        public_fields=lambda view, names: public_fields(view_of(view), names),
        round_summary=lambda view, names: round_summary(view_of(view), names),
        round_over=lambda view, names, low: round_over(view_of(view), names, low),
        private_text=lambda view: private_text(view_of(view)),
        board_lines=lambda view, names: board_lines(view_of(view), names),
        panel_steps=lambda table, step, actions, panel, view: panel_steps(
            table, step, actions, panel, view_of(view)
        ),
        pictures=pictures,
        turns=dict(turns),
        rules=rules,
        option_words=option_words,
        steps=dict(steps or {}),
        notations=dict(notations or {}),
        alt=alt,
        round_picture=round_picture,
        table_words=_words(view_of, table_words),
        panel_words=_words(view_of, panel_words),
        recent_lines=_count(view_of, recent_lines),
        offered=no_offered if offered is None else _offered(view_of, offered),
        automatic=no_automatic if automatic is None else _automatic(view_of, automatic),
        move_label=None if move_label is None else _move_label(view_of, move_label),
        move_words=move_words,
        option_names=dict(option_names or {}),
    )


def _count(view_of: Callable[[GameView], V], count: Callable[[V], int] | int
           ) -> Callable[[View], int]:
    if isinstance(count, int):
        return lambda view: count
    return lambda view: count(view_of(view))


def _offered(view_of: Callable[[GameView], V],
             offered: Callable[[V, Sequence[Action]], list[tuple[Action, str]]]) -> Offered:
    return lambda view, legal: offered(view_of(view), legal)


def _automatic(view_of: Callable[[GameView], V],
               automatic: Callable[[V, Sequence[Action]], Action | None]) -> Automatic:
    return lambda view, legal: automatic(view_of(view), legal)


def _move_label(view_of: Callable[[GameView], V],
                label: Callable[[V, Action, Sequence[str]], str]) -> MoveLabel:
    return lambda view, move, names: label(view_of(view), move, names)


def _words(
    view_of: Callable[[GameView], V], words: Callable[[V, Sequence[str]], list[str]] | None
) -> Callable[[View, Sequence[str]], list[str]]:
    if words is None:
        return no_lines
    return lambda view, names: words(view_of(view), names)
