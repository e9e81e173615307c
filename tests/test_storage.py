import asyncio
import os
import time

import pytest

from bot.service.games import GameService, Stale
from bot.settings import Settings
from bot.storage import FORMER_PLAYER, MIGRATIONS, Database, DatabaseError, Move, Seat, StaleVersion
from bot.storage.players import COLUMNS


@pytest.fixture
async def db(database_target):
    """The storage contract runs on both databases (ids ``sqlite`` and ``postgres``)."""
    database = await Database.open(database_target)
    yield database
    await database.close()


PLAYER_DEFAULTS = dict.fromkeys(COLUMNS) | {
    "delivery": "mention",
    "time_zone": "UTC",
    "reminders": 1,
    "dm_refused": 0,
    "away_mode": "ai",
}


async def _active_game(db: Database) -> int:
    game_id = await db.create_lobby("atlandice", 1, 2, 10, "Ana", "pt-BR", {})
    await db.set_seats(game_id, [Seat(0, 10, "Ana", False), Seat(1, None, "", True)])
    assert await db.start_game(game_id, seed=5, state='{"s": 0}', thread_id=3)
    return game_id


async def test_migrations_run_once_and_reopen(empty_database_target):
    path = empty_database_target
    first = await Database.open(path)
    version = await first.schema_version()
    game_id = await _active_game(first)
    await first.close()
    again = await Database.open(path)
    assert await again.schema_version() == version == len(MIGRATIONS)
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


async def test_a_move_writes_log_click_and_reminders_together(db):
    """Everything ``record_moves`` writes, read back, in one round trip (a stored function on PostgreSQL,
    one call to the connection's thread on SQLite)."""
    game_id = await _active_game(db)
    await db.note_click(555, game_id, 10, "tok", "en")
    await db.schedule_reminders(game_id, 0, [(0, 10)], 100.0)
    trips = db.sql.trips
    moves = [Move(0, "a", 10, [{"k": "é"}], True), Move(1, "b", None, [], None), Move(0, "c", 10, [], False)]
    assert await db.record_moves(game_id, 0, moves, '{"s": 3}', False, 555, reminders=([(1, 11)], 200.0)) == 3
    assert db.sql.trips == trips + 1  # PostgreSQL: its stored function; SQLite: one call to its thread
    log = await db.action_log(game_id)
    assert [(r["version"], r["seat"], r["action_id"], r["user_id"], r["events"], r["revealed"]) for r in log] == [
        (1, 0, "a", 10, [{"k": "é"}], True),
        (2, 1, "b", None, [], None),
        (3, 0, "c", 10, [], False),
    ]
    assert [c["interaction_id"] for c in await db.take_clicks(before=time.time() + 1)] == []
    due = await db.due_reminders(1000.0)
    assert [(r["game_id"], r["seat"], r["user_id"], r["version"]) for r in due] == [(game_id, 1, 11, 3)]
    # a stale writer changes none of it, the click it came with included
    await db.note_click(556, game_id, 10, "tok", "en")
    with pytest.raises(StaleVersion):
        await db.record_moves(game_id, 2, [Move(0, "z", 10, [])], "{}", False, 556, reminders=([], 0.0))
    assert len(await db.action_log(game_id)) == 3
    assert [c["interaction_id"] for c in await db.take_clicks(before=time.time() + 1)] == [556]


async def test_a_click_is_noted_and_its_game_read_in_one_round_trip(db):
    """The click journal's note and the read of the clicked game: one round trip (one statement on
    PostgreSQL, one call to the connection's thread on SQLite), the click stored, the game as read alone."""
    game_id = await _active_game(db)
    trips = db.sql.trips
    game = await db.note_click(557, game_id, 10, "tok", "pt-BR")
    assert db.sql.trips == trips + 1
    assert game == await db.get_game(game_id)
    assert await db.note_click(558, game_id + 1000, 10, "tok", "en") is None  # no such game
    clicks = await db.take_clicks(before=time.time() + 1)
    assert [(c["interaction_id"], c["game_id"], c["locale"]) for c in clicks] == [(557, game_id, "pt-BR")]


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


