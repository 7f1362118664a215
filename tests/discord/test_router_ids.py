"""Which custom_ids under ``cr:`` are not a table's: the table routes and the stats pages
agree."""

from __future__ import annotations

from bot.discord.routes import TABLE_ITEMS
from bot.render.components import parse_custom_id
from cogs.stats.cog import DYNAMIC_ITEMS


def test_no_stats_page_id_is_taken_by_a_table_route() -> None:
    """A stats page id (built as its DynamicItem's template reads) matches no table route,
    and never parses as a table's component id."""
    for item in DYNAMIC_ITEMS:
        prefix = item.__discord_ui_compiled_template__.pattern.split("(", 1)[0]
        sample = prefix + "1:soureh:rating:0:5"
        assert parse_custom_id(sample) is None, sample
        for route in TABLE_ITEMS:
            assert route.__discord_ui_compiled_template__.fullmatch(sample) is None, sample
