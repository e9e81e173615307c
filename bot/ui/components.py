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

import inspect
import re
import string
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Self, cast

import discord
from discord.ui import Button, DynamicItem, Select

from .. import discord_internals
from .ports import mesa

PREFIX = "m1"
_GAME = rf"{PREFIX}:(?P<game_id>[0-9]{{1,18}}):"


class _Control:
    """What every Mesa control is: a discord.py ``DynamicItem`` whose custom id holds its fields (see the
    module's doc), and its answer to a click (``answer``, which each control defines).

    A control class declares its fields with their types (``int`` or ``str``), the ``shape`` its custom id
    writes them in after ``m1:`` (``"{game_id}:{version}:{action_id}"``, the fields in the order the
    constructor takes them), the ``item_type`` it wraps (a ``Button`` or a ``Select``) and the ``template``
    that discord.py matches a click's custom id with, whose named groups are the fields. The constructor
    takes the fields, then the button's or menu's own arguments; a click's control is rebuilt from its
    custom id (``from_custom_id``), and a custom id the template would not match is refused there and then
    (discord.py's ``DynamicItem`` checks it).

    Two cycles come with every click, which only the garbage collector would free, in its pauses:

    - to answer a click on a dynamic item, discord.py rebuilds the clicked message's whole view around it.
      The view and its items refer to each other: a board's buttons. Nothing uses that view once the click
      is answered, so its items are taken out of it and it goes at once;
    - the interaction and its response refer to each other, and the clicked message (all its components),
      the clicker and their member hang from them. ``unlinked`` breaks that cycle once the click is
      acknowledged.
    """

    shape: ClassVar[str]
    item_type: ClassVar[Callable[..., discord.ui.Item[Any]]]
    fields: ClassVar[dict[str, type]]  # the fields, by name, in the custom id's order, with their types
    pattern: ClassVar[re.Pattern[str]]  # the compiled template
    answer: Callable[[discord.Interaction], Awaitable[None]]

    def __init_subclass__(cls, *, template: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=template, **kwargs)  # type: ignore[call-arg]  # (to ``DynamicItem``)
        cls.pattern = re.compile(template)
        types = inspect.get_annotations(cls, eval_str=True)
        names = [name for _, name, _, _ in string.Formatter().parse(cls.shape) if name]
        cls.fields = {name: types[name] for name in names}

    def __init__(self, *values: int | str, **item: Any) -> None:
        fields = dict(zip(self.fields, values, strict=True))
        for name, value in fields.items():
            if not isinstance(value, self.fields[name]):
                raise TypeError(f"{type(self).__name__}.{name} must be {self.fields[name].__name__}: {value!r}")
        custom_id = f"{PREFIX}:" + self.shape.format(**fields)
        super().__init__(self.item_type(custom_id=custom_id, **item))  # type: ignore[call-arg]  # (to ``DynamicItem``)
        self.__dict__.update(fields)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(*(kind(match[name]) for name, kind in cls.fields.items()))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A click on a shard this process may not serve now (fenced: bot/shards.py) is told that it did not
        count, and goes no further."""
        if not await mesa(interaction).handlers.fenced(interaction):
            return True
        self._let_go(interaction)
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.answer(interaction)
        finally:
            self._let_go(interaction)

    def _let_go(self, interaction: discord.Interaction) -> None:
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
    template=_GAME + r"(?P<version>[0-9]{1,9}):(?P<action_id>[A-Za-z0-9_.+\-=]{1,64})",
):
    """A legal action at that state version."""

    game_id: int
    version: int
    action_id: str
    shape = "{game_id}:{version}:{action_id}"
    item_type = Button

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_action(interaction, self.game_id, self.version, self.action_id)


class ActionSelect(
    _Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"(?P<version>[0-9]{1,9}):~s(?P<n>[0-9])"
):
    """The ``n``-th menu of the actions at that state version (its values are action ids)."""

    game_id: int
    version: int
    n: int
    shape = "{game_id}:{version}:~s{n}"
    item_type = Select

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_action(interaction, self.game_id, self.version, values[0] if values else "")


class SpecialButton(
    _Control,
    DynamicItem[Button[discord.ui.View]],
    template=_GAME + r"(?P<version>[0-9]{1,9}):~(?P<what>me|mute|play)",
):
    """A player's own view, "no more reminders this turn", or the game's page inside Discord."""

    game_id: int
    version: int
    what: str
    shape = "{game_id}:{version}:~{what}"
    item_type = Button

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
    """A lobby's control (the host's table settings among them)."""

    game_id: int
    what: str
    shape = "{game_id}:L:{what}"
    item_type = Button

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_lobby(interaction, self.game_id, self.what)


class LobbyOption(_Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"L:o:(?P<key>[a-z0-9_]{1,40})"):
    """A lobby's menu of one of the game's options."""

    game_id: int
    key: str
    shape = "{game_id}:L:o:{key}"
    item_type = Select

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_option(interaction, self.game_id, self.key, values[0] if values else "")


class LobbyLevel(_Control, DynamicItem[Select[discord.ui.View]], template=_GAME + r"L:lv"):
    """A lobby's menu of the AI seats' strengths and the table's clock."""

    game_id: int
    shape = "{game_id}:L:lv"
    item_type = Select

    async def answer(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await mesa(interaction).handlers.on_ai_level(interaction, self.game_id, values[0] if values else "")


class UndoButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"(?P<version>[0-9]{1,9}):~u(?P<what>[ayn])"
):
    """``~ua``: take back my move stored at that version; ``~uy`` / ``~un``: agree or refuse an undo
    asked at that game version."""

    game_id: int
    version: int
    what: str
    shape = "{game_id}:{version}:~u{what}"
    item_type = Button

    async def answer(self, interaction: discord.Interaction) -> None:
        undo = mesa(interaction).undo
        if self.what == "a":
            await undo.on_undo(interaction, self.game_id, self.version)
        else:
            await undo.on_vote(interaction, self.game_id, self.version, self.what == "y")


class RematchButton(_Control, DynamicItem[Button[discord.ui.View]], template=_GAME + r"R"):
    """A finished game's Rematch."""

    game_id: int
    shape = "{game_id}:R"
    item_type = Button

    async def answer(self, interaction: discord.Interaction) -> None:
        await mesa(interaction).handlers.on_rematch(interaction, self.game_id)


class ForgetButton(
    _Control, DynamicItem[Button[discord.ui.View]], template=rf"{PREFIX}:privacy:forget:(?P<user_id>[0-9]{{1,20}})"
):
    """/privacy delete's confirmation (only that user's click counts)."""

    user_id: int
    shape = "privacy:forget:{user_id}"
    item_type = Button

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
