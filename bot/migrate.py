"""``python -m bot migrate --from A --to B``: every game, move, rating and setting copied between databases.

A and B are each an SQLite file or a ``postgresql://`` URL (either direction: to move a bot onto
PostgreSQL, or to make a backup that opens anywhere). The target must be empty unless ``--force``
(which empties it first). The copy is checked: the same number of rows in every table, and every
copied game's log, replayed from its seed, leads to the state stored for it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from rules import GAMES

from .storage import Database, DatabaseError
from .storage.copy import copy, counts, empty


class Bar:
    """A progress bar on one terminal line (plain lines when the output is not a terminal)."""

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width = out, width
        self.tty = out.isatty()
        self._last: tuple[str, int] | None = None

    def __call__(self, what: str, done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = int(share * self.width)
        line = f"{what:<14} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}"
        if self.tty:
            self.out.write("\r" + line + ("\n" if done >= total else ""))
        elif self._last is None or self._last[0] != what or done >= total or int(share * 10) > self._last[1]:
            self.out.write(line + "\n")
        self._last = (what, int(share * 10))
        self.out.flush()


async def verify(db: Database, progress: Bar) -> list[str]:
    """The games whose copied log does not lead to their copied state (each as one line)."""
    problems = []
    games = [game for game in await db.started_games() if game.game in GAMES]  # (a game Mesa dropped: not replayed)
    for n, game in enumerate(games, start=1):
        engine = GAMES[game.game]
        moves = [(row["seat"], row["action_id"]) for row in await db.moves_that_count(game.id)]
        try:
            replayed = await asyncio.to_thread(engine.replay, len(game.seats), game.seed or 0, game.options, moves)
            if game.state is None or engine.load(game.state) != replayed:
                problems.append(f"game {game.id} ({game.game}): its log does not lead to its stored state")
        except Exception as exc:
            problems.append(f"game {game.id} ({game.game}): cannot be replayed ({type(exc).__name__}: {exc})")
        progress("checking games", n, len(games))
    return problems


async def run(source: str, target: str, force: bool, out: TextIO) -> int:
    if source == target:
        raise DatabaseError("--from and --to name the same database")
    bar = Bar(out)
    src = await Database.open(source)
    try:
        dst = await Database.open(target)
        try:
            held = sum((await counts(dst.sql)).values())
            if held and not force:
                raise DatabaseError(
                    f"{dst.name} already holds {held} rows; copy into an empty database, "
                    "or add --force to delete what it holds first"
                )
            if held:
                await empty(dst.sql)
            copied = await copy(src.sql, dst.sql, bar)
            now = await counts(dst.sql)
            if now != copied:
                raise DatabaseError(f"the copy does not hold the rows of the original ({now} against {copied})")
            problems = await verify(dst, bar)
        finally:
            await dst.close()
    finally:
        await src.close()
    for problem in problems:
        print(f"mesa: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"copied {copied['games']} games and {copied['actions']} moves from {src.name} to {dst.name}", file=out)
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy every game from one database to another (an SQLite file or a postgresql:// URL), "
        "then check the copy by replaying each game.",
    )
    parser.add_argument("--from", dest="source", required=True, help="the database to copy (file or URL)")
    parser.add_argument("--to", dest="target", required=True, help="the database to fill (file or URL)")
    parser.add_argument("--force", action="store_true", help="empty the target first if it holds anything")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(run(args.source, args.target, args.force, sys.stdout))
    except DatabaseError as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 1
