"""Soureh and Pariah (the coop games) as people see them: embed fields, round summaries, a
seat's own cards, the terminal board and the control panel's steps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.games.coop.look import alt as alt_coop
from bot.games.coop.look import images, turns
from bot.games.coop.look import rules as coop_rules
from bot.games.coop.look import words as coop_words
from bot.games.coop.look.kinds import STEPS, CoopKind
from bot.games.coop.look.move_words import PARIAH_WORDS, SOUREH_WORDS
from bot.games.coop.look.option_names import PARIAH_NAMES, SOUREH_NAMES
from bot.games.coop.moves import Give, Keep, King
from bot.games.coop.pariah import BONUS
from bot.games.coop.soureh_scoring import hundred_dropped
from bot.games.coop.views import CoopSeat, CoopView, coop_view
from bot.i18n import N_, _, _n
from bot.notation.move_words import MoveWords
from bot.options import OptionNames
from bot.render.card_text import (
    card,
    cards,
    first_fitting,
    legible,
    notation,
    num,
    seat_name,
    truncate,
)
from bot.render.components import MAX_OPTIONS, Kind, Step, TableView, action_arg, option
from bot.render.images.layout import Pictures
from bot.render.look import Field, Look, OptionWords, RoundOver, RulesPage
from bot.render.look import look as make_look
from bot.render.round_lines import by_points
from bot.render.steps import plain_card, plain_cards

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.seen import Seen

SIMPLE_WORDS = ("draw", "discard", "queen")
LABELS = {"draw": N_("Draw"), "reveal": N_("Reveal"), "discard": N_("Discard"),
          "queen": N_("Queen: 2 more turns")}
CALL_LABELS = {"declare": N_("{move} and declare"), "knock": N_("{move} and knock")}
PROMPTS = {
    "draw": N_("Draw a card."),
    "place": N_("Keep it, give it, or discard it."),
    "reveal": N_("Reveal your coops, or draw and play on (your declaration ends)."),
}
# The toggle that shows the moves with the call, and the one back to the plain moves.
TOGGLE_LABELS = {"declare": N_("Declare with my move…"), "knock": N_("Knock with my move…")}
UNCALL_LABELS = {"declare": N_("Don't declare"), "knock": N_("Don't knock")}
CALLING = {
    "declare": N_("Your move declares Soureh: your four coops must be valid after it."),
    "knock": N_("Your move knocks: your opponent takes one more turn, then the round ends."),
}
# What the seat with a pending call is called: Soureh's declarer, Pariah's knocker.
ANNOUNCED = {"declared": N_("declared"), "knocked": N_("knocked")}


ROUND_REASONS = {
    "stock": N_("the stock ran out"),
    "declaration": N_("a declaration stood"),
    "failed": N_("a declaration failed in the final turns"),
    "reveal": N_("a player revealed"),
    "last": N_("one player was left"),
    "knock": N_("a knock ended it"),
}


def score_text(points: int, total: int | None, pick: Sequence[str] | None) -> str:
    """``+24``, or ``+30 · 100 → 50`` when Soureh's multiple-of-100 rule took 50 off (the
    round-end picture's wording)."""
    if isinstance(total, int) and pick and hundred_dropped(points, total, pick):
        return notation(f"{points + 50:+d} · {num(total + 50)} → {num(total)}")
    return notation(f"{points:+d}")


def _mark(valid: bool | None) -> str:
    if valid is True:
        return " ✓"
    if valid is False:
        return " ✗"
    return ""


def _seat(seat: CoopSeat) -> str:
    row, down, ok = seat.get("up"), seat.get("down"), seat.get("valid")
    ups: list[str | None] = [None] * 4 if row is None else [*row]
    downs: list[str | None] = [None] * len(ups) if down is None else [*down]
    valid: list[bool | None] = [None] * len(ups) if ok is None else [*ok]
    parts = []
    for i, up in enumerate(ups):
        parts.append(_("`{slot}` {up} over {down}", slot=num(i + 1), up=card(up),
                       down=card(downs[i])) + _mark(valid[i]))
    return "\n".join(parts)


