"""An LRU cache of rendered PNGs, keyed by table, version (a state version, or a digest of
what the picture shows), kind, seat and options."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ImageKey:
    """What identifies one rendered image.

    ``version`` is the table's state version or a digest of what the picture is drawn from
    (then one picture serves every version that shows the same); ``kind`` is "table",
    "hand", "seat" or "round_end"; ``seat`` is the viewer for a hand image
    (``None`` for public images); ``options`` holds anything else the picture depends on,
    e.g. ``(four_colour, theme, tuple(names))``.
    """

    table_id: Hashable
    version: Hashable
    kind: str
    seat: int | None = None
    options: Hashable = ()


class ImageCache:
    """Least-recently-used cache of PNG bytes; safe to share between threads."""

    def __init__(self, max_entries: int = 256) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")  # i18n: not for people
        self.max_entries = max_entries
        self._data: OrderedDict[ImageKey, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def drawn(self) -> list[ImageKey]:
        """The keys held, the least recently used first (what has been drawn)."""
        with self._lock:
            return list(self._data)

    def get(self, key: ImageKey) -> bytes | None:
        """The cached image for ``key`` (marking it recently used), or ``None``."""
        with self._lock:
            data = self._data.get(key)
            if data is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return data

    def put(self, key: ImageKey, data: bytes) -> None:
        """Store ``data`` under ``key``, dropping the least recently used beyond the limit."""
        with self._lock:
            self._data[key] = data
            self._data.move_to_end(key)
            while len(self._data) > self.max_entries:
                self._data.popitem(last=False)

    def get_or_render(self, key: ImageKey, render: Callable[[], bytes]) -> bytes:
        """The cached image for ``key``, rendering and storing it on a miss."""
        data = self.get(key)
        if data is None:
            data = render()
            self.put(key, data)
        return data

    def forget(self, table_id: Hashable) -> int:
        """Drop every image of ``table_id`` (a closed table); returns how many."""
        with self._lock:
            keys = [k for k in self._data if k.table_id == table_id]
            for k in keys:
                del self._data[k]
        if keys:
            log.debug("dropped %s cached images of table %s", len(keys), table_id)
        return len(keys)

    def clear(self) -> None:
        """Drop everything."""
        with self._lock:
            self._data.clear()
