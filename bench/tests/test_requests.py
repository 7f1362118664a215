"""bench.requests: Discord routes sorted by the rate-limit budget they are charged to."""

from __future__ import annotations

import pytest

from bench.requests import RateClass, Tally, classify, kind, route_path

APP = "1456074443980800000"
TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpBQkNERUY"  # an interaction token's shape


@pytest.mark.parametrize(("method", "path"), [
    ("POST", f"/interactions/1456074443980800123/{TOKEN}/callback"),
    ("POST", f"/webhooks/{APP}/{TOKEN}"),
    ("GET", f"/webhooks/{APP}/{TOKEN}/messages/@original"),
    ("PATCH", f"/webhooks/{APP}/{TOKEN}/messages/@original"),
    ("DELETE", f"/webhooks/{APP}/{TOKEN}/messages/@original"),
    ("PATCH", f"/webhooks/{APP}/{TOKEN}/messages/1456074443980800999"),
    ("DELETE", f"/webhooks/{APP}/{TOKEN}/messages/1456074443980800999"),
])
def test_interaction_routes_are_not_charged_to_the_global_bucket(method: str, path: str
                                                                 ) -> None:
    """The callback and every interaction-webhook route are INTERACTION."""
    assert classify(method, path) is RateClass.INTERACTION


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/channels/1456074443980800001/messages"),
    ("PATCH", "/channels/1456074443980800001/messages/1456074443980800002"),
    ("DELETE", "/channels/1456074443980800001/messages/1456074443980800002"),
    ("PUT", "/channels/1456074443980800001/messages/1456074443980800002/reactions/%F0%9F%83%8F"
     "/@me"),
    ("POST", "/channels/1456074443980800001/typing"),
    ("POST", "/users/@me/channels"),
    ("GET", "/users/1456074443980800003"),
    ("GET", "/guilds/1456074443980800004/members/1456074443980800003"),
    ("GET", "/channels/1456074443980800001/messages/1456074443980800002"),
])
def test_bot_token_routes_of_play_are_global(method: str, path: str) -> None:
    """Channel messages, edits, deletes, DMs (opening one too), fetches: GLOBAL."""
    assert classify(method, path) is RateClass.GLOBAL


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/gateway/bot"),
    ("GET", "/gateway"),
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/applications/@me"),
    ("PUT", f"/applications/{APP}/commands"),
    ("PUT", f"/applications/{APP}/guilds/1456074443980800004/commands"),
])
def test_start_up_routes_are_other(method: str, path: str) -> None:
    """Gateway, the bot's own user and application, command sync: OTHER."""
    assert classify(method, path) is RateClass.OTHER


def test_full_urls_and_queries_are_reduced_to_the_route() -> None:
    """A full API URL (any version, a query) classifies like its route; the method's case
    does not matter."""
    url = f"https://discord.com/api/v10/interactions/1/{TOKEN}/callback?with_response=true"
    assert route_path(url) == f"/interactions/1/{TOKEN}/callback"
    assert classify("post", url) is RateClass.INTERACTION
    assert classify("patch", "https://discord.com/api/v9/channels/1/messages/2") \
        is RateClass.GLOBAL
    assert classify("POST", "channels/1/messages") is RateClass.GLOBAL


def test_only_a_post_is_an_interaction_callback() -> None:
    """Nothing but POST reaches the callback route; anything else is charged to the bot."""
    assert classify("GET", f"/interactions/1/{TOKEN}/callback") is RateClass.GLOBAL


def test_kinds_name_what_a_request_does() -> None:
    """kind() tells a callback, a follow-up, webhook edits and channel posts apart."""
    assert kind("POST", f"/interactions/1/{TOKEN}/callback") == "callback"
    assert kind("POST", f"/webhooks/{APP}/{TOKEN}") == "followup"
    assert kind("PATCH", f"/webhooks/{APP}/{TOKEN}/messages/@original") == "webhook edit"
    assert kind("DELETE", f"/webhooks/{APP}/{TOKEN}/messages/5") == "webhook delete"
    assert kind("POST", "/channels/1/messages") == "post"
    assert kind("PATCH", "/channels/1/messages/2") == "edit"
    assert kind("DELETE", "/channels/1/messages/2") == "delete"
    assert kind("POST", "/users/@me/channels") == "dm open"
    assert kind("GET", "/users/77") == "user get"
    assert kind("PUT", f"/applications/{APP}/commands") == "put /applications/<id>/commands"


def test_tally_counts_by_class_and_kind_with_uploads() -> None:
    """A Tally's classes sum to its total; per() covers every class; kinds_text is per move."""
    tally = Tally()
    tally.add("POST", f"/interactions/1/{TOKEN}/callback", 1000)
    tally.add("PATCH", "/channels/1/messages/2", 3000)
    tally.extend([("PATCH", "/channels/1/messages/2"), ("GET", "/gateway/bot")])
    assert tally.total == 4 == sum(tally.classes.values())
    assert tally.upload_bytes == 4000
    assert tally.per(2) == {RateClass.GLOBAL: 1.0, RateClass.INTERACTION: 0.5,
                            RateClass.OTHER: 0.5}
    assert tally.kinds_text(2, RateClass.GLOBAL) == "edit 1.00"
    assert tally.per(0)[RateClass.GLOBAL] == 0.0


def test_a_dm_is_counted_as_a_dm_kind_in_the_global_class() -> None:
    """A post to a DM channel is GLOBAL, named ``dm post`` when the caller knows it is a DM."""
    tally = Tally()
    assert tally.add("POST", "/channels/9/messages", dm=True) is RateClass.GLOBAL
    tally.add("POST", "/channels/8/messages")
    assert tally.kinds_text(1, RateClass.GLOBAL) == "post 1.00, dm post 1.00"
