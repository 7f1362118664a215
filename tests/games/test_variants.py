"""Every game's options are its Variant's fields, each with what a person needs to choose it."""

from __future__ import annotations

import pytest

from bot.games.protocol import InvalidVariant
from bot.games.registry import ENGINES, game_names
from bot.games.variants import Kind, check_fields, option_fields


@pytest.mark.parametrize("game", game_names())
def test_every_variant_field_is_an_option(game: str) -> None:
    """Each Variant field has option metadata whose kind fits its default."""
    fields = option_fields(ENGINES[game].Variant)
    assert fields
    for f in fields:
        assert 0 < len(f.description) <= 100
        if f.kind is Kind.INT:
            assert f.minimum is not None and f.maximum is not None
            assert f.minimum <= int(f.default) <= f.maximum
        if f.kind is Kind.CHOICE:
            assert f.default in f.choices


def test_check_fields_names_the_option_and_its_range() -> None:
    """A value out of range is refused with the game, the option and the range."""
    variant = ENGINES["soureh"].Variant()
    object.__setattr__(variant, "threshold", 5)
    with pytest.raises(InvalidVariant, match=r"^Soureh threshold must be between 20 and 1000\.$"):
        check_fields(variant, "Soureh")
