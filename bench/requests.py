"""Discord REST requests by rate-limit class: what a move costs against the bot's budget.

Discord (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit) gives a
bot token about 50 requests per second across all its shards, its *global* bucket;
interaction endpoints are not bound by it: the interaction callback
(``POST /interactions/<id>/<token>/callback``) and the interaction webhooks
(``/webhooks/<application_id>/<interaction_token>[/messages/@original|<id>]``: follow-ups,
edits and deletes of the original response), which are authenticated by the interaction's
token, not by the bot's. :func:`classify` sorts a request by its method and path only, so it
reads any request log (SimCord's, a proxy's):

- ``INTERACTION``: the callback and any ``/webhooks/<id>/<token>…`` route (a token-bound
  webhook, not the bot token);
- ``OTHER``: the bot-token routes of start-up: the gateway URL (``/gateway``,
  ``/gateway/bot``), the application (``/oauth2/applications/@me``, ``/applications/@me``),
  the bot's own user (``GET /users/@me``) and command sync (``/applications/<id>/…``). They
  count against the global limit too but belong to start-up, not to play: kept apart so
  that a move's figures hold play only;
- ``GLOBAL``: every other request, all authenticated by the bot token and charged to its
  50/s: channel message posts, edits and deletes, reactions, pins, typing
  (``/channels/<id>/…``, a DM being a post in a DM channel), opening a DM channel
  (``POST /users/@me/channels``), user and member fetches (``GET /users/<id>``), guild
  routes. An unknown route is charged here: the budget errs on the safe side.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

API_PREFIX = re.compile(r"^(?:https?://[^/]+)?(?:/api(?:/v\d+)?)?")
CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
WEBHOOK = re.compile(r"^/webhooks/\d+/[^/]+(?:/.*)?$")
CHANNEL = re.compile(r"^/channels/\d+(?:/.*)?$")
DM_OPEN = "/users/@me/channels"
START_UP = re.compile(
    r"^/(?:gateway(?:/bot)?|oauth2/applications/@me|applications/@me|applications/\d+(?:/.*)?)$")


class RateClass(enum.Enum):
    """Which rate-limit budget a request is charged to."""

    GLOBAL = "global"
    INTERACTION = "interaction"
    OTHER = "other"


def route_path(path: str) -> str:
    """The route part of a request path or URL: no host, no ``/api/v10``, no query."""
    path = API_PREFIX.sub("", path.split("?", 1)[0].split("#", 1)[0])
    return path if path.startswith("/") else "/" + path


def classify(method: str, path: str) -> RateClass:
    """The rate-limit class of one request (``method`` is case-insensitive)."""
    route = route_path(path).rstrip("/") or "/"
    verb = method.upper()
    if (verb == "POST" and CALLBACK.match(route)) or WEBHOOK.match(route):
        return RateClass.INTERACTION
    if START_UP.match(route) or (verb == "GET" and route == "/users/@me"):
        return RateClass.OTHER
    return RateClass.GLOBAL


def kind(method: str, path: str) -> str:
    """A short name of what the request does (for reports): ``callback``, ``followup``,
    ``webhook edit``, ``webhook delete``, ``post``, ``edit``, ``delete``, ``dm open``, …"""
    route = route_path(path).rstrip("/")
    verb = method.upper()
    if CALLBACK.match(route):
        return "callback"
    if WEBHOOK.match(route):
        if "/messages/" not in route:
            return "followup" if verb == "POST" else f"webhook {verb.lower()}"
        return {"PATCH": "webhook edit", "DELETE": "webhook delete"}.get(verb, "webhook read")
    if route == DM_OPEN and verb == "POST":
        return "dm open"
    if re.match(r"^/channels/\d+/messages$", route):
        return "post" if verb == "POST" else "read"
    if re.match(r"^/channels/\d+/messages/\d+$", route):
        return {"PATCH": "edit", "DELETE": "delete"}.get(verb, "read")
    if CHANNEL.match(route):
        return f"channel {verb.lower()}"
    if route == "/users/@me/channels" or route.startswith("/users/"):
        return f"user {verb.lower()}"
    return f"{verb.lower()} " + re.sub(r"/\d+", "/<id>", route)


@dataclass
class Tally:
    """Requests counted by class and by kind, with the attachment bytes they carried."""

    classes: Counter[RateClass] = field(default_factory=Counter)
    kinds: Counter[tuple[RateClass, str]] = field(default_factory=Counter)
    upload_bytes: int = 0
    total: int = 0

    def add(self, method: str, path: str, upload: int = 0, *, dm: bool = False) -> RateClass:
        """Count one request (and its attachment bytes); ``dm``: its channel is a DM
        channel (a path cannot tell), counted as a ``dm …`` kind."""
        rate = classify(method, path)
        name = kind(method, path)
        self.classes[rate] += 1
        self.kinds[(rate, f"dm {name}" if dm and name in ("post", "edit", "delete") else name)] += 1
        self.upload_bytes += upload
        self.total += 1
        return rate

    def extend(self, requests: Iterable[tuple[str, str]]) -> None:
        """Count (method, path) pairs."""
        for method, path in requests:
            self.add(method, path)

    def per(self, moves: int) -> dict[RateClass, float]:
        """Requests per move, by class (every class present, 0 when none)."""
        return {rate: self.classes[rate] / moves if moves else 0.0 for rate in RateClass}

    def kinds_text(self, moves: int, rate: RateClass) -> str:
        """``post 0.31, edit 0.52`` per move for one class, most frequent first."""
        found = sorted(((n, k) for (r, k), n in self.kinds.items() if r is rate), reverse=True)
        return ", ".join(f"{k} {n / max(moves, 1):.2f}" for n, k in found) or "none"
