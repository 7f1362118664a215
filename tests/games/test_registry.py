"""The registry of games: one record per engine, options read from the Variant fields, and
/play and /settings set parameters whose Discord ranges and choices are the fields'."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.games import registry
from bot.games.registry import CATALOG, ENGINES, game, game_names
from bot.games.variants import Kind, option_fields
from bot.options import specs
from cogs.settings.cog import settings_cog
from cogs.tables.play import play_cog
from tests.helpers.games import every_game


def _parameters(command: app_commands.Command[Any, ..., Any]) -> dict[str, Any]:
    return {p.name: p for p in command.parameters}


def _bot() -> Any:
    """What a cog's command is made from: the bot's games (here every registered game)."""
    return SimpleNamespace(games=every_game())


def test_every_engine_has_one_entry() -> None:
    """The catalog lists exactly the engines, in order, each with its engine and title."""
    assert tuple(CATALOG) == game_names()
    for name in game_names():
        assert game(name).engine is ENGINES[name]
        assert game(name).title == ENGINES[name].title


@pytest.mark.parametrize("name", game_names())
def test_options_are_the_variant_fields(name: str) -> None:
    """A game's options are its Variant's fields, in order, with their metadata."""
    fields = option_fields(ENGINES[name].Variant)
    assert [o.field for o in specs(CATALOG[name])] == list(fields)
    assert [o.name for o in specs(CATALOG[name])] == [
        f.name for f in dataclasses.fields(ENGINES[name].Variant)]


def test_settings_set_has_each_field_with_its_exact_range() -> None:
    """/settings set names every field as <game>_<option>, with the field's own range or
    choices (on/off for a switch)."""
    params = _parameters(settings_cog(_bot()).set_)
    for name, entry in CATALOG.items():
        for spec in specs(entry):
            param = params[f"{name}_{spec.name}"]
            assert not param.required
            if spec.kind is Kind.INT:
                assert (param.min_value, param.max_value) == (spec.minimum, spec.maximum)
            elif spec.kind is Kind.CHOICE:
                assert [c.value for c in param.choices] == list(spec.choices)
            else:
                assert [c.value for c in param.choices] == ["on", "off"]


def test_play_has_each_option_name_within_every_games_range() -> None:
    """/play names each option once; its Discord range is the envelope of the games that
    have it, so the bot's check of the chosen game is never cut short by Discord."""
    params = _parameters(play_cog(_bot()).play)
    assert params["game"].required
    for entry in CATALOG.values():
        for spec in specs(entry):
            param = params[spec.name]
            if spec.kind is Kind.INT:
                assert param.min_value <= spec.minimum and spec.maximum <= param.max_value
            elif spec.kind is Kind.CHOICE:
                assert set(spec.choices) <= {c.value for c in param.choices}
            assert entry.title in param.description


def test_single_game_numbers_have_the_exact_range_on_play() -> None:
    """An option only one game has keeps that game's exact range on /play."""
    params = _parameters(play_cog(_bot()).play)
    rounds = specs(CATALOG["turup"])[0]
    assert rounds.name == "rounds"
    assert (params["rounds"].min_value, params["rounds"].max_value) == (
        rounds.minimum, rounds.maximum)


def test_a_new_variant_field_is_a_new_option_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """One more field on a game's Variant is, with no other change, a /play parameter, a
    /settings set parameter, an option with its default and a validated value."""
    from bot import options
    from bot.discord.choices import play_parameters, settings_parameters
    from bot.games.variants import check_fields, option

    @dataclasses.dataclass(frozen=True)
    class Variant:
        rounds: int = dataclasses.field(
            default=3, metadata=option("Number of rounds in a game", minimum=1, maximum=20))
        pack: str = dataclasses.field(
            default="standard",
            metadata=option("standard: 52 cards; somali: the Somali pack",
                            choices=("standard", "somali")))

        def __post_init__(self) -> None:
            check_fields(self, "Turup")

    monkeypatch.setattr(ENGINES["turup"], "Variant", Variant)
    try:
        play = {p.name: p for p in play_parameters(every_game())}
        assert play["pack"].games == ("turup",)
        assert [c.value for c in play["pack"].choices() or ()] == ["standard", "somali"]
        settings = {p.name: p for p in settings_parameters(every_game())}
        assert "turup_pack" in settings
        assert options.defaults(ENGINES["turup"]) == {"rounds": 3, "pack": "standard"}
        assert options.make_variant(CATALOG["turup"], {"pack": "Somali"}) == Variant(3, "somali")
        with pytest.raises(options.OptionError, match=r"^Turup pack must be standard or somali"):
            options.validate_options(CATALOG["turup"], {"pack": "french"})
    finally:
        monkeypatch.undo()


def test_a_game_registered_from_elsewhere_is_listed_after_the_built_in_ones_and_removed() -> None:
    """``register`` adds a plug-in's record to every lookup; ``unregister`` takes it out."""
    soi = registry.game("soi")
    engine = replace_engine(soi.engine, "plugin")
    registry.register(dataclasses.replace(soi, engine=engine))
    try:
        assert registry.game_names()[-1] == "plugin"
        assert list(CATALOG)[-1] == "plugin" and ENGINES["plugin"] is engine
        assert registry.players("plugin") is soi.players
    finally:
        registry.unregister("plugin")
    assert "plugin" not in registry.game_names() and "plugin" not in CATALOG


def replace_engine(engine: Any, name: str) -> Any:
    """A copy of ``engine`` under another name (its rules unchanged)."""
    clone = type(engine)()
    clone.name = name
    return clone