def public_fields(view: CoopView, names: Sequence[str],
                  announced: str = "declared") -> list[Field]:
    """Each seat's coops and the stock and discard pile, as embed fields (``announced``:
    what the seat with a pending call is called, "declared" or "knocked")."""
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        tags = []
        if seat.get("protected"):
            tags.append(_("🛡 protected"))
        if seat.get("in_game") is False:
            tags.append(_("out of the game"))
        elif seat.get("in_round") is False:
            tags.append(_("out of this round"))
        if view.get("declarer") == i:
            tags.append(_(ANNOUNCED.get(announced, announced)))
        total = int(totals[i]) if i < len(totals) else 0
        head = _n("{name} · {n} pt", "{name} · {n} pts", total, name=seat_name(names, i))
        if tags:
            head += " · " + _(", ").join(tags)
        fields.append(Field(truncate(head, 256), _seat(seat), inline=True))
    stock = int(view.get("stock", 0) or 0)
    fields.append(Field(_("Table"), _n("Stock: **{n}** card", "Stock: **{n}** cards", stock)
                        + " · " + pile_text(view)))
    return fields


def pile_text(view: CoopView) -> str:
    """The discard pile: its size, and its top card only when the pile is face up."""
    count = int(view.get("discard_count") or 0)
    top = view.get("discard_top")
    if not count and not top:
        return _("Discard: empty")
    if view.get("discards") == "hidden":
        return _n("Discard: {n} card, face down", "Discard: {n} cards, face down", count)
    if not top:
        return _n("Discard: {n} card", "Discard: {n} cards", count)
    return _n("Discard: {card} ({n} card)", "Discard: {card} ({n} cards)", count, card=card(top))


def round_summary(view: CoopView, names: Sequence[str]) -> str | None:
    """The last round's coops, picks and points."""
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    lines = []
    reason = last.get("reason")
    if reason:
        why = ROUND_REASONS.get(str(reason))
        lines.append(_("Round {round} ended: {reason}.", round=num(last.get("round", "")),
                       reason=_(why) if why else str(reason)))
    coops = last.get("coops") or []
    picks = last.get("picks") or []
    points = last.get("points") or []
    totals = last.get("totals") or []
    lines.append(coop_words.round_legend(any(picks), any(
        "→" in score_text(int(points[i]), totals[i], picks[i])
        for i in range(min(len(points), len(totals), len(picks))))))
    valids = last.get("valid") or []
    for i, seat_coops in enumerate(coops):
        if seat_coops is None:  # eliminated before the round: dealt no cards
            continue
        # each coop one left-to-right unit, the coops in the reader's direction (coop 1
        # first: rightmost in Arabic)
        shown = " ".join(notation(f"{card(up)}/{card(down)}") for up, down in seat_coops)
        pick = picks[i] if i < len(picks) else None
        pts = points[i] if i < len(points) else 0
        line = f"**{seat_name(names, i)}**: {shown}"
        if pick:
            line += " · " + _("picked {cards}", cards=cards(pick))
        total = totals[i] if i < len(totals) else None
        seat_valid = valids[i] if i < len(valids) else None
        if not pick and seat_valid and len(seat_valid) == 4 and all(seat_valid) \
                and pts >= BONUS:  # Pariah's bonus for four valid coops, said apart
            line += " · " + _("{coops} for the coops, {bonus} for four valid coops: {points}",
                              coops=notation(f"{pts - BONUS:+d}"), bonus=notation(f"+{BONUS}"),
                              points=notation(f"{pts:+d}"))
        else:
            # the picture's wording: "+30 · 100 → 50" when the multiple-of-100 rule applied
            line += f" · {score_text(pts, total, pick)}"
        lines.append(line)
    return "\n".join(lines) if lines else None


def round_over(view: CoopView, names: Sequence[str], low: bool) -> RoundOver | None:
    """The last scored round's number and who won it, or ``None`` before one."""
    last = view["last_round"]
    if last is None:
        return None
    reason = ROUND_REASONS.get(str(last.get("reason")))
    return RoundOver(last.get("round"), by_points(names, last.get("points") or [], low, reason))


def private_text(view: CoopView) -> str:
    """The seat's own coops and drawn card."""
    seat = view.get("seat")
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return _("You have no seat at this table.")
    lines = [_("You drew **{card}**.", card=card(view["drawn"]))] if view.get("drawn") else []
    lines += [_("Your coops (face-up over face-down; 👁 only you see the face-down cards):"),
              _seat(seats[seat])]
    return "\n".join(lines)


