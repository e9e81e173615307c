"""Results, ratings and history, all worked out from the stored finished games (no table of their own).

Ratings: openskill's Plackett-Luce model (Weng-Lin Bayesian ratings). The games here have up to
five players and final ranks with ties, which it rates directly from the ranks, where Elo and
Glicko-2 compare two players at a time; TrueSkill does multiplayer too, but its Python package has
had no release since 2018. A rating is shown as openskill's ordinal (mu - 3 sigma: it starts at 0
and grows as the system becomes sure a player is strong). Each server and game has its own list.

Who is rated: the human who held a seat (a seat handed to the AI keeps its player's result, so
resigning does not dodge a loss) and "the AI" as one player for all the AI seats. One player
with several seats in a game counts once, with their best rank.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from ..storage import FORMER_PLAYER, GameRow
from .games import engine_of

log = logging.getLogger(__name__)

AI = "ai"
FORMER = "f"  # a forgotten player's result in one game: rated as a newcomer, never shown


def player_key(user_id: int | None) -> str:
    return AI if user_id is None else f"u{user_id}"


def seat_key(game: GameRow, seat: int) -> str:
    """Who a seat's result counts for: its player, the AI, or, for a player who asked to be forgotten,
    nobody beyond that one game (``FORMER`` keys are never listed)."""
    user_id = game.seats[seat].user_id
    return f"{FORMER}{game.id}.{seat}" if user_id == FORMER_PLAYER else player_key(user_id)


@dataclass(frozen=True)
class Line:
    """One seat's final result."""

    seat: int
    key: str
    score: int
    rank: int
    winner: bool


@dataclass(frozen=True)
class Result:
    game: GameRow
    lines: tuple[Line, ...]

    def of(self, key: str) -> Line | None:
        """``key``'s best line in this game."""
        return min((line for line in self.lines if line.key == key), key=lambda line: line.rank, default=None)


@dataclass
class Standing:
    key: str
    games: int = 0
    wins: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Table:
    """One game's standings on one server, after rating its finished games in the order they ended."""

    game: str
    standings: dict[str, Standing] = field(default_factory=dict)

    def top(self, n: int = 10) -> list[Standing]:
        shown = [s for s in self.standings.values() if not s.key.startswith(FORMER)]
        return sorted(shown, key=lambda s: (-s.rating, -s.wins, s.key))[:n]


class Stats:
    def __init__(self) -> None:
        self.model = PlackettLuce()
        self._results: dict[int, Result] = {}  # a finished game's result never changes

    def result(self, game: GameRow) -> Result | None:
        cached = self._results.get(game.id)
        # a finished game's result changes only if a player of it asked to be forgotten
        if cached is not None and [s.user_id for s in cached.game.seats] == [s.user_id for s in game.seats]:
            return cached
        engine = engine_of(game)
        try:
            outcome = engine.outcome(engine.load(game.state)) if game.state else None
        except Exception as exc:  # a damaged row counts for nothing; the other games still do
            log.warning("finished game %s left out of the stats: its state cannot be read (%s)", game.id, exc)
            return None
        if outcome is None:
            return None
        game = dataclasses.replace(game, state=None)  # the cache keeps the result, not the whole state
        lines = tuple(
            Line(r.seat, seat_key(game, r.seat), r.score, r.rank, r.winner)
            for r in sorted(outcome.results, key=lambda r: r.rank)
            if r.seat is not None and r.seat < len(game.seats)
        )
        result = self._results[game.id] = Result(game, lines)
        return result

    def table(self, game_id: str, games: list[GameRow]) -> Table:
        """Rates the finished ``games`` of one game, oldest first."""
        table = Table(game_id)
        for game in games:
            result = self.result(game)
            if game.game != game_id or result is None:
                continue
            keys = list(dict.fromkeys(line.key for line in result.lines))
            if len(keys) < 2:  # a solitaire game has no one to be rated against
                for key in keys:
                    self._count(table, result, key)
                continue
            standings = [table.standings.setdefault(k, Standing(k)) for k in keys]
            teams = [[self.model.rating(mu=s.mu, sigma=s.sigma)] for s in standings]
            ranks: list[float] = [min(line.rank for line in result.lines if line.key == k) for k in keys]
            for standing, [rated] in zip(standings, self.model.rate(teams, ranks=ranks), strict=True):
                standing.mu, standing.sigma = rated.mu, rated.sigma
            for key in keys:
                self._count(table, result, key)
        return table

    @staticmethod
    def _count(table: Table, result: Result, key: str) -> None:
        standing = table.standings.setdefault(key, Standing(key))
        standing.games += 1
        line = result.of(key)
        standing.wins += int(line is not None and line.winner)
