"""Games as the players see them, with no discord in sight: lobbies, moves, AI seats, reminders.

Each game's writes are serialized by one asyncio lock; every move is checked against the stored
version, applied by the engine, played on by the AI seats and stored in one transaction.  When a
strong AI seat answers a player's move, the move is stored alone first and the players hear of it
(``thinking``) while the AI seats think; their moves are then stored in a transaction of their own.
A crash in between leaves a stored game whose AI seats must act and whose board is behind: the
board outbox plays them on (``play_on``) before it posts the board.

``GameService`` is one face for the bot, built in layers, each using those below it: ``access.GameAccess``
(a game loaded under its lock), ``waiting.Waiting`` (reminders and clocks), ``playing.Playing`` (moves and
the AI seats), then here the lobby, the start and the spectator page's link.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Awaitable, Callable

from rules import GAMES
from rules.core import LEVELS

from ..storage import ENDED, FINISHED, LOBBY, GameRow, Move, Seat
from .access import BrokenGame, GameAccess, MoveResult, Noted, Stale, Then, UserError, engine_of
from .playing import Playing
from .waiting import CLOCK_HOURS, MAX_REMINDER_HOURS

__all__ = [
    "CLOCK_HOURS",
    "MAX_REMINDER_HOURS",
    "BrokenGame",
    "GameAccess",
    "GameService",
    "MoveResult",
    "Noted",
    "Stale",
    "Then",
    "UserError",
    "engine_of",
    "new_web_token",
]


def new_web_token() -> str:
    """A spectator page's token: 32 URL-safe characters (192 random bits), not guessable."""
    return secrets.token_urlsafe(24)


class GameService(Playing):
    """Games as the players see them (see the module's doc)."""

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
