"""Database URLs as an operator types them: checked before a driver parses them, and
described without their password.

A password is whatever lies between ``scheme://user:`` and the LAST ``@`` of the URL, so
one holding ``#``, ``/``, ``?`` or ``@`` (which a URL parser cuts it at: the rest becomes a
fragment, a path, a query or the host) is still found and hidden whole. Such characters
must be percent-encoded (``%23``, ``%2F``, ``%3F``, ``%40``); ``url_problem`` says so
without repeating the password.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

HIDDEN = "***"
CUTTING = "#/?@[]"
"""Characters a URL parser cuts a raw (not percent-encoded) password at."""
ENCODE_HINT = "percent-encode it (# as %23, @ as %40, / as %2F, ? as %3F: see the README)"
_QUERY_SECRET = re.compile(r"((?:^|[?&;\s])(?:password|passfile|sslpassword)=)[^&;\s]*",
                           re.IGNORECASE)


def password_span(url: str) -> tuple[int, int] | None:
    """Where the password of ``url`` is (``url[start:end]``), or ``None`` without one:
    from after ``scheme://user:`` to the last ``@``."""
    scheme = url.find("://")
    if scheme < 0:
        return None
    start = scheme + 3
    at = url.rfind("@")
    if at < start:
        return None
    colon = url.find(":", start, at)
    if colon < 0:
        return None
    return colon + 1, at


def password_of(url: str) -> str | None:
    """The password as typed in ``url`` (``None`` without one)."""
    span = password_span(url)
    return url[span[0]:span[1]] if span else None


_SCHEME_LIKE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*(?::/*|/+)")


def redact(url: str) -> str:
    """``url`` with its password (in the authority or a ``password=`` query parameter)
    replaced by ``***``. A malformed URL without ``://`` (``postgresql//user:pw@host``,
    ``user:pw@host``) has everything between its scheme-like start and the last ``@``
    hidden: it may hold the password in any shape."""
    span = password_span(url)
    if span:
        url = f"{url[:span[0]]}{HIDDEN}{url[span[1]:]}"
    elif "://" not in url and "@" in url:
        start = _SCHEME_LIKE.match(url)
        begin = start.end() if start else 0
        at = url.rfind("@")
        if at > begin:
            url = f"{url[:begin]}{HIDDEN}{url[at:]}"
    return _QUERY_SECRET.sub(rf"\g<1>{HIDDEN}", url)


def scrub(text: str, url: str) -> str:
    """``text`` (e.g. a driver's error message about ``url``) without the password of
    ``url``, whole, decoded or as the pieces a parser may have cut it into."""
    password = password_of(url)
    if not password:
        return text
    pieces = {password, unquote(password)}
    pieces.update(p for p in re.split(r"[#/?@:\[\]]", password) if len(p) >= 3)
    for piece in sorted(pieces, key=len, reverse=True):
        text = text.replace(piece, HIDDEN)
    return text


def url_problem(url: str) -> str | None:
    """Why the PostgreSQL ``url`` cannot be parsed as meant (one line, never the password),
    or ``None``."""
    password = password_of(url)
    if password and any(c in password for c in CUTTING):
        return f"the password holds # / ? @ [ or ], which cut a URL: {ENCODE_HINT}"
    try:
        parts = urlsplit(url)
        host, _port = parts.hostname, parts.port
    except ValueError:
        return f"cannot be read as a URL ({redact(url)}): check the host and the port"
    if not host and "host=" not in url:
        return "must name a server, e.g. postgresql://user@host:5432/cardroom"
    return None


def shape_problem(url: str) -> str | None:
    """Why ``url`` (``db copy``'s ``--from``/``--to``) is neither a PostgreSQL URL, a
    ``sqlite:///`` URL nor a plain file path (one line, never the password), or ``None``."""
    if url.startswith(("postgresql://", "postgres://", "sqlite:///")):
        return None
    if url.lower().startswith(("postgres", "sqlite")) or "@" in url or "://" in url:
        return (f"{redact(url)} is not a database URL: write"
                " postgresql://user:password@host:5432/database or sqlite:///path/to/file.db")
    return None


def describe(url: str) -> str:
    """``user@host:port/db`` of a PostgreSQL URL, without a password (the redacted URL
    when it cannot be parsed)."""
    safe = redact(url)
    try:
        parts = urlsplit(safe)
        port = f":{parts.port}" if parts.port else ""
        host = parts.hostname or "localhost"
    except ValueError:
        return safe.split("://", 1)[-1]
    user = f"{parts.username}@" if parts.username else ""
    return f"{user}{host}{port}{parts.path or '/'}"