def _board(announced: str) -> Callable[[CoopView, Sequence[str]], list[str]]:
    def board_lines(view: CoopView, names: Sequence[str]) -> list[str]:
        """The seat's view for the terminal: stock, discard pile and every seat's coops."""
        top = view.get("discard_top")
        head = _("Stock {stock} · discard pile {discards}", stock=num(view["stock"]),
                 discards=num(view.get("discard_count", 0)))
        if top:
            head += _(", top {card}", card=plain_card(top))
        if view.get("discards") == "hidden":
            head += _(", face down")
        lines = [head]
        width = max(len(n) for n in names) + 9
        for s, row in enumerate(view["seats"]):
            tags = []
            if view.get("declarer") == s:
                tags.append(_(ANNOUNCED.get(announced, announced)))
            if row.get("protected"):
                tags.append(_("protected"))
            if not row.get("in_round", True):
                tags.append(_("out"))
            label = _("{name} (seat {seat})", name=names[s], seat=s + 1)
            down = row["down"] if row["down"] is not None else [None] * len(row["up"] or ())
            line = "  " + _("{label} up {up}   down {down}", label=f"{label:<{width}}",
                            up=plain_cards(row["up"]), down=plain_cards(down))
            valid = row["valid"]
            if valid is not None:
                yes, no = _("yes"), _("no")
                marks = " ".join(yes if v else no for v in valid)
                line += "   " + _("valid {marks}", marks=marks)
            if tags:
                line += "   [" + _(", ").join(tags) + "]"
            lines.append(line)
        if view.get("extra_turns"):
            lines.append(_("Extra turns left: {n}", n=num(view["extra_turns"])))
        if view.get("drawn"):
            lines.append(_("You drew {card}.", card=plain_card(view["drawn"])))
        return lines

    return board_lines


def _first_key(king: Action) -> str:
    """A King move's first position as the panel's step argument: ``"seat.slot"``."""
    seat, slot = King.of(king).first
    return f"{seat}.{slot}"


def _position(table: Seen, owner: int, slot: int, me: int | None, *,
              markdown: bool = False) -> str:
    """A face-down card a King may swap, as the seat to act reads it: "Your face-down
    card 2", "bob's face-down card 3" (the name as a label shows it; ``markdown``: as the
    panel's text shows it, escaped)."""
    if owner == me:
        return _("Your face-down card {slot}", slot=slot)
    return _("{name}'s face-down card {slot}",
             name=seat_name(table.names, owner, markdown=markdown), slot=slot)


def _second_label(table: Seen, action: Action, me: int | None) -> str:
    """A King's second card, named as the first was (and the call, if the move makes one):
    the first card is the step's, said once in its prompt."""
    owner, slot = King.of(action).second
    head = _position(table, owner, slot, me)
    return _(CALL_LABELS[action.call], move=head) if action.call else head


def _out_label(action: Action, pv: CoopView) -> str:
    """A button's words: what it does and which card leaves: "Keep 1 · 9♣ out" (the
    face-down 9♣ of slot 1 goes), "Jack 2 · 7♦ out" (the face-up 7♦ goes)."""
    seat = pv.get("seat")
    seats = pv.get("seats") or []
    slot = Keep.of(action).slot
    row: Sequence[str | None] | None = None
    if seat is not None and seat < len(seats):
        row = seats[seat]["down"] if action.word == "keep" else seats[seat]["up"]
    old = row[slot - 1] if row is not None and slot - 1 < len(row) else None
    if action.word == "keep":
        if old:
            return _("Keep {slot} · {card} out", slot=slot, card=card(old))
        ups = seats[seat]["up"] if seat is not None and seat < len(seats) else None
        over = ups[slot - 1] if ups is not None and slot - 1 < len(ups) else None
        # Translators: a Keep button when the face-down card is unknown: the coop is
        # named by its face-up card ("Keep 2 · under 9♣").
        return (_("Keep {slot} · under {card}", slot=slot, card=card(over)) if over
                else _("Keep {slot}", slot=slot))
    return (_("Jack {slot} · {card} out", slot=slot, card=card(old)) if old
            else _("Jack {slot}", slot=slot))


