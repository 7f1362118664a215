"""A hand-made component interaction: ``custom_id`` sent as if ``message`` carried it (an
old message of another shape, or a forged one). discord.py routes a click to a
``DynamicItem`` only when the message it came from shows that component, as Discord's
own messages always do: the message the interaction carries shows it here."""

from __future__ import annotations

from typing import Any

from simcord.actors import _dispatch_actor_interaction, _visible_message
from simcord.backend import serializers
from simcord.builders import ChannelHandle


async def forge(actor: Any, message: Any, custom_id: str,
                values: list[str] | None = None) -> Any:
    """``actor`` clicks ``custom_id`` (a button, or a select with ``values``) on
    ``message``."""
    stored = _visible_message(actor, message)
    kind = 2 if values is None else 3
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    component: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if values is None:
        component.update(style=2, label="forged")  # i18n: not for people
    else:
        data["values"] = values
        component["options"] = [{"label": v or "-", "value": v or "-"} for v in values] or \
            [{"label": "-", "value": "-"}]
    backend = actor._env.backend
    shown = dict(serializers.message_payload(backend, stored))
    shown["components"] = [{"type": 1, "components": [component]}]
    channel = ChannelHandle(actor._env, getattr(actor, "guild", None),
                            backend.get_channel(stored.channel_id))
    return await _dispatch_actor_interaction(actor, 3, channel, data,
                                             extra={"message": shown},
                                             source_message_id=stored.id)
