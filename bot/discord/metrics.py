"""Ties ``bot.metrics`` to the running bot: the sources read at each scrape (live tables,
owned shards, storage's counts, the picture strips drawn and kept, ready), interactions
counted as they arrive and timed to their first answer, discord.py's own 429 log lines
counted. ``watch(bot)`` once per bot."""

from __future__ import annotations

import functools
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import metrics
from bot.render.images.strips import STRIPS
from storage.counters import COUNTERS

ANSWERS = ("defer", "send_message", "edit_message", "send_modal", "autocomplete")
"""The ``InteractionResponse`` methods that give an interaction its first answer."""
PENDING_MAX = 4096  # arrival times kept for interactions not answered yet

_arrived: OrderedDict[int, tuple[float, str]] = OrderedDict()


def watch(bot: Any) -> None:
    """Read ``bot``'s tables, shards and readiness at each scrape; count and time its
    interactions (the answer methods are wrapped once per process)."""
    metrics.set_source(metrics.TABLES, lambda: _tables(bot))
    metrics.set_source(metrics.SHARDS, lambda: _shards(bot))
    metrics.set_source(metrics.UP, lambda: {(): 1.0 if bot.is_ready() else 0.0})
    metrics.set_source(metrics.STORAGE_ERRORS, lambda: {(): float(COUNTERS.errors)})
    metrics.set_source(metrics.STORAGE_RETRIES, lambda: {(): float(COUNTERS.retries)})
    metrics.set_source(metrics.STRIPS, lambda: {("drawn",): float(STRIPS.misses),
                                                ("kept",): float(STRIPS.hits)})
    metrics.set_source(metrics.STRIP_BYTES, lambda: {(): float(STRIPS.size)})
    bot.add_listener(arrived, "on_interaction")
    _wrap_answers()
    http_log = logging.getLogger("discord.http")  # discord.py logs each 429 there
    if not any(isinstance(f, metrics.RateLimitLog) for f in http_log.filters):
        http_log.addFilter(metrics.RateLimitLog())


def _tables(bot: Any) -> dict[tuple[str, ...], float]:
    app = bot._app  # the app's parts, once setup_hook built them
    if app is None:
        return {}
    games = Counter(t.game for t in list(app.tables.tables.values()) if t.status.is_open)
    return {(game,): float(n) for game, n in games.items()}


def _shards(bot: Any) -> dict[tuple[str, ...], float]:
    owner = bot.owner
    return {} if owner is None else {(str(s),): 1.0 for s in sorted(owner.owned)}


async def arrived(interaction: discord.Interaction[Any]) -> None:
    """An interaction arrived: count it, note when (its first answer is timed from here)."""
    kind = interaction.type.name
    metrics.INTERACTIONS.inc(kind)
    _arrived[interaction.id] = (time.perf_counter(), kind)
    while len(_arrived) > PENDING_MAX:
        _arrived.popitem(last=False)


def _answered(interaction_id: int) -> None:
    entry = _arrived.pop(interaction_id, None)
    if entry is not None:
        metrics.LATENCY.observe(time.perf_counter() - entry[0], entry[1])


def _wrap_answers() -> None:
    response = discord.InteractionResponse
    for name in ANSWERS:
        method = getattr(response, name)
        if getattr(method, "_cardroom_timed", False):
            continue
        setattr(response, name, _timed(method))


def _timed(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def answer(self: discord.InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return await method(self, *args, **kwargs)
        finally:
            _answered(self._parent.id)

    answer._cardroom_timed = True  # type: ignore[attr-defined]
    return answer