def move_label(pv: CoopView, action: Action, names: Sequence[str]) -> str:
    """A move as the panel's buttons word it, short (a puzzle's buttons, a give's option):
    "Keep 2 · 9♣ out", "Discard and knock", "Give bob's coop 3 · 7♦ out", "King: your coop
    2 ⇄ bob's coop 3" (``names`` as labels show them). Words that would not fit one line of
    a phone's button (``LABEL_LINE``: Somali's and Greek's gives and Kings with a call ran
    to 55-70 characters) give way to shorter ones: the card that leaves left out ("Give
    bob's coop 3 and declare"), a King's coops as yours and theirs ("King: your 2 ⇄ their
    3 and knock", Pariah's one opponent)."""
    forms = [_call(head, action) for head in _label_heads(pv, action, names)]
    return first_fitting(forms)


def _call(head: str, action: Action) -> str:
    return _(CALL_LABELS[action.call], move=head) if action.call else head


def _label_heads(pv: CoopView, action: Action, names: Sequence[str]) -> list[str]:
    """A move's words without its call, the fullest first."""
    word = action.word
    me = pv.get("seat")
    seats = pv.get("seats") or []
    if word in ("keep", "jack"):
        slot = Keep.of(action).slot
        short = _("Keep {slot}", slot=slot) if word == "keep" else _("Jack {slot}", slot=slot)
        return [_out_label(replace(action, call=""), pv), short]
    if word == "give":
        give = Give.of(action)
        ups = seats[give.seat].get("up") if give.seat < len(seats) else None
        old = ups[give.slot - 1] if ups is not None and give.slot - 1 < len(ups) else None
        name = seat_name(names, give.seat, markdown=False)
        return [_("Give {name}'s coop {slot} · {card} out", name=name, slot=give.slot,
                  card=card(old)),
                # Translators: a give when the words above do not fit a phone's button.
                _("Give {name}'s coop {slot}", name=name, slot=give.slot)]
    if word == "king":
        move = King.of(action)
        full = [_("your coop {slot}", slot=slot) if owner == me else
                _("{name}'s coop {slot}", name=seat_name(names, owner, markdown=False),
                  slot=slot)
                for owner, slot in (move.first, move.second)]
        heads = [_("King: {first} ⇄ {second}", first=full[0], second=full[1])]
        if len(seats) == 2:  # one opponent: "theirs" names him
            # Translators: a King's coop, yours or your one opponent's, when the words
            # above do not fit a phone's button ("King: your 2 ⇄ their 3").
            brief = [_("your {slot}", slot=slot) if owner == me else
                     _("their {slot}", slot=slot) for owner, slot in (move.first, move.second)]
            heads.append(_("King: {first} ⇄ {second}", first=brief[0], second=brief[1]))
        return heads
    if word in LABELS:
        return [_(LABELS[word])]
    return [word]


