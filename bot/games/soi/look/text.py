"""Soi as people see it: embed fields, round summaries, a hand, the terminal board and the
control panel's steps (whom to ask, then the rank, then the suit)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.soi.look import alt as alt_soi
from bot.games.soi.look import images, rules, words
from bot.games.soi.look.kinds import STEPS, SoiKind
from bot.games.soi.look.move_words import MOVE_WORDS
from bot.games.soi.look.option_names import OPTION_NAMES
from bot.games.soi.look.summary import round_summary
from bot.games.soi.moves import AskFor
from bot.games.soi.views import SoiView, soi_view
from bot.i18n import N_, _, _n
from bot.render.card_text import card, cards, notation, seat_name, sort_hand, truncate
from bot.render.components import MAX_OPTIONS, Kind, Step, TableView, option
from bot.render.look import Field, RoundOver, look
from bot.render.round_lines import by_points
from bot.render.steps import plain_card, plain_cards

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.seen import Seen

FIELD_VALUE = 1024


def public_fields(view: SoiView, names: Sequence[str]) -> list[Field]:
    """Each seat's hand size and quadruplets, and the asks on show."""
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        total = int(totals[i]) if i < len(totals) else 0
        head = _n("{name} · {n} pt", "{name} · {n} pts", total, name=seat_name(names, i))
        quads = seat.get("quads") or []
        held = _n("{n} card", "{n} cards", int(seat.get("hand_count") or 0))
        value = held + "\n" + _("Quads: {quads}",
                                quads=notation(", ".join(quads)) if quads else "—")
        fields.append(Field(truncate(head, 256), value, inline=True))
    asks = view.get("asks") or []
    if asks:
        lines = []
        for ask in asks[-8:]:
            values = {"asker": seat_name(names, ask.get("asker")),
                      "asked": seat_name(names, ask.get("asked")), "card": card(ask.get("card"))}
            lines.append(_("{asker} asked {asked} for {card}: yes", **values) if ask.get("hit")
                         else _("{asker} asked {asked} for {card}: no", **values))
        title = _("Last asks") if view.get("memory") else _("Asks this round")
        fields.append(Field(title, truncate("\n".join(lines), FIELD_VALUE)))
    return fields


def round_over(view: SoiView, names: Sequence[str], low: bool) -> RoundOver | None:
    """Who scored the most points in the last round, or ``None`` before one (Soi's view
    does not number its rounds' results)."""
    last = view["last_round"]
    if last is None:
        return None
    return RoundOver(None, by_points(names, last.get("points") or [], low, None))


def private_text(view: SoiView) -> str:
    """The seat's hand, grouped by rank."""
    hand = view.get("hand") or []
    if not hand:
        return _("You hold no cards.")
    groups: dict[str, list[str]] = {}
    for code in sort_hand(hand):
        groups.setdefault(code[:-1], []).append(code)
    return _("Your hand:") + "\n" + "\n".join(
        f"**{notation(r)}**: {cards(c)}" for r, c in groups.items())


def board_lines(view: SoiView, names: Sequence[str]) -> list[str]:
    """The seat's view for the terminal: seats, asks and hand."""
    lines = []
    for s, row in enumerate(view["seats"]):
        quads = ", ".join(row["quads"]) or _("none")
        held = _n("{n} card", "{n} cards", row["hand_count"])
        lines.append("  " + _("seat {seat} {name}: {held}, quadruplets: {quads}", seat=s + 1,
                              name=names[s], held=held, quads=quads))
    asks = view.get("asks") or []
    if asks:
        lines.append(_("Asks (last 3):") if view.get("memory") else _("Asks:"))
        for a in asks:
            values = {"asker": names[a["asker"]], "asked": names[a["asked"]],
                      "card": plain_card(a["card"])}
            lines.append("  " + (_("{asker} asked {asked} for {card}: had it", **values)
                                 if a["hit"] else
                                 _("{asker} asked {asked} for {card}: did not have it",
                                   **values)))
    if view.get("hand") is not None:
        lines.append(_("Your hand: {cards}", cards=plain_cards(view["hand"])))
    return lines


