"""Tables: the service that runs games in channels (``service``, its parts and the narrow
protocols the parts ask of it in ``ports``), with no Discord import; the Discord side of
tables is ``bot.discord``."""

from bot.tables.lobby import build_variant
from bot.tables.model import ActResult, StaleAction, Table, TableError, TableExists
from bot.tables.ports import Notifier
from bot.tables.service import TableService

__all__ = [
    "ActResult",
    "Notifier",
    "StaleAction",
    "Table",
    "TableError",
    "TableExists",
    "TableService",
    "build_variant",
]