def panel_steps(
    table: Seen, step: Step, actions: list[Action], view: TableView, pv: CoopView
) -> str:
    """Keep, give, discard and the face cards' powers; when the seat may declare (Soureh)
    or knock (Pariah), one toggle shows the same moves again with the call (step ``CALL``)
    instead of every move twice. In phase ``reveal`` always both Draw and Reveal."""
    me = table.to_act
    if step.kind == CoopKind.KING_FIRST:
        first = step.arg
        seconds = [a for a in actions if a.word == "king" and _first_key(a) == first]
        seconds = [a for a in seconds if not a.call] + [a for a in seconds if a.call]
        options = [option(legible(_second_label(table, a, me)), str(a))
                   for a in seconds[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, placeholder=_("King: the second face-down card"))
        view.button(Kind.ROOT, _("Back"), row=1)
        if not seconds:
            return _("King: choose the second face-down card to swap.")
        owner, slot = King.of(seconds[0]).first
        # Translators: a King's second step: {first} is the card already picked.
        first_card = (_("your face-down card {slot}", slot=slot) if owner == me
                      else _position(table, owner, slot, me, markdown=True))
        return _("King: you picked {first}. Choose the face-down card to swap it with.",
                 first=first_card)
    phase = str(pv.get("phase"))
    if phase == "reveal":
        # Both buttons every time: whether he may reveal is his secret; a refused reveal
        # is answered privately with the reason.
        view.button(Kind.ACT, _("Draw"), arg="draw", row=1, style=discord.ButtonStyle.success)
        view.button(Kind.ACT, _("Reveal"), arg="reveal", row=1,
                    style=discord.ButtonStyle.success)
        return _(PROMPTS["reveal"])
    calls = [a for a in actions if a.call]
    calling = step.kind == CoopKind.CALL and bool(calls)
    shown = calls if calling else [a for a in actions if not a.call]
    words = {a.word for a in shown}
    style = discord.ButtonStyle.success if calling else discord.ButtonStyle.primary
    for a in [a for a in shown if a.word == "keep"][:5]:
        view.button(Kind.ACT, _out_label(a, pv), arg=action_arg(str(a)), row=0,
                    style=style)
    row1 = [a for a in shown if a.word in SIMPLE_WORDS] + [a for a in shown if a.word == "jack"]
    for a in row1[:4]:
        label = _out_label(a, pv) if a.word == "jack" else _(LABELS[a.word])
        colour = discord.ButtonStyle.success if a.word == "draw" or calling \
            else discord.ButtonStyle.secondary
        view.button(Kind.ACT, label, arg=action_arg(str(a)), row=1, style=colour)
    if calls:
        call = calls[0].call
        if calling:
            view.button(Kind.ROOT, _(UNCALL_LABELS[call]), row=1,
                        style=discord.ButtonStyle.danger)
        else:
            view.button(CoopKind.CALL, _(TOGGLE_LABELS[call]), row=1,
                        style=discord.ButtonStyle.secondary)
    gives = [a for a in shown if a.word == "give"]
    if gives:
        # each give as its button would word it ("Give bob's coop 3 · 7♦ out"), not a
        # sentence ("Put 5♦ on bob's coop 3 in place of 7♦", issue 46)
        options = [option(legible(move_label(pv, replace(a, call=""), table.names)), str(a))
                   for a in gives[:MAX_OPTIONS]]
        view.select(Kind.ACT, options, arg="give", placeholder=_("Give to an opponent…"),
                    row=2)
    kings = [a for a in actions if a.word == "king" and not a.call]
    if kings and not calling:
        firsts: dict[str, str] = {}
        for a in kings:
            owner, slot = King.of(a).first
            firsts.setdefault(_first_key(a), _position(table, owner, slot, me))
        options = [option(label, key) for key, label in list(firsts.items())[:MAX_OPTIONS]]
        view.select(CoopKind.KING_FIRST, options, placeholder=_("King: swap two face-down cards…"),
                    row=3)
    if calling:
        return _(CALLING[calls[0].call])
    fallback = N_("Choose your move.")
    prompt = _(PROMPTS.get(phase, fallback))
    if phase == "place" and words & {"jack", "queen", "king"}:
        prompt = _("Keep it, give it, discard it — or use the face card's power.")
    return prompt  # the toggle itself says the seat may declare or knock


def look(colour: int, announced: str, pictures: Pictures, rules: tuple[RulesPage, ...],
         option_words: OptionWords, move_words: MoveWords, option_names: OptionNames) -> Look:
    """A coop game's look; ``announced`` is what the terminal calls the declarer's seat."""
    def fields(view: CoopView, names: Sequence[str]) -> list[Field]:
        return public_fields(view, names, announced)

    return make_look(coop_view, colour=colour, public_fields=fields,
                     round_summary=round_summary, round_over=round_over,
                     private_text=private_text,
                     board_lines=_board(announced), panel_steps=panel_steps,
                     pictures=pictures, turns=turns.TURNS, rules=rules,
                     option_words=option_words, steps=STEPS, alt=alt_coop.alt(announced),
                     table_words=coop_words.table_words(announced),
                     offered=turns.offered, automatic=turns.automatic,
                     move_label=move_label, move_words=move_words,
                     option_names=option_names)


SOUREH = look(0x2E7D32, "declared", images.SOUREH_PICTURES, coop_rules.SOUREH_RULES,
              coop_rules.soureh_options, SOUREH_WORDS, SOUREH_NAMES)
PARIAH = look(0x6A1B9A, "knocked", images.PARIAH_PICTURES, coop_rules.PARIAH_RULES,
              coop_rules.pariah_options, PARIAH_WORDS, PARIAH_NAMES)
