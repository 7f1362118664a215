"""High card as people see it: text for the embeds, the terminal and the control panel,
and pictures drawn with the shared canvas. Every function reads the game's own view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.views import GameView, WrongGame
from bot.i18n import C_, N_, _
from bot.notation.move_words import MoveWord, MoveWords
from bot.options import OptionNames
from bot.render.alt import Minor, alt_texts
from bot.render.alt.words import cards_words, name_of, plain
from bot.render.card_text import card, cards, num, seat_name
from bot.render.components import Kind, Step, TableView, action_arg
from bot.render.images.canvas import MARGIN, Canvas
from bot.render.images.canvas import seat_name as plain_name
from bot.render.images.layout import pictures
from bot.render.images.rows import ROW_H, seat_row
from bot.render.images.seat import with_hand
from bot.render.images.style import Theme
from bot.render.look import Field, RoundOver, look
from bot.render.round_lines import by_points

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.seen import Seen

View = dict[str, Any]  # the engine's view: GameView's keys plus trick, hand_counts, won, hand
CW, CH = 100, 140


def view_of(view: GameView) -> View:
    """``view`` read as High card's (``WrongGame`` for another game's)."""
    if view["game"] != "highcard":  # i18n: not for people
        raise WrongGame(view, "High card")  # i18n: not for people
    return dict(view)


def public_fields(view: View, names: Sequence[str]) -> list[Field]:
    """Each seat's tricks and cards left, and the trick on the table."""
    fields = [Field(seat_name(names, s), _("{won} tricks · {n} cards", won=view["won"][s],
                                           n=view["hand_counts"][s]), inline=True)
              for s in range(2)]
    return [*fields, Field(_("Trick"), cards(view["trick"]) or "—")]


def round_summary(view: View, names: Sequence[str]) -> str | None:
    """The tricks each seat took in the last round."""
    last = view["last_round"]
    if last is None:
        return None
    return "\n".join(_("**{name}**: {n} tricks", name=seat_name(names, s), n=won)
                     for s, won in enumerate(last["won"]))


def round_over(view: View, names: Sequence[str], low: bool) -> RoundOver | None:
    """Who took the most tricks in the last round."""
    last = view["last_round"]
    return None if last is None else RoundOver(None, by_points(names, last["won"], low, None))


def private_text(view: View) -> str:
    """The seat's cards."""
    return _("Your cards: {cards}", cards=cards(view["hand"] or []) or "—")


def board_lines(view: View, names: Sequence[str]) -> list[str]:
    """The terminal's board: the trick, the tricks taken, the seat's cards."""
    lines = [_("Trick: {cards}", cards=" ".join(view["trick"]) or "—")]
    lines += [f"  {names[s]}: {view['won'][s]}" for s in range(2)]
    if view["hand"] is not None:
        lines.append(_("Your cards: {cards}", cards=" ".join(view["hand"])))
    return lines


def panel_steps(table: Seen, step: Step, actions: list[Action], panel: TableView,
                view: View) -> str:
    """One button per card: a decision is one tap."""
    for action in actions:
        panel.button(Kind.ACT, card(str(action.args[0])), arg=action_arg(str(action)), row=0,
                     style=discord.ButtonStyle.primary)
    return _("Play a card.")


def _cards(canvas: Canvas, codes: Sequence[str | None], y: int) -> None:
    for i, code in enumerate(codes):
        canvas.card(MARGIN + 8 + i * (CW + 12), y, code, CW, CH)


def table(view: View, names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    """The trick on the table (whose turn it is, the message says)."""
    canvas = Canvas(CH + 2 * MARGIN, theme, four)
    _cards(canvas, view["trick"], MARGIN)
    return canvas


def hand(view: View, theme: Theme, four: bool) -> Canvas:
    """The seat's own cards."""
    canvas = Canvas(CH + 2 * MARGIN, theme, four)
    _cards(canvas, view["hand"] or [], MARGIN)
    return canvas


def round_end(view: View, names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    """The last round: each seat's name over the backs of the tricks it won."""
    won = view["last_round"]["won"]
    canvas = Canvas(2 * MARGIN + len(won) * (ROW_H + 8), theme, four)
    for s, tricks in enumerate(won):
        y = MARGIN + s * (ROW_H + 8)
        seat_row(canvas, (MARGIN, y, canvas.width - MARGIN, y + ROW_H), plain_name(names, s),
                 int(tricks), turn=False, out=False)
    return canvas


def seat(view: View, names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    """The table with the seat's cards in a strip over the trick."""
    public = table({**view, "hand": None}, names, theme, four)
    return with_hand(public, view["hand"], MARGIN)


def table_words(view: View, names: Sequence[str]) -> list[str]:
    """The table's picture in words: the trick's cards, then each seat's cards and tricks."""
    def each(counts: list[int]) -> str:
        return _(", ").join(f"{name_of(names, s)} {num(n)}" for s, n in enumerate(counts))

    return [cards_words(view["trick"]) + ".",
            Minor(_("Cards in hand: {counts}.", counts=each(view["hand_counts"]))),
            Minor(_("Won this round: {won}", won=each(view["won"])) + ".")]


def hand_words(view: View, names: Sequence[str]) -> list[str]:
    """The seat's own cards in words."""
    held = view["hand"]
    return [] if held is None else [_("Your cards: {cards}", cards=cards_words(held))]


def seat_words(view: View, names: Sequence[str]) -> list[str]:
    """The seat's own cards, then the table."""
    return [*hand_words(view, names), *table_words(view, names)]


def round_end_words(view: View, names: Sequence[str]) -> list[str]:
    """The tricks each seat took in the last round."""
    summary = round_summary(view, names)
    return [plain(summary)] if summary else []


#: The turn line of each phase with a seat to act (the words Turup's "play" has, so
#: every catalog translates them).
TURNS = {"play": N_("**Turn:** {who} to play a card")}

#: The one word of High card's notation, ``play``: in English the notation word itself; in
#: another language the word Turup's "trail" has (put a card down: ضع, ρίξε, dhig), so
#: every catalog translates it, as the turn line above borrows Turup's.
MOVE_WORDS = MoveWords((MoveWord("play", N_("trail")),))

#: High card's one option, ``rounds``, in words: the words Turup's "rounds" has, so every
#: catalog translates them (this module is not read for the catalogs).
OPTION_NAMES: OptionNames = {"rounds": lambda: C_("option", "rounds")}

LOOK = look(view_of, colour=0x6A1B9A, public_fields=public_fields,
            round_summary=round_summary, round_over=round_over, private_text=private_text,
            board_lines=board_lines, panel_steps=panel_steps,
            pictures=pictures(view_of, table, hand, round_end, seat), turns=TURNS,
            alt=alt_texts(view_of, table=table_words, seat=seat_words, hand=hand_words,
                          round_end=round_end_words),
            move_words=MOVE_WORDS, option_names=OPTION_NAMES)
