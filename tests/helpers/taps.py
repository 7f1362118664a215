"""Playing whole games through the panels only, as a person taps (issue 16: two taps a
turn), and the SimCord message helpers that go with it.

People press **Take turn** on the table message and then the buttons and selects of their
panel (found by the move each carries, so the same player drives a panel in any
language), until the game ends. Each move's clicks are counted (a coop draw counts with
the placement after it; the first move of a turn includes Take turn; a move that declares
or knocks includes its toggle and is counted as ``<word>+call``).
``tests/cogs/test_two_taps.py`` asserts the bounds on these games; the benchmark
``python -m bench.taps`` reports the same figures by importing this module (the tests
never import ``bench``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median
from typing import Any

from bot.games.coop.moves import Keep
from bot.games.turup.look.text import one_step_moves

Choose = Callable[[Any], str]
Turn = tuple[str, int, int]  # (move word, clicks, its index in the turn)
FACE_WORDS = ("jack", "queen", "king")
CALLS = ("declare", "knock")


# ------------------------------------------------------------------ SimCord messages


def component_rows(message: Any) -> list[dict[str, Any]]:
    """A message's action rows as payload dicts (SimCord gives dicts or discord.py rows)."""
    return [r if isinstance(r, dict) else r.to_dict() for r in message.components or []]


def panel_of(opened: Any) -> Any:
    """The private message a click on the table message opened: Take turn defers an update
    of the table message (its token then updates the table) and sends the panel as an
    ephemeral follow-up; other answers are the response itself. A turn ping or news the
    table sends through the same token is a public follow-up, before or after the panel
    (which comes first is the scheduler's), so the panel is the first ephemeral one."""
    followups = [f for f in opened.followups if f.ephemeral]
    return followups[0] if followups else opened.response


def message_in(channel: Any, message_id: int | None) -> Any:
    """A message as the channel holds it."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise LookupError(f"message {message_id} is not in the channel")


# ------------------------------------------------------------------ players


def coop_policy(table: Any) -> str:
    """A quick, varied Soureh/Pariah player: keeps cards that mend a coop, declares or
    knocks (with the placement) only with four valid coops after it, reveals when he may,
    sometimes gives or uses a face card."""
    engine, state = table.engine, table.state
    seat = table.to_act()
    assert seat is not None
    actions = engine.legal_actions(state)
    words = {a.word for a in actions}
    view = table.player_view(seat)
    valid = view["seats"][seat]["valid"] or [False] * 4
    legal = {str(a) for a in actions}
    if view["phase"] == "reveal":
        return "reveal" if "reveal" in legal else "draw"
    for a in actions:  # declare (always true) or knock with four valid coops after the move
        if a.call:
            after = engine.player_view(engine.apply(state, a).state, seat)
            mine = after["seats"][seat]
            if mine["valid"] is None or all(mine["valid"]):
                return str(a)
    if view["phase"] == "place":
        for a in actions:
            if a.word == "keep" and not valid[Keep.of(a).slot - 1]:
                after = engine.player_view(engine.apply(state, a).state, seat)
                if after["seats"][seat]["valid"][Keep.of(a).slot - 1]:
                    return str(a)
        stock = view["stock"]
        for word in ("queen", "king", "jack"):
            if word in words and stock % 3 == 0:
                return str(next(a for a in actions if a.word == word))
        gives = [a for a in actions if a.word == "give"]
        if gives and stock % 4 == 0:
            return str(gives[-1])
        return "discard"
    return str(actions[0])


def soi_ask(table: Any) -> str:
    """An ask that hits when one exists (the game stays short), else the first."""
    legal = [str(a) for a in table.engine.legal_actions(table.state)]
    for notation in legal:
        _, target, wanted = notation.split()
        if wanted in (table.player_view(int(target)).get("hand") or []):
            return notation
    return legal[0]


def turup_player(rng: random.Random) -> Choose:
    """A Turup player who captures when he can (a random capture), else trails."""
    def choose(table: Any) -> str:
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        captures = [a for a in legal if a.startswith("capture")]
        return rng.choice(captures or legal)
    return choose


# ------------------------------------------------------------------ the panel


class TooManyMoves(Exception):
    """A Turup deal whose moves do not fit the panel's first step (never at the seeds
    measured here)."""


class Panel:
    """One player's open panel, driven by the labels and selects a person sees."""

    def __init__(self, table: Any, member: Any, message: Any) -> None:
        self.table, self.member, self.message = table, member, message
        self.clicks = 0

    def _items(self) -> list[dict[str, Any]]:
        return [c for row in component_rows(self.message) for c in row["components"]]

    async def _press(self, custom_id: str) -> None:
        result = await self.member.click(self.message, custom_id=custom_id)
        assert result.acknowledged
        self.clicks += 1

    async def _pick(self, value: str, where: str = "") -> None:
        """Choose ``value`` in the select that offers it (whose custom_id has ``where``)."""
        select = next(i for i in self._items() if i["type"] == 3 and where in i["custom_id"]
                      and value in [o["value"] for o in i["options"]])
        result = await self.member.select(self.message, [value], custom_id=select["custom_id"])
        assert result.acknowledged
        self.clicks += 1

    def _button(self, kind: str, arg: str = "") -> str | None:
        """The custom_id of the panel's button of ``kind`` (with ``arg``), if it has one."""
        for item in self._items():
            parts = item.get("custom_id", "").split(":", 4)
            if item["type"] == 2 and len(parts) >= 4 and parts[3] == kind \
                    and (parts[4] if len(parts) > 4 else "") == arg:
                return str(item["custom_id"])
        return None

    def _offers(self, value: str, where: str = "") -> bool:
        return any(i["type"] == 3 and where in i["custom_id"]
                   and value in [o["value"] for o in i["options"]] for i in self._items())

    def _labels(self) -> set[str]:
        return {i.get("label") for i in self._items() if i["type"] == 2}

    async def play(self, notation: str) -> None:
        """Make the move from the panel as a person would: its button, or its choice in a
        select, after the steps that lead there (the declaration or knock toggle, a King's
        first card, Soi's opponent or rank)."""
        word, *args = notation.split()
        call = args[-1] if args and args[-1] in ("declare", "knock") else ""
        button = self._button("a", notation.replace(" ", "_"))
        if button is not None:
            await self._press(button)
        elif self._offers(notation):
            await self._pick(notation)
        elif call and word != "king" and self._button("call") is not None:
            await self._press(str(self._button("call")))
            await self.play(notation)
        elif word == "king":
            await self._pick(f"{args[0]}.{args[1]}", ":k1")
            await self._pick(notation)
        elif word == "ask":
            target, rank = args[0], args[1][:-1]
            opponent = self._button("sp", target)
            if opponent is not None:
                await self._press(opponent)
                await self.play(notation)
                return
            await self._pick(f"{target}.{rank}", ":ss")
            await self._pick(notation)
        elif self.table.game == "turup" and one_step_moves(
                self.table.engine.legal_actions(self.table.state)) is None:
            raise TooManyMoves(notation)
        else:
            await self._pick(notation)


