"""What the storage hands out and takes in: games with their seats, moves, and the storage's errors."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

ACTIVE = "active"
LOBBY = "lobby"
FINISHED = "finished"
ENDED = "ended"
# The game's thread or channel was deleted: it waits for its host to move it (/game move) or end it.
ABANDONED = "abandoned"
# Why a board cannot be posted (games.board_blocked): the bot may not write there.
FORBIDDEN = "forbidden"


@dataclass
class Move:
    seat: int
    action_id: str
    user_id: int | None
    events: list[dict[str, Any]]  # the events' JSON (Event.model_dump)
    revealed: bool | None = None  # Engine.reveals: the move showed something new (None: not known)


class StaleVersion(Exception):
    """The game moved on since the version the writer read."""


class DatabaseError(Exception):
    """The database cannot be used; the message is one sentence for whoever starts the bot."""


class DatabaseAway(DatabaseError):
    """The database cannot be reached now (its server is down, restarting, or out of reach): what was asked
    was not done, or is not known to be. It comes back by itself; ``Outage`` says when."""


@dataclass
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str = "normal"  # the AI's strength when the AI plays the seat (rules.core.LEVELS)
    # An imported game's lobby: the player of the file this seat waits for (it is theirs once they Join)
    invited: int | None = None

    @property
    def is_open(self) -> bool:
        """Nobody holds it yet: an imported game's seat waiting for its player."""
        return self.user_id is None and not self.is_ai


@dataclass
class GameRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    status: str
    host_id: int
    locale: str
    options: dict[str, str]
    seed: int | None
    state: str | None
    version: int
    seats: list[Seat] = field(default_factory=list)
    board_version: int | None = None
    reminder_delay: float | None = None
    board_blocked: str | None = None
    updated_at: float | None = None
    turn_limit: float | None = None  # the clock: seconds a player has for a turn (None: no clock)
    stand_in: str = "normal"  # the AI's strength when it plays a late turn
    web_token: str | None = None  # the spectator page's token (None: no page yet)
    undo_version: int | None = None  # the version its pending undo request was made at (None: no request)
    # the stored settings (``players`` rows) of the seated players who set any, read with the game
    players: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def play_channel_id(self) -> int:
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def seats_of(self, user_id: int) -> list[int]:
        return [s.seat for s in self.seats if s.user_id == user_id and not s.is_ai]

    def with_board(self, message_id: int, at: float) -> GameRow:
        """This row as ``Games.record_board`` leaves it: its board ``message_id`` posted for its version, the
        row changed ``at``."""
        return replace(self, board_message_id=message_id, board_version=self.version, board_blocked=None, updated_at=at)


@dataclass(frozen=True)
class Shards:
    """The Discord shards a process serves: ``ids`` out of ``count``.

    A game belongs to the shard of its server, ``(guild_id >> 22) % count`` (direct messages: shard
    0), and the background work of a game (posting a board left behind, answering a click a crash
    lost) is done by the process that serves its shard.
    """

    count: int
    ids: tuple[int, ...]

    @classmethod
    def all(cls, count: int = 1) -> Shards:
        return cls(count, tuple(range(count)))

    def of(self, guild_id: int | None) -> int:
        return ((guild_id or 0) >> 22) % self.count

    def where(self, column: str = "guild_id") -> str:
        """The SQL condition "the game's server is on one of these shards" (integers only, no input)."""
        if self.count <= 1 or set(self.ids) >= set(range(self.count)):
            return "1 = 1"
        if not self.ids:
            return "1 = 0"
        ids = ", ".join(str(int(i)) for i in sorted(self.ids))
        return f"((COALESCE({column}, 0) >> 22) % {int(self.count)}) IN ({ids})"
