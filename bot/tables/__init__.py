"""Tables: the service that runs games in channels (``service`` and its parts), and its
Discord side (``router``, ``publisher``, ``faults``, ``pictures``)."""

from bot.tables.display import Notifier
from bot.tables.lobby import build_variant
from bot.tables.model import ActResult, StaleAction, Table, TableError, TableExists
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
