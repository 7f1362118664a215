"""A table's ``Voice``, given by the service that makes or restores it: how its channel text
shows people's names and which language it speaks (no module global set at start-up)."""

from __future__ import annotations

import asyncio

from bot.i18n import _, _n, use_locale
from bot.tables.languages import Languages
from bot.tables.model import PLAIN, Table
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo, TableStatus
from tests.helpers.games import every_game


def _marked(name: str) -> str:
    return f"«{name}»"


class Announcements:
    """A notifier that keeps the public lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    async def render(self, table: Table) -> None:
        pass

    async def send_hand(self, table: Table, seat: int) -> bool:
        return True

    async def announce(self, table: Table, text: str) -> None:
        self.lines.append(text)


def _service(db: Database, **kwargs: object) -> tuple[TableService, Announcements]:
    notes = Announcements()
    return TableService(TableRepo(db), games=every_game(), notifier=notes,
                        ai_delay=3600.0, render_interval=0.0,
                        seed_source=lambda: 11, **kwargs), notes  # type: ignore[arg-type]


async def _dealt(svc: TableService, guild_id: int = 1, channel_id: int = 5) -> Table:
    table = await svc.open(guild_id=guild_id, channel_id=channel_id, host_id=100,
                           host_name="Ann", game="turup", options={"rounds": 1},
                           timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    return table


def _dealt_line(table: Table, lang: str) -> str:
    with use_locale(lang):
        return _n("{game} dealt: {n} player.", "{game} dealt: {n} players.", 2,
                  game=_(table.engine.title))


async def test_a_bare_service_shows_names_as_typed_in_english(db: Database) -> None:
    """Without a voice (the console, most tests) names go in as typed, in English."""
    svc = _service(db)[0]
    table = await _dealt(svc)
    assert table.voice == PLAIN and svc.voice == PLAIN
    assert table.shown_names == ["Ann", "Bob"] and table.language == "en"
    assert list(table.recent) == [_dealt_line(table, "en")]
    await svc.aclose()


async def test_the_service_gives_its_voice_to_the_tables_it_opens(db: Database) -> None:
    """Names as ``shown`` makes them; the server's language, read when the text is written."""
    languages = Languages()
    languages.choose_for_server(1, "ar")
    svc = _service(db, shown=_marked, languages=languages)[0]
    table = await _dealt(svc)
    other = await _dealt(svc, guild_id=2, channel_id=6)
    assert table.shown_names == ["«Ann»", "«Bob»"] and table.shown("Cy") == "«Cy»"
    assert table.language == "ar" and list(table.recent) == [_dealt_line(table, "ar")]
    assert _dealt_line(table, "ar") != _dealt_line(table, "en")
    assert other.language == "en"  # another server, no choice
    languages.choose_for_server(2, "el")  # a choice made later is heard at once
    assert other.language == "el"
    await svc.aclose()


async def test_restored_tables_keep_the_voice_of_the_new_service(db: Database) -> None:
    """After a restart the restored tables (and a broken one's apology) speak as before."""
    languages = Languages()
    languages.choose_for_server(1, "ar")
    svc = _service(db, shown=_marked, languages=languages)[0]
    table = await _dealt(svc)
    broken = await _dealt(svc, channel_id=6)
    await svc.aclose()
    await db.conn.execute(
        "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, 0, 0, 'jump 3')",
        (broken.id,),
    )
    svc2, notes = _service(db, shown=_marked, languages=languages)
    assert await svc2.restore() == [table.id]
    again = svc2.get(table.id)
    assert again is not None and again.voice is svc2.voice
    assert again.shown_names == ["«Ann»", "«Bob»"] and again.language == "ar"
    assert list(again.recent) == list(table.recent)
    for _turn in range(20):
        await asyncio.sleep(0)
    stored = await TableRepo(db).get(broken.id)
    assert stored is not None and stored.status is TableStatus.BROKEN
    with use_locale("ar"):
        sorry = _("Sorry — the game at this table could not be restored after a restart "
                  "and has been closed. Start a new one with /play.")
    assert notes.lines == [sorry] and not sorry.startswith("Sorry")
    await svc2.aclose()
