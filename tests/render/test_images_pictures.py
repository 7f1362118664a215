"""One render per table version: concurrent requests for the same image share it."""

from __future__ import annotations

import asyncio
import threading

from bot.discord.pictures import TableImages


async def test_concurrent_requests_share_one_render() -> None:
    """Three messages asking for the same image at once draw it once, off the event loop."""
    images = TableImages(db=object())  # type: ignore[arg-type]
    calls: list[str] = []
    gate = threading.Event()

    def job() -> bytes:
        calls.append(threading.current_thread().name)
        gate.wait(5)
        return b"png"

    tasks = [asyncio.create_task(images.render(("t", 1, "table"), job)) for _ in range(3)]
    await asyncio.sleep(0.05)
    gate.set()
    assert await asyncio.gather(*tasks) == [b"png"] * 3
    assert len(calls) == 1 and calls[0] != threading.current_thread().name


async def test_a_new_version_renders_again() -> None:
    """Once a render is done, a new key (the next version) is drawn anew."""
    images = TableImages(db=object())  # type: ignore[arg-type]
    calls: list[int] = []

    def job() -> bytes:
        calls.append(1)
        return b"x"

    await images.render(("t", 1, "table"), job)
    await images.render(("t", 2, "table"), job)
    assert len(calls) == 2
