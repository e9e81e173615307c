"""``python -m bot migrate``: every row copied between SQLite and PostgreSQL, both ways, and checked by replay."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from spawned import end

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import RESIGNED, Database, Seat
from bot.storage.copy import TABLES
from fakediscord.timing import stretched
from rules import GAMES

ROOT = Path(__file__).resolve().parent.parent


async def _played(target: str) -> dict[int, int]:
    """A database with games of every kind, lobbies, moves, an undo request, reminders, meta, a note for the
    channel and a sign-in; their versions."""
    db = await Database.open(target)
    service = GameService(db, Settings(ai_processes=0, reminder_delay=3600))
    rng = random.Random(5)
    versions = {}
    try:
        for n, game in enumerate(sorted(GAMES)):
            engine = GAMES[game]
            game_id = await db.create_lobby(game, 7 << 22, 100 + n, 10, "Ana", "pt-BR", engine.default_options())
            seats = [Seat(0, 10, "Ana", False), Seat(1, 11, "Bia", False)][: max(engine.min_players, 2)]
            await db.set_seats(game_id, [*seats, Seat(len(seats), None, "", True, "easy")])
            result = await service.start(game_id, 10, 500 + n, seed=n)
            for _ in range(6):  # the humans play a few moves each
                state, game_row = result.state, result.game
                to_act = [s for s in engine.to_act(state) if not game_row.seats[s].is_ai]
                if not to_act:
                    break
                seat = to_act[0]
                action = rng.choice(engine.legal_actions(state, seat))
                user = game_row.seats[seat].user_id or 0
                result = await service.act(game_id, user, game_row.version, action.id)
            versions[game_id] = result.game.version
        await db.create_lobby("engis", 7 << 22, 200, 12, "Caio", "en", {})  # a lobby never started
        await db.save_undo_request(min(versions), 10, versions[min(versions)], 1, [11])
        await db.set_meta("boards_clean_at", "12.5")
        await db.note_click(4242, min(versions), 10, "a-token", "en")
        await db.sql.execute("INSERT INTO players (user_id, locale, updated_at) VALUES ($1, $2, $3)", 10, "en", 1.5)
        await db.set_clocks(max(versions), [(0, 10, 9_999.25)])
        await db.leave_note(min(versions), RESIGNED, 10, versions[min(versions)])  # (for a bot to say)
        await db.start_sign_in("a-sign-in", 10, 3600)
    finally:
        await db.close()
    return versions


async def _rows(target: str) -> dict[str, list[tuple]]:
    db = await Database.open(target)
    try:
        return {
            table: [tuple(r.values()) for r in map(dict, await db.sql.fetch(f"SELECT * FROM {table} ORDER BY {order}"))]
            for table, order in TABLES
        }
    finally:
        await db.close()


async def _migrate(*argv: str) -> tuple[int, str, str]:
    """``python -m bot migrate ARGV``: its exit code, output and errors. The process (in a group of its own)
    is ended with whatever it started, however the test goes."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "migrate",
        *argv,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), stretched(120))
    finally:
        await end(proc)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_sqlite_to_postgres_and_back_copies_every_row_and_checks_every_game(tmp_path, postgres_url):
    source = str(tmp_path / "mesa.sqlite3")
    versions = await _played(source)
    assert len(versions) == len(GAMES) and all(v > 0 for v in versions.values())
    code, out, err = await _migrate("--from", source, "--to", postgres_url)
    assert code == 0, err
    assert f"copied {len(GAMES) + 1} games" in out and "checking games" in out and "#" * 30 in out
    original = await _rows(source)
    assert await _rows(postgres_url) == original and all(original[t] for t, _ in TABLES)
    back = str(tmp_path / "backup.sqlite3")
    code, _, err = await _migrate("--from", postgres_url, "--to", back)
    assert code == 0, err
    assert await _rows(back) == original
    for copy in (postgres_url, back):  # each copy plays on: a new game takes a new number
        db = await Database.open(copy)
        try:
            assert [(g.id, g.version) for g in await db.started_games()] == sorted(versions.items())
            assert await db.create_lobby("engis", 1, 2, 10, "Ana", "en", {}) == len(original["games"]) + 1
        finally:
            await db.close()


async def test_a_target_that_holds_games_is_refused_unless_forced(tmp_path, postgres_url):
    source = str(tmp_path / "mesa.sqlite3")
    await _played(source)
    target = await Database.open(postgres_url)
    await target.create_lobby("atlandice", 1, 2, 99, "Zé", "en", {})
    await target.close()
    code, _, err = await _migrate("--from", source, "--to", postgres_url)
    assert code == 1 and "already holds" in err and "--force" in err and len(err.strip().splitlines()) == 1
    assert [g.host_id for g in await _games(postgres_url)] == [99]  # untouched
    code, _, err = await _migrate("--from", source, "--to", postgres_url, "--force")
    assert code == 0, err
    assert await _rows(postgres_url) == await _rows(source)


async def _games(target: str):
    db = await Database.open(target)
    try:
        return await db.games_of_guild(1, ("lobby",))
    finally:
        await db.close()


async def test_a_game_whose_log_does_not_lead_to_its_state_is_named(tmp_path):
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    versions = await _played(source)
    spoiled = max(versions)
    db = await Database.open(source)
    await db.sql.execute("DELETE FROM actions WHERE game_id = $1 AND version = $2", spoiled, versions[spoiled])
    await db.close()
    code, _, err = await _migrate("--from", source, "--to", target)
    assert code == 1 and f"game {spoiled} " in err and "does not lead to its stored state" in err
    assert all(f"game {other} " not in err for other in versions if other != spoiled)


async def test_every_table_of_the_schema_is_copied(tmp_path):
    db = await Database.open(tmp_path / "mesa.sqlite3")
    try:
        tables = {r["name"] for r in await db.sql.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        await db.close()
    assert tables - {"sqlite_sequence"} == {table for table, _ in TABLES}
