"""The operator's metrics (issue 35): Prometheus' text format, served on METRICS_PORT by the
real bot, the series moving while a SimCord game is played; LOG_FORMAT=json."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import metrics
from bot.jsonlog import JsonFormatter
from bot.settings import Settings, SettingsError, load_settings
from storage.errors import StorageError
from tests.helpers.discord import coop_policy, flush, service, table_in, typed

pytestmark = pytest.mark.slow


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The conftest settings with the metrics endpoint on a free port."""
    return load_settings(env_file=None, database_url=f"sqlite:///{tmp_path / 'cardroom.db'}",
                         log_level="DEBUG", discord_token=None, dev_guild_id=None,
                         heartbeat_file=None, metrics_port=0)


def _parse(text: str) -> dict[str, float]:
    """``{'name{labels}': value}`` of every sample line."""
    samples = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            samples[key] = float(value)
    return samples


async def _scrape(bot: Any) -> dict[str, float]:
    port = metrics.bound_port(bot.metrics_server)
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        return _parse(await response.text())


def _sum(samples: dict[str, float], name: str) -> float:
    return sum(v for k, v in samples.items() if re.fullmatch(rf"{name}(\{{.*\}})?", k))


async def test_series_move_while_a_game_is_played(world: dict[str, Any]) -> None:
    """Scraped from the real bot's endpoint: a live Soureh table, moves, interactions and
    their latency, pictures drawn, the owned shard, a Discord 429 and a storage error all
    show, and the counters grow while the game is played."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    bot = env.bot
    before = await _scrape(bot)
    service(env).seed_source = lambda: 3  # a deal whose first round lasts six moves
    opened = await ann.slash(channel, "play", game="soureh", timer="off", threshold=20)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    members = {m.id: m for m in (ann, bob)}
    for _turn in range(4):
        member = members[table.seats[table.to_act()].user_id]
        notation = coop_policy(table)
        assert (await member.slash(channel, "move", action=typed(table, notation))).acknowledged
        await flush(env)
    env.inject_error("PATCH", "/webhooks/*/messages/*", status=429, times=1)
    for _turn in range(2):  # a draw and its discard: the table message is edited
        member = members[table.seats[table.to_act()].user_id]
        await member.slash(channel, "move", action=typed(table, coop_policy(table)))
        await flush(env)
    with pytest.raises(StorageError):
        await bot.db.fetchall("SELECT * FROM no_such_table")
    after = await _scrape(bot)

    assert after['cardroom_tables_live{game="soureh"}'] == 1
    assert after['cardroom_moves_total{game="soureh",by="person"}'] >= 5
    assert after['cardroom_interactions_total{kind="application_command"}'] \
        >= before.get('cardroom_interactions_total{kind="application_command"}', 0) + 6
    assert _sum(after, "cardroom_interactions_total") > _sum(before, "cardroom_interactions_total")
    latency = 'cardroom_interaction_seconds_count{kind="application_command"}'
    assert after[latency] > before.get(latency, 0)
    assert after['cardroom_interaction_seconds_bucket{kind="application_command",le="+Inf"}'] \
        == after[latency]
    assert after["cardroom_pictures_total"] > before.get("cardroom_pictures_total", 0)
    assert after["cardroom_picture_seconds_count"] == after["cardroom_pictures_total"]
    # the table's picture after each move: the seats' rows that did not change are kept
    assert after['cardroom_picture_strips_total{result="drawn"}'] > 0
    assert after['cardroom_picture_strips_total{result="kept"}'] \
        > before.get('cardroom_picture_strips_total{result="kept"}', 0)
    assert after["cardroom_picture_strips_bytes"] > 0
    assert after['cardroom_shard_owned{shard="0"}'] == 1
    assert after["cardroom_discord_rate_limits_total"] \
        == before.get("cardroom_discord_rate_limits_total", 0) + 1
    assert after["cardroom_storage_errors_total"] > before["cardroom_storage_errors_total"]
    assert "cardroom_storage_retries_total" in after


def test_exposition_format() -> None:
    """HELP and TYPE lines, escaped label values, cumulative histogram buckets with +Inf,
    _sum and _count."""
    counter = metrics.Counter("t_total", "A test.", ["name"])
    counter.inc('a"b\\c\nd')
    histogram = metrics.Histogram("t_seconds", "Times.", buckets=(0.1, 1.0))
    for seconds in (0.05, 0.5, 5.0):
        histogram.observe(seconds)
    text = "\n".join(counter.render() + histogram.render())
    assert text.splitlines() == [
        "# HELP t_total A test.", "# TYPE t_total counter",
        't_total{name="a\\"b\\\\c\\nd"} 1',
        "# HELP t_seconds Times.", "# TYPE t_seconds histogram",
        't_seconds_bucket{le="0.1"} 1', 't_seconds_bucket{le="1"} 2',
        't_seconds_bucket{le="+Inf"} 3', "t_seconds_sum 5.55", "t_seconds_count 3"]


def test_metrics_port_and_log_format_settings() -> None:
    """METRICS_PORT is a port number or empty; LOG_FORMAT is text or json (any case)."""
    assert load_settings(env_file=None, metrics_port="").metrics_port is None
    assert load_settings(env_file=None, metrics_port="9100").metrics_port == 9100
    assert load_settings(env_file=None, log_format="JSON").log_format == "json"
    for bad in ({"metrics_port": "70000"}, {"metrics_port": "web"}, {"log_format": "xml"}):
        with pytest.raises(SettingsError):
            load_settings(env_file=None, **bad)


def test_json_log_lines() -> None:
    """LOG_FORMAT=json writes one JSON object a line: time, level, logger, message and the
    exception's traceback."""
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("bot.test").makeRecord(
            "bot.test", logging.ERROR, __file__, 1, "Table %s failed", (7,), exc_info=None)
        import sys

        record.exc_info = sys.exc_info()
    line = json.loads(JsonFormatter().format(record))
    assert line["level"] == "ERROR" and line["logger"] == "bot.test"
    assert line["message"] == "Table 7 failed"
    assert "ValueError: boom" in line["exception"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", line["time"])
