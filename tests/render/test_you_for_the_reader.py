"""Private texts call their reader "you" (issue 46): a whole game of each game, every
panel, My cards, DM and hint phrase of every seat in English, never the reader's own name
where "you" reads right ("pso2 drew 7♦" in pso2's own panel is "You drew 7♦")."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import registry
from bot.games.ai.explain import describe
from bot.games.ai.view import observe
from bot.games.coop.look.kinds import CoopKind
from bot.games.registry import ENGINES
from bot.i18n import use_locale
from bot.notation.seat_words import with_names
from bot.render.components import Step
from bot.render.embeds import dm_text, hand_embed
from bot.render.panels import panel
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus

GAMES = [("soureh", 3, {"threshold": 100}), ("pariah", 2, {"threshold": 100}),
         ("turup", 3, {"rounds": 1}), ("soi", 3, {})]


def _table(game: str, players: int, variant: dict[str, object]) -> Table:
    engine = ENGINES[game]
    record = TableRecord(
        id=7, guild_id=1, channel_id=2, message_id=3, host_id=100, game=game,
        variant=variant, seed=5, status=TableStatus.RUNNING, version=1, timer_seconds=60,
        deadline=1_800_000_000.0, end_reason=None, created_at="", started_at=None,
        ended_at=None,
    )
    table = Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(i, 100 + i, f"pso{i}")
                                        for i in range(players)])
    table.state = engine.new_game(players, 5, engine.Variant(**variant))
    table.start_rounds()
    return table


def _embed_texts(embed: object) -> list[str]:
    data = embed.to_dict()  # type: ignore[attr-defined]
    texts = [data.get("title", ""), data.get("description", ""),
             data.get("footer", {}).get("text", "")]
    for field in data.get("fields", []):
        texts += [field["name"], field["value"]]
    return texts


def _private_texts(table: Table, seat: int) -> list[str]:
    """Everything only ``seat`` sees now: its panels, its cards, its DM, its hints' words."""
    texts: list[str] = []
    steps = [Step()]
    if table.to_act() == seat:
        steps += [Step(CoopKind.KING_FIRST, f"{a.args[0]}.{a.args[1]}")
                  for a in table.engine.legal_actions(table.state) if a.word == "king"][:3]
        info = observe(table.engine, table.state, seat)
        texts += [with_names(describe(info, a), table.names) for a in info.legal]
    for step in steps:
        embed, view = panel(table.seen(), seat, step)
        texts += _embed_texts(embed)
        # beside its picture, the panel says in words what the picture leaves out (Soi's asks)
        texts += _embed_texts(panel(table.seen(), seat, step, picture=True)[0])
        for item in view.children:
            texts.append(str(getattr(item, "label", "") or ""))
            texts += [str(o.label) for o in getattr(item, "options", [])]
    texts += [*_embed_texts(hand_embed(table.seen(), seat)), dm_text(table.seen(), seat)]
    return texts


@pytest.mark.parametrize(("game", "players", "variant"), GAMES, ids=[g[0] for g in GAMES])
def test_no_private_text_names_its_reader(game: str, players: int,
                                          variant: dict[str, object]) -> None:
    """A whole game: no private text of a seat shows that seat's own name."""
    table = _table(game, players, variant)
    rng = random.Random(1)
    found: list[str] = []
    with use_locale("en"):
        for _turn in range(2000):
            for seat in range(players):
                own = re.compile(rf"\bpso{seat}\b")
                found += [f"pso{seat}: {line}" for text in _private_texts(table, seat)
                          for line in text.split("\n") if own.search(line)]
            if table.to_act() is None:
                break
            action = rng.choice(table.engine.legal_actions(table.state))
            transition = table.engine.apply(table.state, action)
            table.state = transition.state
            table.record_events(transition.events)
            table.track_round()
    assert table.to_act() is None, "the game did not end"
    assert not found, sorted(set(found))[:10]
