"""Which custom_ids under ``cr:`` are not a table's: the router and the stats pages agree."""

from __future__ import annotations

from bot.render.components import OTHER_IDS, parse_custom_id
from cogs.stats import DYNAMIC_ITEMS


def test_every_stats_page_id_is_known_to_the_router() -> None:
    """Each stats DynamicItem's template starts with one of the router's other-id prefixes."""
    for item in DYNAMIC_ITEMS:
        template = item.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
        assert template.startswith(OTHER_IDS), template


def test_other_ids_are_not_table_ids() -> None:
    """A stats page id never parses as a table's component id."""
    for prefix in OTHER_IDS:
        assert parse_custom_id(prefix + "1:soureh:rating:0:5") is None
