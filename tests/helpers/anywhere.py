"""SimCord, extended with what a user-installed app meets outside servers (issue 45).

SimCord 3.2 models server channels and the bot's own DM, and sends every interaction with
``authorizing_integration_owners`` empty. ``Anywhere`` adds, over a running ``Env``:

* **private channels**: a group DM of several people (channel type 3) and a DM between
  two people (type 1, not with the bot). The bot cannot reach them by its token: every
  request on a ``/channels/{id}`` route of theirs fails with 403, code 50001 (Missing
  Access), as Discord answers;
* **interactions that carry where they were made**: ``context`` (0 a server, 1 the bot's
  DM, 2 a private channel) and ``authorizing_integration_owners`` (``{"1": user}`` for a
  user install; a click carries the owners of the interaction whose message it is on, so a
  person who never installed the app can press the buttons of one who did);
* **Discord's limits for such interactions**: at most five follow-ups per interaction
  (the sixth fails with 400, code 40094), and a token that answers nothing 15 minutes of
  *virtual* time after its interaction (401, code 50027: Invalid Webhook Token);
* **who may run a command there**: a slash command runs only for a person who installed
  the app, and only if the synced command names the install and the context.

Requests still pass through SimCord's own router, so its checks of every route and field
apply; ``tests.helpers.discord.Audit`` checks the payloads' limits and the leaks.

Use it as a context manager over the ``simcord_env``::

    with Anywhere(env) as anywhere:
        ann = anywhere.user("ann", installed=True)
        room = anywhere.group_dm(ann, bob, cat)
        result = await anywhere.slash(ann, room, "rules", game="soi")
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from simcord import Env
from simcord import interactions as sim_interactions
from simcord.actors import _find_component
from simcord.backend import serializers
from simcord.backend.errors import BackendError
from simcord.backend.models import Message
from simcord.enums import SELECT_TYPES, AppCommandType, ComponentType, InteractionType
from simcord.http import router
from simcord.results import InteractionResult

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2  # interaction context types
GUILD_INSTALL, USER_INSTALL = "0", "1"  # integration types, as the owners' map keys
GROUP_DM = 3  # channel type
FOLLOWUP_CAP = 5
TOKEN_MINUTES = 15

_CHANNEL_ROUTE = re.compile(r"/channels/(\d+)(?:/|$)")
_WEBHOOK = re.compile(r"/webhooks/\d+/([^/]+)(/messages/[^/]+)?$")


@dataclass
class Room:
    """A private channel: a group DM or a DM between two people (or the bot's DM)."""

    id: int
    type: int
    people: list[Any]
    context: int
    name: str | None = None
    guild_id: int | None = None  # a server's channel (``Anywhere.server_channel``)


@dataclass
class Anywhere:
    """Private channels and user-install interactions over a SimCord ``Env``."""

    env: Env
    installed: set[int] = field(default_factory=set)
    rooms: dict[int, Room] = field(default_factory=dict)
    followups: Counter[str] = field(default_factory=Counter)
    refused: list[tuple[str, str, int]] = field(default_factory=list)
    owners: dict[int, dict[str, str]] = field(default_factory=dict)
    _saved: Any = None

    # ------------------------------------------------------------ set-up

    def __enter__(self) -> Anywhere:
        self._saved = router._check_faults
        saved = self._saved

        def check(backend: Any, method: str, path: str) -> None:
            self._check(method, path)
            saved(backend, method, path)

        router._check_faults = check
        return self

    def __exit__(self, *exc: object) -> None:
        router._check_faults = self._saved

    def user(self, name: str, *, installed: bool) -> Any:
        """A new person, with the app installed to their account or not."""
        handle = self.env.create_user(name)
        if installed:
            self.installed.add(handle.id)
        return handle

    def group_dm(self, *people: Any, name: str = "friends") -> Room:
        """A group DM of ``people`` (the bot is not in it, it cannot be)."""
        return self._room(GROUP_DM, list(people), PRIVATE_CHANNEL, name)

    def dm(self, one: Any, other: Any) -> Room:
        """A DM between two people."""
        return self._room(1, [one, other], PRIVATE_CHANNEL, None)

    def bot_dm(self, person: Any) -> Room:
        """The person's DM with the bot (which the bot may use by its token)."""
        channel = self.env.backend.get_dm_channel(person.id)
        return Room(channel.id, 1, [person], BOT_DM)

    def server_channel(self, channel: Any, *people: Any) -> Room:
        """A channel of a server the app was not added to: its members use the app they
        installed (Discord may then show its answers to them alone)."""
        return Room(channel.id, 0, list(people), GUILD, guild_id=channel.guild.id)

    def _room(self, kind: int, people: list[Any], context: int, name: str | None) -> Room:
        backend = self.env.backend
        channel = backend.create_channel(None, name, type=kind, announce=False,
                                         recipient_ids=[p.id for p in people])
        room = Room(channel.id, kind, people, context, name)
        self.rooms[channel.id] = room
        return room

    # ------------------------------------------------------------ Discord's rules

    def _check(self, method: str, path: str) -> None:
        m = _CHANNEL_ROUTE.match(path)
        if m and int(m.group(1)) in self.rooms:
            self._refuse(method, path, BackendError(403, 50001, "Missing Access"))
        m = _WEBHOOK.match(path)
        if m is None:
            return
        backend = self.env.backend
        interaction_id = backend.interaction_tokens.get(m.group(1))
        if interaction_id is None:
            return
        record = backend.interactions[interaction_id]
        if record.expires_at is not None and backend.now_iso() >= record.expires_at:
            self._refuse(method, path, BackendError(401, 50027, "Invalid Webhook Token"))
        if method == "POST" and m.group(2) is None:
            self.followups[m.group(1)] += 1
            if self.followups[m.group(1)] > FOLLOWUP_CAP:
                self._refuse(method, path, BackendError(
                    400, 40094, "This interaction has hit the maximum number of follow up "
                    "messages"))

    def _refuse(self, method: str, path: str, error: BackendError) -> None:
        self.refused.append((method, path, error.code))
        raise error

    def channel_requests(self) -> list[str]:
        """Every request the bot made on a private channel's routes (each one refused)."""
        return [f"{r.method} {r.path}" for r in self.env.backend.http_requests
                if (m := _CHANNEL_ROUTE.match(r.path)) and int(m.group(1)) in self.rooms]

    def most_followups(self) -> int:
        """The most follow-ups the bot sent (or tried) through one interaction."""
        return max(self.followups.values(), default=0)

    # ------------------------------------------------------------ people act

    async def slash(self, person: Any, room: Room, name: str, /,
                    **options: Any) -> InteractionResult:
        """``person`` runs ``/name`` in ``room``, as Discord allows it."""
        backend = self.env.backend
        parts = name.split()
        root = backend.find_command(parts[0], None, type=AppCommandType.CHAT_INPUT)
        assert root is not None, f"/{name} was never synced"
        installs = root.get("integration_types") or [0]
        contexts = root.get("contexts") or [GUILD, BOT_DM]
        assert room.context in contexts, f"/{name} is not offered in context {room.context}"
        if room.context in (PRIVATE_CHANNEL, GUILD):
            assert person.id in self.installed, "only a person who installed the app runs it"
            assert 1 in installs, f"/{name} is not offered to a user install"
        leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = sim_interactions.build_options(
            person, name, leaf, options, channel_id=room.id)
        data: dict[str, Any] = {
            "id": root["id"], "name": root["name"], "type": AppCommandType.CHAT_INPUT,
            "options": sim_interactions.nest_options(root, nesting, leaf_options),
        }
        if resolved:
            data["resolved"] = resolved
        owners = {USER_INSTALL: str(person.id)} if person.id in self.installed \
            else {GUILD_INSTALL: "0"}
        return await self._dispatch(person, room, InteractionType.APPLICATION_COMMAND, data,
                                    owners)

    async def click(self, person: Any, message: Any, *, label: str | None = None,
                    custom_id: str | None = None) -> InteractionResult:
        """``person`` presses a button of ``message`` (installed or not)."""
        stored = self._visible(person, message)
        button = _find_component(stored.components, types=(ComponentType.BUTTON,),
                                 custom_id=custom_id, label=label)
        data = {"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON}
        return await self._component(person, stored, data)

    async def select(self, person: Any, message: Any, values: list[str], *,
                     custom_id: str | None = None) -> InteractionResult:
        """``person`` chooses ``values`` in a select of ``message``."""
        stored = self._visible(person, message)
        menu = _find_component(stored.components, types=SELECT_TYPES, custom_id=custom_id,
                               label=None)
        offered = {o["value"] for o in menu.get("options") or []}
        assert set(values) <= offered, (values, offered)
        data = {"custom_id": menu["custom_id"], "component_type": menu["type"],
                "values": list(values)}
        return await self._component(person, stored, data)

    def _visible(self, person: Any, message: Any) -> Message:
        stored: Message = self.env.backend.get_message(message.channel_id, message.id)
        assert stored.visible_to(person.id), "a real person could not see that message"
        room = self.rooms.get(stored.channel_id)
        assert room is None or person in room.people, "not in that private channel"
        return stored

    async def _component(self, person: Any, stored: Message,
                         data: dict[str, Any]) -> InteractionResult:
        backend = self.env.backend
        room = self.rooms.get(stored.channel_id) or Room(stored.channel_id, 1, [person], BOT_DM)
        made_by = next((r for r in backend.interactions.values()
                        if r.message_id == stored.id or stored.id in r.followup_ids), None)
        owners = self.owners.get(made_by.id, {}) if made_by is not None else {}
        extra = {"message": dict(serializers.message_payload(backend, stored))}
        return await self._dispatch(person, room, InteractionType.MESSAGE_COMPONENT, data,
                                    owners or {GUILD_INSTALL: "0"}, extra=extra,
                                    source=stored.id)

    async def _dispatch(self, person: Any, room: Room, kind: int, data: dict[str, Any],
                        owners: dict[str, str], *, extra: dict[str, Any] | None = None,
                        source: int | None = None) -> InteractionResult:
        backend = self.env.backend
        record, payload = sim_interactions.base_payload(
            backend, type=kind, channel_id=room.id, guild_id=room.guild_id, user_id=person.id,
            data=data)
        payload["context"] = room.context
        payload["authorizing_integration_owners"] = owners
        if room.guild_id is None:
            payload["channel"] = self._channel_payload(room, person)
        if extra:
            payload.update(extra)
        if source is not None:
            record.source_message_id = source
        self.owners[record.id] = owners
        self.env._notify_dispatch_observers(record)
        backend.emit("INTERACTION_CREATE", payload)
        await self.env._settle_internal(dispatch="INTERACTION_CREATE")
        return InteractionResult(self.env, record)

    def _channel_payload(self, room: Room, person: Any) -> dict[str, Any]:
        """The channel as Discord puts it in an interaction made there."""
        backend = self.env.backend
        others = [p for p in room.people if p.id != person.id] or [backend.bot_user]
        recipients = [{"id": str(p.id), "username": backend.users[p.id].name,
                       "discriminator": "0", "global_name": None, "avatar": None}
                      for p in others]
        payload: dict[str, Any] = {"id": str(room.id), "type": room.type,
                                   "recipients": recipients, "last_message_id": None,
                                   "flags": 0}
        if room.type == GROUP_DM:
            payload.update(name=room.name, owner_id=str(room.people[0].id), icon=None)
        return payload


@dataclass
class Seat:
    """A person of a private channel, driven like a SimCord member (``click``, ``select``,
    ``slash``), so that ``tests.helpers.discord.via_panel`` plays their turns there."""

    anywhere: Anywhere
    user: Any
    room: Room

    @property
    def id(self) -> int:
        return int(self.user.id)

    async def click(self, message: Any, *, label: str | None = None,
                    custom_id: str | None = None) -> InteractionResult:
        return await self.anywhere.click(self.user, message, label=label, custom_id=custom_id)

    async def select(self, message: Any, values: list[str], *,
                     custom_id: str | None = None) -> InteractionResult:
        return await self.anywhere.select(self.user, message, values, custom_id=custom_id)

    async def slash(self, _room: Any, name: str, /, **options: Any) -> InteractionResult:
        return await self.anywhere.slash(self.user, self.room, name, **options)


class RoomView:
    """A private channel as the helpers read a channel: ``id`` and ``history()``."""

    def __init__(self, anywhere: Anywhere, room: Room) -> None:
        self.anywhere = anywhere
        self.id = room.id

    def history(self, viewer: Any = None) -> list[Any]:
        """Its messages, oldest first (the ephemeral ones only to ``viewer``)."""
        from simcord.results import ResponseMessage
        env = self.anywhere.env
        stored = env.backend.messages.get(self.id, {}).values()
        shown = [m for m in stored if m.visible_to(viewer.id if viewer is not None else None)]
        return [ResponseMessage(env, m) for m in sorted(shown, key=lambda m: m.id)]