async def test_a_started_game_is_found_by_its_spectator_token_only(db):
    game_id = await _active_game(db)
    assert (await db.get_game(game_id)).web_token is None
    await db.update_game(game_id, web_token="t" * 32)
    assert (await db.game_by_web_token("t" * 32)).id == game_id
    await db.update_game(game_id, web_token="u" * 32)  # the host replaced the link
    assert await db.game_by_web_token("t" * 32) is None and (await db.get_game(game_id)).web_token == "u" * 32
    lobby = await db.create_lobby("engis", 1, 2, 10, "Ana", "en", {})
    await db.update_game(lobby, web_token="v" * 32)
    assert await db.game_by_web_token("v" * 32) is None  # a lobby has no page
    with pytest.raises(Exception):  # noqa: B017  (each backend names its own unique-constraint error)
        await db.update_game(lobby, web_token="u" * 32)


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

    game_id = await _active_game(db)
    await db.note_click(501, game_id, 10, "token-a", "en")
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], '{"s": 1}', False, click=501)
    await db.note_click(502, game_id, 10, "token-b", "pt-BR")  # lost in a crash
    start = time.time()
    await asyncio.sleep(0.01)
    await db.note_click(503, game_id, 10, "token-c", "en")  # being played by this run
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
    await db.sql.execute("PRAGMA wal_checkpoint(TRUNCATE)")
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

    with pytest.raises(DatabaseError, match="is a folder"):
        await Database.open(tmp_path)


# -- several processes on one database: each opens its own Database ----------------------------
@pytest.fixture
async def two(database_target):
    """Two Database objects on one database, as two bot processes have."""
    first = await Database.open(database_target)
    second = await Database.open(database_target)
    yield first, second
    await first.close()
    await second.close()


async def test_the_game_files_key_is_drawn_once_for_every_process(two):
    """Two processes asking at once for the key running games' files are sealed with get the same one,
    and a restart finds it again; MESA_SECRET_KEY, when given, is used instead."""
    first, second = two
    keys = await asyncio.gather(
        GameService(first, Settings(database="x")).secret(), GameService(second, Settings(database="x")).secret()
    )
    assert keys[0] == keys[1] and len(keys[0]) >= 32
    assert await GameService(first, Settings(database="x")).secret() == keys[0]
    given = "a key the operator chose"
    assert await GameService(first, Settings(database="x", secret_key=given)).secret() == given


async def test_writers_in_two_processes_apply_exactly_one_move_per_version(two):
    first, second = two
    game_id = await _active_game(first)
    for version in range(20):
        tries = [
            db.record_moves(game_id, version, [Move(0, f"{name}{version}", 10, [])], f'{{"s": {version}}}', False)
            for name, db in (("a", first), ("b", second))
        ]
        results = await asyncio.gather(*tries, return_exceptions=True)
        assert sorted(map(type, results), key=str) == sorted([int, StaleVersion], key=str), results
    log = await second.action_log(game_id)
    assert [r["version"] for r in log] == list(range(1, 21)) and (await first.get_game(game_id)).version == 20


async def test_a_due_reminder_is_claimed_by_one_process(two):
    first, second = two
    games = [await _active_game(first) for _ in range(6)]
    for game_id in games:
        await first.schedule_reminders(game_id, 0, [(0, 10)], due_at=100.0)
    claimed = await asyncio.gather(first.due_reminders(200.0), second.due_reminders(200.0))
    ids = sorted(r["game_id"] for batch in claimed for r in batch)
    assert ids == sorted(games)  # each once, by one of the two
    assert await first.due_reminders(200.0) == [] and await second.due_reminders(200.0) == []
    # until the claimant says it was sent, or the lease runs out (the claimant died)
    from bot.storage.reminders import LEASE

    assert len(await second.due_reminders(200.0 + LEASE)) == len(games)


