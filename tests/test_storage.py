import asyncio
import os

import pytest

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import Database, Move, Seat, StaleVersion


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "mesa.sqlite3")
    yield database
    await database.close()


async def _active_game(db: Database) -> int:
    game_id = await db.create_lobby("atlandice", 1, 2, 10, "Ana", "pt-BR", {})
    await db.set_seats(game_id, [Seat(0, 10, "Ana", False), Seat(1, None, "", True)])
    assert await db.start_game(game_id, seed=5, state='{"s": 0}', thread_id=3)
    return game_id


async def test_migrations_run_once_and_reopen(tmp_path):
    path = tmp_path / "m.sqlite3"
    first = await Database.open(path)
    version = await first.schema_version()
    game_id = await _active_game(first)
    await first.close()
    again = await Database.open(path)
    assert await again.schema_version() == version >= 1
    assert (await again.get_game(game_id)).status == "active"
    await again.close()


async def test_moves_are_versioned_and_logged(db):
    game_id = await _active_game(db)
    v = await db.record_moves(game_id, 0, [Move(0, "a", 10, []), Move(1, "b", None, [{"x": 1}])], '{"s": 2}', False)
    assert v == 2
    game = await db.get_game(game_id)
    assert (game.version, game.state, game.status) == (2, '{"s": 2}', "active")
    log = await db.action_log(game_id)
    assert [(r["version"], r["seat"], r["action_id"]) for r in log] == [(1, 0, "a"), (2, 1, "b")]
    assert (await db.action_log(game_id, limit=1))[0]["version"] == 2


async def test_a_stale_writer_changes_nothing(db):
    game_id = await _active_game(db)
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], '{"s": 1}', False)
    with pytest.raises(StaleVersion):
        await db.record_moves(game_id, 0, [Move(0, "z", 10, [])], '{"s": "bad"}', False)
    game = await db.get_game(game_id)
    assert (game.version, game.state) == (1, '{"s": 1}')
    assert len(await db.action_log(game_id)) == 1


async def test_concurrent_writers_exactly_one_wins(db):
    game_id = await _active_game(db)
    results = await asyncio.gather(
        *[db.record_moves(game_id, 0, [Move(0, f"m{i}", 10, [])], f'{{"s": {i}}}', False) for i in range(5)],
        return_exceptions=True,
    )
    assert sum(1 for r in results if r == 1) == 1
    assert sum(1 for r in results if isinstance(r, StaleVersion)) == 4
    assert len(await db.action_log(game_id)) == 1


async def test_finishing_move_closes_the_game(db):
    game_id = await _active_game(db)
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], "{}", True)
    assert (await db.get_game(game_id)).status == "finished"
    with pytest.raises(StaleVersion):
        await db.record_moves(game_id, 1, [Move(0, "b", 10, [])], "{}", False)


async def test_reminders_due_mute_and_version(db):
    game_id = await _active_game(db)
    await db.schedule_reminders(game_id, 0, [(0, 10)], due_at=100.0)
    assert await db.due_reminders(99.0) == []
    due = await db.due_reminders(100.0)
    assert [(r["seat"], r["user_id"], r["sent"]) for r in due] == [(0, 10, 0)]
    await db.reminder_sent(game_id, 0, next_due=200.0)
    assert await db.due_reminders(150.0) == []
    assert (await db.due_reminders(200.0))[0]["sent"] == 1
    assert await db.mute_reminder(game_id, 10, 0)
    assert await db.due_reminders(10_000.0) == []
    # A reminder for a version the game has left is never sent.
    await db.schedule_reminders(game_id, 0, [(0, 10)], due_at=100.0)
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], "{}", False)
    assert await db.due_reminders(10_000.0) == []


async def test_a_move_replaces_the_reminders_in_its_own_transaction(db):
    game_id = await _active_game(db)
    await db.schedule_reminders(game_id, 0, [(0, 10)], due_at=100.0)
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], "{}", False, reminders=([(0, 10)], 300.0))
    assert [(r["seat"], r["version"], r["due_at"]) for r in await db.reminders_of(game_id)] == [(0, 1, 300.0)]
    with pytest.raises(StaleVersion):  # a refused move leaves the reminders as they were
        await db.record_moves(game_id, 0, [Move(0, "b", 10, [])], "{}", False, reminders=([], 0.0))
    assert [r["version"] for r in await db.reminders_of(game_id)] == [1]
    await db.record_moves(game_id, 1, [Move(0, "c", 10, [])], "{}", True, reminders=([], 0.0))
    assert await db.reminders_of(game_id) == []


async def test_a_game_is_read_with_its_seats_in_order(db):
    game_id = await _active_game(db)
    game = await db.get_game(game_id)
    assert [(s.seat, s.user_id, s.name, s.is_ai) for s in game.seats] == [(0, 10, "Ana", False), (1, None, "", True)]
    assert game.version == 0 and game.status == "active" and game.state == '{"s": 0}'
    lobby = await db.get_game(await db.create_lobby("engis", 1, 2, 10, "Ana", "en", {}))
    assert lobby.game == "engis" and lobby.status == "lobby"
    assert await db.get_game(10_000) is None


