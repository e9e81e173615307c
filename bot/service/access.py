"""A game in hand, for every part of the game service: the refusals a player reads, a game loaded and its
state read, each game's lock, the clicks this process expects, and the watchers told of each change."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from rules import GAMES
from rules.core import Engine, GameState, RuleError

from ..settings import Settings
from ..storage import ACTIVE, LOBBY, Database, GameRow, Move
from ..workers.thinking import Thinker
from .players import Players

log = logging.getLogger(__name__)


class UserError(RuleError):
    """A request the bot refuses, with the sentence the user reads."""


class Stale(UserError):
    pass


class BrokenGame(UserError):
    """The game's stored state cannot be read (a damaged row): that game stops, the others go on."""

    def __init__(self, game: GameRow, error: Exception) -> None:
        super().__init__("error.broken_game", id=game.id)
        self.game = game
        self.error = error


@dataclass
class MoveResult:
    game: GameRow
    state: GameState
    moves: list[Move] = field(default_factory=list)


Then = Callable[[MoveResult], Awaitable[object]]


def engine_of(game: GameRow) -> Engine[Any]:
    try:
        return GAMES[game.game]
    except KeyError:
        raise UserError("error.unknown_game", game=game.game) from None


# How many games ``GameService.may_act`` remembers (the most recently moved).
ACTING_KEPT = 2_000


class GameLock(asyncio.Lock):
    """A game's lock in this process (its changes here are made under it), counting how often it was
    released."""

    def __init__(self) -> None:
        super().__init__()
        self.releases = 0
        self._free: asyncio.Event | None = None  # set at the next release, for those waiting in ``free``

    def release(self) -> None:
        self.releases += 1
        super().release()
        if self._free is not None:
            self._free.set()
            self._free = None

    async def free(self) -> None:
        """Waits until the lock is not held, without taking it (nor counting a release)."""
        while self.locked():
            if self._free is None:
                self._free = asyncio.Event()
            await self._free.wait()


@dataclass(frozen=True)
class Noted:
    """A game's row as read with a click's note (``GameService.note_click``)."""

    lock: GameLock  # held here, so that the game's lock (and its count) lives until the click is played
    releases: int
    game: GameRow | None

    def fresh(self, lock: GameLock) -> bool:
        """Whether the row is still what this process last stored: the game's lock was not released since
        it was read (a change under way then ends with a release too). Another process's change is
        found by the versioned write of the move, as with a row read under the lock."""
        return lock is self.lock and lock.releases == self.releases


SECRET_KEY = "game_file_key"  # the meta row of the key game files are sealed with