async def test_a_passed_clock_deadline_is_claimed_by_one_process(two):
    from bot.storage.clocks import LEASE

    first, second = two
    games = [await _active_game(first) for _ in range(6)]
    for game_id in games:
        await first.set_clocks(game_id, [(0, 10, 100.0)])
    claimed = await asyncio.gather(first.due_clocks(200.0), second.due_clocks(200.0))
    assert sorted(c["game_id"] for batch in claimed for c in batch) == sorted(games)  # each once, by one of the two
    assert {c["lease"] for batch in claimed for c in batch} == {200.0 + LEASE}
    assert await first.due_clocks(200.0) == [] and await second.due_clocks(200.0) == []
    # the seat holds the leased deadline until the claimant plays it (a new deadline), or the lease runs out
    assert {(await second.clocks_of(game_id))[0]["deadline"] for game_id in games} == {200.0 + LEASE}
    assert len(await second.due_clocks(200.0 + LEASE)) == len(games)


async def test_passed_clock_deadlines_are_claimed_by_the_shard_of_their_game(two):
    from bot.storage import Shards

    first, second = two
    games = {}
    for guild in (1 << 22, 2 << 22, 3 << 22, 4 << 22):  # shards 1, 0, 1, 0 of 2
        game_id = await first.create_lobby("atlandice", guild, 2, 10, "Ana", "en", {})
        await first.set_seats(game_id, [Seat(0, 10, "Ana", False)])
        assert await first.start_game(game_id, seed=5, state="{}", thread_id=3)
        await first.set_clocks(game_id, [(0, 10, 100.0)])
        games[game_id] = guild
    odd, even = Shards(2, (1,)), Shards(2, (0,))
    claimed = await asyncio.gather(first.due_clocks(200.0, odd), second.due_clocks(200.0, even))
    assert {games[c["game_id"]] for c in claimed[0]} == {1 << 22, 3 << 22}
    assert {games[c["game_id"]] for c in claimed[1]} == {2 << 22, 4 << 22}


async def test_a_late_turn_is_played_once_by_several_processes(two):
    """Each process's reminder loop claims the passed deadlines and has the AI play them: one of two
    processes on one database plays a late turn, the other finds nothing to do."""
    from bot.storage.clocks import LEASE
    from rules import GAMES

    now = 1_000_000.0
    services = [GameService(db, Settings(ai_processes=0), clock=lambda: now) for db in two]
    host = services[0]
    lobby = await host.create_lobby("atlandice", 1, 2, 10, "Ana", "en")
    await host.join(lobby.id, 11, "Bruno")
    await host.set_clock(lobby.id, 10, 24, "easy")
    started = await host.start(lobby.id, 10, thread_id=3, seed=5)
    [late] = GAMES["atlandice"].to_act(started.state)
    now += 24 * 3600

    async def sweep(service: GameService) -> list:
        return [await service.time_up(d["game_id"], d["seat"], d["lease"]) for d in await service.due_clocks()]

    done = [result for batch in await asyncio.gather(*map(sweep, services)) for result in batch]
    played = [result for result in done if result is not None]
    assert len(played) == 1 and played[0].moves[0].seat == late
    log = await two[1].action_log(lobby.id)
    assert [(r["seat"], r["user_id"]) for r in log] == [(m.seat, None) for m in played[0].moves]
    assert (await two[1].get_game(lobby.id)).version == started.game.version + len(played[0].moves)
    # the next player's clock runs from now: nothing is due, even once the lease would have run out
    assert await two[0].due_clocks(now + LEASE) == [] and await two[1].due_clocks(now + LEASE) == []
    for service in services:
        service.thinker.close()


