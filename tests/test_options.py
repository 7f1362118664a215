"""Per-game option specs: validation messages, defaults, effective options, the turn timer."""

from __future__ import annotations

import dataclasses

import pytest

from bot import options
from bot.games.registry import CATALOG, ENGINES, game_names
from bot.games.variants import option_fields
from bot.options import OptionError


@pytest.mark.parametrize(
    ("game", "name", "value", "message"),
    [
        ("soureh", "threshold", 10, "Soureh threshold must be between 20 and 1000."),
        ("soureh", "threshold", 1001, "Soureh threshold must be between 20 and 1000."),
        ("pariah", "threshold", 49, "Pariah threshold must be between 50 and 2000."),
        ("turup", "rounds", 21, "Turup rounds must be between 1 and 20."),
        ("soi", "target", 0, "Soi target must be between 20 and 1000."),
        ("soureh", "threshold", "lots", "Soureh threshold must be a whole number."),
        ("soureh", "declare", "shout", "Soureh declare must be final or reveal."),
        ("soureh", "end", "never", "Soureh end must be lowest or elimination."),
        ("soi", "memory", "maybe", "Soi memory must be on or off."),
    ],
)
def test_invalid_values_have_clear_messages(game: str, name: str, value: object,
                                            message: str) -> None:
    """Each out-of-range or unknown value is refused with a message naming the rule."""
    with pytest.raises(OptionError) as info:
        options.spec(CATALOG[game], name).validate(value)
    assert str(info.value) == message


def test_valid_values_are_normalised() -> None:
    """Text input is converted to the option's type."""
    assert options.spec(CATALOG["soureh"], "threshold").validate("150") == 150
    assert options.spec(CATALOG["soureh"], "threshold").validate(20) == 20
    assert options.spec(CATALOG["soureh"], "declare").validate(" Reveal ") == "reveal"
    assert options.spec(CATALOG["soi"], "memory").validate("off") is False
    assert options.spec(CATALOG["soureh"], "leave").validate(True) is True


def test_unknown_option() -> None:
    """An unknown option name is refused with the list of what exists."""
    with pytest.raises(OptionError, match="options: threshold"):
        options.spec(CATALOG["pariah"], "rounds")


def test_rule_book_defaults() -> None:
    """Defaults follow the rule book (100, final, lowest, hidden discards; 200, open
    discards; 3 rounds, standard pack; 200, memory on)."""
    assert options.defaults(ENGINES["soureh"]) == {"declare": "final", "end": "lowest",
                                          "threshold": 100, "leave": False,
                                          "discards": "hidden"}
    assert options.defaults(ENGINES["pariah"]) == {"threshold": 200, "discards": "open"}
    assert options.defaults(ENGINES["turup"]) == {"rounds": 3, "pack": "standard"}
    assert options.defaults(ENGINES["soi"]) == {"target": 200, "memory": True}


@pytest.mark.parametrize("game", game_names())
def test_specs_cover_engine_variant(game: str) -> None:
    """The engine's Variant's fields are exactly the option names, with their ranges."""
    cls = ENGINES[game].Variant
    names = [o.name for o in options.specs(CATALOG[game])]
    assert [f.name for f in dataclasses.fields(cls)] == names
    assert [o.field for o in options.specs(CATALOG[game])] == list(option_fields(cls))
    built = options.make_variant(CATALOG[game], options.defaults(ENGINES[game]))
    assert dataclasses.asdict(built) == options.defaults(ENGINES[game])


def test_effective_options_layering() -> None:
    """Server defaults override the rule book; /play overrides override both."""
    server = {"threshold": 300, "declare": "reveal"}
    values = options.effective_options(CATALOG["soureh"], server, {"threshold": 50})
    assert values == {"declare": "reveal", "end": "lowest", "threshold": 50, "leave": False,
                      "discards": "hidden"}


def test_effective_options_skip_stale_server_values() -> None:
    """A stored server value that no longer validates falls back to the default."""
    assert options.effective_options(CATALOG["turup"], {"rounds": 99}) == {"rounds": 3,
                                                                  "pack": "standard"}
    with pytest.raises(OptionError):
        options.effective_options(CATALOG["turup"], None, {"rounds": 99})


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("off", None), ("OFF", None), ("30", 30), ("3600", 3600), ("90s", 90), (None, None)],
)
def test_turn_timer_parsing(text: str | None, seconds: int | None) -> None:
    """The turn timer accepts off or 30–3600 seconds."""
    assert options.parse_turn_timer(text) == seconds


@pytest.mark.parametrize("text", ["29", "3601", "soon", "-5"])
def test_turn_timer_refused(text: str) -> None:
    """Out-of-range or non-numeric timers are refused with the allowed range."""
    with pytest.raises(OptionError, match=r"30 and 3600 seconds|30–3600"):
        options.parse_turn_timer(text)


def test_show_turn_timer() -> None:
    """Timers read as seconds and minutes."""
    assert [options.show_turn_timer(s) for s in (None, 45, 180, 90)] == [
        "off", "45 s", "3 min", "1 min 30 s"]
