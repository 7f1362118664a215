"""Soureh and Pariah (the coop games) as people see them: embed fields, round summaries, a
seat's own cards, the terminal board and the control panel's steps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.games.cards import Card, Rank
from bot.render.card_text import card, cards, seat_name, truncate
from bot.render.components import MAX_OPTIONS, Kind, Step, TableView, action_arg, option
from bot.render.look import Field, Look
from bot.render.steps import describe, plain_card, plain_cards

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.tables.model import Table

SIMPLE_WORDS = ("draw", "discard", "queen")
LABELS = {"draw": "Draw", "reveal": "Reveal", "discard": "Discard", "queen": "Queen: 2 more turns"}
CALL_LABELS = {"declare": "and declare", "knock": "and knock"}
PROMPTS = {
    "draw": "Draw a card.",
    "place": "Keep it, give it, or discard it.",
    "reveal": "Reveal your coops, or draw and play on (your declaration ends).",
}


ROUND_REASONS = {
    "stock": "the stock ran out",
    "declaration": "a declaration stood",
    "failed": "a declaration failed in the final turns",
    "reveal": "a player revealed",
    "last": "one player was left",
    "knock": "a knock ended it",
}


def _pick_sums(pick: Sequence[Any]) -> set[int]:
    """Every sum the picked cards can make (an ace counts 1 or 11)."""
    sums = {0}
    for code in pick:
        if code is not None:
            parsed = Card.parse(str(code))
            values = (1, 11) if parsed.rank is Rank.ACE else (parsed.order,)
            sums = {s + v for s in sums for v in values}
    return sums


def score_text(points: int, total: Any, pick: Any) -> str:
    """``+24``, or ``+30 · 100 → 50`` when Soureh's multiple-of-100 rule took 50 off (the
    round-end picture's wording)."""
    if (isinstance(total, int) and pick and total + 50 > 0 and (total + 50) % 100 == 0
            and points + 50 in _pick_sums(pick)):
        return f"{points + 50:+d} · {total + 50} → {total}"
    return f"{points:+d}"


def _mark(valid: Any) -> str:
    if valid is True:
        return " ✓"
    if valid is False:
        return " ✗"
    return ""


def _seat(seat: dict[str, Any]) -> str:
    ups = seat.get("up") or [None] * 4
    downs = seat.get("down") or [None] * len(ups)
    valid = seat.get("valid") or [None] * len(ups)
    parts = []
    for i, up in enumerate(ups):
        parts.append(f"`{i + 1}` {card(up)} over {card(downs[i])}{_mark(valid[i])}")
    return "\n".join(parts)


def public_fields(view: dict[str, Any], names: Sequence[str],
                  announced: str = "declared") -> list[Field]:
    """Each seat's coops and the stock and discard pile, as embed fields (``announced``:
    what the seat with a pending call is called, "declared" or "knocked")."""
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        tags = []
        if seat.get("protected"):
            tags.append("🛡 protected")
        if seat.get("in_game") is False:
            tags.append("out of the game")
        elif seat.get("in_round") is False:
            tags.append("out of this round")
        if view.get("declarer") == i:
            tags.append(announced)
        head = f"{seat_name(names, i)} · {totals[i] if i < len(totals) else 0} pts"
        if tags:
            head += " · " + ", ".join(tags)
        fields.append(Field(truncate(head, 256), _seat(seat), inline=True))
    fields.append(Field("Table", f"Stock: **{view.get('stock', 0)}** cards · {pile_text(view)}"))
    return fields


def pile_text(view: dict[str, Any]) -> str:
    """The discard pile: its size, and its top card only when the pile is face up."""
    count = int(view.get("discard_count") or 0)
    top = view.get("discard_top")
    if not count and not top:
        return "Discard: empty"
    size = f"{count} card{'s' if count != 1 else ''}"
    if view.get("discards") == "hidden" or not top:
        return f"Discard: {size}, face down" if view.get("discards") == "hidden" \
            else f"Discard: {size}"
    return f"Discard: {card(top)} ({size})"