async def test_a_board_drawn_for_a_move_another_process_beat_is_forgotten(two):
    """A move's board starts being drawn while the move is written. When another process stored that
    version first, the picture of the move that lost is not kept: the version's board is drawn from what
    was stored, as the other process drew it (and its view and words, as the channel's message and the pages
    take them)."""
    from bot.service.spectate import RenderCache
    from rules import GAMES

    services = [GameService(db, Settings(ai_processes=0)) for db in two]
    caches = [RenderCache(), RenderCache()]
    for service, cache in zip(services, caches, strict=True):
        service.drawing = lambda game, state, cache=cache: cache.start(game, state, None, game.locale)
    lobby = await services[0].create_lobby("atlandice", 1, 2, 10, "Ana", "en")
    await services[0].join(lobby.id, 11, "Bruno")
    started = await services[0].start(lobby.id, 10, thread_id=3, seed=5)
    engine, version = GAMES["atlandice"], started.game.version
    [seat] = engine.to_act(started.state)
    user = started.game.seats[seat].user_id
    choices = [a.id for a in engine.legal_actions(started.state, seat)]
    pictures = {
        a: await caches[0].pool.render(
            "atlandice", engine.view(engine.apply(started.state, seat, a), None), "en", ["Ana", "Bruno"]
        )
        for a in choices
    }
    first, other = next((a, b) for a in choices for b in choices if pictures[a] != pictures[b])

    async def post(result) -> None:  # the board is posted: its picture asked for
        await caches[0].get(result.game, result.state, None, result.game.locale)

    noted = await services[1].note_click(900, lobby.id, user, "tok", "en")  # the second process reads the game
    won = await services[0].act(lobby.id, user, version, first, then=post)  # while the first plays a move
    with pytest.raises(Stale):
        await services[1].act(lobby.id, user, version, other, then=post, click=900, noted=noted)
    assert caches[1].drawn(won.game, won.state.step, None, "en") is None
    stored = await services[1].load(lobby.id)
    assert (stored.version, stored.updated_at) == (won.game.version, won.game.updated_at)  # the game as stored
    drawn = await caches[1].get(stored, services[1].state_of(stored), None, "en")
    assert drawn == await caches[0].get(won.game, won.state, None, "en") == pictures[first]
    # nor is its view (made for the picture), nor its words: the channel's alt text and the pages take them
    assert caches[1].view(stored, services[1].state_of(stored), None) == engine.view(won.state, None)
    assert caches[1].words(stored, services[1].state_of(stored), None, "en") == caches[0].words(
        won.game, won.state, None, "en"
    )
    for service in services:
        service.thinker.close()


async def test_lost_clicks_are_taken_once_and_by_the_shard_of_their_game(two):
    from bot.storage import Shards

    first, second = two
    guilds = [1 << 22, 2 << 22, 3 << 22, 4 << 22]  # shards 1, 0, 1, 0 of 2
    games = {}
    for n, guild in enumerate(guilds):
        game_id = await first.create_lobby("atlandice", guild, 2, 10, "Ana", "en", {})
        games[game_id] = guild
        await first.note_click(700 + n, game_id, 10, f"token-{n}", "en")

    later = time.time() + 1
    odd, even = Shards(2, (1,)), Shards(2, (0,))
    taken = await asyncio.gather(first.take_clicks(later, odd), second.take_clicks(later, even))
    assert {games[c["game_id"]] for c in taken[0]} == {1 << 22, 3 << 22}
    assert {games[c["game_id"]] for c in taken[1]} == {2 << 22, 4 << 22}
    assert await first.take_clicks(later) == []


async def test_the_outbox_and_the_start_up_sweep_see_their_shards_only(db):
    from bot.storage import Shards

    ids = {}
    for guild in (5 << 22, 6 << 22):
        game_id = await db.create_lobby("atlandice", guild, 2, 10, "Ana", "en", {})
        assert await db.start_game(game_id, seed=1, state="{}", thread_id=None)
        ids[guild] = game_id
    mine = Shards(2, (1,))  # guild 5 << 22 is on shard 1
    assert [g.id for g in await db.games_with_stale_boards(shards=mine)] == [ids[5 << 22]]
    assert [g.id for g in await db.games_touched_since(0.0, mine)] == [ids[5 << 22]]
    assert {g.id for g in await db.games_with_stale_boards()} == set(ids.values())
    assert [g.id for g in await db.games_with_stale_boards(shards=Shards(2, ()))] == []


