"""Stored coop logs of the old notation (declare/knock/end steps, reveal/continue) are
translated by ``engine.translate_legacy`` and replay on today's engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games.coop.legacy import replay_legacy
from bot.games.protocol import BadNotation, LegacyLogError, LegacyNotation, in_todays_notation
from bot.games.registry import ENGINES

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "legacy_coop_logs.json").read_text())


def test_fixtures_hold_every_old_word() -> None:
    """The recorded logs cover declare, knock, end, reveal and continue."""
    words = {w for log in FIXTURES for w in log["words"]}
    assert {"declare", "knock", "end", "reveal", "continue"} <= words


def _leave(log: dict[str, Any]) -> bool:
    return bool((log["variant"] or {}).get("leave"))


SAME_RULES = [log for log in FIXTURES if not _leave(log)]
LEAVE = [log for log in FIXTURES if _leave(log)]


@pytest.mark.parametrize("log", SAME_RULES, ids=lambda log: f"{log['game']}-{log['seed']}")
def test_old_logs_translate_and_replay(log: dict[str, Any]) -> None:
    """Each recorded old log, translated, replays to the same round and totals."""
    engine = ENGINES[log["game"]]
    state, texts = replay_legacy(
        engine, log["players"], log["seed"], log["actions"], log["variant"]
    )
    assert not any(t in ("declare", "knock", "end", "continue") for t in texts)
    assert engine.totals(state) == log["totals"]
    assert state.round == log["round"]
    assert (engine.to_act(state) is None) == log["finished"]


@pytest.mark.parametrize("log", LEAVE, ids=lambda log: f"{log['game']}-{log['seed']}")
def test_old_leave_logs_replay_or_raise_legacy_error(log: dict[str, Any]) -> None:
    """`leave` changed (it stops at two players): an old log either replays under today's
    rules or raises LegacyLogError (the table is then closed), never anything else."""
    engine = ENGINES[log["game"]]
    try:
        state, _ = replay_legacy(
            engine, log["players"], log["seed"], log["actions"], log["variant"]
        )
    except LegacyLogError:
        return
    assert sum(engine.totals(state)) > 0


def test_translation_folds_and_drops() -> None:
    """declare/knock join the placement before them; end and continue are dropped."""
    soureh, pariah = ENGINES["soureh"], ENGINES["pariah"]
    old = ["draw", "keep 2", "declare", "draw", "discard", "end", "continue", "draw", "give 1 3"]
    assert soureh.translate_legacy(old) == [
        "draw",
        "keep 2 declare",
        "draw",
        "discard",
        "draw",
        "give 1 3",
    ]
    assert pariah.translate_legacy(["draw", "king 0 1 1 4", "knock"]) == [
        "draw",
        "king 0 1 1 4 knock",
    ]
    new = ["draw", "discard declare", "draw", "discard"]
    assert soureh.translate_legacy(new) == new


@pytest.mark.parametrize(
    ("game", "log"),
    [
        ("soureh", ["draw", "declare"]),
        ("soureh", ["declare"]),
        ("soureh", ["draw", "discard", "knock"]),
        ("pariah", ["draw", "discard knock", "knock"]),
        ("soureh", ["draw", ""]),
    ],
)
def test_untranslatable_logs_raise(game: str, log: list[str]) -> None:
    """An announcement after no placement (or of the wrong game) cannot be translated."""
    with pytest.raises(LegacyLogError):
        ENGINES[game].translate_legacy(log)


def test_a_log_the_new_rules_cannot_replay_raises() -> None:
    """A translated log that is no longer legal raises LegacyLogError, not a crash."""
    with pytest.raises(LegacyLogError, match="no longer replays"):
        replay_legacy(ENGINES["soureh"], 2, 1, ["draw", "discard", "reveal"])


def test_other_games_logs_pass_unchanged() -> None:
    """Turup and Soi logs need no translation."""
    for game in ("turup", "soi"):
        assert not isinstance(ENGINES[game], LegacyNotation)
        assert in_todays_notation(ENGINES[game], ["trail 9C"]) == ["trail 9C"]


@pytest.mark.parametrize("word", ["end", "continue", "declare", "knock"])
def test_old_words_are_refused_with_a_hint(word: str) -> None:
    """Typing an old word today gets a message saying how to do it now."""
    engine = ENGINES["soureh"]
    state = engine.new_game(2, 1)
    with pytest.raises(BadNotation, match=r"any more|part of your move|There is no knock"):
        engine.parse_action(state, word)
