"""Per-game text built from engine views only: public seat fields, round summaries, hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.render.cards import card, cards, seat_name, sort_hand, truncate

FIELD_VALUE = 1024


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field."""

    name: str
    value: str
    inline: bool = False


def _mark(valid: Any) -> str:
    if valid is True:
        return " ✓"
    if valid is False:
        return " ✗"
    return ""


# ------------------------------------------------------------------ coop games


def _coop_seat(seat: dict[str, Any]) -> str:
    ups = seat.get("up") or [None] * 4
    downs = seat.get("down") or [None] * len(ups)
    valid = seat.get("valid") or [None] * len(ups)
    parts = []
    for i, up in enumerate(ups):
        parts.append(f"`{i + 1}` {card(up)} over {card(downs[i])}{_mark(valid[i])}")
    return "\n".join(parts)


def _coop_fields(view: dict[str, Any], names: Sequence[str]) -> list[Field]:
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
            tags.append("declared")
        head = f"{seat_name(names, i)} · {totals[i] if i < len(totals) else 0} pts"
        if tags:
            head += " · " + ", ".join(tags)
        fields.append(Field(truncate(head, 256), _coop_seat(seat), inline=True))
    pile = f"Stock: **{view.get('stock', 0)}** cards · Discard: {card(view.get('discard_top'))}"
    if not view.get("discard_top"):
        pile = f"Stock: **{view.get('stock', 0)}** cards · Discard: empty"
    fields.append(Field("Table", pile))
    return fields


def _coop_summary(view: dict[str, Any], names: Sequence[str]) -> str | None:
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    lines = []
    reason = last.get("reason")
    if reason:
        lines.append(str(reason))
    coops = last.get("coops") or []
    picks = last.get("picks") or []
    points = last.get("points") or []
    for i, seat_coops in enumerate(coops):
        shown = " ".join(f"{card(up)}/{card(down)}" for up, down in seat_coops)
        pick = picks[i] if i < len(picks) else None
        pts = points[i] if i < len(points) else 0
        line = f"**{seat_name(names, i)}**: {shown}"
        if pick:
            line += f" · picked {cards(pick)}"
        line += f" · +{pts}"
        lines.append(line)
    return "\n".join(lines) if lines else None


def _coop_private(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return "You have no seat at this table."
    lines = ["Your coops (face-up over face-down):", _coop_seat(seats[seat])]
    if view.get("drawn"):
        lines.append(f"You drew **{card(view['drawn'])}**.")
    return "\n".join(lines)


# ------------------------------------------------------------------ Turup


def _turup_fields(view: dict[str, Any], names: Sequence[str]) -> list[Field]:
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        head = f"{seat_name(names, i)} · {totals[i] if i < len(totals) else 0} won in all"
        value = (
            f"Hand: {seat.get('hand_count', 0)} cards\nWon this round: {seat.get('won', 0)}"
            f"\nRounds won: {seat.get('round_wins', 0)}"
        )
        fields.append(Field(truncate(head, 256), value, inline=True))
    pile = view.get("pile") or []
    fields.append(
        Field(
            f"Pile ({len(pile)} cards) · deck {view.get('deck', 0)}",
            truncate(cards(pile), FIELD_VALUE),
        )
    )
    return fields


def _turup_summary(view: dict[str, Any], names: Sequence[str]) -> str | None:
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    won = last.get("won") or []
    winners = last.get("winners") or []
    parts = [f"{seat_name(names, i)} {n}" for i, n in enumerate(won)]
    who = ", ".join(seat_name(names, s) for s in winners) or "nobody"
    return f"Cards won: {', '.join(parts)}. Round won by **{who}**."


def _turup_private(view: dict[str, Any]) -> str:
    hand = view.get("hand") or []
    return f"Your hand: **{cards(hand)}**" if hand else "Your hand is empty."


# ------------------------------------------------------------------ Soi


def _soi_fields(view: dict[str, Any], names: Sequence[str]) -> list[Field]:
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        head = f"{seat_name(names, i)} · {totals[i] if i < len(totals) else 0} pts"
        quads = seat.get("quads") or []
        value = f"{seat.get('hand_count', 0)} cards\nQuads: {', '.join(quads) if quads else '—'}"
        fields.append(Field(truncate(head, 256), value, inline=True))
    asks = view.get("asks") or []
    if asks:
        lines = []
        for ask in asks[-8:]:
            answer = "yes" if ask.get("hit") else "no"
            lines.append(
                f"{seat_name(names, ask.get('asker'))} asked {seat_name(names, ask.get('asked'))}"
                f" for {card(ask.get('card'))}: {answer}"
            )
        title = "Last asks" if view.get("memory") else "Asks this round"
        fields.append(Field(title, truncate("\n".join(lines), FIELD_VALUE)))
    return fields


def _soi_summary(view: dict[str, Any], names: Sequence[str]) -> str | None:
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    points = last.get("points") or []
    quads = last.get("quads") or []
    lines = []
    for i, pts in enumerate(points):
        q = quads[i] if i < len(quads) else []
        lines.append(f"**{seat_name(names, i)}**: +{pts} ({', '.join(q) if q else 'no quads'})")
    return "\n".join(lines) if lines else None


def _soi_private(view: dict[str, Any]) -> str:
    hand = view.get("hand") or []
    if not hand:
        return "You hold no cards."
    groups: dict[str, list[str]] = {}
    for code in sort_hand(hand):
        groups.setdefault(code[:-1], []).append(code)
    return "Your hand:\n" + "\n".join(f"**{r}**: {cards(c)}" for r, c in groups.items())


# ------------------------------------------------------------------ dispatch


def public_fields(view: dict[str, Any], names: Sequence[str]) -> list[Field]:
    """Every seat's public cards and the shared cards, as embed fields."""
    game = view.get("game")
    if game in ("soureh", "pariah"):
        return _coop_fields(view, names)
    if game == "turup":
        return _turup_fields(view, names)
    if game == "soi":
        return _soi_fields(view, names)
    return []


def round_summary(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """The last round's public result, or ``None`` before the first round ends."""
    game = view.get("game")
    if game in ("soureh", "pariah"):
        return _coop_summary(view, names)
    if game == "turup":
        return _turup_summary(view, names)
    if game == "soi":
        return _soi_summary(view, names)
    return None


def private_text(view: dict[str, Any]) -> str:
    """A seat's own cards in words (for its DM, My cards and the control panel)."""
    game = view.get("game")
    if game in ("soureh", "pariah"):
        return _coop_private(view)
    if game == "turup":
        return _turup_private(view)
    if game == "soi":
        return _soi_private(view)
    return ""
