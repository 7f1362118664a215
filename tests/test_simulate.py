"""``python -m bot simulate``: computer tournaments, win rates and their intervals."""

from __future__ import annotations

import random

import pytest

from bot.console import simulate
from bot.games.ai.ismcts import Budget
from bot.games.registry import ENGINES


def test_simulate_prints_a_table_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    """A small run prints one row per level with win rate, interval and times."""
    status = simulate.main(
        ["turup", "--games", "4", "--seats", "normal,easy", "--variant", "rounds=1", "--seed", "3"]
    )
    out, err = capsys.readouterr()
    assert status == 0
    rows = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert set(rows) == {"normal", "easy"}
    assert "%" in rows["normal"]
    assert "4/4" in err  # the progress bar


def test_simulate_runs_hard_with_a_small_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """Hard plays in a simulation with an iteration budget; padding fills the seats."""
    argv = ["soi", "--games", "1", "--seats", "hard,easy", "--players", "3"]
    status = simulate.main([*argv, "--iterations", "3", "--variant", "target=20", "--quiet"])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "hard,easy,easy" in out


def test_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A level that does not exist exits with status 2 and says which levels exist."""
    assert simulate.main(["turup", "--seats", "hard,genius"]) == 2
    assert "easy" in capsys.readouterr().err


def test_seats_rotate_between_games() -> None:
    """Each level sits in every seat in turn: two levels over two games fill four seats."""
    engine = ENGINES["turup"]
    stats = simulate.simulate(engine, ["normal", "easy"], 2, 0, engine.Variant(rounds=1))
    assert stats["normal"].seats == stats["easy"].seats == 2
    assert stats["normal"].wins + stats["easy"].wins == pytest.approx(2.0)


@pytest.mark.slow
def test_same_seed_same_results() -> None:
    """A simulation with an iteration budget is reproducible from its seed."""
    engine = ENGINES["turup"]
    budget = Budget(iterations=5, seconds=None)
    first = simulate.simulate(engine, ["hard", "normal"], 2, 7, engine.Variant(rounds=1), budget)
    second = simulate.simulate(engine, ["hard", "normal"], 2, 7, engine.Variant(rounds=1), budget)
    assert first["hard"].wins == second["hard"].wins


def test_wilson_interval() -> None:
    """The Wilson interval matches known values and stays inside 0..1."""
    low, high = simulate.wilson(60, 100)
    assert low == pytest.approx(0.502, abs=1e-3)
    assert high == pytest.approx(0.691, abs=1e-3)
    assert simulate.wilson(0, 10)[0] == 0.0
    assert simulate.wilson(10, 10)[1] == 1.0


def test_variant_options_are_read_with_their_types() -> None:
    """key=value options become the engine's Variant with ints and on/off flags."""
    variant = simulate.parse_variant(ENGINES["soi"], ["target=50", "memory=off"])
    assert variant == ENGINES["soi"].Variant(target=50, memory=False)
    with pytest.raises(ValueError, match="target"):
        simulate.parse_variant(ENGINES["soi"], ["colour=red"])


def test_percentile_by_nearest_rank() -> None:
    """The p95 of 1..100 is 95 and of an empty list 0."""
    values = list(range(1, 101))
    random.Random(1).shuffle(values)
    assert simulate.percentile(values, 0.95) == 95
    assert simulate.percentile([], 0.95) == 0.0


def test_round_robin_prints_win_rates_and_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    """A small round robin prints a row per level, its win rates and an openskill rating."""
    argv = ["turup", "--round-robin", "easy,normal", "--games", "4", "--variant", "rounds=1"]
    status = simulate.main(argv)
    out, _ = capsys.readouterr()
    assert status == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert set(rows) == {"easy", "normal"}
    assert "round robin" in out.splitlines()[0]


@pytest.mark.slow
def test_round_robin_rates_the_winner_higher() -> None:
    """Win counts of each pair add up to the games played; the better level rates higher."""
    engine = ENGINES["soureh"]
    table = simulate.round_robin(engine, ["easy", "normal"], 6, 0)
    assert table.wins["easy", "normal"] + table.wins["normal", "easy"] == pytest.approx(6.0)
    assert table.wins["normal", "easy"] > table.wins["easy", "normal"]
    assert table.ratings["normal"].mu > table.ratings["easy"].mu


def test_round_robin_needs_two_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """A round robin of one level, or of an unknown one, exits with status 2."""
    assert simulate.main(["soureh", "--round-robin", "hard"]) == 2
    assert simulate.main(["soureh", "--round-robin", "hard,genius"]) == 2
    assert "two or more" in capsys.readouterr().err


def test_play_game_calls_on_turn_before_every_move_with_the_seat_to_act() -> None:
    """``on_turn(state, seat)`` sees each position before its move, the seat to act in it,
    and does not change the game (same winners as without it)."""
    engine = ENGINES["turup"]
    variant = engine.Variant(rounds=1)
    seen: list[tuple[int, int | None]] = []
    result = simulate.play_game(engine, ("normal", "easy"), 4, variant,
                                on_turn=lambda state, seat: seen.append(
                                    (seat, engine.to_act(state))))
    assert seen and all(seat == to_act for seat, to_act in seen)
    assert {seat for seat, _ in seen} == {0, 1}
    assert result.winners == simulate.play_game(engine, ("normal", "easy"), 4, variant).winners
    assert len(seen) == sum(len(t) for t in result.times)
