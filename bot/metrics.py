# i18n: nothing in this file is for players (metrics are read by the operator's monitoring)
"""The operator's metrics, in Prometheus' text format, served over HTTP when ``METRICS_PORT``
is set (``start_server``; aiohttp, which discord.py already brings).

Counters and histograms live here, process-wide, and are bumped by one-line hooks where
things happen (a move in the table service, a picture drawn, a Discord error); what is a
state, not an event (live tables, owned shards, storage's own counts) is read at each scrape
from sources set with ``set_source``. Nothing here imports discord or the table service:
``bot.discord.metrics`` ties them to the bot.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger(__name__)

T = TypeVar("T")
Labels = tuple[str, ...]
Sample = tuple[str, dict[str, str], float]  # name suffix, labels, value
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value)) if value != int(value) else str(int(value))


def _line(name: str, labels: dict[str, str], value: float) -> str:
    inner = ",".join(f'{key}="{_escape(str(v))}"' for key, v in labels.items())
    return f"{name}{{{inner}}} {_number(value)}" if inner else f"{name} {_number(value)}"


class Metric:
    """One metric family: a name, its help line, its type and its label names."""

    kind = "untyped"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        self.name = name
        self.help = help_text
        self.labels = tuple(labels)
        self._lock = threading.Lock()  # pictures are drawn (and counted) in threads

    def samples(self) -> Iterable[Sample]:
        raise NotImplementedError

    def _named(self, values: Labels) -> dict[str, str]:
        if len(values) != len(self.labels):
            raise ValueError(f"{self.name} takes labels {self.labels}")  # i18n: not for people
        return dict(zip(self.labels, values, strict=True))

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} {self.kind}"]
        lines += [_line(self.name + suffix, labels, value)
                  for suffix, labels, value in self.samples()]
        return lines


class Counter(Metric):
    """A count that only goes up, per label values."""

    kind = "counter"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        super().__init__(name, help_text, labels)
        self._values: dict[Labels, float] = {}

    def inc(self, *labels: str, amount: float = 1.0) -> None:
        with self._lock:
            self._values[labels] = self._values.get(labels, 0.0) + amount

    def value(self, *labels: str) -> float:
        return self._values.get(labels, 0.0)

    def samples(self) -> Iterable[Sample]:
        with self._lock:
            items = sorted(self._values.items())
        return [("", self._named(key), value) for key, value in items]


class Histogram(Metric):
    """Observed durations in cumulative buckets, with their sum and count, per label values."""

    kind = "histogram"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = (),
                 buckets: Sequence[float] = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)) -> None:
        super().__init__(name, help_text, labels)
        self.buckets = (*sorted(buckets), math.inf)
        self._values: dict[Labels, tuple[list[int], list[float]]] = {}

    def observe(self, seconds: float, *labels: str) -> None:
        with self._lock:
            counts, total = self._values.setdefault(labels, ([0] * len(self.buckets), [0.0]))
            for i, bound in enumerate(self.buckets):
                if seconds <= bound:
                    counts[i] += 1
            total[0] += seconds

    def count(self, *labels: str) -> int:
        entry = self._values.get(labels)
        return entry[0][-1] if entry else 0

    def samples(self) -> Iterable[Sample]:
        out: list[Sample] = []
        with self._lock:
            items = sorted((k, (list(c), t[0])) for k, (c, t) in self._values.items())
        for key, (counts, total) in items:
            named = self._named(key)
            for bound, count in zip(self.buckets, counts, strict=True):
                out.append(("_bucket", {**named, "le": _number(bound)}, count))
            out.append(("_sum", named, total))
            out.append(("_count", named, counts[-1]))
        return out


class Read(Metric):
    """A value read from a source at each scrape (``set_source``): a gauge, or a counter
    something else keeps (storage's counts)."""

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = (),
                 kind: str = "gauge") -> None:
        super().__init__(name, help_text, labels)
        self.kind = kind
        self.source: Callable[[], dict[Labels, float]] = dict

    def samples(self) -> Iterable[Sample]:
        try:
            values = self.source()
        except Exception:  # a scrape never fails on one source
            log.exception("Metric %s could not be read", self.name)
            return []
        return [("", self._named(key), value) for key, value in sorted(values.items())]


