"""``/puzzle`` under SimCord: a stored puzzle shown privately as its seat saw it (no card
hidden from that seat anywhere in the message), answered in one line, best or not."""

from __future__ import annotations

import json
from typing import Any

import pytest
from simcord import Env
from simcord.components import walk_components

from bot.app import CardroomBot
from bot.games.cards import standard_deck
from bot.games.registry import ENGINES
from bot.i18n import PDI
from bot.learning.puzzles import Puzzle, offered
from bot.render.card_text import card
from bot.render.direction import RLI
from storage.puzzles import PuzzleRepo
from tests.helpers.discord import Audit
from tests.helpers.games import every_game
from tests.learning.test_puzzles import pariah_puzzle

pytestmark = pytest.mark.slow


def text_of(message: Any) -> str:
    """Everything a message shows: its embeds and its components' labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    parts += [str(c.get("label", "")) for c in walk_components(message.components)]
    return "\n".join(parts)


async def store_puzzle(env: Env) -> Any:
    """The fixed Pariah puzzle, stored as a search of a finished game would store it."""
    index, puzzle = pariah_puzzle()
    bot = env.bot
    assert isinstance(bot, CardroomBot)
    await PuzzleRepo(bot.db).searched(1, "pariah", [(index, puzzle.seat, puzzle.to_json())])
    return puzzle


async def test_a_puzzle_shows_only_what_its_seat_could_see(simcord_env: Env) -> None:
    """Every card the message shows is in the puzzler's player view: none of the
    opponent's face-down cards or the stock; the message is ephemeral, nothing public."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    ana = guild.add_member(simcord_env.create_user("ana"))
    puzzle = await store_puzzle(simcord_env)
    audit = Audit(simcord_env)
    res = await ana.slash(channel, "puzzle", game="pariah")
    message = res.followups[-1] if res.followups else res.response
    assert message is not None and message.ephemeral
    shown = text_of(message)
    engine = ENGINES[puzzle.game]
    seen = json.dumps(engine.player_view(puzzle.state(engine), puzzle.seat))
    hidden = [str(c) for c in standard_deck() if f'"{c}"' not in seen]
    assert len(hidden) > 10
    assert sum(card(str(c)) in shown for c in standard_deck() if f'"{c}"' in seen) >= 8
    leaked = [c for c in hidden if card(c) in shown or card(c).replace("\ufe0f", "") in shown]
    assert leaked == []
    assert len([c for c in walk_components(message.components) if c.get("type") == 2]) == \
        len(puzzle.moves)
    assert audit.public_payloads() == []


async def test_a_puzzle_answer_is_one_line_best_or_not(simcord_env: Env) -> None:
    """The best move is answered "Best move"; another "Not the best", naming the best."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    ana = guild.add_member(simcord_env.create_user("ana"))
    puzzle = await store_puzzle(simcord_env)
    for move in (puzzle.best, next(m for m in offered(puzzle) if m != puzzle.best)):
        res = await ana.slash(channel, "puzzle", game="pariah")
        message = res.followups[-1] if res.followups else res.response
        button = [c for c in walk_components(message.components) if c.get("type") == 2][
            offered(puzzle).index(move)]
        answer = await ana.click(message, custom_id=button["custom_id"])
        line = answer.response.embeds[0].description or ""
        assert "\n" not in line
        assert line.startswith("✓ Best move:" if move == puzzle.best else "✗ Not the best:")


async def test_no_puzzle_yet_is_said(simcord_env: Env) -> None:
    """Without finished games there is no puzzle, and the player is told so."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    ana = guild.add_member(simcord_env.create_user("ana"))
    res = await ana.slash(channel, "puzzle", game="soi")
    message = res.followups[-1] if res.followups else res.response
    assert "No Soi puzzle yet" in (message.content or "")


async def test_a_finished_table_is_searched_for_a_puzzle(db: Any) -> None:
    """/puzzle's search reads a finished table from storage, stores the puzzle the hard
    player finds in it (its human seat's decisions) and marks the table searched."""
    from cogs.puzzles.cog import search
    from storage.tables import SeatRecord, TableRepo
    from tests.learning.test_puzzles import finished_game

    log = finished_game("pariah", 2, 3)
    tables = TableRepo(db)
    seats = [SeatRecord(0, 11, "ana"), SeatRecord(1, 12, "ben")]
    record = await tables.create(guild_id=1, channel_id=2, host_id=11, game="pariah",
                                 variant={}, seed=3, timer_seconds=None, seats=seats)
    await tables.start(record.id, seats=seats, seed=3, version=1, deadline=None)
    for seq, text in enumerate(log):
        await tables.append_action(record.id, seq=seq, seat=0, text=text, version=seq + 2,
                                   deadline=None, finished=seq == len(log) - 1)
    repo = PuzzleRepo(db)
    # the search's iterations are fixed; its wall-clock bound (6 s) is lifted, which a
    # loaded test machine reached before the puzzle was found
    await search(repo, every_game()["pariah"], seconds=600.0)
    assert await repo.unsearched("pariah", 5) == []
    stored = await repo.pick("pariah", 0)
    assert stored is not None
    found = Puzzle.from_json(stored.data)
    engine = ENGINES[found.game]
    assert engine.to_act(found.state(engine)) == found.seat


async def test_an_arabic_puzzle_and_its_answer_read_right_to_left(simcord_env: Env,
                                                                  locales: Any) -> None:
    """In Arabic every line of the puzzle's fields (the seats, the table, your cards) is a
    right-to-left isolate, as a lesson's lines are; the answer's line opens with its mark
    and often a card ("✗ A♥ …"): one isolate too, so they stay at its start (the right)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    ana = guild.add_member(simcord_env.create_user("ana"))
    locales.user(ana, "ar")
    puzzle = await store_puzzle(simcord_env)
    res = await ana.slash(channel, "puzzle", game="pariah")
    message = res.followups[-1] if res.followups else res.response
    lines = [line for f in message.embeds[0].fields for line in (f.value or "").splitlines()
             if line.strip()]
    assert lines and [line for line in lines if RLI not in line] == []
    wrong = next(m for m in offered(puzzle) if m != puzzle.best)
    button = [c for c in walk_components(message.components) if c.get("type") == 2][
        offered(puzzle).index(wrong)]
    answer = await ana.click(message, custom_id=button["custom_id"])
    line = answer.response.embeds[0].description or ""
    assert line.startswith(RLI + "✗ ") and line.endswith(PDI), repr(line)