async def test_a_list_of_games_reads_each_with_its_own_seats(db):
    first = await _active_game(db)
    second = await db.create_lobby("engis", 1, 2, 20, "Bia", "en", {})
    await db.set_seats(second, [Seat(0, 20, "Bia", False), Seat(1, 10, "Ana", False), Seat(2, None, "", True)])
    assert await db.start_game(second, seed=6, state="{}", thread_id=4)
    alone = await db.create_lobby("engis", 1, 2, 30, "Caio", "en", {})
    games = {g.id: g for g in await db.games_of_guild(1, ("active", "lobby"))}
    assert set(games) == {first, second, alone}
    for game_id in (first, second, alone):
        assert [(s.seat, s.user_id) for s in games[game_id].seats] == [
            (s.seat, s.user_id) for s in (await db.get_game(game_id)).seats
        ]
    assert [s.user_id for s in games[second].seats] == [20, 10, None] and [s.user_id for s in games[alone].seats] == [
        30
    ]


async def test_game_locks_exclude_each_other_and_are_not_kept(db):
    service = GameService(db, Settings())
    inside: list[int] = []

    async def hold(game_id: int) -> None:
        async with service.lock(game_id):
            inside.append(game_id)
            assert inside.count(game_id) == 1  # one holder of a game's lock at a time
            await asyncio.sleep(0.001)
            inside.remove(game_id)

    await asyncio.gather(*(hold(i % 50) for i in range(500)))
    assert len(service._locks) == 0  # no lock is kept for a game nobody is playing right now


async def test_a_click_is_forgotten_with_its_move_and_only_older_clicks_are_taken(db):
    import time

    game_id = await _active_game(db)
    await db.add_click(501, game_id, 10, "token-a", "en")
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], '{"s": 1}', False, click=501)
    await db.add_click(502, game_id, 10, "token-b", "pt-BR")  # lost in a crash
    start = time.time()
    await asyncio.sleep(0.01)
    await db.add_click(503, game_id, 10, "token-c", "en")  # being played by this run
    taken = await db.take_clicks(before=start)
    assert [(c["interaction_id"], c["token"], c["locale"]) for c in taken] == [(502, "token-b", "pt-BR")]
    assert await db.take_clicks(before=start) == []
    await db.drop_click(503)
    assert await db.take_clicks(before=time.time() + 1) == []


# -- databases the bot must refuse, each in one sentence, leaving no thread behind -------------
def _corrupt_middle(path):
    """Points the cells of a table leaf page in the second half of the file out of their page.

    The header and the schema stay readable, so only ``PRAGMA quick_check`` finds the damage.
    """
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18]) or 65536
    pages = len(data) // size
    leaf = next(
        p
        for p in range(pages // 2, pages)
        if data[p * size] == 0x0D and int.from_bytes(data[p * size + 3 : p * size + 5]) > 2
    )
    cells = int.from_bytes(data[leaf * size + 3 : leaf * size + 5])
    data[leaf * size + 8 : leaf * size + 8 + 2 * cells] = (size - 2).to_bytes(2) * cells
    path.write_bytes(bytes(data))


def _truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _newer(path):
    import sqlite3

    from bot.storage import MIGRATIONS

    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")


def _garbage(path):
    path.write_bytes(b"MESA? no: a text file where the database should be\n" * 100)


def _foreign(path):
    import sqlite3

    path.unlink()  # another program's SQLite file
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (name TEXT)")


async def _filled(path):
    db = await Database.open(path)
    for i in range(120):
        game_id = await _active_game(db)
        await db.record_moves(game_id, 0, [Move(0, "a" * 40, 10, [{"text": "x" * 300}])], f'{{"s": {i}}}', False)
    await db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await db.close()


def _lingering_threads() -> list:
    """aiosqlite connection threads still running (a process waits for them before it exits)."""
    import threading

    others = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
    for thread in others:
        thread.join(2)
    return [t for t in others if t.is_alive()]


@pytest.mark.parametrize(
    "spoil, says",
    [
        (_garbage, ("not a readable Mesa database",)),
        (_truncate, ("not a readable Mesa database",)),
        # quick_check lists the damage, or stops at it ("malformed"), as the damaged page decides
        (_corrupt_middle, ("is damaged (SQLite quick_check", "not a readable Mesa database")),
        (_newer, ("newer Mesa",)),
        (_foreign, ("cannot use",)),
    ],
)
async def test_bad_database_files_are_refused_in_one_sentence(tmp_path, spoil, says):
    from bot.storage import DatabaseError

    path = tmp_path / "mesa.sqlite3"
    await _filled(path)
    spoil(path)
    with pytest.raises(DatabaseError) as refused:
        await Database.open(path)
    assert any(s in str(refused.value) for s in says) and str(path) in str(refused.value)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 400
    assert not _lingering_threads()  # the process can exit


async def test_a_read_only_database_is_refused(tmp_path):
    import shutil
    import subprocess

    from bot.storage import DatabaseError

    path = tmp_path / "mesa.sqlite3"
    await _filled(path)
    if os.geteuid() == 0:  # root writes through file modes: make the file immutable instead
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", path]).returncode:
            pytest.skip("cannot make a file read-only for root here")
    else:
        path.chmod(0o444)
    try:
        with pytest.raises(DatabaseError) as refused:
            await Database.open(path)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", path])
    assert "read-only" in str(refused.value)
    assert not _lingering_threads()


async def test_a_folder_is_not_a_database(tmp_path):
    from bot.storage import DatabaseError

    with pytest.raises(DatabaseError, match="is a folder"):
        await Database.open(tmp_path)
