import asyncio

import pytest

from bot.service import GameService
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
        return_exceptions=True)
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
