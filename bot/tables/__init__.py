"""Tables: the service that runs games in channels, and its Discord side."""

from bot.tables.model import ActResult, StaleAction, Table, TableError, TableExists
from bot.tables.service import Notifier, TableService, build_variant

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