TABLES = Read("cardroom_tables_live", "Open tables in this process, per game.", ["game"])
MOVES = Counter("cardroom_moves_total", "Moves played, per game and by whom.",
                ["game", "by"])
INTERACTIONS = Counter("cardroom_interactions_total",
                       "Interactions received (commands, clicks, forms), per kind.", ["kind"])
LATENCY = Histogram("cardroom_interaction_seconds",
                    "From an interaction's arrival to its first answer, per kind.", ["kind"],
                    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0))
STORAGE_ERRORS = Read("cardroom_storage_errors_total",
                      "Storage errors raised to a caller.", kind="counter")
STORAGE_RETRIES = Read("cardroom_storage_retries_total",
                       "Storage operations tried again (lost connection, failed write).",
                       kind="counter")
RATE_LIMITS = Counter("cardroom_discord_rate_limits_total",
                      "Discord answers with status 429 (rate limited).")
DISCORD_ERRORS = Counter("cardroom_discord_errors_total",
                         "Discord requests that failed, per HTTP status.", ["status"])
PICTURES = Counter("cardroom_pictures_total", "Card pictures drawn.")
PICTURE_SECONDS = Histogram("cardroom_picture_seconds",
                            "Time to draw one card picture and its alt text.",
                            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0))
STRIPS = Read("cardroom_picture_strips_total",
              "Strips of card pictures: drawn, or kept from an earlier picture.", ["result"],
              kind="counter")
STRIP_BYTES = Read("cardroom_picture_strips_bytes", "Deflated bytes of the picture strips kept.")
SHARDS = Read("cardroom_shard_owned", "1 for each shard this process owns and runs.",
              ["shard"])
UP = Read("cardroom_ready", "1 while connected to Discord and ready, else 0.")

REGISTRY: tuple[Metric, ...] = (TABLES, MOVES, INTERACTIONS, LATENCY, STORAGE_ERRORS,
                                STORAGE_RETRIES, RATE_LIMITS, DISCORD_ERRORS, PICTURES,
                                PICTURE_SECONDS, STRIPS, STRIP_BYTES, SHARDS, UP)


def set_source(metric: Read, source: Callable[[], dict[Labels, float]]) -> None:
    """Where ``metric`` reads its values at each scrape."""
    metric.source = source


def exposition() -> str:
    """Every metric in Prometheus' text format (version 0.0.4)."""
    lines: list[str] = []
    for metric in REGISTRY:
        lines += metric.render()
    return "\n".join(lines) + "\n"


def moved(game: str, by_computer: bool) -> None:
    """A move was played (and stored)."""
    MOVES.inc(game, "computer" if by_computer else "person")


def discord_error(exc: BaseException) -> None:
    """A Discord request failed with ``exc`` (an HTTPException has a ``status``)."""
    status = getattr(exc, "status", None)
    if isinstance(status, int):
        DISCORD_ERRORS.inc(str(status))
        if status == 429:
            RATE_LIMITS.inc()


def timed_picture(job: Callable[[], T]) -> Callable[[], T]:
    """``job`` (one picture and its alt text, in an image thread), counted and timed."""

    def run() -> T:
        start = time.perf_counter()
        try:
            return job()
        finally:
            PICTURE_SECONDS.observe(time.perf_counter() - start)
            PICTURES.inc()

    return run


class RateLimitLog(logging.Filter):
    """Counts discord.py's "responded with 429" log records (the 429s it waited out and
    tried again, which never reach our code); every record passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "responded with 429" in str(record.msg):
            RATE_LIMITS.inc()
        return True


async def start_server(port: int, host: str = "0.0.0.0") -> web.AppRunner:
    """Serve ``/metrics`` on ``host:port`` (``port`` 0: a free one, see ``bound_port``)."""
    from aiohttp import web

    async def metrics(_request: web.Request) -> web.Response:
        return web.Response(body=exposition().encode(), headers={"Content-Type": CONTENT_TYPE})

    app = web.Application()
    app.router.add_get("/metrics", metrics)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("Metrics at http://%s:%d/metrics", host, bound_port(runner))
    return runner


def bound_port(runner: Any) -> int:
    """The port ``runner`` (from ``start_server``) listens on."""
    for site in runner.sites:
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            return int(server.sockets[0].getsockname()[1])
    raise RuntimeError("The metrics server is not listening.")  # i18n: not for people
