"""Posting a game's board, and the outbox of the boards a failure left behind.

Posting a board can fail after its move is stored. The games whose stored board is older than
their state (``Database.games_with_stale_boards``) are the outbox of boards to post: a failed
post is retried in the background with a doubling delay, a thread the bot may no longer write in
is reported where the bot can still speak and waits for ``/game board``, and a deleted thread or
channel abandons its game until the host moves it (``/game move``) or ends it. After a crash,
the clicks it lost are answered and the boards left with stale controls are cleaned up.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

from rules.core import GameState, t

from ..service.games import BrokenGame, GameService, MoveResult, engine_of
from ..storage import ACTIVE, FINISHED, FORBIDDEN, DatabaseAway, GameRow, Move, Shards
from .components import PREFIX
from .notify import Notifier
from .places import mark_status
from .ports import PLAY_CHANNELS, PlayChannel
from .presenter import Presenter, position_mark
from .replies import reply, user_locale
from .table_lines import MovePosts

log = logging.getLogger(__name__)

# The longest wait between two tries of a board post (seconds).
RETRY_MAX = 600.0
# How many recent messages of a game's channel are searched for its boards after a crash.
RECONCILE_DEPTH = 50
# Interaction tokens live 15 minutes: a click lost in a crash is answered if younger than this.
CLICK_TOKEN_LIFE = 14 * 60
BROKEN = "broken"
# The meta key of the time before which every board's controls are known right.
BOARDS_CLEAN = "boards_clean_at"
# Failures of the connection itself (discord.py raises them once its own retries are spent).
NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
# Seconds before an outage in which a board posted is checked against the database when it is back: a commit
# not waited for (``synchronous_commit=off``) is lost by a crash of the server only if that recent (the server
# writes it within three times its wal_writer_delay, 0.6 s by default). The outage may be noticed later than
# the crash: the window ends when a statement last reached the database before it.
LOST_WINDOW = 10.0
# The key of ``Interaction.extras`` that says the click's acknowledgement took its board's controls off.
STRIPPED = "mesa_stripped"


@dataclass
class Posted:
    """A board posted lately (in the last ``LOST_WINDOW`` seconds), which the database may not have kept: its
    message, its position's version and mark, when it was posted, and the clicks whose moves it (or a board
    shortly before it) shows, each as (the version its move made, the interaction's id, its token, the
    clicker's language)."""

    message_id: int
    version: int
    mark: str
    when: float
    clicks: list[tuple[int, int, str, str]] = field(default_factory=list)


def clean_key(shards: Shards, shard: int) -> str:
    """The meta key of ``BOARDS_CLEAN`` for one shard (a bot of one shard keeps the plain key)."""
    return BOARDS_CLEAN if shards.count == 1 else f"{BOARDS_CLEAN}.{shard}of{shards.count}"


def gone(exc: discord.HTTPException) -> bool:
    """The channel or thread no longer exists (10003 Unknown Channel)."""
    return isinstance(exc, discord.NotFound) and exc.code == 10003


def board_nonce(game: GameRow) -> str:
    """The nonce of a game's board post (at most 25 characters; Discord keeps it a few minutes).

    discord.py sends ``enforce_nonce`` with a nonce, so a post repeated with the same nonce (a
    retry after a crash or a lost answer) returns the message already created instead of a
    second board. It names the position, not only its version (``position_mark``): a move the
    database lost, played again differently to the same version number, is a new board, never
    the old one handed back. Past those minutes, ``Handlers.reconcile`` finds the board in the
    channel's history instead: nonces alone are not enough, recorded intents alone cannot tell
    whether the message was created, and the history is what the players see.
    """
    head = f"b{game.id}v{game.version}m"
    return head + position_mark(game)[: max(0, 25 - len(head))]


def marked(message: discord.Message) -> str | None:
    """The position mark of a board message's picture (None: a board posted before boards had one)."""
    for attachment in message.attachments:
        name = attachment.filename
        if name.startswith("board-") and name.endswith(".png"):
            return name[len("board-") : -len(".png")]
    return None


def board_ids(message: discord.Message, game_id: int) -> list[str]:
    """The custom ids of a game's board controls on a message: its actions, menus and private view.

    Not its lobby, reminder or undo buttons (a pending undo request keeps its Agree / Refuse).
    """
    board = re.compile(rf"{PREFIX}:{game_id}:[0-9]+:(~me|~s[0-9]|[A-Za-z0-9_.+\-=]+)")
    ids = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            if board.fullmatch(custom_id):
                ids.append(custom_id)
    return ids


class Boards:
    """The boards of the games: posted after each move, reposted by the outbox, cleaned up after a crash.

    ``handlers.Handlers`` builds on it; ``stopping`` is set when the bot stops (no new post is tried).
    """

    def __init__(self, bot: discord.Client, service: GameService, presenter: Presenter) -> None:
        self.bot = bot
        self.service = service
        self.presenter = presenter
        self._background: set[asyncio.Task[object]] = set()
        self._retry: dict[int, tuple[int, float]] = {}  # game id -> (failed posts, next try, monotonic)
        self.outbox_wake = asyncio.Event()
        self.started_at = time.time()  # games changed since are this run's own: no crash left them behind
        self.stopping = False  # the bot is stopping: new clicks are refused with a sentence
        # The shards this process serves: the background work (the outbox, the start-up sweep, the
        # clicks a crash lost, the reminders) is done for their games only.
        self.shards = Shards.all(1)
        # Whether an interaction from a server (its id) may be answered by this process now: not when its
        # shard is fenced (``shards.ShardKeeper.serves``).
        self.serving: Callable[[int | None], bool] = lambda guild_id: True
        self.notifier = Notifier(bot, service, self.channel)
        # What an outage of the database leaves for its end (``after_outage``): the clicks being played here
        # (none of them lost), those whose move may or may not be stored, those already told that they did
        # not count, the games whose board lost its controls to a click that failed, and the boards posted
        # lately (game -> message, the position's mark, when), which the database may not have kept.
        self.playing: set[int] = set()
        self.unsure: set[int] = set()
        self.told: set[int] = set()
        self.needs_controls: set[int] = set()
        self._posted: dict[int, Posted] = {}
        # The games whose move, made on a page by another process, is told while its strong AI seats think there.
        self._followed: dict[int, MovePosts] = {}
        self._page_turns: dict[int, asyncio.Lock] = {}  # (followed.FollowedPages: one game's changes in turn)

    def _spawn(self, coro: Coroutine[Any, Any, object]) -> None:
        self._track(asyncio.create_task(coro))

    def _under_way(self) -> None:
        """The running task (a click being answered) is waited for by ``drain``, as background edits are."""
        task = asyncio.current_task()
        if task is not None:
            self._track(task)

    def _track(self, task: asyncio.Task[Any]) -> None:
        """``drain`` waits for ``task`` while it runs."""
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def drain(self) -> None:
        """Waits for background message edits and the clicks being answered (tests and shutdown), but for
        the task that calls it."""
        me = asyncio.current_task()
        while others := [task for task in self._background if task is not me]:
            await asyncio.gather(*others, return_exceptions=True)

    async def deadlines(self, game: GameRow) -> dict[int, float]:
        """Each waiting seat's deadline at a table with a clock (none without)."""
        if not game.turn_limit:
            return {}
        return {seat: row["deadline"] for seat, row in (await self.service.db.clocks_of(game.id)).items()}

    async def publish(self, result: MoveResult, clicked: discord.Interaction | None = None) -> bool:
        """Posts the new board in the game's channel and takes the controls off the old ones.

        Runs under the game's lock. If the post fails the move still counts: the board is left
        to the outbox (retried later, or waiting for ``/game board``) and the clicker is told.
        Returns whether the board went out.
        """
        game, state = result.game, result.state
        previous = game.board_message_id
        if result.moves:
            await self._expire_undo_request(game)
        waiting = self.waiting_users(game, state)
        try:
            channel = await self.channel(game.play_channel_id)
            muted = self.notifier.unmentioned(game, waiting)
            deadlines = await self.deadlines(game)
            payload = await self.presenter.board(game, state, result.moves, muted=muted, deadlines=deadlines)
            # The same version posted again on purpose (a seat handed to the AI) is a new message.
            again = game.board_version is not None and game.board_version >= game.version
            kwargs = payload.kwargs()
            if not again:
                kwargs["nonce"] = board_nonce(game)
            try:
                message = await channel.send(**kwargs)
            finally:
                payload.sent()
        except Exception as exc:  # the move is stored whatever happened here: say so, post later
            if not isinstance(exc, (discord.HTTPException, DatabaseAway, *NETWORK_ERRORS)):
                log.exception("game %s: the board could not be drawn", game.id)
            why = await self._post_failed(game, exc)
            if clicked is not None:
                self._strip_clicked(clicked)
                await self._quiet(reply(clicked, t(f"board.unposted.{why}", user_locale(clicked))))
            return False
        self._retry.pop(game.id, None)
        recorded = time.time()
        self._note_posted(game, message.id, recorded, clicked, game.version - len(result.moves) + 1)
        try:
            stored = await self.service.db.record_board(game.id, message.id, game.version, recorded)
        except DatabaseAway:  # the move is stored and its board out: the outbox records it when the database is back
            log.info("game %s: its board %s is posted but not recorded yet", game.id, message.id)
            stored = True
        if not stored:
            # another process moved the game on meanwhile: its board is the live one
            log.info("game %s: moved on past version %s while its board was posted", game.id, game.version)
            self._spawn(self._strip(message.edit(view=None)))
            return True
        # The spectator pages were told of the position when the move was stored (``GameService._after_move``;
        # their streams hear of it once this is done): the row with its board recorded is no news to them, and
        # the database's word of this write then reads nothing.
        self.service.changed(game.id, game.with_board(message.id, recorded), state)
        clicked_id = clicked.message.id if clicked is not None and clicked.message is not None else None
        if clicked is not None:
            self._strip_clicked(clicked)
        if previous and previous not in (clicked_id, message.id):
            self._spawn(self._strip(channel.get_partial_message(previous).edit(view=None)))
        if game.status == FINISHED and result.moves:  # a forum post's status tag says so
            self._spawn(mark_status(channel, game, "forum.tag.finished"))
        elif waiting and game.status == ACTIVE:  # who asked for a direct message gets one, with the link
            game.board_message_id = message.id
            self._spawn(self.notifier.direct(game, waiting))
        return True

    def delete_later(self, message: discord.Message) -> None:
        """Deletes ``message`` in the background (a failure is only logged)."""
        self._spawn(self._quiet(message.delete()))

    async def post_thinking(
        self, result: MoveResult, clicked: discord.Interaction | None = None
    ) -> discord.Message | None:
        """While AI seats think: the clicked board loses its controls and a line in the game's channel
        says what was just played and who is thinking (their moves come with the next board).

        Runs under the game's lock; returns the line (None if it could not be posted: the board follows).
        """
        game = result.game
        if clicked is not None:
            self._strip_clicked(clicked)
        try:
            channel = await self.channel(game.play_channel_id)
            text = self.presenter.thinking(game, result.state, result.moves)
            return await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, TypeError, *NETWORK_ERRORS) as exc:
            log.info("game %s: could not say that the AI seats are thinking: %s", game.id, exc)
            return None

    async def _expire_undo_request(self, game: GameRow) -> None:
        """An undo request the game has moved past is dropped; its message loses Agree / Refuse and says so.

        Runs under the game's lock (a newer request cannot be made meanwhile). The game as loaded says
        whether it has one (``GameRow.undo_version``): most moves need no read."""
        if game.undo_version is None or game.undo_version >= game.version:
            return
        request = await self.service.db.undo_request(game.id)
        if request is None or request["version"] >= game.version:
            return
        await self.service.db.drop_undo_request(game.id)
        if request.get("message_id"):
            channel = self.bot.get_partial_messageable(game.play_channel_id)
            edit = channel.get_partial_message(request["message_id"]).edit(
                content=t("undo.expired", game.locale), view=None, allowed_mentions=discord.AllowedMentions.none()
            )
            self._spawn(self._strip(edit))

    def waiting_users(self, game: GameRow, state: GameState) -> list[int]:
        """The players the board calls: who must act now (everyone who played, once the game is over)."""
        engine = engine_of(game)
        to_act = engine.to_act(state)
        if to_act:
            users = [game.seats[s].user_id for s in to_act if not game.seats[s].is_ai]
        else:
            users = [s.user_id for s in game.seats] if engine.outcome(state) is not None else []
        return list(dict.fromkeys(u for u in users if u is not None))

    async def _post_failed(self, game: GameRow, exc: Exception) -> str:
        """Decides what a failed board post means for the game: "gone", "blocked" or "retry"."""
        if isinstance(exc, discord.HTTPException) and gone(exc):
            log.warning("game %s: its channel %s is gone; the game is abandoned", game.id, game.play_channel_id)
            if await self.service.mark_abandoned(game.id):
                await self.tell_host(game, "game.abandoned")
            return "gone"
        if isinstance(exc, discord.Forbidden):
            log.warning("game %s: the bot may not post in %s (%s)", game.id, game.play_channel_id, exc.text)
            await self.service.db.update_game(game.id, board_blocked=FORBIDDEN)
            if game.board_blocked != FORBIDDEN:  # said once, not at every try
                await self.tell_host(game, "game.blocked")
            return "blocked"
        failures = self._retry.get(game.id, (0, 0.0))[0]
        delay = min(self.service.settings.board_retry * 2**failures, RETRY_MAX)
        self._retry[game.id] = (failures + 1, time.monotonic() + delay)
        log.warning(
            "game %s: the board could not be posted (%s: %s); next try in %.0f s",
            game.id,
            type(exc).__name__,
            exc,
            delay,
        )
        self.outbox_wake.set()
        return "retry"

    async def tell_host(self, game: GameRow, key: str) -> None:
        """Tells the host about their game where the bot can: the parent channel, else a private message."""
        text = t(
            key,
            game.locale,
            host=f"<@{game.host_id}>",
            game=f"{engine_of(game).title} #{game.id}",
            id=game.id,
            where=f"<#{game.play_channel_id}>",
        )
        mentions = discord.AllowedMentions(users=[discord.Object(game.host_id)], roles=False, everyone=False)
        if game.thread_id is not None:
            try:
                channel = await self.channel(game.channel_id)
                await channel.send(text, allowed_mentions=mentions)
                return
            except (discord.HTTPException, TypeError, *NETWORK_ERRORS) as exc:  # TypeError: a forum has no chat
                log.info("game %s: could not write in channel %s either (%s)", game.id, game.channel_id, exc)
        try:
            user = self.bot.get_user(game.host_id) or await self.bot.fetch_user(game.host_id)
            await user.send(text)
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.warning("game %s: could not tell its host %s either (%s)", game.id, game.host_id, exc)

    async def say(self, game: GameRow, text: str) -> None:
        """A line in the game's own channel or thread; one out of reach is noted in the log only."""
        try:
            channel = await self.channel(game.play_channel_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.info("game %s: could not write in %s (%s)", game.id, game.play_channel_id, exc)

    async def report_broken(self, error: BrokenGame) -> None:
        """A game whose stored state cannot be read stops (once reported) and its host is told."""
        game = error.game
        log.warning(
            "game %s: its stored state cannot be read (%s: %s)",
            game.id,
            type(error.error).__name__,
            str(error.error).splitlines()[0][:200] if str(error.error) else "",
        )
        fresh = await self.service.db.get_game(game.id)
        if fresh is None or fresh.board_blocked == BROKEN:
            return
        await self.service.db.update_game(game.id, board_blocked=BROKEN)
        await self.tell_host(game, "game.broken")

    @staticmethod
    async def _quiet(coro: Awaitable[object]) -> None:
        try:
            await coro
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.info("could not answer: %s", exc)

    # -- the outbox of boards ------------------------------------------------------------
    async def start_up(
        self, shards: Shards | None = None, since: float | None = None, lost: str = "board.click_lost"
    ) -> None:
        """After a (re)start, or on taking over shards (``shards``, served from ``since``): answer the
        clicks a crash lost (in the words of ``lost``: a restart's, or a takeover's), clean up and post the
        boards left behind, for those shards' games.

        The games changed since the boards were last known right (``BOARDS_CLEAN``: a clean stop,
        or the end of the previous start-up's sweep) have their channel's recent boards checked.
        """
        db = self.service.db
        shards = shards or self.shards
        since = self.started_at if since is None else since
        await self.answer_lost_clicks(since, shards, lost)
        marks = [await db.get_meta(clean_key(shards, shard)) for shard in shards.ids]
        clean_at = min((float(mark) if mark else 0.0) for mark in marks) if marks else since
        stale = {g.id for g in await db.games_with_stale_boards(blocked=True, shards=shards)}
        clean = True
        for game in await db.games_touched_since(clean_at, shards):
            if game.id not in stale and game.status == ACTIVE and (game.updated_at or 0.0) < since:
                clean = await self._each(game.id, self._reconcile_locked) and clean
        if clean:
            for shard in shards.ids:
                await db.set_meta(clean_key(shards, shard), repr(since))
        await self.post_due_boards(blocked=True, shards=shards)

    async def _each(self, game_id: int, what: Callable[[int], Awaitable[object]]) -> bool:
        """Runs one game's part of a sweep; whatever goes wrong with it never stops the others."""
        try:
            await what(game_id)
            return True
        except BrokenGame as error:
            await self.report_broken(error)
        except discord.HTTPException as exc:
            log.warning("game %s: %s %s", game_id, exc.status, exc.text or "")
            if gone(exc):
                game = await self.service.db.get_game(game_id)
                if game is not None:
                    await self.channel_gone(game.play_channel_id)
                return True
        except DatabaseAway:  # the outage is in the log once; its end sweeps again
            pass
        except Exception as exc:  # one line: the next sweep tries again
            log.warning("game %s: %s: %s", game_id, type(exc).__name__, exc)
        return False

    async def _reconcile_locked(self, game_id: int) -> None:
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            if game.board_message_id is not None:
                await self.reconcile(game, await self.channel(game.play_channel_id))

    async def post_due_boards(self, *, blocked: bool = False, shards: Shards | None = None) -> float | None:
        """One pass over the outbox; returns the seconds until the next retry is due (None: none waits)."""
        now = time.monotonic()
        for game in await self.service.db.games_with_stale_boards(blocked=blocked, shards=shards or self.shards):
            if not self._retry_waits(game.id, now) and not self.stopping:
                await self._each(game.id, self.repost)
        waits = [due for _, due in self._retry.values()]
        return max(0.0, min(waits) - time.monotonic()) if waits else None

    def _retry_waits(self, game_id: int, now: float) -> bool:
        """Whether the game's board, whose post failed, waits for its next try (due after ``now``, monotonic)."""
        return self._retry.get(game_id, (0, 0.0))[1] > now

    async def outbox(self) -> None:
        """Posts the boards left behind, each retried with a doubling delay, until the bot closes."""
        await self.start_up()
        while not self.bot.is_closed():
            try:
                wait = await self.post_due_boards()
            except DatabaseAway:  # said once for the whole outage; its end wakes the outbox
                await self.service.db.outage.back()
                continue
            except Exception as exc:  # the database went away for a moment: try again later
                log.warning("board outbox: %s: %s", type(exc).__name__, exc)
                wait = self.service.settings.board_retry
            self.outbox_wake.clear()
            try:
                await asyncio.wait_for(self.outbox_wake.wait(), timeout=RETRY_MAX if wait is None else wait)
            except TimeoutError:
                pass

    async def repost(self, game_id: int, *, look_back: bool = True, followed: bool = False) -> bool:
        """Posts the board of a game whose last move was stored but whose board never went out.

        AI seats that must act play first: the bot stopped between a move and their answer (a move
        stored, or a game started, before a crash), and their moves come with the board. Without
        ``look_back`` (a move made on a page by another process, no crash) the channel's history is not
        searched for a board posted already. ``followed``: a move just made on a page by another process,
        whose strong AI seats think there: the channel is told so, as of a click's, and their moves come
        with the board when they are stored.
        """
        async with self.service.lock(game_id):
            if self._retry_waits(game_id, time.monotonic()):
                return False  # its post failed while this waited for the lock: it keeps to its retry delay
            game = await self.service.load(game_id)
            if game.board_version is not None and game.board_version >= game.version:
                self._retry.pop(game_id, None)
                return True
            state = self.service.state_of(game)
            if followed and game.status == ACTIVE and self.service.slow_ai(game, state):
                return False  # the pages' process plays its strong AI seats; their moves come with the board
            if game.status == ACTIVE and self.service.ai_to_act(game, state):
                played = await self.service.play_on(game, state)
                game, state = played.game, played.state
            try:
                channel = await self.channel(game.play_channel_id)
            except (discord.HTTPException, *NETWORK_ERRORS) as exc:
                await self._post_failed(game, exc)
                return False
            try:
                found = await self.reconcile(game, channel) if look_back else None
            except (discord.HTTPException, *NETWORK_ERRORS) as exc:  # no history: the post's nonce helps
                if isinstance(exc, discord.HTTPException) and gone(exc):
                    await self._post_failed(game, exc)
                    return False
                log.info("game %s: its channel's history cannot be read (%s)", game.id, exc)
                found = None
            if found is not None:  # posted before a crash: keep that one
                await self.service.db.record_board(game.id, found, game.version)
                self._retry.pop(game_id, None)
                return True
            posts = self._followed.pop(game_id) if game_id in self._followed else MovePosts(self)
            return await posts.publish(MoveResult(game, state, await self._moves_since_board(game)))

    async def _moves_since_board(self, game: GameRow, until: int | None = None) -> list[Move]:
        """The moves stored since the game's last posted board (20 at most), up to version ``until``."""
        since, until = game.board_version or 0, game.version if until is None else until
        rows = await self.service.db.action_log(game.id, limit=min(game.version - since, 20))
        return [
            Move(r["seat"], r["action_id"], r["user_id"], r["events"]) for r in rows if since < r["version"] <= until
        ]

    async def reconcile(self, game: GameRow, channel: discord.abc.Messageable) -> int | None:
        """Takes the controls off every board of the game but the current one (after a crash).

        Searches the channel's recent history: a board for the game's current version that the
        bot posted but could not record (killed in between) is returned so that it is kept
        instead of posted again; every other board of the game loses its controls.
        """
        me = self.bot.user.id if self.bot.user else None
        keep = game.board_message_id if game.board_version == game.version else None
        found = None
        kept_live = False
        async for message in channel.history(limit=RECONCILE_DEPTH):
            if message.author.id != me or message.flags.ephemeral:
                continue
            ids = board_ids(message, game.id)
            kept_live = kept_live or (message.id == keep and bool(ids))
            if not ids:
                continue
            current = (
                keep is None
                and found is None
                and game.status == ACTIVE
                and all(i.startswith(f"{PREFIX}:{game.id}:{game.version}:") for i in ids)
                and marked(message) in (None, position_mark(game))  # the stored position's, not another's
            )
            if message.id == keep or current:
                found = found or message.id
                continue
            await self._strip(message.edit(view=None))
        if keep is not None and not kept_live and game.status == ACTIVE:
            # the stored board lost its controls (a click's acknowledgement took them, and the click failed, or
            # a board ahead of it was lost by the database): it is the current one, so it gets them back
            await self._give_controls(game, channel)
        return found if keep is None else None

    async def recover_board(self, game: GameRow) -> bool | None:
        """``/game board``: posts a board that is missing (a failed post, permissions given back).

        None if no board was missing, else whether it is posted now.
        """
        if game.status != ACTIVE or (
            game.board_version is not None and game.board_version >= game.version and game.board_blocked is None
        ):
            return None
        self._retry.pop(game.id, None)
        return await self.repost(game.id)  # a success clears board_blocked; a refusal is not told twice

    async def answer_lost_clicks(self, before: float, shards: Shards, key: str = "board.click_lost") -> set[int]:
        """Tells each player whose acknowledged click (on a game of ``shards``, noted before ``before``)
        a crash lost that it did not count, once the game's board has back the controls that the click's
        acknowledgement may have taken off. A click still being played here is left to its task, and one
        whose player was told already (``told``) is not told twice. Returns the clicks (their interactions'
        ids) taken from the journal as lost."""
        clicks = [
            c for c in await self.service.db.take_clicks(before, shards) if c["interaction_id"] not in self.playing
        ]
        for game_id in sorted({click["game_id"] for click in clicks}):
            await self._quiet(self.refresh_controls(game_id))
        for click in clicks:
            if click["interaction_id"] in self.told:
                continue
            if time.time() - click["created_at"] > CLICK_TOKEN_LIFE or self.bot.application_id is None:
                continue
            game = await self.service.db.get_game(click["game_id"])
            if game is None:
                continue
            webhook = followup(self.bot, self.bot.application_id, click["token"])
            text = t(key, click["locale"], game=f"{engine_of(game).title} #{game.id}")
            await self._quiet(webhook.send(text, ephemeral=True))
        return {click["interaction_id"] for click in clicks}

    def _note_posted(
        self, game: GameRow, message_id: int, when: float, clicked: discord.Interaction | None, version: int
    ) -> None:
        """Keeps the boards posted in the last ``LOST_WINDOW`` seconds, with the clicks whose moves they show
        (``clicked``, whose move made ``version``): an outage's end checks them."""
        earlier = self._posted.get(game.id)
        clicks = earlier.clicks if earlier is not None and earlier.when > when - LOST_WINDOW else []
        if clicked is not None:
            clicks.append((version, clicked.id, clicked.token, user_locale(clicked)))
        self._posted[game.id] = Posted(message_id, game.version, position_mark(game), when, clicks)
        if len(self._posted) > 64:
            self._posted = {g: p for g, p in self._posted.items() if p.when > when - LOST_WINDOW}

    async def after_outage(self, since: float) -> None:
        """The database answers again after an outage that began at ``since`` (a Unix time): every game of this
        process's shards goes on by itself.

        The clicks noted before it and not played are told that they did not count (once), and their boards
        get back their controls; so do the boards whose controls a click took off when it failed; a board
        posted lately for a move the database did not keep (``synchronous_commit=off`` and a crash of its
        server) loses its controls, the stored position's board gets them back, and the players whose moves
        it showed are told that they did not count (once); the boards left to post are posted at once (a
        board whose move was kept but not its record among them: it is recorded). An outage during this is
        answered at its own end."""
        self._retry.clear()
        told = await self.answer_lost_clicks(since, self.shards, "board.click_lost_outage") | self.told
        self.told.clear()
        self.unsure.clear()
        for game_id in sorted(self.needs_controls):
            self.needs_controls.discard(game_id)
            await self._each(game_id, self._refresh_if_served)
        crashed_after = min(since, self.service.db.outage.answered_before)
        for game_id, posted in sorted(self._posted.items()):
            if posted.when < crashed_after - LOST_WINDOW:
                continue
            game = await self.service.db.get_game(game_id)
            if game is None or self.shards.of(game.guild_id) not in self.shards.ids:
                continue
            if game.version > posted.version or (
                game.board_message_id == posted.message_id and position_mark(game) == posted.mark
            ):
                continue  # moved on since (a move stored after the outage: its own board is the current one)
            self._posted.pop(game_id, None)
            if position_mark(game) == posted.mark:  # its move is kept: the outbox records its board if need be
                await self._each(game_id, self._reconcile_locked)
                continue
            log.warning("game %s: its board %s shows a move the database does not have", game_id, posted.message_id)
            await self._each(game_id, self._post_stored_board)
            await self._tell_lost_moves(game, [c for c in posted.clicks if c[0] > game.version and c[1] not in told])
        self.outbox_wake.set()

    async def _post_stored_board(self, game_id: int) -> None:
        """The boards that show moves the database lost lose their controls, and the stored position's board is
        posted again below them (the one before them keeps none): the channel's last board is the current one."""
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            await self.reconcile(game, await self.channel(game.play_channel_id))  # (its controls back meanwhile)
            if game.status != ACTIVE:
                return
            rows = await self.service.db.action_log(game.id, limit=1)
            moves = [Move(r["seat"], r["action_id"], r["user_id"], r["events"]) for r in rows]
            await self.publish(MoveResult(game, self.service.state_of(game), moves))

    async def _tell_lost_moves(self, game: GameRow, clicks: list[tuple[int, int, str, str]]) -> None:
        """Tells each player whose move a board showed, and the database did not keep, that it did not count."""
        if self.bot.application_id is None:
            return
        for _version, _interaction, token, locale in clicks:
            webhook = followup(self.bot, self.bot.application_id, token)
            text = t("board.move_lost_outage", locale, game=f"{engine_of(game).title} #{game.id}")
            await self._quiet(webhook.send(text, ephemeral=True))

    async def _refresh_if_served(self, game_id: int) -> None:
        game = await self.service.db.get_game(game_id)
        if game is not None and self.shards.of(game.guild_id) in self.shards.ids:
            await self.refresh_controls(game_id)

    async def channel_gone(self, channel_id: int) -> None:
        """A thread or channel was deleted: its games are abandoned and their hosts told; its lobbies end."""
        await self.service.db.close_lobbies_in(channel_id)
        for game in await self.service.db.games_played_in(channel_id):
            try:
                if await self.service.abandon(game.id) is not None:
                    if game.channel_id == channel_id:  # the parent is gone too: only a private message is left
                        game.thread_id = None
                    await self.tell_host(game, "game.abandoned")
            except Exception as exc:
                log.warning("game %s: %s: %s", game.id, type(exc).__name__, exc)

    async def strip_board(self, game: GameRow) -> None:
        """Takes the controls off the game's last board (the game ended or moved)."""
        if game.board_message_id:
            try:
                channel = await self.channel(game.play_channel_id)
            except discord.HTTPException as exc:
                log.info("game %s: its old board is out of reach: %s", game.id, exc)
                return
            await self._strip(channel.get_partial_message(game.board_message_id).edit(view=None))

    async def mark_ended(self, game: GameRow) -> None:
        """A game its host ended: its forum post's status tag says it is finished (other channels have none)."""
        try:
            channel = await self.channel(game.play_channel_id)
        except (discord.HTTPException, TypeError) as exc:
            log.info("game %s: its post keeps its tags: %s", game.id, exc)
            return
        await mark_status(channel, game, "forum.tag.finished")

    async def refresh_controls(self, game_id: int) -> None:
        """Builds the controls of the game's current board again (its link changed, or a click that a crash or
        a failure lost had them taken off with its acknowledgement), under the game's lock."""
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            if not game.board_message_id or game.board_version != game.version:
                return  # no board out yet, or the one out is about to be replaced
            try:
                channel = await self.channel(game.play_channel_id)
            except discord.HTTPException as exc:
                log.info("game %s: its board keeps its old controls: %s", game.id, exc)
                return
            await self._give_controls(game, channel)

    async def _give_controls(self, game: GameRow, channel: discord.abc.Messageable) -> None:
        """The controls of the game's current board (``board_message_id``), built again (under the game's lock)."""
        if not game.board_message_id or not isinstance(channel, PLAY_CHANNELS):
            return
        try:
            payload = await self.presenter.board(
                game, self.service.state_of(game), deadlines=await self.deadlines(game)
            )
        except BrokenGame as exc:
            log.info("game %s: its board keeps its old controls: %s", game.id, exc)
            return
        try:
            await self._strip(channel.get_partial_message(game.board_message_id).edit(view=payload.view))
        finally:
            payload.sent()

    def _strip_clicked(self, clicked: discord.Interaction) -> None:
        """The clicked board loses its controls (in the background), unless the click's acknowledgement
        took them off already."""
        if not clicked.extras.get(STRIPPED):
            clicked.extras[STRIPPED] = True
            self._spawn(self._strip(clicked.edit_original_response(view=None)))

    @staticmethod
    async def _strip(edit: Awaitable[object]) -> None:
        try:
            await edit
        except Exception as exc:  # a deleted or too old message keeps its buttons; so does a lost connection
            log.info("could not take the controls off a board: %s", exc)

    async def channel(self, channel_id: int) -> PlayChannel:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, PLAY_CHANNELS):
            raise TypeError(f"channel {channel_id} is a {type(channel).__name__}: no game is played there")
        return channel


def followup(client: discord.Client, application_id: int, token: str) -> discord.Webhook:
    """The follow-up webhook of an interaction the bot knows only by its token (a click it lost in a
    restart), as ``Interaction.followup`` is: the application's webhook with the interaction's token, bound
    to ``client``. ``Webhook.partial`` makes an incoming webhook, which discord.py lets send no private
    (ephemeral) message: its ``type`` says it is the application's."""
    webhook = discord.Webhook.partial(application_id, token, client=client)
    webhook.type = discord.WebhookType.application
    return webhook
