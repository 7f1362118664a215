"""The LRU cache of rendered pictures (``bot.render.images.cache``): hits and misses, the
least recently used dropped first, a closed table's pictures forgotten."""

from __future__ import annotations

import threading

import pytest

from bot.render.images.cache import ImageCache, ImageKey


def key(table: int, version: int = 1, kind: str = "table", seat: int | None = None,
        options: tuple[object, ...] = ()) -> ImageKey:
    return ImageKey(table, version, kind, seat, options)


def test_a_miss_then_a_hit() -> None:
    cache = ImageCache()
    assert cache.get(key(1)) is None
    cache.put(key(1), b"png")
    assert cache.get(key(1)) == b"png"
    assert (cache.hits, cache.misses) == (1, 1)
    assert key(1) in cache and len(cache) == 1


def test_every_part_of_the_key_tells_pictures_apart() -> None:
    cache = ImageCache()
    cache.put(key(1), b"a")
    for other in (key(2), key(1, version=2), key(1, kind="hand"), key(1, seat=0),
                  key(1, options=(True, "felt"))):
        assert cache.get(other) is None
    assert cache.get(key(1, options=())) == b"a"


def test_the_least_recently_used_goes_first() -> None:
    cache = ImageCache(max_entries=2)
    cache.put(key(1), b"1")
    cache.put(key(2), b"2")
    assert cache.get(key(1)) == b"1"  # 1 is now the most recent
    cache.put(key(3), b"3")
    assert key(2) not in cache
    assert cache.get(key(1)) == b"1" and cache.get(key(3)) == b"3"
    assert len(cache) == 2


def test_putting_again_replaces_and_refreshes() -> None:
    cache = ImageCache(max_entries=2)
    cache.put(key(1), b"old")
    cache.put(key(2), b"2")
    cache.put(key(1), b"new")
    cache.put(key(3), b"3")
    assert cache.get(key(1)) == b"new"
    assert key(2) not in cache


def test_get_or_render_renders_once() -> None:
    cache = ImageCache()
    rendered: list[int] = []

    def render() -> bytes:
        rendered.append(1)
        return b"drawn"

    assert cache.get_or_render(key(1), render) == b"drawn"
    assert cache.get_or_render(key(1), render) == b"drawn"
    assert len(rendered) == 1


def test_forget_drops_only_that_tables_pictures() -> None:
    cache = ImageCache()
    cache.put(key(1), b"a")
    cache.put(key(1, version=2, kind="hand", seat=3), b"b")
    cache.put(key(2), b"c")
    assert cache.forget(1) == 2
    assert len(cache) == 1 and key(2) in cache
    assert cache.forget(1) == 0
    cache.clear()
    assert len(cache) == 0


def test_a_cache_holds_at_least_one_picture() -> None:
    with pytest.raises(ValueError):
        ImageCache(max_entries=0)
    cache = ImageCache(max_entries=1)
    cache.put(key(1), b"1")
    cache.put(key(2), b"2")
    assert key(1) not in cache and key(2) in cache


def test_threads_sharing_it_keep_the_limit() -> None:
    cache = ImageCache(max_entries=50)

    def work(offset: int) -> None:
        for i in range(500):
            cache.put(key(offset * 1000 + i), b"x")
            cache.get(key(offset * 1000 + i // 2))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 50
    assert cache.hits + cache.misses == 2000
