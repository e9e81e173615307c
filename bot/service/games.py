"""Games as the players see them, with no discord in sight: lobbies, moves, AI seats, reminders.

Each game's writes are serialized by one asyncio lock; every move is checked against the stored
version, applied by the engine, played on by the AI seats and stored in one transaction.  When a
strong AI seat answers a player's move, the move is stored alone first and the players hear of it
(``thinking``) while the AI seats think; their moves are then stored in a transaction of their own.
A crash in between leaves a stored game whose AI seats must act and whose board is behind: the
board outbox plays them on (``play_on``) before it posts the board.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from rules import GAMES
from rules.core import LEVELS, Engine, Event, GameState, Msg, RuleError, seat_msg

from ..settings import Settings
from ..storage import ABANDONED, ACTIVE, ENDED, FINISHED, LOBBY, Database, GameRow, Move, Seat, Shards, StaleVersion
from ..workers.thinking import Thinker
from .players import AWAY_AI, AWAY_PAUSE, Players, PlayerSettings

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


MAX_REMINDER_HOURS = 168
CLOCK_HOURS = (0, 24, 72)  # the clocks a table may choose: none, 24 h or 72 h a turn


def new_web_token() -> str:
    """A spectator page's token: 32 URL-safe characters (192 random bits), not guessable."""
    return secrets.token_urlsafe(24)


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


