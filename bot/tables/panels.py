"""The ephemeral control panel: the seat's view and its options at each decision point.

A panel is built from the table and a *step* (a partial choice that is not a move yet:
the Turup card to play, the Soi player and rank to ask for, the first King card). Every
option maps to an engine notation string; nothing here changes game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.protocol import Action
from bot.render.cards import card, cards, seat_name, truncate
from bot.render.embeds import COLOURS, title_of
from bot.render.games import private_text
from bot.tables.model import Table
from bot.tables.ui import TableView, action_arg, button, option_payload, select

SIMPLE_WORDS = ("draw", "reveal", "continue", "declare", "knock", "end", "discard", "queen")
LABELS = {
    "draw": "Draw", "reveal": "Reveal", "continue": "Continue", "declare": "Declare",
    "knock": "Knock", "end": "End turn", "discard": "Discard", "queen": "Queen: 2 more turns",
}
MAX_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class Step:
    """A partial choice inside one decision: ``kind`` and its argument."""

    kind: str = ""
    arg: str = ""


def turup_captures(actions: Sequence[Action], code: str) -> list[Action]:
    """The capture actions that play ``code``, biggest first, then by notation."""
    found = [a for a in actions if a.word == "capture" and str(a.args[0]) == code]
    return sorted(found, key=lambda a: (-len(a.args), str(a)))


def panel(
    table: Table, seat: int, step: Step = Step(), *, note: str | None = None
) -> tuple[discord.Embed, TableView]:
    """The panel for ``seat`` at ``step`` (the root decision when ``step`` is empty)."""
    view = TableView()
    pv = table.player_view(seat)
    lines = []
    if note:
        lines.append(note)
    else:
        lines.extend(f"› {text}" for text in table.private.get(seat, ()))
    lines.append(private_text(pv))
    to_act = table.to_act()
    mine = table.running and to_act == seat and not table.seats[seat].is_computer_held
    embed = discord.Embed(
        title=f"{title_of(table.game)} table #{table.id} — "
        + ("your turn" if mine else "waiting"),
        colour=COLOURS.get(table.game, 0x555555),
    )
    if not mine:
        if not table.running:
            lines.append("The game is over." if table.state is not None else "")
        else:
            lines.append(f"Turn over — {seat_name(table.names, to_act)} is to act.")
        embed.description = truncate("\n".join(x for x in lines if x), 4096)
        return embed, view
    actions = table.engine.legal_actions(table.state)
    prompt = _build(table, seat, step, actions, view, pv)
    lines.append(f"**{prompt}**")
    embed.description = truncate("\n".join(lines), 4096)
    return embed, view


def _build(
    table: Table, seat: int, step: Step, actions: list[Action], view: TableView,
    pv: dict[str, Any],
) -> str:
    game = table.game
    if game in ("soureh", "pariah"):
        return _coop(table, step, actions, view, str(pv.get("phase")))
    if game == "turup":
        return _turup(table, step, actions, view)
    if game == "soi":
        return _soi(table, step, actions, view)
    return "Use /move to play."


def _describe(table: Table, action: Action) -> str:
    """The action in words for an option's label, without the notation the engine puts
    first (the option's value is the notation): "Put 5♣ on bob's slot 1 in place of 7♦"."""
    words = table.describe(action).split(" — ", 1)[-1]
    return words[:1].upper() + words[1:]


def _coop(
    table: Table, step: Step, actions: list[Action], view: TableView, phase: str
) -> str:
    if step.kind == "k2":
        first = step.arg
        seconds = [a for a in actions if a.word == "king" and f"{a.args[0]}.{a.args[1]}" == first]
        options = [option_payload(_describe(table, a), str(a)) for a in seconds[:MAX_OPTIONS]]
        select(view, table, "a", options, placeholder="King: the second face-down card")
        button(view, table, "nav", "Back", row=1)
        return "King: choose the second face-down card to swap."
    words = {a.word for a in actions}
    keeps = [a for a in actions if a.word == "keep"]
    for a in keeps[:5]:
        button(view, table, "a", f"Keep {a.args[0]}", arg=action_arg(str(a)), row=0,
                             style=discord.ButtonStyle.primary)
    simple = [a for a in actions if a.word in SIMPLE_WORDS]
    for a in simple[:5]:
        style = discord.ButtonStyle.success if a.word in ("draw", "declare", "knock", "reveal") \
            else discord.ButtonStyle.secondary
        button(view, table, "a", LABELS[a.word], arg=action_arg(str(a)), row=1,
                             style=style)
    for a in [a for a in actions if a.word == "jack"][:5]:
        button(view, table, "a", f"Jack {a.args[0]}", arg=action_arg(str(a)), row=2)
    gives = [a for a in actions if a.word == "give"]
    if gives:
        options = [option_payload(_describe(table, a), str(a)) for a in gives[:MAX_OPTIONS]]
        select(view, table, "a", options, arg="give", placeholder="Give to an opponent…",
                             row=3)
    kings = [a for a in actions if a.word == "king"]
    if kings:
        firsts: dict[str, str] = {}
        me, names = table.to_act(), table.names
        for a in kings:
            key = f"{a.args[0]}.{a.args[1]}"
            owner = int(str(a.args[0]))
            whose = "Your" if owner == me else f"{seat_name(names, owner)}'s"
            firsts.setdefault(key, f"{whose} face-down card {a.args[1]}")
        options = [option_payload(label, key) for key, label in list(firsts.items())[:MAX_OPTIONS]]
        select(view, table, "k1", options, placeholder="King: swap two face-down cards…",
                             row=4)
    if phase == "place" and words & {"jack", "queen", "king"}:
        return "Keep it, give it, discard it — or use the face card's power."
    return {
        "draw": "Draw a card.",
        "place": "Keep it, give it, or discard it.",
        "declare": "Declare (or knock) now, or end your turn.",
        "reveal": "Reveal your coops, or continue with a normal turn.",
    }.get(phase, "Choose your move.")


def _turup(table: Table, step: Step, actions: list[Action], view: TableView) -> str:
    if step.kind in ("tc", "tp"):
        code = step.arg
        trail = next((a for a in actions if a.word == "trail" and str(a.args[0]) == code), None)
        captures = turup_captures(actions, code)
        if step.kind == "tp":
            pile = table.public_view().get("pile") or []
            options = [option_payload(f"{card(c)}", str(i), f"pile card {i + 1}")
                       for i, c in enumerate(pile[:MAX_OPTIONS])]
            select(view, table, "tq", options, arg=code, max_values=len(options),
                                 placeholder=f"Cards to take with {card(code)}")
            button(view, table, "tc", "Back", arg=code, row=1)
            return f"Pick the pile cards to take with {card(code)}."
        if captures:
            limit = MAX_OPTIONS if len(captures) <= MAX_OPTIONS else MAX_OPTIONS - 1
            options = [
                option_payload(f"Take {cards([str(c) for c in a.args[1:]])}", str(i),
                        f"{len(a.args)} cards won")
                for i, a in enumerate(captures[:limit])
            ]
            select(view, table, "tx", options, arg=code,
                                 placeholder=f"Capture with {card(code)}…")
            if len(captures) > limit:
                button(view, table, "tp", "Pick cards…", arg=code, row=1)
        if trail is not None:
            button(view, table, "a", f"Trail {card(code)}", arg=action_arg(str(trail)),
                                 row=1)
        button(view, table, "nav", "Back", row=1)
        return (f"Capture with {card(code)} or trail it." if captures
                else f"{card(code)} captures nothing here: trail it.")
    codes: list[str] = []
    for a in actions:
        code = str(a.args[0])
        if code not in codes:
            codes.append(code)
    options = []
    for code in codes[:MAX_OPTIONS]:
        n = len(turup_captures(actions, code))
        options.append(option_payload(card(code), code, f"{n} capture(s)" if n else "trail only"))
    select(view, table, "tc", options, placeholder="Choose a card to play…")
    return "Choose the card to play."


def _soi(table: Table, step: Step, actions: list[Action], view: TableView) -> str:
    asks = [a for a in actions if a.word == "ask"]
    if step.kind == "sr":
        target = int(step.arg)
        ranks: list[str] = []
        for a in asks:
            rank = str(a.args[1])[:-1]
            if int(str(a.args[0])) == target and rank not in ranks:
                ranks.append(rank)
        options = [option_payload(r, f"{target}.{r}") for r in ranks[:MAX_OPTIONS]]
        select(view, table, "ss", options, placeholder="Which rank?")
        button(view, table, "nav", "Back", row=1)
        return f"Ask {seat_name(table.names, target)} for which rank?"
    if step.kind == "ss":
        target_text, rank = step.arg.split(".", 1)
        target = int(target_text)
        chosen = [a for a in asks if int(str(a.args[0])) == target and str(a.args[1])[:-1] == rank]
        options = [option_payload(card(str(a.args[1])), str(a)) for a in chosen[:MAX_OPTIONS]]
        select(view, table, "a", options, placeholder="Which suit?")
        button(view, table, "sp", "Back", arg=str(target), row=1)
        return f"Ask {seat_name(table.names, target)} for which {rank}?"
    targets: list[int] = []
    for a in asks:
        if int(str(a.args[0])) not in targets:
            targets.append(int(str(a.args[0])))
    options = [option_payload(seat_name(table.names, t), str(t)) for t in targets[:MAX_OPTIONS]]
    select(view, table, "sp", options, placeholder="Ask whom?")
    return "Choose the player to ask."