async def test_a_board_is_recorded_only_for_the_version_it_shows(db):
    game_id = await _active_game(db)
    assert await db.record_board(game_id, 9001, 0)
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], "{}", False)
    assert not await db.record_board(game_id, 9002, 0)  # another process has moved the game on
    game = await db.get_game(game_id)
    assert (game.board_message_id, game.board_version) == (9001, 0)
    assert await db.record_board(game_id, 9003, 1)
    assert (await db.get_game(game_id)).board_message_id == 9003


async def test_a_rows_board_recorded_is_as_the_bot_tells_the_pages(db):
    """``GameRow.with_board`` (the row the spectator pages are told of) is the row ``record_board`` leaves."""
    game_id = await _active_game(db)
    await db.update_game(game_id, board_blocked="forbidden")
    before = await db.get_game(game_id)
    assert await db.record_board(game_id, 9001, before.version, 1234.5)
    assert await db.get_game(game_id) == before.with_board(9001, 1234.5)


async def test_a_change_made_by_another_process_is_announced(two):
    first, second = two
    game_id = await _active_game(first)
    async with first.subscribe() as changes:
        await second.record_moves(game_id, 0, [Move(0, "a", 10, [])], "{}", False)
        other = await second.create_lobby("engis", 1, 2, 10, "Ana", "en", {})
        seen: set[int] = set()
        async with asyncio.timeout(10):
            async for changed, at in changes:
                assert at is None or at > 0  # (SQLite's watcher says when the row changed)
                seen.add(changed)
                if seen >= {game_id, other}:
                    break
    assert first._watcher is None  # the last subscriber gone, nothing keeps watching


async def test_a_newer_schema_is_refused(database_target):
    db = await Database.open(database_target)
    async with db.sql.transaction() as tx:
        await db.sql.set_schema_version(tx, len(MIGRATIONS) + 1)
    await db.close()
    with pytest.raises(DatabaseError, match="newer Mesa"):
        await Database.open(database_target)


# -- what the operator is told instead of a traceback ------------------------------------------
async def test_an_empty_file_and_a_missing_folder_are_refused(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    with pytest.raises(DatabaseError, match="empty file"):
        await Database.open(empty)
    assert empty.stat().st_size == 0  # left as it was
    missing = tmp_path / "no" / "such" / "folder" / "mesa.sqlite3"
    with pytest.raises(DatabaseError, match="does not exist"):
        await Database.open(missing)
    assert not (tmp_path / "no").exists()  # no folder made for a mistyped path


async def test_a_read_only_file_system_is_named(tmp_path):
    import subprocess

    mount = tmp_path / "ro"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount]).returncode:
        pytest.skip("mounting a file system needs root here")
    try:
        path = mount / "mesa.sqlite3"
        await (await Database.open(path)).close()
        assert subprocess.run(["mount", "-o", "remount,ro", mount]).returncode == 0
        for target in (path, mount / "new.sqlite3"):
            with pytest.raises(DatabaseError, match="read-only file system"):
                await Database.open(target)
    finally:
        subprocess.run(["umount", "-l", mount])
    assert not _lingering_threads()


@pytest.mark.parametrize("problem", ["bad url", "no server", "wrong password", "no database"])
async def test_postgres_that_cannot_be_used_is_refused_in_one_sentence(postgres_server, problem):
    from pg_fixtures import PASSWORD_ROLE

    url = {
        "bad url": "postgresql://mesa@localhost:port/mesa",
        "no server": "postgresql://mesa:secret@127.0.0.1:1/mesa",
        "wrong password": postgres_server.url("postgres", PASSWORD_ROLE, "a-wrong-password"),
        "no database": postgres_server.url("no_such_database"),
    }[problem]
    with pytest.raises(DatabaseError) as refused:
        await Database.open(url)
    said = str(refused.value)
    expected = {
        "bad url": "not a usable PostgreSQL URL",
        "no server": "cannot reach the PostgreSQL server",
        "wrong password": "refused the password",
        "no database": "does not exist",
    }[problem]
    assert expected in said and "\n" not in said and "a-wrong-password" not in said and "secret" not in said