class GameService:
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

    # -- lobby -----------------------------------------------------------------------
    async def create_lobby(
        self, game_id: str, guild_id: int | None, channel_id: int, host_id: int, host_name: str, locale: str
    ) -> GameRow:
        if game_id not in GAMES:
            raise UserError("error.unknown_game", game=game_id)
        engine = GAMES[game_id]
        new_id = await self.db.create_lobby(
            game_id, guild_id, channel_id, host_id, host_name, locale, engine.default_options()
        )
        return await self.load(new_id)

    async def _lobby(self, game_id: int) -> GameRow:
        game = await self.load(game_id)
        if game.status != LOBBY:
            raise UserError("error.not_in_lobby")
        return game

    async def hosted_lobby(self, game_id: int, user_id: int) -> GameRow:
        """The lobby, for its host only (their table settings)."""
        game = await self._lobby(game_id)
        self._host_only(game, user_id)
        return game

    @staticmethod
    def _new_table_only(game: GameRow) -> None:
        """An imported game's table is the file's: its seats and options stay as they were."""
        if game.state is not None:
            raise UserError("import.table_fixed")

    def _host_only(self, game: GameRow, user_id: int) -> None:
        if user_id != game.host_id:
            raise UserError("error.host_only", host=f"<@{game.host_id}>")

    async def join(self, game_id: int, user_id: int, name: str) -> GameRow:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            if game.state is not None:  # an imported game: each of its players takes the seat kept for them
                return await self._take_invited_seat(game, user_id, name)
            engine = engine_of(game)
            if any(s.user_id == user_id and not s.is_ai for s in game.seats):
                raise UserError("error.already_joined")
            if len(game.seats) >= engine.max_players:
                raise UserError("error.lobby_full", max=engine.max_players)
            await self.db.set_seats(game_id, [*game.seats, Seat(len(game.seats), user_id, name, False)])
            return await self.load(game_id)

    async def _take_invited_seat(self, game: GameRow, user_id: int, name: str) -> GameRow:
        if game.seat_of(user_id) is not None:
            raise UserError("error.already_joined")
        if not any(s.is_open and s.invited == user_id for s in game.seats):
            raise UserError("import.not_invited")
        seats = [
            dataclasses.replace(s, user_id=user_id, name=name) if s.is_open and s.invited == user_id else s
            for s in game.seats
        ]
        await self.db.set_seats(game.id, seats)
        return await self.load(game.id)

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            if user_id == game.host_id:
                await self.db.update_game(game_id, status=ENDED)
                return await self.load(game_id)
            if game.seat_of(user_id) is None:
                raise UserError("error.not_joined")
            if game.state is not None:  # an imported game's seat waits for its player again
                seats = [
                    dataclasses.replace(s, user_id=None) if s.user_id == user_id and s.invited == user_id else s
                    for s in game.seats
                ]
                await self.db.set_seats(game_id, seats)
                return await self.load(game_id)
            await self.db.set_seats(game_id, [s for s in game.seats if s.user_id != user_id or s.is_ai])
            return await self.load(game_id)

    async def add_ai(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            self._new_table_only(game)
            engine = engine_of(game)
            if len(game.seats) >= engine.max_players:
                raise UserError("error.lobby_full", max=engine.max_players)
            await self.db.set_seats(game_id, [*game.seats, Seat(len(game.seats), None, "", True)])
            return await self.load(game_id)

    async def set_ai_level(self, game_id: int, user_id: int, seat: int, level: str) -> GameRow:
        """The host chooses how strong an AI seat of the lobby plays."""
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            if level not in LEVELS or not 0 <= seat < len(game.seats) or not game.seats[seat].is_ai:
                raise UserError("error.forged")
            await self.db.set_ai_level(game_id, seat, level)
            return await self.load(game_id)

    async def set_option(self, game_id: int, user_id: int, key: str, value: str) -> GameRow:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            self._new_table_only(game)
            engine = engine_of(game)
            options = {**game.options, key: value}
            engine.check_options(engine.min_players, options)
            await self.db.update_game(game_id, options=options)
            return await self.load(game_id)

    async def cancel(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            await self.db.update_game(game_id, status=ENDED)
            return await self.load(game_id)

    async def check_start(self, game_id: int, user_id: int) -> GameRow:
        game = await self._lobby(game_id)
        self._host_only(game, user_id)
        engine = engine_of(game)
        if len(game.seats) < engine.min_players:
            raise UserError("error.too_few", game=engine.title, min=engine.min_players)
        return game

    async def start(
        self, game_id: int, user_id: int, thread_id: int | None, seed: int | None = None, then: Then | None = None
    ) -> MoveResult:
        """Deals the game (the seed is drawn here and stored) and lets AI seats play up to a human. An
        imported game goes on from its file's position instead: the AI takes the seats nobody took."""
        async with self.lock(game_id):
            game = await self.check_start(game_id, user_id)
            engine = engine_of(game)
            if game.state is not None:
                seats = [dataclasses.replace(s, is_ai=True, invited=None) if s.is_open else s for s in game.seats]
                if not await self.db.start_imported(game_id, seats, thread_id):
                    raise UserError("error.not_in_lobby")
                await self.db.update_game(game_id, web_token=new_web_token())
                game = await self.load(game_id)
                return await self._after_move(game, self.state_of(game), [], then)
            seed = secrets.randbits(62) if seed is None else seed
            state = engine.new_game(len(game.seats), seed, game.options)
            if not await self.db.start_game(game_id, seed, engine.dump(state), thread_id):
                raise UserError("error.not_in_lobby")
            await self.db.update_game(game_id, web_token=new_web_token())
            game = await self.load(game_id)
            return await self._after_move(game, state, [], then)

    async def import_game(
        self,
        game_id: str,
        seed: int,
        options: dict[str, str],
        seats: list[Seat],
        state: str,
        moves: list[Move],
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        locale: str,
    ) -> GameRow:
        """A game brought from a file (``export.replay`` checked it) stored as the lobby of a new game
        hosted by ``host_id``, one of its players, who takes their seats. The file's other players are
        not seated: each seat waits for its player to Join (``join``), and nothing reaches them until
        then; at the start the AI takes the seats nobody took (``start``)."""
        if all(s.user_id != host_id or s.is_ai for s in seats):
            raise UserError("import.not_at_table")
        waiting = [
            s
            if s.is_ai
            else dataclasses.replace(s, name=host_name)
            if s.user_id == host_id
            else dataclasses.replace(s, user_id=None, invited=s.user_id)
            for s in seats
        ]
        new_id = await self.db.import_game(
            game_id, guild_id, channel_id, host_id, locale, options, seed, waiting, state, moves, status=LOBBY
        )
        return await self.load(new_id)

    async def rematch(
        self,
        game_id: int,
        user_id: int,
        user_name: str,
        channel_id: int,
        then: Callable[[GameRow, GameRow], Awaitable[object]] | None = None,
    ) -> tuple[GameRow, bool]:
        """A lobby for the same game again, opened by one of its players (its host): the same options and
        AI seats at the same strengths; the other players join with one click. One is open at a time:
        a second click gives the open one (and False). ``then(old game, lobby)`` (posting the lobby)
        runs under the old game's lock."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != FINISHED:
                raise UserError("error.not_finished")
            if game.seat_of(user_id) is None and all(s.user_id != user_id for s in game.seats):
                raise UserError("error.not_a_player")
            seats = [Seat(0, user_id, user_name, False)]
            seats += [Seat(0, None, "", True, s.level) for s in game.seats if s.is_ai and s.user_id is None]
            new_id, made = await self.db.create_rematch(game, channel_id, user_id, user_name, seats)
            lobby = await self.load(new_id)
            if then is not None:
                await then(game, lobby)
            return await self.load(new_id), made

    # -- moves -----------------------------------------------------------------------
    def acting_seat(self, game: GameRow, state: GameState, user_id: int) -> int:
        engine = engine_of(game)
        mine = game.seats_of(user_id)
        if not mine:
            raise UserError("error.not_a_player")
        to_act = engine.to_act(state)
        for seat in mine:
            if seat in to_act:
                return seat
        if not to_act:
            raise UserError("error.game_over")
        who = ", ".join(self.mention(game, s) for s in to_act)
        raise UserError("error.waiting_for", who=who)

    @staticmethod
    def mention(game: GameRow, seat: int) -> str:
        s = game.seats[seat]
        if s.is_ai or s.user_id is None:
            return f"🤖 {s.name or '#' + str(seat + 1)}"
        return f"<@{s.user_id}>"

    async def act(
        self,
        game_id: int,
        user_id: int,
        version: int,
        action_id: str,
        then: Then | None = None,
        click: int | None = None,
        thinking: Then | None = None,
        noted: Noted | None = None,
    ) -> MoveResult:
        """Plays a click; ``then`` (posting the board) runs under the game's lock, so boards keep their order.

        ``click`` (an interaction id noted by ``note_click``) is forgotten with the move.
        ``thinking`` hears of the move once it is stored, when strong AI seats think before the board.
        ``noted`` (from ``note_click``) gives the game as read when the click was noted.
        """
        lock = self.lock(game_id)
        async with lock:
            if noted is not None and noted.game is not None and noted.fresh(lock):
                game = noted.game
            else:
                game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            engine = engine_of(game)
            state = self.state_of(game)
            if version != game.version:
                seat = await self._pending_since(game, state, user_id, version)
                if seat is None:
                    raise Stale("error.stale")
            else:
                seat = self.acting_seat(game, state, user_id)
            new = engine.apply(state, seat, action_id)
            move = Move(
                seat, action_id, user_id, [e.model_dump(mode="json") for e in new.events], engine.reveals(state, new)
            )
            return await self._after_move(game, new, [move], then, click, thinking)

    async def _pending_since(self, game: GameRow, state: GameState, user_id: int, version: int) -> int | None:
        """The user's seat whose decision at ``version`` is still the one pending now, if any.

        In a simultaneous decision the others' moves make a player's buttons older than the game
        without changing the question they answer: the seat had to act then, has not acted since
        and still has to act. Any other older click is stale.
        """
        engine = engine_of(game)
        mine = [s for s in game.seats_of(user_id) if s in engine.to_act(state)]
        if not mine or not 0 <= version < game.version:
            return None
        log = await self.db.action_log(game.id)
        if any(row["undone_at"] is not None and row["undone_at"] > version for row in log):
            return None  # an undo since then: the question may have changed
        counted = [row for row in log if row["undone_at"] is None]
        since = {row["seat"] for row in counted if row["version"] > version}
        mine = [s for s in mine if s not in since]
        if not mine:
            return None
        before = [(row["seat"], row["action_id"]) for row in counted if row["version"] <= version]
        then = await asyncio.to_thread(engine.replay, len(game.seats), game.seed or 0, game.options, before)
        return next((s for s in mine if s in engine.to_act(then)), None)

    async def _after_move(
        self,
        game: GameRow,
        state: GameState,
        moves: list[Move],
        then: Then | None = None,
        click: int | None = None,
        thinking: Then | None = None,
    ) -> MoveResult:
        """Plays the AI seats on, stores the moves, schedules reminders, sets the clocks.

        The moves and the AI seats' answer are one transaction, unless a strong AI seat must answer:
        then ``moves`` are stored first, ``thinking`` hears of them (and the pages see them), and the AI
        seats' moves follow in a transaction of their own.
        """
        stored: list[Move] = []
        if moves and self.slow_ai(game, state):
            game = await self._store(game, state, moves, click, drawn=False)
            stored, moves, click = moves, [], None
            await self._waits(game, state, stored)
            try:
                if thinking is not None:
                    await thinking(MoveResult(game, state, stored))
            finally:
                self.changed(game.id, game, state)
        state, ai_moves = await self.play_ai(game, engine_of(game), state)
        moves = moves + ai_moves
        if moves:
            game = await self._store(game, state, moves, click, drawn=then is not None)
            # The pages hear of the position as soon as it is stored: its picture is being drawn for the
            # channel (``drawing``), and they wait for it there, not for Discord to take the board.
            self.changed(game.id, game, state)
        else:
            game = await self.load(game.id)
            if not stored:
                await self._schedule(game, state)
        await self._waits(game, state, moves)
        self._note_acting(game, state)
        result = MoveResult(game, state, stored + moves)
        try:
            if then is not None:
                await then(result)
        finally:
            if not moves:  # (moves were told of as they were stored) the pages read the game again
                self.changed(game.id)
        return result

    async def _waits(self, game: GameRow, state: GameState, moves: list[Move]) -> None:
        """After ``moves`` are stored: the waiting players' pings held by their settings, their clocks set."""
        if not engine_of(game).is_over(state):
            await self.hold_pings(game, state)
        await self._set_clocks(game, state, moves)

    async def _store(
        self, game: GameRow, state: GameState, moves: list[Move], click: int | None, drawn: bool
    ) -> GameRow:
        """Stores ``moves`` after ``game``'s version with the state they lead to, in one transaction
        (with the reminders of that position, and forgetting ``click``); the game as stored.

        The stored game is ``game`` with what the transaction changed (it changes nothing else), not
        read again: the caller holds the game's lock, and the versioned write failed if another
        process had changed it. With ``drawn`` (its board is posted next), ``drawing`` starts the
        board's picture before the write."""
        finished = engine_of(game).is_over(state)
        dumped = engine_of(game).dump(state)
        expected, now = game.version + len(moves), time.time()
        forget = self.drawing(dataclasses.replace(game, version=expected), state) if drawn and self.drawing else None
        try:
            version = await self.db.record_moves(
                game.id,
                game.version,
                moves,
                dumped,
                finished,
                click,
                reminders=self._reminders(game, state, active=not finished),
                now=now,
            )
        except BaseException as exc:
            if forget is not None:
                forget()
            if isinstance(exc, StaleVersion):
                raise Stale("error.stale") from None
            raise
        status = FINISHED if finished else game.status
        return dataclasses.replace(game, state=dumped, version=version, status=status, updated_at=now)

    def ai_to_act(self, game: GameRow, state: GameState) -> list[int]:
        """The AI seats that must act now."""
        return [s for s in engine_of(game).to_act(state) if game.seats[s].is_ai]

    def slow_ai(self, game: GameRow, state: GameState) -> bool:
        """Whether AI seats must act now in a game with a strong AI seat (whose chain takes a while)."""
        return bool(self.ai_to_act(game, state)) and any(s.is_ai and s.level == "strong" for s in game.seats)

    async def play_on(self, game: GameRow, state: GameState) -> MoveResult:
        """The AI seats that must act play on and their moves are stored (the caller holds the game's
        lock): a crash came between a stored move (or a start) and their answer."""
        return await self._after_move(game, state, [])

    async def play_ai(self, game: GameRow, engine: Engine[Any], state: GameState) -> tuple[GameState, list[Move]]:
        """The AI seats play on from ``state`` (off the event loop) until a human must act; the seats of
        a player away from the table (``/away``) are played too, at the table's stand-in strength."""
        levels = {s.seat: s.level for s in game.seats if s.is_ai}
        away = await self.away_seats(game)
        levels.update({seat: game.stand_in for seat in away})
        state, chain = await self.thinker.play(engine, state, levels, self.settings.max_ai_chain)
        moves = [Move(m.seat, m.action_id, None, m.events, m.revealed) for m in chain]
        for seat, until in away.items():  # the board says so, at the first move played for them
            first = next((m for m in moves if m.seat == seat), None)
            if first is not None:
                note = Event(
                    text=Msg(key="clock.away_played", params={"who": seat_msg(seat), "until": f"<t:{int(until)}:f>"})
                )
                first.events.insert(0, note.model_dump(mode="json"))
        return state, moves

    async def away_seats(self, game: GameRow) -> dict[int, float]:
        """The seats whose player is away (``/away``) and whose table the AI plays for them (every table
        with a clock; every table, if they asked the AI to play): seat -> until when."""
        humans = {s.seat: s.user_id for s in game.seats if not s.is_ai and s.user_id is not None}
        if not humans:
            return {}
        now = self.clock()
        settings = self.players.of_game(game)
        return {
            seat: s.away_until
            for seat, user_id in humans.items()
            if (s := settings[user_id]).away(now)
            and s.away_until is not None
            and (s.away_mode == AWAY_AI or game.turn_limit)
        }

    # -- the clock -------------------------------------------------------------------------
    async def set_clock(self, game_id: int, user_id: int, hours: float, level: str) -> GameRow:
        """The host chooses the table's clock in the lobby: hours a turn (0: none), and the strength the
        AI plays a late turn at."""
        if hours not in CLOCK_HOURS or level not in LEVELS:
            raise UserError("error.forged")
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            await self.db.update_game(game_id, turn_limit=hours * 3600 or None, stand_in=level)
            return await self.load(game_id)

    async def _set_clocks(self, game: GameRow, state: GameState, moves: list[Move]) -> None:
        """Each waiting seat's deadline: kept while its decision waits, new for a decision just begun (the
        seat moved since, or was not waiting), pushed to the end of the player's quiet hours."""
        if not game.turn_limit:
            return
        engine = engine_of(game)
        waiting = {}
        if game.status == ACTIVE:
            waiting = {
                seat: user_id
                for seat in engine.to_act(state)
                if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
            }
        old = await self.db.clocks_of(game.id)
        moved = {m.seat for m in moves}
        settings = self.players.of_game(game)
        deadlines = []
        for seat, user_id in waiting.items():
            kept = old.get(seat)
            if kept is not None and seat not in moved and kept["user_id"] == user_id:
                deadline = kept["deadline"]
            else:
                deadline = self.clock() + game.turn_limit
                deadline = settings[user_id].quiet_until(deadline) or deadline
            deadlines.append((seat, user_id, deadline))
        if deadlines or old:
            await self.db.set_clocks(game.id, deadlines)

    async def due_clocks(self, shards: Shards | None = None) -> list[dict[str, Any]]:
        """The passed deadlines (of ``shards``' games), claimed for this process (``Database.due_clocks``): play
        each with ``time_up``."""
        return await self.db.due_clocks(self.clock(), shards)

    async def time_up(self, game_id: int, seat: int, lease: float, then: Then | None = None) -> MoveResult | None:
        """A seat's time is up: the AI plays that turn (while the seat's decision lasts) at the table's
        stand-in strength, and the board says so. The seat stays its player's: they play the next one.

        ``lease`` is the deadline the claim gave the seat (``due_clocks``): another deadline now means
        that the seat was played meanwhile, and nothing is done."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            due = (await self.db.clocks_of(game_id)).get(seat)
            if game.status != ACTIVE or due is None or due["deadline"] != lease:
                return None  # played meanwhile
            engine = engine_of(game)
            state = self.state_of(game)
            if seat not in engine.to_act(state):
                await self._set_clocks(game, state, [])
                return None
            state, chain = await self.thinker.play(engine, state, {seat: game.stand_in}, self.settings.max_ai_chain)
            moves = [Move(m.seat, m.action_id, None, m.events, m.revealed) for m in chain]
            if moves:
                note = Event(
                    text=Msg(
                        key="clock.time_up",
                        params={"who": seat_msg(seat), "level": Msg(key=f"ai.level.{game.stand_in}")},
                    )
                )
                moves[0].events.insert(0, note.model_dump(mode="json"))
            return await self._after_move(game, state, moves, then)

    async def nudge(self, game_id: int, then: Then | None = None) -> MoveResult:
        """Plays on where the AI now plays a seat that the game waits on (a player went away)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            return await self._after_move(game, self.state_of(game), [], then)

    def _reminders(self, game: GameRow, state: GameState, active: bool) -> tuple[list[tuple[int, int]], float]:
        """The (seat, user) pairs to remind of the decision pending in ``state``, and when (none: [])."""
        engine = engine_of(game)
        waiting = [
            (seat, user_id)
            for seat in engine.to_act(state)
            if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
        ]
        delay = self.reminder_delay(game.reminder_delay)
        if not active or not waiting or delay <= 0:
            return [], 0.0
        return waiting, self.clock() + delay

    async def _schedule(self, game: GameRow, state: GameState) -> None:
        waiting, due = self._reminders(game, state, game.status == ACTIVE)
        if not waiting:
            await self.db.clear_reminders(game.id)
            return
        await self.db.schedule_reminders(game.id, game.version, waiting, due)

    async def hold_pings(self, game: GameRow, state: GameState) -> None:
        """By the waiting players' settings: the ping of one inside their quiet hours (or away from a table
        that waits for them) is held until then, and one who wants no reminders has none."""
        waiting = {
            seat: user_id
            for seat in engine_of(game).to_act(state)
            if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id) is not None
        }
        if not waiting:
            return
        settings = self.players.of_game(game)
        for seat, user_id in waiting.items():
            later = self.later_for(settings[user_id])
            if later is not None:
                await self.db.hold_ping(game.id, seat, user_id, game.version, later)
            elif not settings[user_id].reminders:
                await self.db.drop_reminder(game.id, seat)

    def later_for(self, settings: PlayerSettings, now: float | None = None) -> float | None:
        """When a player who must not be pinged now (or at ``now``) may be (the end of their quiet hours, or
        of their absence from the tables that wait for them), or None: now."""
        now = self.clock() if now is None else now
        later = settings.quiet_until(now)
        if settings.away(now) and settings.away_mode == AWAY_PAUSE and settings.away_until is not None:
            later = max(later or now, settings.away_until)
        return later

    async def held_ping_sent(self, reminder: dict[str, Any], reminders: bool) -> None:
        """A held ping went out; the reminders follow as for a turn just begun (if wanted)."""
        delay = self.reminder_delay(reminder.get("game_delay"))
        next_due = reminder["now"] + delay if reminders and delay > 0 else None
        await self.db.held_ping_sent(reminder["game_id"], reminder["seat"], next_due)

    def reminder_delay(self, game_delay: float | None) -> float:
        return self.settings.reminder_delay if game_delay is None else game_delay

    async def set_reminders(self, game_id: int, user_id: int, hours: float) -> GameRow:
        """The host sets this game's first-reminder delay (0: no reminders)."""
        if not (isinstance(hours, int | float) and math.isfinite(hours) and 0 <= hours <= MAX_REMINDER_HOURS):
            raise UserError("error.reminder_hours", max=MAX_REMINDER_HOURS)
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            self._host_only(game, user_id)
            await self.db.update_game(game_id, reminder_delay=hours * 3600)
            game = await self.load(game_id)
            await self._schedule(game, self.state_of(game))
            return game

    # -- seats and ending --------------------------------------------------------------
    async def hand_to_ai(self, game_id: int, by_user: int, user_id: int, then: Then | None = None) -> MoveResult:
        """The host hands a player's seats to the AI; a player may resign their own."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            seats = game.seats_of(user_id)
            if not seats:
                raise UserError("error.not_a_player" if user_id == by_user else "error.unknown_player")
            if by_user != game.host_id and any(game.seats[s].user_id != by_user for s in seats):
                raise UserError("error.host_only", host=f"<@{game.host_id}>")
            for s in seats:
                await self.db.set_seat_ai(game_id, s)
            game = await self.load(game_id)
            return await self._after_move(game, self.state_of(game), [], then)

    async def end(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status not in (ACTIVE, ABANDONED):
                raise UserError("error.not_running")
            self._host_only(game, user_id)
            await self.db.update_game(game_id, status=ENDED)
            await self.db.clear_reminders(game_id)
            self.changed(game_id)
            return await self.load(game_id)

    async def abandon(self, game_id: int) -> GameRow | None:
        """The game's thread or channel is gone: it stops (no reminders) until its host moves or ends it.

        Returns the game if it was running (None if it was not, so the host is told once).
        """
        async with self.lock(game_id):
            return await self.load(game_id) if await self.mark_abandoned(game_id) else None

    async def mark_abandoned(self, game_id: int) -> bool:
        """``abandon`` for a caller that holds the game's lock already; whether the game was running."""
        game = await self.load(game_id)
        if game.status != ACTIVE:
            return False
        await self.db.update_game(game_id, status=ABANDONED)
        await self.db.clear_reminders(game_id)
        self.changed(game_id)
        return True

    async def check_move(self, game_id: int, user_id: int) -> GameRow:
        game = await self.load(game_id)
        if game.status not in (ACTIVE, ABANDONED):
            raise UserError("error.not_running")
        self._host_only(game, user_id)
        self.state_of(game)
        return game

    async def move(
        self, game_id: int, user_id: int, channel_id: int, thread_id: int | None, then: Then | None = None
    ) -> MoveResult:
        """The host re-posts a running or abandoned game in a new thread (or channel) and play goes on there."""
        async with self.lock(game_id):
            game = await self.check_move(game_id, user_id)
            await self.db.update_game(
                game_id,
                status=ACTIVE,
                channel_id=channel_id,
                thread_id=thread_id,
                board_message_id=None,
                board_version=None,
                board_blocked=None,
            )
            game = await self.load(game_id)
            return await self._after_move(game, self.state_of(game), [], then)

    # -- the spectator page ------------------------------------------------------------
    async def web_token(self, game_id: int) -> str:
        """The token of the game's spectator page (``/g/<token>``), made now if the game has none."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status == LOBBY:
                raise UserError("error.no_game_here")
            if game.web_token is None:
                game.web_token = new_web_token()
                await self.db.update_game(game_id, web_token=game.web_token)
            return game.web_token

    async def reset_web_token(self, game_id: int, user_id: int) -> str:
        """The host replaces the page's token: the old link answers "not found" from now on."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status == LOBBY:
                raise UserError("error.no_game_here")
            self._host_only(game, user_id)
            token = new_web_token()
            await self.db.update_game(game_id, web_token=token)
            self.changed(game_id)  # the streams of the old link end
            return token

    # -- reminders -------------------------------------------------------------------
    async def due_reminders(self, shards: Shards | None = None) -> list[dict[str, Any]]:
        """The reminders due now (of ``shards``' games), claimed: no other process sends them. Each carries
        ``now``, the time they were found due, which the next one is reckoned from."""
        now = self.clock()
        return [{**reminder, "now": now} for reminder in await self.db.due_reminders(now, shards)]

    async def reminder_sent(self, reminder: dict[str, Any]) -> None:
        count = reminder["sent"] + 1
        next_due = (
            None
            if count >= self.settings.reminder_max
            else (reminder["now"] + self.reminder_delay(reminder.get("game_delay")) * (2**count))
        )
        await self.db.reminder_sent(reminder["game_id"], reminder["seat"], next_due)

    async def mute(self, game_id: int, user_id: int, version: int) -> None:
        """The "Not this turn" button of the reminder sent at ``version``; a refusal says why (old, someone else's)."""
        if await self.db.mute_reminder(game_id, user_id, version):
            return
        game = await self.load(game_id)
        if not game.seats_of(user_id):
            raise UserError("error.not_a_player")
        if game.status != ACTIVE:
            raise UserError("error.not_running")
        raise UserError("remind.old" if version != game.version else "remind.not_yours")
