"""A routed component for tests of ``bot.discord.items`` and ``bot.discord.answers``: a
subclass of :class:`~bot.discord.items.Routed` whose custom_id (``probe:<what>``) says what
its check and its click do, posted by the real bot under SimCord and clicked by a member.

    message = await post_probes(env, channel, "ok", "bug")
    done = await member.click(message, custom_id="probe:bug")
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

import discord
from simcord import Env

from bot.discord.items import Routed, values_of
from storage.errors import StorageBusy, StorageError

PREFIX = "probe"  # i18n: not for people (a custom_id)
SAID = "done: {what} {values}"  # i18n: not for people (read by the tests only)


class Probe(Routed[Any], template=r"probe:(?P<what>[a-z_]+)"):
    """A component whose custom_id says what to do (see the module)."""

    what = "A probe"  # i18n: not for people
    clicks: ClassVar[list[str]] = []  # every click that got past the check, by its ``what``

    async def check(self, interaction: discord.Interaction[Any]) -> bool:
        what = self.match["what"]
        if what == "refused":
            refusal = "not you"  # i18n: not for people
            await interaction.response.send_message(refusal, ephemeral=True)
            return False
        if what == "check_bug":
            raise RuntimeError("the check failed")  # i18n: not for people
        return True

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        what = self.match["what"]
        Probe.clicks.append(what)
        if what == "bug":
            raise KeyError("a bug in the handler")  # i18n: not for people
        if what == "busy":
            raise StorageBusy("locked")  # i18n: not for people
        if what == "unsaved":
            raise StorageError("disk full")  # i18n: not for people
        if what == "refused_by_discord":
            raise discord.HTTPException(SimpleNamespace(status=503, reason="down"), "down")
        if what == "deferred_bug":
            await interaction.response.defer(ephemeral=True, thinking=True)
            raise RuntimeError("after the defer")  # i18n: not for people
        if what == "answered_bug":
            half = "half done"  # i18n: not for people
            await interaction.response.send_message(half, ephemeral=True)
            raise RuntimeError("after the answer")  # i18n: not for people
        await interaction.response.send_message(
            SAID.format(what=what, values=",".join(values_of(interaction))), ephemeral=True)


def install(env: Env) -> None:
    """Route the probes on the running bot."""
    Probe.clicks = []
    env.bot.add_dynamic_items(Probe)


async def post_probes(env: Env, channel: Any, *whats: str, select: str | None = None) -> Any:
    """The bot posts buttons ``probe:<what>`` (and a select ``probe:<select>`` with the
    options ``a``, ``b``, ``c``) in ``channel``; the message as the channel holds it."""
    install(env)
    view = discord.ui.View(timeout=None)
    for what in whats:
        view.add_item(discord.ui.Button(label=what, custom_id=f"{PREFIX}:{what}"))
    if select is not None:
        view.add_item(discord.ui.Select(
            custom_id=f"{PREFIX}:{select}", max_values=3,
            options=[discord.SelectOption(label=v, value=v) for v in "abc"]))
    target = env.bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    sent = await target.send("probes", view=view)  # i18n: not for people
    await env.settle()
    return next(m for m in channel.history() if m.id == sent.id)

