# i18n: nothing in this file is for players (the operator's command line)
"""``python -m bot db copy --from URL --to URL``: copy a database (e.g. SQLite into
PostgreSQL) with :mod:`storage.copy`, saying in one line why when it is refused."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.exits import EXIT_CONFIG, EXIT_FAILURE, EXIT_OK


def add_db_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``db copy --from URL --to URL``."""
    db = subparsers.add_parser("db", help="database tools (copy)",
                               description="Database tools.")
    db.set_defaults(func=lambda _args: _usage(db))
    tools = db.add_subparsers(dest="db_command", metavar="TOOL", required=True)
    copy = tools.add_parser(
        "copy", help="copy every table into an empty database",
        description="Copy every table (tables in progress, results, ratings, settings,"
        " history...) from one database into an empty one (e.g. SQLite into PostgreSQL),"
        " verified by counts. The source is only read, at its own schema version; the"
        " target ends at the newest. Stop the bot first.")
    copy.add_argument("--from", dest="source", required=True, metavar="URL",
                      help="e.g. sqlite:///data/cardroom.db")
    copy.add_argument("--to", dest="target", required=True, metavar="URL",
                      help="e.g. postgresql://cardroom@localhost:5432/cardroom")
    copy.set_defaults(func=db_copy_command)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_CONFIG


def db_copy_command(args: argparse.Namespace) -> int:
    """``db copy``: print the rows copied per table; exit 2 when refused."""
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    return asyncio.run(copy_command(args.source, args.target))


async def copy_command(source_url: str, target_url: str) -> int:
    """Copy ``source_url`` into ``target_url``, printing the rows per table; the exit
    status (2, with one line on stderr, when refused)."""
    from storage import DatabaseUnusable, StorageError, open_database
    from storage.connect import is_postgres_url
    from storage.copy import CopyUnfinished, copy_database, open_source, source_version
    from storage.urls import describe, shape_problem, url_problem

    for side, url in (("source", source_url), ("target", target_url)):  # before any open
        problem = shape_problem(url)
        if problem is None and is_postgres_url(url) and url_problem(url):
            problem = f"PostgreSQL URL {describe(url)}: {url_problem(url)}"
        if problem:
            print(f"Cannot use the {side}: {problem}", file=sys.stderr)
            return EXIT_CONFIG
    try:
        source = await open_source(source_url)
    except DatabaseUnusable as error:
        print(f"Cannot use the source: {error}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        try:  # a source this code cannot read is refused before the target is touched
            version = await source_version(source)
        except StorageError as error:
            print(f"Not copied: {error}", file=sys.stderr)
            return EXIT_CONFIG
        try:
            target = await open_database(target_url, migrate=False)
        except DatabaseUnusable as error:
            print(f"Cannot use the target: {error}", file=sys.stderr)
            return EXIT_CONFIG
        try:
            copied = await copy_database(source, target)
            newest = max(await target.applied_migrations())
        except CopyUnfinished as error:
            print(str(error), file=sys.stderr)
            return EXIT_FAILURE
        except StorageError as error:
            print(f"Not copied: {error}", file=sys.stderr)
            return EXIT_CONFIG
        finally:
            await target.close()
    finally:
        await source.close()
    for table, rows in copied.items():
        print(f"{table:<16} {rows:>8} rows")
    print(f"Copied {sum(copied.values())} rows of {len(copied)} tables; the counts match"
          f" the source (schema {version:03d}, left as it was; the target is at {newest:03d}).")
    return EXIT_OK