async def test_postgres_with_the_right_password_is_used(postgres_server):
    from pg_fixtures import PASSWORD, PASSWORD_ROLE

    name = postgres_server.create_database()
    postgres_server.psql(f"ALTER DATABASE {name} OWNER TO {PASSWORD_ROLE}")
    try:
        db = await Database.open(postgres_server.url(name, PASSWORD_ROLE, PASSWORD))
        assert await db.schema_version() == len(MIGRATIONS) and "***" in db.name and PASSWORD not in db.name
        await db.close()
    finally:
        postgres_server.drop_database(name)


async def test_an_imported_game_keeps_its_seats_and_log_and_a_rematch_is_opened_once(db):
    seats = [Seat(0, 10, "Ana", False), Seat(1, None, "", True, "strong")]
    moves = [Move(0, "a", 10, [{"x": 1}], False), Move(1, "b", None, [], True)]
    game_id = await db.import_game("atlandice", 1, 2, 10, "pt-BR", {"k": "v"}, 5, seats, '{"s": 2}', moves)
    game = await db.get_game(game_id)
    assert (game.status, game.version, game.state, game.seed, game.options) == ("active", 2, '{"s": 2}', 5, {"k": "v"})
    assert [(s.user_id, s.is_ai, s.level) for s in game.seats] == [(10, False, "normal"), (None, True, "strong")]
    log = await db.action_log(game_id)
    assert [(r["version"], r["seat"], r["action_id"], r["user_id"], r["revealed"]) for r in log] == [
        (1, 0, "a", 10, False),
        (2, 1, "b", None, True),
    ]
    # An import's lobby: a seat waits for the player it invites, and the start gives it to the AI.
    waiting = [Seat(0, 10, "Ana", False), Seat(1, None, "Bruno", False, "easy", invited=11)]
    lobby_id = await db.import_game("atlandice", 1, 2, 10, "en", {}, 5, waiting, '{"s": 2}', moves, status="lobby")
    lobby = await db.get_game(lobby_id)
    assert lobby.status == "lobby" and [(s.user_id, s.invited, s.is_open) for s in lobby.seats] == [
        (10, None, False),
        (None, 11, True),
    ]
    started = [lobby.seats[0], Seat(1, None, "Bruno", True, "easy")]
    assert await db.start_imported(lobby_id, started, 44)
    assert not await db.start_imported(lobby_id, started, 45)  # started once
    begun = await db.get_game(lobby_id)
    assert (begun.status, begun.thread_id, begun.version) == ("active", 44, 2)
    assert [(s.user_id, s.is_ai, s.invited) for s in begun.seats] == [(10, False, None), (None, True, None)]
    await db.update_game(game_id, status="finished")
    first, made = await db.create_rematch(await db.get_game(game_id), 7, 11, "Bruno", [Seat(0, 11, "", False)])
    again, made_again = await db.create_rematch(await db.get_game(game_id), 7, 10, "Ana", [Seat(0, 10, "", False)])
    assert made and not made_again and again == first
    lobby = await db.get_game(first)
    assert (lobby.status, lobby.host_id, lobby.channel_id, lobby.options) == ("lobby", 11, 7, {"k": "v"})
    assert [(s.user_id, s.name) for s in lobby.seats] == [(11, "Bruno")]


