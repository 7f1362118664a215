"""Database URLs: the password found up to the last @, hidden whole, and refused raw when a
character of it cuts the URL."""

from __future__ import annotations

import pytest

from storage.urls import describe, password_of, redact, scrub, url_problem

PASSWORDS = ["Qx7Vb3Jn9Kw", "Qx7#Vb3Jn9", "Qx7@Vb3@Jn9", "Qx7/Vb3:Jn9", "Qx7?Vb3#J@n/9:"]


@pytest.mark.parametrize("password", PASSWORDS, ids=["plain", "hash", "ats", "slash", "all"])
def test_the_password_is_found_and_hidden_whole(password: str) -> None:
    """The password is everything between `user:` and the last @; redact and describe keep
    user, host, port and database and drop all of it."""
    url = f"postgresql://bot:{password}@db.example:5433/cardroom"
    assert password_of(url) == password
    assert redact(url) == "postgresql://bot:***@db.example:5433/cardroom"
    assert describe(url) == "bot@db.example:5433/cardroom"


@pytest.mark.parametrize("url", [
    "postgresql://db:5432/cardroom", "postgresql://bot@db/cardroom", "sqlite:///data/x.db",
    "data/x.db",
])
def test_urls_without_a_password_are_unchanged(url: str) -> None:
    """A URL with no password is left as it is."""
    assert password_of(url) is None and redact(url) == url


def test_a_password_in_the_query_is_hidden() -> None:
    """`?password=` (which libpq and asyncpg read) is hidden too."""
    assert redact("postgresql://db/cardroom?sslmode=require&password=Qx7") == \
        "postgresql://db/cardroom?sslmode=require&password=***"


@pytest.mark.parametrize("password", PASSWORDS[1:], ids=["hash", "ats", "slash", "all"])
def test_a_raw_cutting_character_is_refused_without_the_password(password: str) -> None:
    """# / ? @ typed raw in the password: the problem says to percent-encode, never shows
    the password; encoded, the URL is fine."""
    from urllib.parse import quote

    problem = url_problem(f"postgresql://bot:{password}@db:5432/cardroom")
    assert problem is not None and "percent-encode" in problem and "Qx7" not in problem
    assert url_problem(f"postgresql://bot:{quote(password, safe='')}@db:5432/cardroom") is None


def test_a_url_without_a_server_is_refused() -> None:
    """postgresql:/// names no server."""
    assert url_problem("postgresql:///cardroom") == \
        "must name a server, e.g. postgresql://user@host:5432/cardroom"
    assert url_problem("postgresql:///cardroom?host=/run/postgresql") is None


def test_scrub_removes_the_password_and_its_pieces() -> None:
    """A driver's message holding the password, or a piece a parser cut it into, loses it."""
    url = "postgresql://bot:Qx7Vb3#Jn9Kw@db/cardroom"
    text = "port 'Qx7Vb3' and 'Jn9Kw' and Qx7Vb3#Jn9Kw and Qx7Vb3%23Jn9Kw"
    assert scrub(text, url) == "port '***' and '***' and *** and ***%23***"
