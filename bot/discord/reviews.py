""""Review my game" under a finished game's end message (issue 22).

Any player of the finished game may open, privately, his own decisions where the hard
player would have chosen differently by a clear margin (:func:`bot.games.ai.review.review`,
which judges each decision from that seat's information at the time and keeps that seat's
player view for the picture). The review is worked out once per (table, seat), off the
event loop, after a deferral, and kept in a small cache; its pages are private.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from bot.discord.clicks.click import page_of
from bot.discord.kept import BUDGET, Review
from bot.discord.parts import App
from bot.discord.pictures import TableImages, in_words
from bot.games.ai.ismcts import Budget
from bot.games.ai.review import decision_positions, review
from bot.i18n import _
from bot.render.alt import as_text, review_alt
from bot.render.images import seat_image
from bot.render.review import REVIEW_PNG, review_embed, review_view
from bot.tables.lobby import build_variant
from bot.tables.model import Table
from storage.database import Database
from storage.tables import TableRepo

log = logging.getLogger(__name__)

REVIEW_SECONDS = 20.0
"""The most a whole review may think: a long game has a hundred decisions or more,
which at ``BUDGET`` would keep its player waiting for most of a minute."""


def review_budget(examined: int, budget: Budget = BUDGET) -> Budget:
    """``budget`` for each of ``examined`` decisions, its seconds cut so that the review
    thinks ``REVIEW_SECONDS`` at most in all (a budget of iterations only, as the tests
    set for reproducible reviews, is kept as it is)."""
    if budget.seconds is None:
        return budget
    return Budget(iterations=budget.iterations,
                  seconds=min(budget.seconds, REVIEW_SECONDS / max(1, examined)),
                  exploration=budget.exploration)
CACHED_REVIEWS = 32




async def on_review(interaction: discord.Interaction[Any], app: App, table: Table,
                    page_arg: str) -> None:
    """A press of Review my game (on the end message) or of a review page's arrows."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        await interaction.response.send_message(
            _("You did not play in this game, so there is no review of yours to open."),
            ephemeral=True)
        return
    paging = interaction.message is not None and bool(interaction.message.flags.ephemeral)
    if paging:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    done = await reviewed(app, table, seat)
    pages = max(1, len(done.decisions))
    page = min(page_of(page_arg), pages - 1)  # read by the router before (out of date)
    embed = review_embed(table.entry, table.id, done.decisions, page,
                         examined=done.examined, by_computer=done.by_computer,
                         names=table.shown_names)
    files = await _picture(app.images, table, seat, done, page, embed)
    view = review_view(table.id, table.version, page, len(done.decisions))
    if paging:
        await interaction.edit_original_response(embed=embed, view=view, attachments=files)
    else:
        await interaction.followup.send(embed=embed, view=view, files=files, ephemeral=True)


async def reviewed(app: App, table: Table, seat: int) -> Review:
    """The seat's review, worked out once (concurrent presses share the work)."""
    cache = app.kept.reviews
    key = (table.id, seat)
    future = cache.get(key)
    if future is None or (future.done() and future.exception() is not None):
        future = asyncio.get_running_loop().create_future()
        cache[key] = future
        while len(cache) > CACHED_REVIEWS:
            cache.popitem(last=False)
        try:
            future.set_result(await _work_out(app.db, table, seat, app.review_budget))
        except Exception as exc:
            future.set_exception(exc)
            raise
    cache.move_to_end(key)
    return await asyncio.shield(future)


async def _work_out(db: Database, table: Table, seat: int, budget: Budget) -> Review:
    stored = await TableRepo(db).load(table.id)
    if stored is None:
        raise LookupError(f"table {table.id} is not stored")  # i18n: not for people
    rec = stored.table
    texts = [entry.text for entry in stored.actions]
    not_theirs = {i for i, entry in enumerate(stored.actions) if entry.by_computer}
    engine = table.engine
    game = (engine, len(stored.seats), rec.seed, texts, build_variant(engine, rec.variant))

    def work() -> Review:
        positions = decision_positions(*game, seat)
        computer = sum(1 for i in positions if i in not_theirs)
        examined = len(positions) - computer
        found = review(*game, seat, budget=review_budget(examined, budget),
                       not_theirs=not_theirs)
        return Review(tuple(found), examined, computer)

    done = await asyncio.to_thread(work)
    log.info("Table %s: reviewed seat %s (%d of %d decisions listed)", table.id, seat,
             len(done.decisions), done.examined)
    return done


async def _picture(images: TableImages, table: Table, seat: int, done: Review, page: int,
                   embed: discord.Embed) -> list[discord.File]:
    """The seat's picture of that moment (from his player view then), when images are on."""
    if not done.decisions:
        return []
    decision = done.decisions[page]
    if await images.reads_text(table.seats[seat].user_id):  # the position in words instead
        in_words(embed, as_text(review_alt(table.entry, decision.view, table.names, markdown=True)),
                 None)
        return []
    settings = await images.settings(table.record.guild_id)
    if settings is None or not settings.images:
        return []
    view, names = decision.view, table.names
    pictures = table.entry.look.pictures
    choice = await images.display(table.seats[seat].user_id)
    four = settings.four_colour or bool(choice and choice.four_colour)
    try:
        png = await images.render(("review", table.id, seat, decision.index, four),
                                  lambda: seat_image(pictures, view, names, four_colour=four))
        description = review_alt(table.entry, view, names)
    except Exception as exc:
        log.warning("The review image of table %s failed: %s", table.id, type(exc).__name__)
        return []
    return [discord.File(io.BytesIO(png), REVIEW_PNG, description=description)]
