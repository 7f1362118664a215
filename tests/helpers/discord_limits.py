"""Discord's limits in SimCord: a fault layer for tests (issue 43, DESIGN.md "Discord's limits
are a fault model").

SimCord is kind where Discord is not. While a :class:`DiscordLimits` is entered it sits in
front of SimCord's two transports (the bot's ``HTTPClient.request`` and the interaction
webhook adapter's ``request``) of one ``Env`` and answers what Discord would refuse with
Discord's own errors, in the env's VIRTUAL time:

* **Edits of old messages** (429, code 30046, "Maximum number of edits to messages older than
  1 hour reached"): a message older than ``old_after`` (an hour, read from its snowflake)
  takes ``late_edits`` edits (3) per ``window`` (an hour); the next is refused with a
  ``retry_after`` until one of those leaves the window. A channel edit, an edit through an
  interaction token (``@original`` or a follow-up) and an interaction's UPDATE_MESSAGE
  answer all count.
* **Tokens past 15 minutes** (401, code 50027, "Invalid Webhook Token"): a follow-up, an
  edit or a deletion through an interaction token older than Discord's 15 minutes (SimCord
  itself answers 10015 there).
* **Payload limits** (400, code 50035, "Invalid Form Body"): 2,000 characters of content,
  10 embeds, an embed's title 256, description 4,096, 25 fields of 256/1,024, footer
  2,048, author 256 and 6,000 characters in all the embeds; 5 action rows of at most 5
  buttons or one select; 1 to 25 options a select (labels, values and descriptions of
  100), labels of 80, custom ids of 100; an attachment's description of 1,024.
* **Chosen faults**: :meth:`refuse` answers the next ``times`` requests matching a method
  and a path pattern (``fnmatch``) with any error; :meth:`rate_limit` (429 with a
  ``retry_after``) is its common case. :meth:`answer_late` takes the next interactions the
  bot answers as answered after their 3 s (10062 for each answer, 10015 for their token)
  and :meth:`answered_elsewhere` as acknowledged already by another process (40060 for
  each answer; follow-ups work). SimCord answers 10062 and 40060 itself when the bot
  really is late or answers twice.

A 429 is met as discord.py meets it on a real connection: the transport sleeps out the
``retry_after`` (virtual time: ``env.advance_time`` moves it on) and tries again, five tries
in all, then raises ``HTTPException`` 429 with Discord's code; on the bot's ``HTTPClient``,
a ``retry_after`` above ``max_ratelimit_timeout`` raises ``RateLimited`` at once. So a 30046
stalls what waits on that request before the bot sees it, as it does for real.

What it did is kept for the test to read: :attr:`refused` (every refusal),
:attr:`edits` (every accepted edit with the age of the message edited) and
:attr:`slept` (the ``retry_after`` seconds discord.py would have slept).

Use::

    with DiscordLimits(env) as limits:
        ...  # drive the bot
        assert max(e.age for e in limits.edits_of(table_message_ids)) < 3600
"""

from __future__ import annotations

import asyncio
import fnmatch
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord
from simcord import Env, SetupError
from simcord.http import client as transports
from simcord.http.router import parse_form

OLD_AFTER = 3600.0  # seconds: a message older than this takes few edits
LATE_EDITS = 3  # edits per window of an old message
WINDOW = 3600.0
TOKEN_LIFETIME = 15 * 60.0
TRIES = 5  # discord.py's tries of one request on 429

_MESSAGE_EDIT = re.compile(r"^/channels/(\d+)/messages/(\d+)$")
_TOKEN_ROUTE = re.compile(r"^/webhooks/(\d+)/([^/]+)(?:/messages/([^/]+))?$")
_CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")


@dataclass(frozen=True)
class Error:
    """An answer Discord gives instead of doing what was asked."""

    status: int
    code: int
    message: str
    retry_after: float | None = None

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.retry_after is not None:
            data["retry_after"] = self.retry_after
            data["global"] = False
        return data


EDITS_OF_OLD_MESSAGE = Error(429, 30046, "Maximum number of edits to messages older than 1 "
                             "hour reached. Try again later", 60.0)
INVALID_TOKEN = Error(401, 50027, "Invalid Webhook Token")
UNKNOWN_INTERACTION = Error(404, 10062, "Unknown Interaction")
UNKNOWN_WEBHOOK = Error(404, 10015, "Unknown Webhook")
ALREADY_ACKNOWLEDGED = Error(400, 40060, "Interaction has already been acknowledged")