# ------------------------------------------------------------------ whole games


async def seated(env: Any, channel: Any, members: Sequence[Any], game: str, seed: int,
                 **options: Any) -> tuple[Any, dict[int, Any]]:
    """A running table of ``game``: the first member hosts, one more joins (two more for
    Soi); the table and its players by user id."""
    service = env.bot.tables
    service.seed_source = lambda: seed
    host = members[0]
    opened = await host.slash(channel, "play", game=game, timer="off", **options)
    joiners = tuple(members[1:3]) if game == "soi" else (members[1],)
    for member in joiners:
        await member.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await env.settle()
    table = service.in_channel(channel.id)
    assert table is not None and table.running
    return table, {m.id: m for m in (host, *joiners)}


async def play_through_panels(
    env: Any, channel: Any, table: Any, people: dict[int, Any], choose: Choose,
    after_move: Callable[[Any], None] | None = None,
) -> list[Turn]:
    """Play the game to its end from panels only: (move word, clicks, its index in the
    turn) per move (a coop draw counts with the placement after it); a turn is one Take
    turn and every move until the turn passes. ``after_move(table)`` runs after each move
    and once after the end (the tests' leak audit)."""
    turns: list[Turn] = []
    while table.running:
        seat = table.to_act()
        member = people[table.seats[seat].user_id]
        opened = await member.click(message_in(channel, table.record.message_id),
                                    label="Take turn")
        assert opened.acknowledged and panel_of(opened).ephemeral
        panel = Panel(table, member, panel_of(opened))
        panel.clicks = 1
        index = 0
        while table.running and table.to_act() == seat:
            notation = choose(table)
            before = table.version
            await panel.play(notation)
            assert table.version == before + 1, notation
            if after_move is not None:
                after_move(table)
            word = notation.split()[0]
            if notation.split()[-1] in CALLS:  # the call's toggle is one more tap
                word += "+call"
            if word != "draw":  # a coop draw counts with the placement after it
                turns.append((word, panel.clicks, index))
                panel.clicks = 0
                index += 1
    await env.settle()
    if after_move is not None:
        after_move(table)  # what the game's end posted
    return turns


@dataclass(frozen=True)
class Game:
    """One measured game: its options, seed and player."""

    game: str
    seed: int
    options: dict[str, Any]
    player: Callable[[], Choose]


GAMES: tuple[Game, ...] = (
    Game("soureh", 2, {"threshold": 20}, lambda: coop_policy),
    Game("pariah", 10, {"threshold": 200}, lambda: coop_policy),
    Game("turup", 5, {"rounds": 1}, lambda: turup_player(random.Random(4))),
    Game("soi", 3, {"target": 20, "memory": "off"}, lambda: soi_ask),
)
"""The games ``tests/cogs/test_two_taps.py`` plays and ``python -m bench.taps`` reports."""

BY_NAME = {g.game: g for g in GAMES}


async def play_game(env: Any, spec: Game, channel: Any, members: Sequence[Any],
                    after_move: Callable[[Any], None] | None = None) -> list[Turn]:
    """One whole game of ``spec`` through the panels; its moves' clicks."""
    table, people = await seated(env, channel, members, spec.game, spec.seed, **spec.options)
    return await play_through_panels(env, channel, table, people, spec.player(), after_move)


# ------------------------------------------------------------------ figures


def summary(game: str, turns: Sequence[Turn]) -> tuple[str, bool]:
    """The medians of one game as text, and whether they meet issue 16's bounds."""
    if game == "soi":
        first = [c for _, c, i in turns if i == 0]
        further = [c for _, c, i in turns if i > 0]
        ok = bool(first) and median(first) <= 2 and (not further or median(further) == 1)
        text = (f"first ask {median(first):g}, each further ask "
                f"{median(further) if further else 0:g} ({len(first)} turns, "
                f"{len(further)} further asks)")
        return text, ok
    clicks = [c for _, c, _ in turns]
    text = f"{median(clicks):g} per move, max {max(clicks)} ({len(turns)} moves)"
    ok = median(clicks) <= 2
    if game == "pariah":
        faces = [c for w, c, _ in turns if w in FACE_WORDS]
        if faces:
            text += f"; face cards {median(faces):g}, max {max(faces)} ({len(faces)})"
            ok = ok and median(faces) <= 3
    return text, ok
