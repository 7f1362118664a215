"""Alt text: every picture the bot sends described in words, in the reader's language.

Discord reads an attachment's ``description`` (at most 1,024 characters) to a person who
uses a screen reader. Each picture gets one, built from the same view the picture is drawn
from, by the same rule, and says what the picture shows (its cards, whose they are, whose
turn; the scores are the message's words): the table picture is described from the
*public* view only (a player view is refused), so its alt text can tell the table nothing
the picture does not; a seat's picture and hand from that seat's own view, every other
seat's hidden cards left unnamed. A game's describers live beside its look
(``Look.alt``; the caller, who holds the game, passes its ``Game``); this module adds what
every picture shares (the game, the round, whose turn) and keeps the whole in Discord's
limit, cutting at a line.

Alt text is plain text (Discord renders no markdown in a description): each name in it is
``bot.render.names.shown(name, markdown=False)``, without its bidi controls and isolated,
nothing escaped. The same words are a message's text for a player who reads text instead
of pictures (``/display text``): built with ``markdown=True``, each name is then escaped
once, as in every other message (``bot.render.names.names_as``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from bot.games.views import GameView
from bot.i18n import _
from bot.render.alt.words import name_of, plain
from bot.render.card_text import num, truncate
from bot.render.names import names_as

if TYPE_CHECKING:
    from bot.games.registry import Game

LIMIT = 1024  # Discord's longest attachment description
# Between the parts of one fact that text mode puts on lines of their own (a seat's
# coops): a semicolon and a no-break space, which reads as "; " in the alt text.
PARTS = ";\u00a0"


#: The lines a game adds about a view: ``(view, names)``.
Lines = Callable[[GameView, Sequence[str]], list[str]]


@dataclass(frozen=True, slots=True)
class AltTexts:
    """One game's describers: the lines each picture adds to the shared head."""

    table: Lines  # every card face up on the table, and the counts of hidden ones
    seat: Lines  # the table as the viewer sees it: his own cards named
    hand: Lines  # the viewer's own cards
    round_end: Lines  # the last scored round


V = TypeVar("V")


def alt_texts(view_of: Callable[[GameView], V], *,
              table: Callable[[V, Sequence[str]], list[str]],
              seat: Callable[[V, Sequence[str]], list[str]],
              hand: Callable[[V, Sequence[str]], list[str]],
              round_end: Callable[[V, Sequence[str]], list[str]]) -> AltTexts:
    """A game's :class:`AltTexts` from describers that read its own view type."""
    return AltTexts(
        table=lambda view, names: table(view_of(view), names),
        seat=lambda view, names: seat(view_of(view), names),
        hand=lambda view, names: hand(view_of(view), names),
        round_end=lambda view, names: round_end(view_of(view), names),
    )


class Minor(str):
    """A line a description may drop to fit Discord's limit (counts and scores, which the
    table message says in text too); the cards on the table are never dropped for it."""

    __slots__ = ()


def fit(lines: Sequence[str], limit: int = LIMIT) -> str:
    """The lines joined, one fact a line, in Discord's ``limit``: minor lines are dropped
    from the last while it is too long, then the text is cut at a line with ``…``."""
    kept = [line for line in lines if line]
    while len("\n".join(kept)) > limit and any(isinstance(x, Minor) for x in kept):
        last = max(i for i, x in enumerate(kept) if isinstance(x, Minor))
        del kept[last]
    out: list[str] = []
    size = 0
    for line in kept:
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    text = "\n".join(out)
    return truncate(text, limit)  # a cut name keeps its isolate closed


def _described(game: Game, picture: str, view: GameView, names: Sequence[str]) -> list[str]:
    """What ``game``'s describers (its Look's ``alt``) say about ``picture`` ("table",
    "seat", "hand", "round_end"): nothing for a game without describers."""
    alt = game.look.alt
    if alt is None:
        return []
    describe: Lines = getattr(alt, picture)
    return describe(view, names)


def head(game: Game, view: GameView, names: Sequence[str]) -> list[str]:
    """The game and round, and whose turn it is (or who won): the scores are the message's
    words, not the picture's."""
    lines = [_("{game}, round {round}.", game=_(game.title), round=num(view.get("round", 1)))]
    if view.get("over"):
        winners = [name_of(names, s) for s in view.get("winners") or []]
        lines.append(_("Game over: {winners} won.", winners=_(", ").join(winners)
                       or _("nobody")))
    elif view.get("to_act") is not None:
        who = name_of(names, view["to_act"])
        # what the seat to act must decide: the table message's words, without Markdown
        turn = game.look.turn(str(view.get("phase")))
        lines.append(plain(_(turn, who=who)))
    return lines


def _public(view: GameView) -> None:
    if view.get("seat") is not None:
        raise ValueError(
            "the table's alt text reads the public view, not a player view"  # i18n: not for people
        )


def table_alt(game: Game, view: GameView, names: Sequence[str], *,
              markdown: bool = False) -> str:
    """The public table picture in words: every card face up on the table and the counts
    of the hidden ones. ``view`` must be the public view. ``markdown``: the words for a
    message (text mode) rather than the attachment's description."""
    _public(view)
    with names_as(markdown=markdown):
        return fit([_("Picture of the table."), *head(game, view, names),
                    *_described(game, "table", view, names)])


def seat_alt(game: Game, view: GameView, names: Sequence[str], *, title: str | None = None,
             markdown: bool = False) -> str:
    """A seat's picture in words (his panel): the table and his own cards, from his view;
    the reader is "you" in it, the others by name."""
    me = view.get("seat")
    if me is None:
        raise ValueError("a seat's alt text reads a player view")  # i18n: not for people
    if isinstance(me, int) and 0 <= me < len(names):
        # Translators: the reader in the words of his own picture, where the others are
        # named: "Scores: ann 12, you 30." "Turn: you to play a card".
        names = [*names[:me], _("you"), *names[me + 1:]]
    with names_as(markdown=markdown):
        return fit([title or _("Picture of the table as you see it."),
                    *head(game, view, names), *_described(game, "seat", view, names)])


def hand_alt(game: Game, view: GameView, names: Sequence[str] = (), *,
             markdown: bool = False) -> str:
    """A hand picture in words: the viewer's own cards."""
    with names_as(markdown=markdown):
        return fit([_("Picture of your cards."), *_described(game, "hand", view, names)])


def round_end_alt(game: Game, view: GameView, names: Sequence[str], *,
                  markdown: bool = False) -> str:
    """The last scored round's picture in words (every card it shows; public)."""
    _public(view)
    with names_as(markdown=markdown):
        lines = [_("Picture of the last round's result.")]
        if view.get("over"):
            winners = [name_of(names, s) for s in view.get("winners") or []]
            lines.append(_("Game over: {winners} won.", winners=_(", ").join(winners)
                           or _("nobody")))
        return fit([*lines, *_described(game, "round_end", view, names)])


def review_alt(game: Game, view: GameView, names: Sequence[str], *,
               markdown: bool = False) -> str:
    """A review page's picture in words: the table as the reviewed seat saw it then."""
    return seat_alt(game, view, names, markdown=markdown,
                    title=_("Picture of the table as you saw it at that decision."))


def as_text(alt: str) -> str:
    """A picture's alt text as a message's text, for a player who reads text instead of
    pictures (``/display text``): without its "Picture of" line, one fact a line."""
    lines = alt.split("\n")[1:]
    return "\n".join(part for line in lines for part in line.split(PARTS))