async def test_players_settings_held_pings_clocks_and_a_players_games(db):
    from bot.service.players import Players, PlayerSettings

    players = Players(lambda: db)
    assert (await players.get(10)) == PlayerSettings(10)  # never set: the defaults
    await players.save(PlayerSettings(10, delivery="dm", quiet=(1320, 420), zone="America/Sao_Paulo", locale="pt-BR"))
    await players.save((await players.get(10)).with_changes(dm_refused=True))  # saved again: one row, updated
    again = Players(lambda: db)
    await again.load_locales()
    got = await again.get(10)
    assert (got.delivery, got.quiet, got.zone, got.dm_refused, again.locales) == (
        "dm",
        (1320, 420),
        "America/Sao_Paulo",
        True,
        {10: "pt-BR"},
    )
    game_id = await _active_game(db)
    # a game is read with its players' settings (those who set any): a move needs no other read for them
    assert Players.of_game(await db.get_game(game_id)) == {10: got}
    await players.save(got.with_changes(delivery="both"))
    assert Players.of_game(await db.get_game(game_id))[10].delivery == "both"
    await db.record_moves(game_id, 0, [Move(0, "a", 10, [])], '{"s": 1}', False, reminders=([(0, 10)], 100.0))
    await db.hold_ping(game_id, 0, 10, 1, 50.0)  # replaces the seat's reminder
    [held] = await db.reminders_of(game_id)
    assert (held["due_at"], held["held"], held["sent"]) == (50.0, 1, 0)
    await db.held_ping_sent(game_id, 0, 80.0)
    [after] = await db.reminders_of(game_id)
    assert (after["due_at"], after["held"], after["muted"]) == (80.0, 0, 0)
    await db.set_clocks(game_id, [(0, 10, 30.0)])
    assert [c["seat"] for c in await db.due_clocks(30.0)] == [0] and not await db.due_clocks(29.0)
    await db.set_clocks(game_id, [])
    assert await db.clocks_of(game_id) == {}
    assert [g.id for g in await db.games_of_player(10, ("active",))] == [game_id]
    assert await db.games_of_player(11, ("active",)) == []
    assert set(await db.last_move_times([game_id])) == {game_id}


async def test_a_pooled_query_is_one_statement_and_leaves_no_transaction_open(postgres_url):
    """PostgreSQL's pool gives a connection back without a statement of its own (asyncpg's reset would send
    one at every release, doubling each query's round trips), and with no transaction left open."""
    import asyncpg

    db = await Database.open(postgres_url)
    observer = await asyncpg.connect(postgres_url)
    try:
        game_id = await _active_game(db)
        pool = db.sql.pool
        async with pool.acquire() as conn:
            pid = conn.get_server_pid()
            await conn.fetchval("SELECT 41 + $1::int", 1)
        last = await observer.fetchval("SELECT query FROM pg_stat_activity WHERE pid = $1", pid)
        assert last == "SELECT 41 + $1::int"  # the last statement its server ran is the query's own
        async with pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("UPDATE games SET locale = 'xx' WHERE id = $1", game_id)
        for _ in range(pool.get_max_size()):  # whichever connection comes next
            async with pool.acquire() as conn:
                assert not conn.is_in_transaction()
        assert (await db.get_game(game_id)).locale != "xx"
    finally:
        await observer.close()
        await db.close()


@pytest.mark.parametrize("asked", [None, "on", "off"])
async def test_postgres_commits_durably_by_default_unless_the_url_says(postgres_url, asked):
    """The pool's sessions wait for the disk at each commit, even on a server whose own default does not (the
    tests' server runs with synchronous_commit=off), and a URL that names synchronous_commit has its way."""
    url = (
        postgres_url
        if asked is None
        else f"{postgres_url}{'&' if '?' in postgres_url else '?'}synchronous_commit={asked}"
    )
    db = await Database.open(url)
    try:
        assert await db.sql.fetchval("SHOW synchronous_commit") == (asked or "on")
    finally:
        await db.close()


async def test_postgres_rewrites_a_games_row_in_place_at_each_move_and_board(postgres_url):
    """A move and the record of its board change no indexed column of ``games`` on PostgreSQL, so the row
    is written in place (a HOT update: no index entry, none left for VACUUM), however many moves."""
    import asyncpg

    observer = await asyncpg.connect(postgres_url)
    try:
        db = await Database.open(postgres_url)
        game_id = await _active_game(db)
        before = await _games_updates(observer, db)
        db = await Database.open(postgres_url)
        for version in range(20):
            await db.record_moves(game_id, version, [Move(version % 2, "a", 10, [])], f'{{"s": {version}}}', False)
            assert await db.record_board(game_id, 9000 + version, version + 1)
        after = await _games_updates(observer, db)
    finally:
        await observer.close()
    assert (after[0] - before[0], after[1] - before[1]) == (40, 40)


