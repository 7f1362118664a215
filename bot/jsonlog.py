"""``LOG_FORMAT=json``: one JSON object a line on stderr, for a log collector."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message"}``, plus ``"exception"`` (the traceback's
    text) when there is one, and ``"task"`` (the asyncio task's name) when known."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        task = getattr(record, "taskName", None)
        if task:
            line["task"] = task
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False)


def use_json_lines() -> None:
    """The root logger writes JSON lines to stderr (its handlers replaced; the levels
    ``setup_logging`` set are kept), Python's warnings too."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    logging.captureWarnings(True)  # a warning would be a plain line on stderr otherwise


def json_lines_on() -> bool:
    """Does the root logger write JSON lines (``use_json_lines`` was called)?"""
    return any(isinstance(handler.formatter, JsonFormatter)
               for handler in logging.getLogger().handlers)
