"""Each game owns its words: every phase an engine's views give with a seat to act has its
turn line in the game's look, translated in every language, and shared code asks the look
(``Look.turn``) without a generic line in its place. The games are the registry's, the
fifth game (``tests/fifth_game``) among them; phases are found by playing (the computer
players, every choice of every option), as OpenSpiel's random simulation test plays
every game."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.games import registry
from bot.games.ai import choose
from bot.games.protocol import Engine, InvalidVariant
from bot.i18n import DEFAULT, LANGUAGES, translates
from bot.render.look import MissingWords
from tests import fifth_game
from tests.conformance.play import variants
from tests.fifth_game.engine import HighCardEngine

SEEDS = 1  # deals per table size and option choice
MOVES = 3000  # a game longer than this is cut (its phases so far are counted)


def phases(engine: Engine[Any]) -> set[str]:
    """The phases the engine's public views give while a seat is to act, in games its
    normal computer players play to the end."""
    found: set[str] = set()
    sizes = sorted({engine.min_players, engine.max_players})
    for variant in variants(engine):
        for players in sizes:
            for seed in range(SEEDS):
                rng = random.Random(seed)
                try:
                    state = engine.new_game(players=players, seed=seed, variant=variant)
                except InvalidVariant:  # an option this table size does not take
                    break
                for _move in range(MOVES):
                    seat = engine.to_act(state)
                    if seat is None:
                        break
                    found.add(str(engine.public_view(state)["phase"]))
                    state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    return found


def missing_words(game: registry.Game) -> list[str]:
    """What the game's look lacks: a phase without a turn line, or a turn line one of the
    languages does not translate."""
    missing = []
    for phase in sorted(phases(game.engine)):
        try:
            text = game.look.turn(phase)
        except MissingWords:
            missing.append(f"{phase}: no words")
            continue
        missing += [f"{phase}: no {lang} words" for lang in LANGUAGES
                    if lang != DEFAULT and not translates(text, lang)]
    return missing


def test_every_phase_has_its_words_in_every_language(game: registry.Game) -> None:
    """Every phase the game's play reaches has its turn line in the game's look, and every
    language translates it."""
    assert missing_words(game) == []


def test_the_coop_games_reveal_turn_is_found_by_playing() -> None:
    """The search finds a phase only some options reach (Soureh's ``reveal`` turn, under
    its reveal rule), so a phase is not missed for being rare."""
    assert {"draw", "place", "reveal"} <= phases(registry.ENGINES["soureh"])


class Bidding(HighCardEngine):
    """High card given a new phase, ``bid``, that its look has no words for."""

    def public_view(self, state: Any) -> dict[str, Any]:
        view = super().public_view(state)
        return {**view, "phase": "over" if state.over else "bid"}


def test_a_new_phase_without_words_fails() -> None:
    """Giving the fifth game a new phase without words is found, and the shared code that
    writes the turn line refuses it rather than saying a generic "to act"."""
    bidding = dataclasses.replace(fifth_game.GAME, engine=Bidding())
    assert missing_words(bidding) == ["bid: no words"]
    with pytest.raises(MissingWords):
        bidding.look.turn("bid")


def test_words_no_language_translates_fail() -> None:
    """A phase's words that are not in the catalogs are found too."""
    words = {"play": "**Turn:** {who} to play a card, in words nobody translated"}
    look = dataclasses.replace(fifth_game.LOOK, turns=words)
    untranslated = dataclasses.replace(fifth_game.GAME, look=look)
    assert missing_words(untranslated) == [
        f"play: no {lang} words" for lang in LANGUAGES if lang != DEFAULT]
