"""Pictures read on a phone (issue 42): as a 400-px phone shows them (312 px wide), no text
under 11 px and no card face under 36 px wide, in every picture a game draws: under
SimCord, the first turns of Soureh (4 seats), Pariah (2), Turup (12) and Soi (6) played
through the panels, My cards opened each turn; and every kind of picture of those seat
counts, in English and Arabic, dark and light."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import use_locale
from bot.render.images.phone import CARD_PX, LEGIBLE_PX, Drawn, watch
from bot.render.images.samples import NAMES
from tests.helpers.panel_heights import SPECS
from tests.helpers.pictures import canvas_for, sample_player_view, sample_round_end, sample_view
from tests.helpers.taps import Panel, message_in, panel_of

TURNS = {"soureh": 6, "pariah": 6, "turup": 13, "soi": 7}
SEATS = {"soureh": 4, "pariah": 2, "turup": 12, "soi": 6}


def _smallest(drawn: list[Drawn]) -> tuple[float, float]:
    """The smallest text and the narrowest card face drawn, in px as a phone shows them."""
    texts = [t for d in drawn if (t := d.smallest_text()) is not None]
    faces = [f for d in drawn if (f := d.smallest_face()) is not None]
    assert texts and faces, drawn
    return min(texts), min(faces)


async def _play(world: dict[str, Any], spec: Any) -> list[Drawn]:
    """The first turns of ``spec``'s game through the panels, My cards opened each turn;
    returns what every picture drawn meanwhile drew."""
    env, guild = world["env"], world["guild"]
    channel = guild.create_text_channel(f"{spec.game}-phone")
    members = [guild.add_member(env.create_user(f"q{spec.game[:2]}{i + 1}"))
               for i in range(spec.players)]
    service = env.bot.tables
    service.seed_source = lambda: spec.seed
    with watch() as drawn:
        opened = await members[0].slash(channel, "play", game=spec.game, timer="off",
                                        **spec.options)
        table = service.in_channel(channel.id)
        for member in members[1:]:
            await member.click(opened.response, custom_id=f"cr:{table.id}:{table.version}:join")
        await members[0].click(opened.response,
                               custom_id=f"cr:{table.id}:{table.version}:start")
        await env.settle()
        people = {m.id: m for m in members}
        choose = spec.player()
        for _turn in range(TURNS[spec.game]):
            if not table.running:
                break
            seat = table.to_act()
            member = people[table.seats[seat].user_id]
            message = message_in(channel, table.record.message_id)
            mine = await member.click(message, custom_id=f"cr:{table.id}:{table.version}:my")
            assert mine.acknowledged
            message = message_in(channel, table.record.message_id)
            turn = await member.click(message, custom_id=f"cr:{table.id}:{table.version}:turn")
            panel = Panel(table, member, panel_of(turn))
            while table.running and table.to_act() == seat:
                await panel.play(choose(table))
        await env.settle()
    return list(drawn)


@pytest.mark.parametrize("spec", SPECS, ids=[s.game for s in SPECS])
async def test_every_picture_of_a_game_reads_on_a_phone(world: dict[str, Any],
                                                        spec: Any) -> None:
    """Every picture drawn in a game's first turns: text ≥ 11 px, card faces ≥ 36 px wide."""
    random.seed(spec.seed)
    drawn = await _play(world, spec)
    assert len(drawn) >= TURNS[spec.game], len(drawn)  # the table's, the panels', My cards
    text, face = _smallest(drawn)
    print(spec.game, len(drawn), "pictures: smallest text", text, "px, card", face, "px")
    assert text >= LEGIBLE_PX and face >= CARD_PX, (text, face)


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_every_kind_of_picture_reads_on_a_phone(game: str, language: str, theme: str) -> None:
    """The table, a seat's panel, My cards and the round end at the measured seat counts:
    text ≥ 11 px, card faces ≥ 36 px wide as a phone shows them."""
    n = SEATS[game]
    pictures = [("table", sample_view(game, n, 1)), ("seat", sample_player_view(game, n, 0, 1)),
                ("hand", sample_player_view(game, n, n - 1, 2)),
                ("round_end", sample_round_end(game, n, 1))]
    for kind, view in pictures:
        with use_locale(language), watch() as drawn:
            canvas_for(kind, view, NAMES, theme=theme)
        texts = [t for d in drawn if (t := d.smallest_text()) is not None]
        faces = [f for d in drawn if (f := d.smallest_face()) is not None]
        assert all(t >= LEGIBLE_PX for t in texts), (kind, texts)
        assert all(f >= CARD_PX for f in faces), (kind, faces)