def invalid_form_body(detail: str) -> Error:
    """Discord's answer to a payload over one of its limits."""
    return Error(400, 50035, f"Invalid Form Body: {detail}")


def rate_limited(retry_after: float) -> Error:
    """A plain 429 (a route's bucket is empty)."""
    return Error(429, 0, "You are being rate limited.", retry_after)


@dataclass(frozen=True)
class Refusal:
    """A request the layer refused: when (virtual seconds), what and with which error."""

    at: float
    method: str
    path: str
    error: Error


@dataclass(frozen=True)
class Edit:
    """An accepted edit of a message: when (virtual seconds) and how old the message was."""

    at: float
    message_id: int
    age: float


@dataclass
class _Chosen:
    method: str
    path: str
    error: Error
    times: int | None


@dataclass
class DiscordLimits:
    """Discord's errors and limits on one SimCord ``Env`` (see the module's docstring)."""

    env: Env
    old_after: float = OLD_AFTER
    late_edits: int = LATE_EDITS
    window: float = WINDOW
    token_lifetime: float = TOKEN_LIFETIME
    refused: list[Refusal] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    slept: list[float] = field(default_factory=list)
    _late: dict[int, list[float]] = field(default_factory=dict)  # message id -> late edits
    _chosen: list[_Chosen] = field(default_factory=list)
    _to_be_late: int = 0
    _to_be_elsewhere: int = 0
    _late_ids: set[int] = field(default_factory=set)  # interactions answered too late
    _elsewhere_ids: set[int] = field(default_factory=set)  # acknowledged by another
    _undo: list[Callable[[], None]] = field(default_factory=list)

    # ------------------------------------------------------------ set up

    def __enter__(self) -> DiscordLimits:
        for cls in (transports.FakeHTTPClient, transports.FakeWebhookAdapter):
            self._wrap(cls)
        return self

    def __exit__(self, *_exc: object) -> None:
        while self._undo:
            self._undo.pop()()

    def _wrap(self, cls: Any) -> None:
        original = cls.request
        limits = self

        async def request(transport: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            if transport.backend is not limits.env.backend:
                return await original(transport, route, *args, **kwargs)
            return await limits._request(
                transport, route, _payload(kwargs),
                lambda: original(transport, route, *args, **kwargs))

        cls.request = request
        self._undo.append(lambda: setattr(cls, "request", original))

    # ------------------------------------------------------------ chosen faults

    def refuse(self, method: str, path: str, error: Error, times: int | None = 1) -> None:
        """Answer the next ``times`` requests (every one when ``None``) of ``method``
        (``"*"`` for any) to a path matching ``path`` (``fnmatch``) with ``error``."""
        self._chosen.append(_Chosen(method, path, error, times))

    def rate_limit(self, method: str, path: str, retry_after: float, times: int = 1) -> None:
        """A 429 with ``retry_after`` on the next ``times`` matching requests."""
        self.refuse(method, path, rate_limited(retry_after), times)

    def answer_late(self, times: int = 1) -> None:
        """The next ``times`` interactions the bot answers are answered after their 3 s:
        every answer of theirs is refused with 10062 and their token with 10015 (it was
        never acknowledged), as Discord does."""
        self._to_be_late += times

    def answered_elsewhere(self, times: int = 1) -> None:
        """The next ``times`` interactions the bot answers were acknowledged already (by
        another process): every answer of theirs is refused with 40060; their token works
        (follow-ups reach the person)."""
        self._to_be_elsewhere += times

    # ------------------------------------------------------------ records

    def edits_of(self, message_ids: Iterable[int]) -> list[Edit]:
        """The accepted edits of these messages."""
        wanted = set(message_ids)
        return [e for e in self.edits if e.message_id in wanted]

    def refusals(self, code: int) -> list[Refusal]:
        """The refusals with Discord code ``code``."""
        return [r for r in self.refused if r.error.code == code]

    # ------------------------------------------------------------ the transport

    def _now(self) -> datetime:
        return self.env.backend.clock.now()

    async def _request(self, transport: Any, route: Any, payload: dict[str, Any] | None,
                       send: Callable[[], Awaitable[Any]]) -> Any:
        method, path = route.method, transports._path_of(route.url)
        error: Error | None = None
        for _try in range(TRIES):
            error = self._refusal(method, path, payload)
            if error is None:
                edited = self._edited(method, path, payload)
                result = await send()
                if edited is not None:
                    self._edit_made(edited)
                return result
            self.refused.append(Refusal(self.env.backend.clock.elapsed, method, path, error))
            if error.status != 429:
                _raise(error)
            retry_after = error.retry_after or 0.0
            ceiling = getattr(transport, "max_ratelimit_timeout", None)
            if ceiling and retry_after > ceiling:
                raise discord.RateLimited(retry_after)
            self.slept.append(retry_after)
            await self._sleep(retry_after)  # discord.py sleeps it out, then tries again
        assert error is not None
        _raise(error)

    async def _sleep(self, seconds: float) -> None:
        """discord.py's sleep before it tries again, in the env's virtual time however short:
        only ``env.advance_time`` ends it. (A plain ``asyncio.sleep`` shorter than SimCord's
        5 s to settle is waited out in real seconds by the operation that settles.) A
        request the test itself makes (not the bot's work) sleeps as SimCord decides."""
        try:
            await self.env.external_wait(asyncio.sleep(seconds),
                                         reason="discord.py sleeps out a 429's retry_after")
        except SetupError:  # not inside the bot's work: SimCord cannot declare the wait
            await asyncio.sleep(seconds)

    def _refusal(self, method: str, path: str, payload: dict[str, Any] | None) -> Error | None:
        for chosen in list(self._chosen):
            if chosen.method in (method, "*") and fnmatch.fnmatch(path, chosen.path):
                if chosen.times is not None:
                    chosen.times -= 1
                    if chosen.times <= 0:
                        self._chosen.remove(chosen)
                return chosen.error
        answered = self._interaction_refusal(path)
        if answered is not None:
            return answered
        expired = self._token_expired(path)
        if expired is not None:
            return expired
        if payload is not None and method in ("POST", "PATCH"):
            problem = payload_problem(_message_of(path, payload))
            if problem is not None:
                return invalid_form_body(problem)
        edited = self._edited(method, path, payload)
        if edited is not None:
            return self._edit_refusal(edited)
        return None

    def _interaction_refusal(self, path: str) -> Error | None:
        """10062 or 40060 for an answer of an interaction chosen to be late or answered
        elsewhere (the next ones the bot answers, when so chosen); 10015 for a late one's
        token."""
        callback = _CALLBACK.match(path)
        if callback is not None:
            interaction_id = int(callback.group(1))
            known = self._late_ids | self._elsewhere_ids
            if interaction_id not in known and self._to_be_late:
                self._to_be_late -= 1
                self._late_ids.add(interaction_id)
            elif interaction_id not in known and self._to_be_elsewhere:
                self._to_be_elsewhere -= 1
                self._elsewhere_ids.add(interaction_id)
            if interaction_id in self._late_ids:
                return UNKNOWN_INTERACTION
            if interaction_id in self._elsewhere_ids:
                return ALREADY_ACKNOWLEDGED
            return None
        token = _TOKEN_ROUTE.match(path)
        if token is not None:
            interaction_id = self.env.backend.interaction_tokens.get(token.group(2))
            if interaction_id in self._late_ids:
                return UNKNOWN_WEBHOOK
        return None

    def _token_expired(self, path: str) -> Error | None:
        match = _TOKEN_ROUTE.match(path)
        backend = self.env.backend
        if match is None or match.group(2) not in backend.interaction_tokens:
            return None
        record = backend.interactions[backend.interaction_tokens[match.group(2)]]
        born = discord.utils.snowflake_time(record.id)
        if (self._now() - born).total_seconds() >= self.token_lifetime:
            return INVALID_TOKEN
        return None

    def _edited(self, method: str, path: str, payload: dict[str, Any] | None) -> int | None:
        """The id of the message this request edits, if it edits one."""
        backend = self.env.backend
        if method == "PATCH":
            match = _MESSAGE_EDIT.match(path)
            if match is not None:
                return int(match.group(2))
            match = _TOKEN_ROUTE.match(path)
            if match is None or match.group(3) is None:
                return None
            if match.group(3) != "@original":
                return int(match.group(3))
            interaction = backend.interaction_tokens.get(match.group(2))
            if interaction is None:
                return None
            message_id = backend.interactions[interaction].message_id
            return int(message_id) if message_id is not None else None
        match = _CALLBACK.match(path)
        if method == "POST" and match is not None and (payload or {}).get("type") == 7:
            record = backend.interactions.get(int(match.group(1)))
            if record is not None and record.source_message_id is not None:
                return int(record.source_message_id)
        return None

    def _age(self, message_id: int) -> float:
        return (self._now() - discord.utils.snowflake_time(message_id)).total_seconds()

    def _edit_refusal(self, message_id: int) -> Error | None:
        if self._age(message_id) < self.old_after:
            return None
        now = self.env.backend.clock.elapsed
        late = [t for t in self._late.get(message_id, []) if now - t < self.window]
        self._late[message_id] = late
        if len(late) < self.late_edits:
            return None
        wait = max(1.0, late[0] + self.window - now)
        return Error(429, EDITS_OF_OLD_MESSAGE.code, EDITS_OF_OLD_MESSAGE.message, wait)

    def _edit_made(self, message_id: int) -> None:
        now = self.env.backend.clock.elapsed
        age = self._age(message_id)
        self.edits.append(Edit(now, message_id, age))
        if age >= self.old_after:
            self._late.setdefault(message_id, []).append(now)


def _raise(error: Error) -> Any:
    response = transports._FakeResponse(error.status)
    data = error.json()
    if error.status == 403:
        raise discord.Forbidden(response, data)  # type: ignore[arg-type]
    if error.status == 404:
        raise discord.NotFound(response, data)  # type: ignore[arg-type]
    raise discord.HTTPException(response, data)  # type: ignore[arg-type]


def _payload(kwargs: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON body of a transport call (either transport's keywords)."""
    body = kwargs.get("json", kwargs.get("payload"))
    form = kwargs.get("form") or kwargs.get("multipart")
    if form:
        parsed, _files = parse_form(list(form), [])
        if parsed is not None:
            body = parsed
    return body if isinstance(body, dict) else None


def _message_of(path: str, body: dict[str, Any]) -> dict[str, Any]:
    """The message payload of a request body (an interaction answer's ``data``)."""
    if _CALLBACK.match(path):
        data = body.get("data")
        return data if isinstance(data, dict) else {}
    return body


# ------------------------------------------------------------------ payload limits


def payload_problem(message: dict[str, Any]) -> str | None:
    """The first of Discord's message limits ``message`` breaks, in words (``None``: none)."""
    if len(message.get("content") or "") > 2000:
        return "content: over 2000 characters"
    for attachment in message.get("attachments") or []:
        if len(attachment.get("description") or "") > 1024:
            return "attachments.description: over 1024 characters"
    embeds = message.get("embeds") or []
    if len(embeds) > 10:
        return "embeds: over 10"
    total = 0
    for embed in embeds:
        problem, size = _embed_problem(embed)
        if problem is not None:
            return problem
        total += size
    if total > 6000:
        return "embeds: over 6000 characters in all"
    return _components_problem(message.get("components") or [])


def _embed_problem(embed: dict[str, Any]) -> tuple[str | None, int]:
    texts = [("title", embed.get("title"), 256), ("description", embed.get("description"), 4096),
             ("footer.text", (embed.get("footer") or {}).get("text"), 2048),
             ("author.name", (embed.get("author") or {}).get("name"), 256)]
    fields = embed.get("fields") or []
    if len(fields) > 25:
        return "embed.fields: over 25", 0
    for item in fields:
        texts += [("field.name", item.get("name"), 256), ("field.value", item.get("value"), 1024)]
    size = 0
    for name, text, limit in texts:
        length = len(text or "")
        if length > limit:
            return f"embed.{name}: over {limit} characters", 0
        size += length
    return None, size


def _components_problem(rows: list[dict[str, Any]]) -> str | None:
    if len(rows) > 5:
        return "components: over 5 action rows"
    for row in rows:
        items = row.get("components") or []
        if not 1 <= len(items) <= 5:
            return "components: an action row holds 1 to 5 items"
        if len(items) > 1 and any(item.get("type") != 2 for item in items):
            return "components: a select fills its action row"
        for item in items:
            problem = _item_problem(item)
            if problem is not None:
                return problem
    return None


def _item_problem(item: dict[str, Any]) -> str | None:
    if len(item.get("custom_id") or "") > 100:
        return "components.custom_id: over 100 characters"
    if len(item.get("label") or "") > 80:
        return "components.label: over 80 characters"
    options = item.get("options")
    if options is None:
        return None
    if not 1 <= len(options) <= 25:
        return "components.options: a select offers 1 to 25 options"
    for option in options:
        if max(len(option.get(k) or "") for k in ("label", "value", "description")) > 100:
            return "components.options: over 100 characters"
    return None
