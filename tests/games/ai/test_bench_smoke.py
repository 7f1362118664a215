"""The AI decision-time benchmark runs in its small size and prints its table."""

from __future__ import annotations

from typing import Any

import pytest

from bench import ai_decisions


def test_ai_decisions_small_run_prints_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    """``--small`` on one game prints a row for each level."""
    assert ai_decisions.main(["--small", "--game", "turup"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[1] for row in rows] == ["easy", "normal", "hard"]


def test_strength_estimate_and_a_tiny_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench.strength`` estimates the CPU a run needs, and a tiny run prints a row with a
    Wilson interval and whether the target is met."""
    from bench import strength

    assert strength.main(["--estimate", "--game", "pariah", "--probe", "1", "--games", "400"]) == 0
    estimate = capsys.readouterr().out.splitlines()[-1]
    assert estimate.startswith("| pariah: hard vs normal | 200 ms |")
    assert strength.main(["--game", "soi", "--games", "4", "--seed", "5"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "soi: hard vs 3× normal" and cells[2] == "5–8" and cells[3] == "4"
    assert "–" in cells[5] and cells[6].startswith("50 %:")
    assert strength.main(["--estimate", "--game", "turup", "--probe", "1",
                          "--turup-rounds", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(
        "| turup (3 rounds): hard vs normal | 200 ms |")


def test_strength_tally_leaves_a_partial_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """``--tally`` writes the running result after every game, so a run stopped early
    still says how many games on which seeds gave which rate."""
    from bench import strength

    assert strength.main(["--game", "soi", "--games", "3", "--seed", "5", "--tally"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("soi: hard vs 3× normal, 200 ms: seeds 5–5, 1 games, hard ")
    assert "seeds 5–7, 3 games" in lines[-1] and lines[-1].endswith("%)")


def test_ceiling_samplers_keep_what_they_say_and_a_tiny_run_prints_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench.ceiling``: "hands" keeps the other seats' true hidden cards and reshuffles
    only the stock (same cards); "all" keeps the stock's order too; a tiny run prints a row
    per game and mode."""
    import random

    from bench import ceiling
    from bot.games import ENGINES

    for game in ("pariah", "turup"):
        engine: Any = ENGINES[game]
        state = engine.new_game(2, 3, engine.Variant(rounds=1) if game == "turup" else None)
        seat = engine.to_act(state)
        hands = ceiling.determinizer(game, "hands")(state, seat, random.Random(1))
        seen = ceiling.determinizer(game, "all")(state, seat, random.Random(1))
        if game == "pariah":
            assert hands.down == state.down
            assert sorted(map(str, hands.stock[hands.pos:])) == \
                sorted(map(str, state.stock[state.pos:]))
            assert hands.stock[hands.pos:] != state.stock[state.pos:]
            assert seen.stock == state.stock and seen.down == state.down
        else:
            assert hands.hands == state.hands and sorted(map(str, hands.deck)) == \
                sorted(map(str, state.deck)) and hands.deck != state.deck
            assert seen.hands == state.hands and seen.deck == state.deck
    assert ceiling.main(["--game", "pariah", "--games", "2", "--playouts", "4"]) == 0
    out = capsys.readouterr().out
    assert "| pariah | hands | 70000–70001 | 2 |" in out and "| pariah | all |" in out



def test_ceiling_share_keeps_that_share_of_the_opponents_hand() -> None:
    """``bench.ceiling --mode share``: the searching seat's hand stays; share 1 keeps the
    opponent's hand, share 0 deals it anew from his cards and the deck (same cards, sizes
    kept); in between, about that share of his cards stays."""
    import random

    from bench import ceiling
    from bot.games import ENGINES

    engine: Any = ENGINES["turup"]
    state = engine.new_game(2, 3, engine.Variant(rounds=1))
    seat = engine.to_act(state)
    other = 1 - seat
    unseen = sorted(map(str, (*state.hands[other], *state.deck)))
    assert ceiling.determinizer("turup", "share", 1.0)(state, seat, random.Random(1)).hands \
        == state.hands
    kept = 0
    for k in range(200):
        world = ceiling.determinizer("turup", "share", 0.25)(state, seat, random.Random(k))
        assert world.hands[seat] == state.hands[seat]
        assert sorted(map(str, (*world.hands[other], *world.deck))) == unseen
        assert len(world.hands[other]) == len(state.hands[other])
        kept += sum(a == b for a, b in zip(world.hands[other], state.hands[other], strict=True))
    assert 0.15 < kept / (200 * len(state.hands[other])) < 0.40  # 0.25 kept, plus chance
    fresh = [ceiling.determinizer("turup", "share", 0.0)(state, seat, random.Random(k))
             for k in range(20)]
    assert any(w.hands[other] != state.hands[other] for w in fresh)
    with pytest.raises(ValueError):
        ceiling.determinizer("pariah", "share", 0.5)

def test_reading_scores_the_true_hand_fully_and_a_tiny_run_prints_a_row(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench.reading``: the true deal gets the opponent's whole hand right, a uniform
    redeal less; the exact belief leaves the module's constants as they were; a tiny run
    prints one row whose belief reads more than chance."""
    import random

    from bench import reading
    from bot.games import ENGINES
    from bot.games.ai import turup

    engine: Any = ENGINES["turup"]
    state = engine.new_game(2, 3, engine.Variant(rounds=1))
    seat = engine.to_act(state)
    assert reading.right(state, state, 1 - seat) == 1.0
    assert reading.mean_right(engine.determinize, state, seat, 20, random.Random(1)) < 1.0
    before = (turup.TRIES, turup.UNLIKELY)
    with reading.exact_belief():
        turup.believe(engine.determinize, engine)(state, seat, random.Random(1))
    assert before == (turup.TRIES, turup.UNLIKELY)
    assert reading.main(["--games", "2", "--samples", "5"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "70000–70001" and cells[1] == "2" and int(cells[2]) > 0
    assert float(cells[4].rstrip(" %")) > float(cells[3].rstrip(" %"))


def test_weights_puts_the_normal_player_back_and_prints_normal_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench.weights``: normal against itself first, then the sets asked for; the
    module's constants are the normal player's again after each game, in both games."""
    from bench import weights

    for game, other in (("turup", "LEAVE_WEIGHT=0.4,FOLLOW_WEIGHT=1"), ("pariah", "KNOCK_LEAD=50")):
        before = weights.normal_weights(game)
        changed = {k: float(v) for k, v in (p.split("=") for p in other.split(","))}
        assert weights.play(game, 5, 1, changed) in (0.0, 0.5, 1.0)
        assert before == weights.normal_weights(game)
        assert weights.main(["--game", game, "--games", "4", "--weights", other]) == 0
        rows = capsys.readouterr().out.splitlines()[2:]
        assert len(rows) == 2 and rows[0].startswith("| normal | 4 |")
        assert rows[1].startswith(f"| {other.replace('=', ' ').replace(',', ', ')} | 4 |")
        assert before == weights.normal_weights(game)


def _every_card(state: Any) -> list[str]:
    rows = [*state.down, *state.up]
    cards = [c for row in rows if row is not None for c in row]
    cards += [*state.stock[state.pos :], *state.discard[: state.ndiscard]]
    cards += [] if state.drawn is None else [state.drawn]
    return sorted(map(str, cards))


def test_ceiling_placed_and_keepread_keep_what_the_opponent_placed() -> None:
    """``bench.ceiling --mode placed`` (Pariah): every opponent face-down card he was not
    dealt this round is kept true, his dealt ones are dealt anew; ``keepread`` weighs each
    hidden card by whether normal would have kept it so (the true card among the likely
    ones) and deals his kept cards from that. Both keep every card exactly once."""
    import random

    from bench import ceiling
    from bot.games import ENGINES
    from bot.games.ai import choose

    engine: Any = ENGINES["pariah"]
    placed_seen = dealt_fresh = likely_true = reads = 0
    for seed in range(6):
        state = engine.new_game(2, seed, None)
        placed = ceiling.PariahPlaced()
        reader = ceiling.PariahKeepRead()
        assert isinstance(ceiling.determinizer("pariah", "keepread"), ceiling.PariahKeepRead)
        rng = random.Random(seed)
        while (seat := engine.to_act(state)) is not None and state.round == 1:
            placed.note(state)
            other = 1 - seat
            for sampler in (placed, reader):  # each deals the cards the seat cannot see
                world = sampler(state, seat, random.Random(seed))
                assert _every_card(world) == _every_card(state)
                assert world.down[seat] == state.down[seat]
            world = placed(state, seat, random.Random(seed))
            dealt = placed.dealt[(state.round, other)]
            for true, sampled in zip(state.down[other], world.down[other], strict=True):
                if true not in dealt:
                    placed_seen += 1
                    assert sampled == true
                else:
                    dealt_fresh += sampled != true
            action = choose(engine, state, seat, "normal", rng)
            reader.record(state, seat, action)
            if action.word == "keep":
                card, weights = reader.keeps[(state.round, seat)][-1]
                reads += 1
                likely_true += weights[card] == 1.0
                assert 0 < sum(w == 1.0 for w in weights.values()) < len(weights)
            state = engine.apply(state, action).state
    assert placed_seen > 10 and dealt_fresh > 10 and reads > 10
    assert likely_true >= 0.8 * reads  # ties aside, the true card is one normal would keep
    assert ceiling.main(["--game", "pariah", "--games", "1", "--playouts", "4",
                         "--mode", "fair", "--mode", "placed", "--mode", "keepread"]) == 0
    with pytest.raises(ValueError):
        ceiling.determinizer("turup", "placed")
