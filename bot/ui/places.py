"""Where a game is played: a thread of the channel it began in, a post of a forum, or the channel itself.

A game started from a lobby in a text channel gets a thread made from the lobby message; in a forum
(where commands are used inside a post) it gets a post of its own, tagged with the game and its
status (playing, then finished), the tags made in the forum the first time they are needed. Where
no thread can be made (a voice channel's chat, threads not allowed) the game is played in the
channel itself.
"""

from __future__ import annotations

import logging
from typing import Literal

import discord

from rules.core import t

from ..service.games import engine_of
from ..storage import GameRow

log = logging.getLogger(__name__)

ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: a slow game's thread stays in the list
MAX_FORUM_TAGS = 20  # Discord's limit of tags a forum offers
STATUS_TAGS = ("forum.tag.playing", "forum.tag.finished")


def forum_of(channel: object) -> discord.ForumChannel | None:
    """The forum a channel is a post of (or the forum itself), else None."""
    if isinstance(channel, discord.ForumChannel):
        return channel
    if isinstance(channel, discord.Thread) and isinstance(channel.parent, discord.ForumChannel):
        return channel.parent
    return None


def _names(key: str) -> set[str]:
    """A tag's names in every language, as Discord compares them (a server's language may change)."""
    return {t(key, locale).casefold() for locale in ("en", "pt-BR")}


def _find(forum: discord.ForumChannel, names: set[str]) -> discord.ForumTag | None:
    return next((tag for tag in forum.available_tags if tag.name.casefold() in names), None)


async def game_tags(forum: discord.ForumChannel, game: GameRow, status_key: str) -> list[discord.ForumTag]:
    """The tags of a game's post: the game's name and its status, made in the forum in one edit when
    it has none yet (none made where the bot may not: the post goes without)."""
    title = engine_of(game).title
    wanted = [({title.casefold()}, title), (_names(status_key), t(status_key, game.locale))]
    missing = [name for names, name in wanted if _find(forum, names) is None]
    if missing and len(forum.available_tags) + len(missing) <= MAX_FORUM_TAGS:
        try:
            # One edit for every new tag: discord.py's create_tag sends the tags it knows, which would
            # not yet hold a tag made a moment before.
            tags = [*forum.available_tags, *(discord.ForumTag(name=name[:20]) for name in missing)]
            forum = await forum.edit(available_tags=tags) or forum
        except discord.HTTPException as exc:  # no Manage Channels here
            log.info("no tags %s in forum %s: %s", missing, forum.id, exc)
    return [tag for names, _ in wanted if (tag := _find(forum, names)) is not None]


async def open_thread(
    bot: discord.Client, game: GameRow, parent: object, *, lobby: discord.Message | None = None
) -> int | None:
    """A new thread for the game in ``parent`` (from the ``lobby`` message if given), or a tagged post
    when ``parent`` is a forum or a post of one; None where no thread can be made."""
    name = t("lobby.thread_name", game.locale, game=engine_of(game).title, id=game.id)[:100]
    forum = forum_of(parent)
    try:
        if forum is not None:
            made = await forum.create_thread(
                name=name,
                content=t("forum.opening", game.locale, game=f"{engine_of(game).title} #{game.id}"),
                applied_tags=await game_tags(forum, game, "forum.tag.playing"),
                auto_archive_duration=ARCHIVE_MINUTES,
            )
            return made.thread.id
        if lobby is not None:
            return (await lobby.create_thread(name=name, auto_archive_duration=ARCHIVE_MINUTES)).id
        if isinstance(parent, discord.TextChannel):
            thread = await parent.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE_MINUTES
            )
            return thread.id
        log.info("game %s: no threads in %s (a %s)", game.id, getattr(parent, "id", "?"), type(parent).__name__)
    except discord.HTTPException as exc:
        if exc.code == 160004 and lobby is not None:  # made by a start a crash cut short
            return lobby.id  # (a message's thread has the message's id)
        log.info("game %s: no thread: %s", game.id, exc)
    return None


async def mark_status(thread: object, game: GameRow, status_key: str) -> None:
    """Puts a forum post's status tag right (playing → finished); other channels have no tags."""
    forum = forum_of(thread)
    if forum is None or not isinstance(thread, discord.Thread):
        return
    statuses = set().union(*(_names(key) for key in STATUS_TAGS))
    try:
        kept = [tag for tag in thread.applied_tags if tag.name.casefold() not in statuses]
        wanted = await game_tags(forum, game, status_key)
        tags = list({tag.id: tag for tag in kept + wanted}.values())[:5]  # a post carries 5 tags at most
        await thread.edit(applied_tags=tags)
    except discord.HTTPException as exc:
        log.info("game %s: its post's tags stay as they were: %s", game.id, exc)
