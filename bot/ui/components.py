"""Buttons and menus that rebuild themselves from their custom_id (nothing kept in memory).

custom_id forms (version prefix ``m1``):
- ``m1:<game>:<version>:<action id>``   a legal action at that state version
- ``m1:<game>:<version>:~s<n>``         a select menu of actions (its values are action ids)
- ``m1:<game>:<version>:~me|~mute``     the private view / "no more reminders this turn"
- ``m1:<game>:<version>:~ua|~uy|~un``   undo my move stored at that version / agree / refuse an undo
- ``m1:<game>:L:<join|leave|ai|start|cancel>`` and ``m1:<game>:L:o:<option key>``  lobby controls
- ``m1:<game>:L:lv``                    the AI seats' strengths (values ``<seat>.<level>``) and the table's
                                        clock (values ``clock.<hours>.<level>``)
- ``m1:<game>:L:settings``              the host's table settings: the same menus, privately, where the
                                        lobby message has no room for them
- ``m1:<game>:R``                       a finished game's Rematch
- ``m1:privacy:forget:<user>``          /privacy delete's confirmation (only that user's click counts)
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self, cast

import discord
from discord.ui import Button, DynamicItem, Select

from .. import discord_internals
from .ports import mesa

PREFIX = "m1"
_GAME = rf"{PREFIX}:(?P<game>[0-9]{{1,18}}):"


class _Control:
    """A control's answer to a click (``answer``, which each control defines), after which the click's view
    and the click itself are let go.

    Two cycles come with every click, which only the garbage collector would free, in its pauses:

    - to answer a click on a dynamic item, discord.py rebuilds the clicked message's whole view around it.
      The view and its items refer to each other: a board's buttons. Nothing uses that view once the click
      is answered, so its items are taken out of it and it goes at once;
    - the interaction and its response refer to each other, and the clicked message (all its components),
      the clicker and their member hang from them. ``unlinked`` breaks that cycle once the click is
      acknowledged.
    """

    answer: Callable[[discord.Interaction], Awaitable[None]]

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.answer(interaction)
        finally:
            view = cast("discord.ui.Item[Any]", self).view
            if view is not None:
                view.clear_items()
            unlinked(interaction)


def unlinked(interaction: discord.Interaction) -> None:
    """Breaks the cycle between an acknowledged interaction and its response, so that both go (with the
    message and member they carry) as soon as nothing uses them.

    The response's only link back (``InteractionResponse._parent``: discord.py has no public way to drop
    it, ``bot.discord_internals.unlink`` does) serves to send the response; once one was sent, every way of sending another refuses before it
    uses it, and what the bot still does with the interaction (``is_done``, follow-ups, editing the
    original response) does not go through it. An interaction not acknowledged yet is left alone: work
    still under way may acknowledge it."""
    response = interaction.response
    if response.is_done():
        discord_internals.unlink(response)


class ActionButton(
    _Control,
    DynamicItem[Button[discord.ui.View]],
    template=_GAME + r"(?P<version>[0-9]{1,9}):(?P<action>[A-Za-z0-9_.+\-=]{1,64})",
):
    def __init__(self, game_id: int, version: int, action_id: str, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:{game_id}:{version}:{action_id}", **button))
        self.game_id, self.version, self.action_id = game_id, version, action_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), match["action"])

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_action(interaction, self.game_id, self.version, self.action_id)


class ActionSelect(
    _Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"(?P<version>[0-9]{1,9}):~s(?P<n>[0-9])"
):
    def __init__(self, game_id: int, version: int, n: int, **select: Any) -> None:
        super().__init__(Select(custom_id=f"{PREFIX}:{game_id}:{version}:~s{n}", **select))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]))

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_action(interaction, self.game_id, self.version, values[0] if values else "")


class SpecialButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"(?P<version>[0-9]{1,9}):~(?P<what>me|mute|play)"
):
    def __init__(self, game_id: int, version: int, what: str, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:{game_id}:{version}:~{what}", **button))
        self.game_id, self.version, self.what = game_id, version, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), match["what"])

    async def answer(self, interaction: discord.Interaction) -> None:
        handlers = mesa(interaction).handlers
        if self.what == "me":
            await handlers.on_private(interaction, self.game_id)
        elif self.what == "play":
            await handlers.on_play_here(interaction, self.game_id)
        else:
            await handlers.on_mute(interaction, self.game_id, self.version)


class LobbyButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"L:(?P<what>join|leave|ai|start|cancel|settings)"
):
    def __init__(self, game_id: int, what: str, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:{game_id}:L:{what}", **button))
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), match["what"])

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_lobby(interaction, self.game_id, self.what)


class LobbyOption(_Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"L:o:(?P<key>[a-z0-9_]{1,40})"):
    def __init__(self, game_id: int, key: str, **select: Any) -> None:
        super().__init__(Select(custom_id=f"{PREFIX}:{game_id}:L:o:{key}", **select))
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), match["key"])

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_option(interaction, self.game_id, self.key, values[0] if values else "")


class LobbyLevel(_Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"L:lv"):
    def __init__(self, game_id: int, **select: Any) -> None:
        super().__init__(Select(custom_id=f"{PREFIX}:{game_id}:L:lv", **select))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_ai_level(interaction, self.game_id, values[0] if values else "")


class UndoButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"(?P<version>[0-9]{1,9}):~u(?P<what>[ayn])"
):
    """``~ua``: take back my move stored at that version; ``~uy`` / ``~un``: agree or refuse an undo
    asked at that game version."""

    def __init__(self, game_id: int, version: int, what: str, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:{game_id}:{version}:~u{what}", **button))
        self.game_id, self.version, self.what = game_id, version, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), match["what"])

    async def answer(self, interaction: discord.Interaction) -> None:
        undo = mesa(interaction).undo
        if self.what == "a":
            await undo.on_undo(interaction, self.game_id, self.version)
        else:
            await undo.on_vote(interaction, self.game_id, self.version, self.what == "y")


class RematchButton(_Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"R"):
    def __init__(self, game_id: int, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:{game_id}:R", **button))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_rematch(interaction, self.game_id)


class ForgetButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=rf"{PREFIX}:privacy:forget:(?P<user>[0-9]{{1,20}})"
):
    def __init__(self, user_id: int, **button: Any) -> None:
        super().__init__(Button(custom_id=f"{PREFIX}:privacy:forget:{user_id}", **button))
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["user"]))

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).privacy.on_forget(interaction, self.user_id)


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    SpecialButton,
    LobbyButton,
    LobbyOption,
    LobbyLevel,
    UndoButton,
    RematchButton,
    ForgetButton,
)
