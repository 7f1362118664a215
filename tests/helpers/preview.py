"""Screenshots of the bot's messages as Discord would show them: SimCord's preview in Debian's
Chromium (driven by Playwright with the system browser; SimCord's own capture wants a
browser Playwright downloads, which this machine cannot fetch).

SimCord's preview draws Discord's dark theme only; the light theme is Discord's light
palette put in place of the preview's colour variables. Discord timestamps (``<t:…:R>``) are
drawn against the bot's own clock (the table service's), so a deadline reads "in 3
minutes" as a player would see it, not against SimCord's virtual date.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LIGHT_THEME = """
:root {
  color-scheme: light; background: #ffffff; color: #313338;
  --discord-bg: #ffffff; --discord-surface: #f2f3f5; --discord-elevated: #e3e5e8;
  --discord-control: #e3e5e8; --discord-hover: #d7d9dc; --discord-text: #313338;
  --discord-muted: #5c5e66; --discord-subtle: #4e5058; --discord-border: #d4d7dc;
  --component-surface: #f2f3f5; --component-border: #e1e2e4; --embed-field-name: #060607;
  --code-surface: #ebedef; --code-border: #e3e5e8; --code-text: #2e3338;
  --button-alt: #e3e5e8; --button-alt-hover: #d7d9dc; --link-text: #006ce7;
  --entity-text: #505cdc; --subtle-surface: #d4d7dc; --subtle-surface-text: #313338;
}
.preview-stage, body { background: #ffffff !important; }
.message-content { color: #313338 !important; }  /* the preview fixes it to the dark text */
"""
# Let the focused message grow to its full height so it can be measured and shot whole.
FULL_HEIGHT = "#focused-content { max-height: none !important; overflow: visible !important; }"


def browser_available() -> bool:
    """True when Debian's Chromium and Playwright are installed."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return Path(CHROMIUM).exists()


@dataclass(frozen=True)
class Shot:
    """One screenshot: where it is, the message's height in CSS pixels and its text as
    drawn (relative times as the reader sees them)."""

    path: Path
    height: int
    text: str = ""


def bot_now(env: Any) -> datetime:
    """The bot's time now: its table service's clock (what its deadlines count from)."""
    return datetime.fromtimestamp(env.bot.tables.clock(), tz=UTC)


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    """A headless Debian Chromium for the whole test."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            await b.close()


async def drawn(page: Any) -> None:
    """Wait until the message is drawn as it will stay: the preview says it is ready (its
    render's media and fonts loaded, two frames drawn: what SimCord's own capture waits
    for), every picture in the message loaded and every font its text asked for.
    (Playwright's ``networkidle`` waited for the preview's requests and then 500 ms more
    of nothing, at every shot.)"""
    await page.wait_for_function(
        "() => window.simcordPreview && window.simcordPreview.ready === true")
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#focused-content img')]"
        ".every(i => i.complete && i.naturalHeight > 0)"
    )
    await page.evaluate("() => document.fonts.ready.then(() => true)")


async def shoot(
    env: Any, channel: Any, viewer: Any, message: Any, path: Path, *,
    width: int = 400, theme: str = "dark", b: Any,
) -> Shot:
    """Render ``message`` in SimCord's preview at ``width`` and save the message's picture;
    relative timestamps are drawn against the bot's clock (:func:`bot_now`)."""
    async with env.preview(channel, viewers=[viewer], width=width, height=3000,
                           presentation_time=bot_now(env)) as pv:
        await pv.show(message)
        context = await b.new_context(viewport={"width": width, "height": 3000}, bypass_csp=True)
        page = await context.new_page()
        try:
            await page.goto(pv.url)
            await page.wait_for_selector("#focused-content .message-header")
            await page.add_style_tag(content=FULL_HEIGHT)
            if theme == "light":
                await page.add_style_tag(content=LIGHT_THEME)
            await drawn(page)
            element = page.locator("#focused-content")
            box = await element.bounding_box()
            assert box is not None
            await element.screenshot(path=str(path))
            return Shot(path, round(box["height"]), await element.inner_text())
        finally:
            await context.close()


async def shoot_themes(
    env: Any, channel: Any, viewer: Any, message: Any, paths: dict[str, Path], *,
    width: int = 400, b: Any,
) -> list[Shot]:
    """``message`` shot in each theme of ``paths`` (``"dark"``, ``"light"``) from one page:
    the preview loaded once, the light palette put in after the dark shot (what
    :func:`shoot` does for each theme apart, at half the cost)."""
    async with env.preview(channel, viewers=[viewer], width=width, height=3000,
                           presentation_time=bot_now(env)) as pv:
        await pv.show(message)
        context = await b.new_context(viewport={"width": width, "height": 3000}, bypass_csp=True)
        page = await context.new_page()
        try:
            await page.goto(pv.url)
            await page.wait_for_selector("#focused-content .message-header")
            await page.add_style_tag(content=FULL_HEIGHT)
            await drawn(page)
            element = page.locator("#focused-content")
            shots = []
            for theme in sorted(paths):  # dark before light: the light palette stays
                if theme == "light":
                    await page.add_style_tag(content=LIGHT_THEME)
                box = await element.bounding_box()
                assert box is not None
                await element.screenshot(path=str(paths[theme]))
                shots.append(Shot(paths[theme], round(box["height"]), await element.inner_text()))
            return shots
        finally:
            await context.close()