async def _games_updates(observer, db: Database) -> tuple[int, int]:
    """Closes ``db`` and gives the updates of ``games`` rows so far, and how many were written in place
    (HOT). A session's counts reach the statistics by the time it has left ``pg_stat_activity``."""
    await db.close()
    others = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    async with asyncio.timeout(30):
        while await observer.fetchval(others):
            await asyncio.sleep(0.05)
    await observer.execute("SELECT pg_stat_clear_snapshot()")
    row = await observer.fetchrow("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'games'")
    return int(row["n_tup_upd"]), int(row["n_tup_hot_upd"])


async def test_a_player_is_shown_everything_stored_about_them_then_forgotten(db):
    """``about`` gives every row naming a player; ``forget`` deletes their settings, reminders, deadlines,
    undo requests and clicks, and leaves their seats, moves and hosted games to a former player no one
    is, named in each game's language; their running game goes on with the AI in their seat."""
    ana, bruno = 10, 11
    running = await _active_game(db)  # Ana hosts, seat 0; seat 1 is an AI seat
    await db.record_moves(running, 0, [Move(0, "a", ana, []), Move(1, "b", None, [])], '{"s": 2}', False)
    finished = await db.create_lobby("atlandice", 1, 2, bruno, "Bruno", "en", {})
    await db.set_seats(finished, [Seat(0, bruno, "Bruno", False), Seat(1, ana, "Ana", False)])
    assert await db.start_game(finished, seed=6, state='{"s": 0}', thread_id=4)
    await db.record_moves(finished, 0, [Move(1, "x", ana, []), Move(0, "y", bruno, [])], '{"s": 9}', True)
    await db.save_player({"user_id": ana, **PLAYER_DEFAULTS, "time_zone": "America/Sao_Paulo"})
    await db.save_player({"user_id": bruno, **PLAYER_DEFAULTS})
    await db.schedule_reminders(running, 2, [(0, ana)], 100.0)
    await db.save_undo_request(running, bruno, 2, 1, [ana])
    await db.note_click(777, running, ana, "tok", "pt-BR")

    about = await db.about(ana)
    assert [s["time_zone"] for s in about["settings"]] == ["America/Sao_Paulo"]
    assert [(s["game_id"], s["seat"], s["name"]) for s in about["seats"]] == [(running, 0, "Ana"), (finished, 1, "Ana")]
    assert [g["game_id"] for g in about["games_hosted"]] == [running]
    assert [(m["game_id"], m["action_id"]) for m in about["moves"]] == [(running, "a"), (finished, "x")]
    assert [r["user_id"] for r in about["reminders"]] == [ana]
    assert [u["game_id"] for u in about["undo_requests"]] == [running]
    assert [c["interaction_id"] for c in about["clicks_being_played"]] == [777]

    before = [(await db.get_game(g)).state for g in (running, finished)]
    changed = await db.forget(ana, lambda locale: f"former ({locale})")
    assert changed["settings"] == 1 and changed["seats"] == 2 and changed["moves"] == 2
    assert await db.about(ana) == {key: [] for key in about}
    game = await db.get_game(running)
    assert (game.host_id, game.status) == (FORMER_PLAYER, "active")
    assert (game.seats[0].user_id, game.seats[0].name, game.seats[0].is_ai) == (FORMER_PLAYER, "former (pt-BR)", True)
    done = await db.get_game(finished)
    assert [(s.user_id, s.name, s.is_ai) for s in done.seats] == [
        (bruno, "Bruno", False),
        (FORMER_PLAYER, "former (en)", False),
    ]
    assert [r["user_id"] for r in await db.action_log(finished)] == [FORMER_PLAYER, bruno]
    assert [(await db.get_game(g)).state for g in (running, finished)] == before  # the games replay as before
    assert [p["user_id"] for p in await db.players([ana, bruno])] == [bruno]  # nobody else is touched
    assert (await db.about(bruno))["moves"]