class GameAccess:
    """The ground the game service stands on (``GameService`` is built on it)."""

    def __init__(self, db: Database | None, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        """``db`` may come later (``python -m bot`` logs in before it opens the database)."""
        self._db = db
        self.settings = settings
        self.clock = clock
        # A game's lock lives while a coroutine holds it or waits for it, so the bot's memory does not
        # grow with the number of games it ever played.
        self._locks: weakref.WeakValueDictionary[int, GameLock] = weakref.WeakValueDictionary()
        self.thinker = Thinker(settings.ai_processes, settings.ai_budget)
        self.players = Players(lambda: self.db)
        # Called after every change to what a game's spectators see (the web pages of this process): with
        # the game's id, and the game as stored and its state when they are at hand (``changed``); a change
        # made by another process is found in the database.
        self.watchers: list[Callable[[int, GameRow | None, GameState | None], object]] = []
        # Starts drawing the board of a position about to be stored as the given game's version, while
        # the moves are written; returns what forgets the picture if the write fails.
        self.drawing: Callable[[GameRow, GameState], Callable[[], None]] | None = None
        # Each game's version as this process last stored it, with the actions each user who must act
        # then may choose (the most recent games only): what a click is acknowledged by (``may_act``).
        self._acting: OrderedDict[int, tuple[int, dict[int, frozenset[str]]]] = OrderedDict()
        self._secret: str | None = settings.secret_key

    async def secret(self) -> str:
        """The key a running game's file is sealed with: ``MESA_SECRET_KEY``, else one drawn the first
        time it is needed and kept in the database (every process on it, and a migrated copy, has it)."""
        if self._secret is None:
            self._secret = await self.db.meta_once(SECRET_KEY, secrets.token_urlsafe(32))
        return self._secret

    def may_act(self, game_id: int, version: int, user_id: int, action_id: str) -> bool:
        """Whether, by what this process last stored of the game, ``user_id`` may choose ``action_id`` at
        ``version``.

        A guess, never a check: another process may have moved the game since (then it says no, the
        version being older), and ``act`` checks the click again under the game's lock."""
        known = self._acting.get(game_id)
        return known is not None and known[0] == version and action_id in known[1].get(user_id, ())

    def _note_acting(self, game: GameRow, state: GameState) -> None:
        engine = engine_of(game)
        choices: dict[int, frozenset[str]] = {}
        if game.status == ACTIVE:
            for seat in engine.to_act(state):
                user_id = game.seats[seat].user_id
                if not game.seats[seat].is_ai and user_id is not None:
                    ids = frozenset(a.id for a in engine.legal_actions(state, seat))
                    choices[user_id] = choices.get(user_id, frozenset()) | ids
        self._acting[game.id] = (game.version, choices)
        self._acting.move_to_end(game.id)
        while len(self._acting) > ACTING_KEPT:
            self._acting.popitem(last=False)

    def changed(self, game_id: int, game: GameRow | None = None, state: GameState | None = None) -> None:
        """Tells the watchers that this game changed (its move, end or link is stored); ``game`` and ``state``:
        the game as just stored and its state, if the caller has them (a watcher need not read them again).

        A watcher that fails is logged: the move is stored, and its board is posted whatever the pages do."""
        for watch in self.watchers:
            try:
                watch(game_id, game, state)
            except Exception:
                log.exception("game %s: a watcher of the game's changes failed", game_id)

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is not open yet")
        return self._db

    @db.setter
    def db(self, db: Database) -> None:
        self._db = db

    @property
    def has_db(self) -> bool:
        return self._db is not None

    def lock(self, game_id: int) -> GameLock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = GameLock()
        return lock

    async def note_click(self, click: int, game_id: int, user_id: int, token: str, locale: str) -> Noted:
        """Notes a click in the click journal and reads its game in the same round trip: ``act`` plays
        the click on that row unless the game changed in this process since."""
        lock = self.lock(game_id)
        releases = lock.releases
        game = await self.db.note_click(click, game_id, user_id, token, locale)
        return Noted(lock, releases, game)

    async def settled(self, game_id: int) -> None:
        """Waits until this process is not changing the game (its lock is free; it is not taken): a change made
        here is told to the watchers (``changed``) before the game is let go."""
        lock = self._locks.get(game_id)
        if lock is not None:
            await lock.free()

    async def wait_idle(self) -> None:
        """Waits until no game is being changed (every game's lock is free)."""
        while busy := [lock for lock in self._locks.values() if lock.locked()]:
            for lock in busy:
                async with lock:
                    pass

    async def load(self, game_id: int) -> GameRow:
        game = await self.db.get_game(game_id)
        if game is None:
            raise UserError("error.forged")
        return game

    def state_of(self, game: GameRow) -> GameState:
        """The game's state, or BrokenGame if the stored text cannot be read."""
        engine = engine_of(game)
        try:
            if game.state is None:
                raise ValueError("a lobby has no state")
            state: GameState = engine.load(game.state)
            return state
        except Exception as exc:  # pydantic, JSON or engine errors all mean the same to a player
            raise BrokenGame(game, exc) from exc

    async def _lobby(self, game_id: int) -> GameRow:
        game = await self.load(game_id)
        if game.status != LOBBY:
            raise UserError("error.not_in_lobby")
        return game

    def _host_only(self, game: GameRow, user_id: int) -> None:
        if user_id != game.host_id:
            raise UserError("error.host_only", host=f"<@{game.host_id}>")