def round_summary(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """The last round's coops, picks and points."""
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    lines = []
    reason = last.get("reason")
    if reason:
        lines.append(f"Round {last.get('round', '')} ended: "
                     + ROUND_REASONS.get(str(reason), str(reason)) + ".")
    coops = last.get("coops") or []
    picks = last.get("picks") or []
    points = last.get("points") or []
    totals = last.get("totals") or []
    for i, seat_coops in enumerate(coops):
        shown = " ".join(f"{card(up)}/{card(down)}" for up, down in seat_coops)
        pick = picks[i] if i < len(picks) else None
        pts = points[i] if i < len(points) else 0
        line = f"**{seat_name(names, i)}**: {shown}"
        if pick:
            line += f" · picked {cards(pick)}"
        total = totals[i] if i < len(totals) else None
        # the picture's wording: "+30 · 100 → 50" when the multiple-of-100 rule applied
        line += f" · {score_text(pts, total, pick)}"
        lines.append(line)
    return "\n".join(lines) if lines else None


def private_text(view: dict[str, Any]) -> str:
    """The seat's own coops and drawn card."""
    seat = view.get("seat")
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return "You have no seat at this table."
    lines = ["Your coops (face-up over face-down):", _seat(seats[seat])]
    if view.get("drawn"):
        lines.append(f"You drew **{card(view['drawn'])}**.")
    return "\n".join(lines)


def _board(announced: str) -> Any:
    def board_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
        """The seat's view for the terminal: stock, discard pile and every seat's coops."""
        top = view.get("discard_top")
        lines = [
            f"Stock {view['stock']} · discard pile {view.get('discard_count', 0)}"
            + (f", top {plain_card(top)}" if top else "")
            + (", face down" if view.get("discards") == "hidden" else "")
        ]
        width = max(len(n) for n in names) + 9
        for s, row in enumerate(view["seats"]):
            tags = []
            if view.get("declarer") == s:
                tags.append(announced)
            if row.get("protected"):
                tags.append("protected")
            if not row.get("in_round", True):
                tags.append("out")
            label = f"{names[s]} (seat {s})"
            down = row["down"] if row["down"] is not None else [None] * len(row["up"] or ())
            line = f"  {label:<{width}} up {plain_cards(row['up'])}   down {plain_cards(down)}"
            if row.get("valid") is not None:
                line += "   valid " + " ".join("yes" if v else "no" for v in row["valid"])
            if tags:
                line += "   [" + ", ".join(tags) + "]"
            lines.append(line)
        if view.get("extra_turns"):
            lines.append(f"Extra turns left: {view['extra_turns']}")
        if view.get("drawn"):
            lines.append(f"You drew {plain_card(view['drawn'])}.")
        return lines

    return board_lines


def call_label(table: Table, action: Action) -> str:
    """A placement's label; one that declares or knocks says so at the end, in short:
    "Keep 2 and declare", "Discard and knock", "Give bob's 3 …, and declare"."""
    if action.word in ("keep", "jack"):
        head = f"{action.word.capitalize()} {action.args[0]}"
    elif action.word == "discard":
        head = "Discard"
    else:
        head = describe(table, replace(action, call=""))
    return f"{head} {CALL_LABELS[action.call]}" if action.call else head


def panel_steps(
    table: Table, step: Step, actions: list[Action], view: TableView, pv: dict[str, Any]
) -> str:
    """Keep, give, discard and the face cards' powers, each also with the declaration or
    knock when the seat may make it (a private list: the panel is ephemeral); in phase
    ``reveal`` always both Draw and Reveal."""
    if step.kind is Kind.KING_FIRST:
        first = step.arg
        seconds = [a for a in actions if a.word == "king" and f"{a.args[0]}.{a.args[1]}" == first]
        seconds = [a for a in seconds if not a.call] + [a for a in seconds if a.call]
        options = [option(call_label(table, a), str(a)) for a in seconds[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, placeholder="King: the second face-down card")
        view.button(Kind.ROOT, "Back", row=1)
        return "King: choose the second face-down card to swap."
    phase = str(pv.get("phase"))
    if phase == "reveal":
        # Both buttons every time: whether he may reveal is his secret; a refused reveal
        # is answered privately with the reason.
        view.button(Kind.ACT, "Draw", arg="draw", row=1, style=discord.ButtonStyle.success)
        view.button(Kind.ACT, "Reveal", arg="reveal", row=1, style=discord.ButtonStyle.success)
        return PROMPTS["reveal"]
    plain = [a for a in actions if not a.call]
    calls = [a for a in actions if a.call]
    words = {a.word for a in plain}
    for a in [a for a in plain if a.word == "keep"][:5]:
        view.button(Kind.ACT, f"Keep {a.args[0]}", arg=action_arg(str(a)), row=0,
                    style=discord.ButtonStyle.primary)
    row1 = [a for a in plain if a.word in SIMPLE_WORDS] + [a for a in plain if a.word == "jack"]
    for a in row1[:5]:
        label = f"Jack {a.args[0]}" if a.word == "jack" else LABELS[a.word]
        style = discord.ButtonStyle.success if a.word == "draw" \
            else discord.ButtonStyle.secondary
        view.button(Kind.ACT, label, arg=action_arg(str(a)), row=1, style=style)
    for a in [a for a in calls if a.word in ("keep", "discard")][:5]:
        view.button(Kind.ACT, call_label(table, a), arg=action_arg(str(a)), row=2,
                    style=discord.ButtonStyle.success)
    gives = [a for a in plain if a.word == "give"] + [a for a in calls if a.word == "give"]
    if gives:
        options = [option(call_label(table, a), str(a)) for a in gives[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, arg="give", placeholder="Give to an opponent…", row=3)
    jack_calls = [a for a in calls if a.word == "jack"]
    if jack_calls:
        options = [option(call_label(table, a), str(a)) for a in jack_calls[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, arg="jack", row=4,
                    placeholder=f"Jack {CALL_LABELS[jack_calls[0].call]}…")
    kings = [a for a in plain if a.word == "king"]
    if kings:
        firsts: dict[str, str] = {}
        me, names = table.to_act(), table.names
        for a in kings:
            key = f"{a.args[0]}.{a.args[1]}"
            owner = int(str(a.args[0]))
            whose = "Your" if owner == me else f"{seat_name(names, owner)}'s"
            firsts.setdefault(key, f"{whose} face-down card {a.args[1]}")
        options = [option(label, key) for key, label in list(firsts.items())[:MAX_OPTIONS]]
        view.select(Kind.KING_FIRST, options, placeholder="King: swap two face-down cards…",
                    row=4)
    prompt = PROMPTS.get(phase, "Choose your move.")
    if phase == "place" and words & {"jack", "queen", "king"}:
        prompt = "Keep it, give it, discard it — or use the face card's power."
    if calls:
        prompt += f" You may {calls[0].call} with your move."
    return prompt


def look(colour: int, announced: str) -> Look:
    """A coop game's look; ``announced`` is what the terminal calls the declarer's seat."""
    def fields(view: dict[str, Any], names: Sequence[str]) -> list[Field]:
        return public_fields(view, names, announced)

    return Look(colour=colour, public_fields=fields, round_summary=round_summary,
                private_text=private_text, board_lines=_board(announced),
                panel_steps=panel_steps)


SOUREH = look(0x2E7D32, "declared")
PARIAH = look(0x6A1B9A, "knocked")