def panel_steps(
    table: Seen, step: Step, actions: list[Action], view: TableView, pv: SoiView
) -> str:
    """The asks grouped by opponent: one select per opponent ("Ask bob for…" and his asks,
    or his ranks first when he has more asks than a select holds, then the suit); with
    more opponents than fit beside the Hint button, the opponent first."""
    asks = [a for a in actions if a.word == "ask"]
    moves = {a: AskFor.of(a) for a in asks}
    if step.kind == SoiKind.PLAYER:
        target = int(step.arg)
        _opponent_select(table, view, moves, target, row=0)
        view.button(Kind.ROOT, _("Back"), row=1)
        return _("Ask {name} for which card?", name=seat_name(table.names, target))
    if step.kind == SoiKind.RANK:
        target_text, rank = step.arg.split(".", 1)
        target = int(target_text)
        chosen = [a for a, m in moves.items() if m.seat == target and m.rank == rank]
        options = [option(card(str(moves[a].card)), str(a)) for a in chosen[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, placeholder=_("Which suit?"))
        view.button(Kind.ROOT, _("Back"), row=1)
        return _("Ask {name} for which {rank}?", name=seat_name(table.names, target),
                 rank=notation(rank))
    targets: list[int] = []
    for move in moves.values():
        if move.seat not in targets:
            targets.append(move.seat)
    if len(targets) > MAX_SELECTS:  # the opponent first, in one row of buttons
        for target in targets[:5]:
            view.button(SoiKind.PLAYER, seat_name(table.names, target, markdown=False),
                        arg=str(target),
                        row=0)
        return _("Whom do you ask?")
    mine = {t: [a for a, m in moves.items() if m.seat == t] for t in targets}
    chunks = [(t, asks_of[i:i + MAX_OPTIONS]) for t, asks_of in mine.items()
              for i in range(0, len(asks_of), MAX_OPTIONS)]
    if len(chunks) <= MAX_SELECTS:  # every ask one tap away, an opponent's asks together
        for row, (target, chunk) in enumerate(chunks):
            name = seat_name(table.names, target, markdown=False)  # a label, not markdown
            options = [option(card(str(moves[a].card)), str(a)) for a in chunk]
            placeholder = (_("Ask {name} for…", name=name) if len(mine[target]) == len(chunk)
                           else _("Ask {name} for {first} … {last}", name=name,
                                  first=card(str(moves[chunk[0]].card)),
                                  last=card(str(moves[chunk[-1]].card))))
            view.select(Kind.ACT, options, arg=f"m{row}", row=row, placeholder=placeholder)
        return _("Choose whom to ask, and for which card.")
    for row, target in enumerate(targets):
        _opponent_select(table, view, moves, target, row=row)
    return _("Choose whom to ask, and for which card.")


# Selects of opponents on the root panel; the fifth row is the Hint button's.
MAX_SELECTS = 4


def _opponent_select(table: Seen, view: TableView, moves: dict[Action, AskFor],
                     target: int, *, row: int) -> None:
    """One opponent's select: his asks ("Ask bob for…": Q♥, Q♠, …), or, when they do not
    fit, the ranks to ask him for (the suit comes next)."""
    name = seat_name(table.names, target, markdown=False)  # a placeholder, not markdown
    mine = [a for a, m in moves.items() if m.seat == target]
    if len(mine) <= MAX_OPTIONS:
        options = [option(card(str(moves[a].card)), str(a)) for a in mine]
        view.select(Kind.ACT, options, arg=f"p{target}", row=row,
                    placeholder=_("Ask {name} for…", name=name))
        return
    ranks: list[str] = []
    for a in mine:
        if moves[a].rank not in ranks:
            ranks.append(moves[a].rank)
    options = [option(_("{rank}…", rank=notation(r)), f"{target}.{r}")
               for r in ranks[:MAX_OPTIONS]]
    view.select(SoiKind.RANK, options, arg=f"p{target}", row=row,
                placeholder=_("Ask {name} for which rank?", name=name))


def button_label(view: SoiView, action: Action, names: Sequence[str]) -> str:
    """An ask as the panel words it: "Ask bob for Q♥"."""
    move = AskFor.of(action)
    return _("Ask {name} for {card}", name=seat_name(names, move.seat, markdown=False),
             card=card(str(move.card)))


#: The table message's turn line (Soi's one phase with a seat to act).
TURNS = {"ask": N_("**Turn:** {who} to ask for a card")}
RECENT = 5  # the events the table message shows: the asks are the players' memory


def recent_lines(view: SoiView) -> int:
    """The newest events the table message shows: five, or the last three asks only under
    the memory rule."""
    return words.MEMORY_ASKS if view.get("memory") else RECENT


SOI = look(
    soi_view, colour=0x1565C0, public_fields=public_fields, round_summary=round_summary,
    round_over=round_over, private_text=private_text, board_lines=board_lines,
    panel_steps=panel_steps,
    pictures=images.PICTURES, turns=TURNS, rules=rules.RULES, option_words=rules.options,
    steps=STEPS, alt=alt_soi.ALT,
    table_words=words.table_words, panel_words=words.panel_words,
    recent_lines=recent_lines, move_label=button_label, move_words=MOVE_WORDS,
    option_names=OPTION_NAMES,
)
