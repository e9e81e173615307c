"""The spectator pages over HTTP (aiohttp's test client against the real server, service and database):
every endpoint, the 404s, the stream limits, the headers, the live stream, and that nothing a spectator
may not see reaches a page."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import json
import os
import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service.games import GameService
from bot.service.spectate import seat_names
from bot.settings import Settings
from bot.storage import Database
from bot.web import SECURITY_HEADERS, WebServer, stored
from render import describe, render
from rules import GAMES
from rules.core import Event, Rng, msg, t

ANA, BRUNO = 1, 2


def settings(**kwargs) -> Settings:
    return Settings(ai_processes=0, render_workers=0, **kwargs)


@pytest.fixture
async def db(tmp_path):
    db = await Database.open(tmp_path / "mesa.sqlite3")
    yield db
    await db.close()


@pytest.fixture
async def service(db):
    service = GameService(db, settings())
    yield service
    service.thinker.close()


async def started(service: GameService, game: str = "pergamemnon", seed: int = 11) -> int:
    """A game of Ana, Bruno and an AI seat, dealt with ``seed``; its id."""
    lobby = await service.create_lobby(game, 100, 200, ANA, "Ana", "en")
    await service.join(lobby.id, BRUNO, "Bruno")
    await service.add_ai(lobby.id, ANA)
    await service.start(lobby.id, ANA, None, seed=seed)
    return lobby.id


async def play(service: GameService, game_id: int, moves: int) -> None:
    """The humans play ``moves`` moves as the normal AI would (the AI seat plays on by itself)."""
    for _ in range(moves):
        game = await service.load(game_id)
        engine = GAMES[game.game]
        state = service.state_of(game)
        seat = next(s for s in engine.to_act(state) if not game.seats[s].is_ai)
        await service.act(game_id, game.seats[seat].user_id, game.version, engine.ai_action(state, seat))


class Web:
    """A web server over the test database and the aiohttp test client that talks to it."""

    def __init__(self, db: Database, service: GameService | None = None, **limits) -> None:
        self.server = WebServer(lambda: db, settings(**limits))
        if service is not None:
            service.watchers.append(self.server.changes.notify)
        self.client = TestClient(TestServer(self.server.app, handler_cancellation=True))

    async def __aenter__(self) -> TestClient:
        await self.client.start_server()
        return self.client

    async def __aexit__(self, *exc) -> None:
        await self.client.close()
        await self.server.changes.close()


async def token_of(db: Database, game_id: int) -> str:
    game = await db.get_game(game_id)
    assert game is not None and game.web_token is not None
    return game.web_token


async def next_event(stream) -> tuple[str, str]:
    """The next server-sent event of a stream: (its name, its data)."""
    name, data = "message", []
    while True:
        line = (await stream.content.readline()).decode()
        if not line:
            raise EOFError("the stream ended")
        line = line.rstrip("\r\n")
        if not line:
            if data:
                return name, "\n".join(data)
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)


async def picture_of(client, image: str) -> bytes:
    """A position's picture as the page shows it: in the page's data (the live position's), or at its address."""
    if image.startswith("data:"):
        kind, _, data = image.partition(",")
        assert kind == "data:image/png;base64"
        return base64.b64decode(data, validate=True)
    answer = await client.get(f"/g/{image}")
    assert answer.status == 200 and answer.content_type == "image/png"
    return await answer.read()


async def wait_until(condition, what: str) -> None:
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never happened: {what}")


# -- the page and its pictures -------------------------------------------------------------------
async def test_the_page_shows_the_game_as_the_channel_does(db, service):
    game_id = await started(service)
    await play(service, game_id, 3)
    token = await token_of(db, game_id)
    game = await db.get_game(game_id)
    engine = GAMES[game.game]
    state = engine.load(game.state)
    async with Web(db) as client:
        answer = await client.get(f"/g/{token}", headers={"Accept-Language": "en-US,en;q=0.9"})
        assert answer.status == 200 and answer.content_type == "text/html"
        page = await answer.text()
        assert '<html lang="en">' in page
        assert f"{engine.title} #{game_id}" in page
        for name in ("Ana", "Bruno"):
            assert name in page
        seat = engine.to_act(state)[0]
        prompt = t(engine.prompt(state, seat), "en", names=seat_names(game, "en"))
        assert prompt.replace("'", "&#x27;").replace('"', "&quot;") in page
        # The picture on the page is the channel's: the spectator's view, drawn by the same renderer. The
        # live one comes in the page itself (as in every event of its stream); its address serves it too.
        image = re.search(r'<img id="board" src="([^"]+)"', page).group(1)
        assert image.startswith("data:image/png;base64,")
        names = seat_names(game, "en")
        channel = render(game.game, engine.view(state, None), locale="en", names=names)
        assert await picture_of(client, image) == channel
        assert await picture_of(client, f"{token}/step/{state.step}.png?lang=en") == channel
        # In Portuguese when the browser asks for it.
        answer = await client.get(f"/g/{token}", headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"})
        page = await answer.text()
        assert '<html lang="pt-BR">' in page and t("web.players", "pt-BR") in page
        assert answer.headers["Content-Language"] == "pt-BR"
        # Its own style and script, from this server.
        for asset, kind in (("page.css", "text/css"), ("page.js", "text/javascript")):
            assert f"../static/{asset}?" in page
            answer = await client.get(f"/static/{asset}")
            assert answer.status == 200 and answer.content_type == kind
        assert "http" not in re.sub(r'content="[^"]*"', "", page.split("<body")[0])  # nothing from another host


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
async def test_the_page_names_the_player_to_act_once(db, service, locale):
    """ "Ana: Take a resource…", as the channel's board says it: the question does not name Ana again."""
    game_id = await started(service, "atlandice", seed=3)
    for _ in range(40):
        game = await db.get_game(game_id)
        state = GAMES["atlandice"].load(game.state)
        seat = GAMES["atlandice"].to_act(state)[0]
        if state.tasks and state.tasks[0].kind == "take" and not game.seats[seat].is_ai:
            break
        await play(service, game_id, 1)
    else:
        raise AssertionError("the game never asked a player to take a resource")
    name = game.seats[seat].name
    async with Web(db) as client:
        stream = await client.get(f"/g/{game.web_token}/events?lang={locale}")
        (line,) = json.loads((await next_event(stream))[1])["turn"]
        stream.close()
    assert line == f"{name}: {t(GAMES['atlandice'].prompt(state, seat), locale)}" and line.count(name) == 1, line


async def test_the_stepper_reaches_every_earlier_position(db, service):
    game_id = await started(service, "engis", seed=5)
    await play(service, game_id, 4)
    token = await token_of(db, game_id)
    game = await db.get_game(game_id)
    engine = GAMES[game.game]
    log = [(r["seat"], r["action_id"]) for r in await db.moves_that_count(game_id)]
    total = len(log)
    assert total == engine.load(game.state).step
    names = seat_names(game, "en")
    async with Web(db) as client:
        for step in (0, 1, total - 1, total):
            answer = await client.get(f"/g/{token}/step/{step}?lang=en")
            assert answer.status == 200
            position = await answer.json()
            assert (position["step"], position["total"]) == (step, total)
            then = engine.replay(len(game.seats), game.seed, game.options, log[:step])
            # The position in words: the picture's own alt text, as the channel's board has it.
            words = describe(game.game, engine.view(then, None), locale="en", names=names)
            assert position["alt"].startswith(f"{position['caption']}. {words}")
            picture = await picture_of(client, position["image"])
            assert picture == render(game.game, engine.view(then, None), locale="en", names=names)
        for beyond in (total + 1, 999999):
            assert (await client.get(f"/g/{token}/step/{beyond}")).status == 404
            assert (await client.get(f"/g/{token}/step/{beyond}.png")).status == 404


async def test_a_picture_is_kept_by_the_browser_while_its_version_lasts(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with Web(db, service) as client:
        stream = await client.get(f"/g/{token}/events")
        live = json.loads((await next_event(stream))[1])["live"]
        image = (await (await client.get(f"/g/{token}/step/{live['step']}")).json())["image"]  # (the stepper's)
        first = await client.get(f"/g/{image}")
        assert first.status == 200 and "immutable" in first.headers["Cache-Control"]
        tag = first.headers["ETag"]
        again = await client.get(f"/g/{image}", headers={"If-None-Match": tag})
        assert again.status == 304 and again.headers["ETag"] == tag and not await again.read()
        await play(service, game_id, 1)
        live = json.loads((await next_event(stream))[1])["live"]
        newer = (await (await client.get(f"/g/{token}/step/{live['step']}")).json())["image"]
        assert newer != image
        # The older address no longer names the game's version: it is checked each time.
        old = await client.get(f"/g/{image}", headers={"If-None-Match": tag})
        assert old.status == 200 and "immutable" not in old.headers["Cache-Control"] and old.headers["ETag"] != tag
        stream.close()


async def test_a_move_costs_the_pages_the_same_reads_however_many_watch(db, service, tmp_path, monkeypatch):
    """Every page woken by a move is sent the new position, the channel's picture in it, from one reading of
    its log: the game itself comes with the move from the service."""
    from bot.web import page

    monkeypatch.setattr(page, "ROW_SECONDS", 3600.0)  # only a change ends what was read (the machine may be slow)
    game_id = await started(service)
    token = await token_of(db, game_id)
    web_db = await Database.open(tmp_path / "mesa.sqlite3")  # the pages' own connection: their reads alone
    try:
        async with Web(web_db, service) as client:

            async def reads_of_a_move(pages: int) -> int:
                streams = [await client.get(f"/g/{token}/events") for _ in range(pages)]
                for stream in streams:
                    await next_event(stream)
                before = web_db.sql.trips
                await play(service, game_id, 1)
                game = await db.get_game(game_id)
                state = GAMES[game.game].load(game.state)
                names = seat_names(game, "en")
                channel = render(game.game, GAMES[game.game].view(state, None), locale="en", names=names)
                for stream in streams:
                    live = json.loads((await next_event(stream))[1])["live"]
                    assert live["step"] == state.step and await picture_of(client, live["image"]) == channel
                    stream.close()
                return web_db.sql.trips - before

            # The service tells the pages of the game as it stored it: the move's log is all they read.
            assert await reads_of_a_move(1) == await reads_of_a_move(6) == 1
    finally:
        await web_db.close()


async def test_unknown_and_replaced_links_are_a_plain_404(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with Web(db, service) as client:
        assert (await client.get(f"/g/{token}")).status == 200
        stream = await client.get(f"/g/{token}/events")
        assert (await next_event(stream))[0] == "game"
        new = await service.reset_web_token(game_id, ANA)
        assert new != token
        assert await next_event(stream) == ("gone", "")  # the open stream is told, then ends
        for path in ("", "/events", "/step/0", "/step/0.png"):
            answer = await client.get(f"/g/{token}{path}")
            assert answer.status == 404, path
            assert answer.content_type == "text/plain"
        assert (await client.get(f"/g/{new}")).status == 200
        # A lobby has no page; nothing lists the games; no token is guessed from a short one.
        lobby = await service.create_lobby("engis", 100, 200, ANA, "Ana", "en")
        await db.update_game(lobby.id, web_token="L" * 32)
        for path in ("/g/" + "L" * 32, "/", "/g/", "/g", f"/g/{new[:8]}", "/g/" + "x" * 32, "/static/", "/static/x"):
            answer = await client.get(path)
            assert answer.status == 404, path
            assert answer.headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]
        # Only the host may replace the link; nothing is written through the web.
        with pytest.raises(Exception, match="host"):
            await service.reset_web_token(game_id, BRUNO)
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert (await client.request(method, f"/g/{new}")).status == 405


async def test_every_answer_carries_the_security_headers(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "unsafe" not in policy
    async with Web(db) as client:
        for path in (f"/g/{token}", f"/g/{token}/step/0", f"/g/{token}/step/0.png", "/static/page.js", "/robots.txt"):
            answer = await client.get(path)
            assert answer.status == 200, path
            for header, value in SECURITY_HEADERS.items():
                assert answer.headers[header] == value, (path, header)
        page = await (await client.get(f"/g/{token}")).text()
        assert "<script>" not in page and " style=" not in page and "on" + "click=" not in page
        assert (await client.get(f"/g/{token}")).headers["Cache-Control"] == "no-store"
        stream = await client.get(f"/g/{token}/events")
        assert stream.headers["Content-Type"] == "text/event-stream"
        assert stream.headers["Content-Security-Policy"] == policy
        stream.close()


# -- the live stream ---------------------------------------------------------------------------
async def test_the_stream_follows_each_move(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with Web(db, service) as client:
        stream = await client.get(f"/g/{token}/events", headers={"Accept-Language": "pt-BR"})
        name, data = await next_event(stream)
        first = json.loads(data)
        assert name == "game" and first["version"] == (await db.get_game(game_id)).version
        assert first["players"][0]["name"] == "Ana"
        for _ in range(2):
            await play(service, game_id, 1)
            name, data = await next_event(stream)
            now = json.loads(data)
            game = await db.get_game(game_id)
            assert name == "game" and now["version"] == game.version > first["version"]
            assert now["live"]["total"] == GAMES[game.game].load(game.state).step
            steps = [line["step"] for line in now["log"]]  # newest first; a move with no public words has none
            assert steps and steps == sorted(steps, reverse=True) and steps[0] <= now["live"]["total"]
            first = now
        stream.close()


async def test_the_streams_log_shows_a_move_taken_back_as_undone(db, service):
    """Ana takes back her move: the stream's next event lists it as taken back, in the words it had."""
    from bot.service.undo import UndoService

    game_id = await started(service, "engis", seed=1)
    token = await token_of(db, game_id)
    async with Web(db, service) as client:
        stream = await client.get(f"/g/{token}/events")
        await next_event(stream)
        await play(service, game_id, 1)
        before = json.loads((await next_event(stream))[1])
        assert (await UndoService(service).request(game_id, ANA)).result is not None
        name, data = await next_event(stream)
        assert name == "game"
        after = json.loads(data)
        undone = [line["text"] for line in after["log"] if line["step"] is None]
        moved = {line["text"] for line in before["log"] if line["step"] is not None}
        assert undone and all(any(text == t("web.undone", "en", line=m) for m in moved) for text in undone)
        steps = [line["step"] for line in after["log"] if line["step"] is not None]
        assert steps == sorted(steps, reverse=True) and all(step <= after["live"]["total"] for step in steps)
        assert after["live"]["total"] < before["live"]["total"]
        stream.close()


async def test_a_move_made_by_another_process_reaches_the_stream(db, service, tmp_path):
    """The server is told nothing: it finds the move in the database (as ``python -m bot web`` does)."""
    game_id = await started(service)
    token = await token_of(db, game_id)
    other = await Database.open(tmp_path / "mesa.sqlite3")  # the bot's own connection, as in another process
    web = Web(other)
    try:
        async with web as client:
            web.server.changes.follow(stored(lambda: other))
            stream = await client.get(f"/g/{token}/events")
            before = json.loads((await next_event(stream))[1])["version"]
            await play(service, game_id, 1)
            after = json.loads((await next_event(stream))[1])["version"]
            assert after == (await db.get_game(game_id)).version > before
            stream.close()
    finally:
        await other.close()


async def test_a_change_no_page_shows_wakes_no_stream(db, service, tmp_path):
    """The database tells of every write to a game's row. The record of its board in the channel changes
    nothing a page shows: the pages read the game once and its streams sleep on; a move wakes them."""
    game_id = await started(service)
    token = await token_of(db, game_id)
    other = await Database.open(tmp_path / "mesa.sqlite3")  # the pages' own connection, as in another process
    watcher = await Database.open(tmp_path / "mesa.sqlite3")  # (whose looks for changes are not the pages' reads)
    web = Web(other)
    try:
        async with web as client:
            changes = web.server.changes
            changes.follow(stored(lambda: watcher))
            stream = await client.get(f"/g/{token}/events")
            await next_event(stream)

            async def told(write) -> bool:
                """Whether the streams of the game were woken by ``write``, once the pages read what it changed."""
                with changes.watch(game_id) as woken:
                    before = other.sql.trips
                    await write()
                    await wait_until(lambda: other.sql.trips > before and not changes.checking, "the game read")
                    return woken.is_set()

            game = await db.get_game(game_id)
            assert not await told(lambda: db.record_board(game_id, 4242, game.version))
            assert await told(lambda: play(service, game_id, 1))
            name, data = await next_event(stream)  # the move, and no event for the board's record before it
            assert name == "game" and json.loads(data)["version"] == (await db.get_game(game_id)).version
            stream.close()
    finally:
        await other.close()
        await watcher.close()


async def test_a_change_the_pages_were_told_of_is_not_read_again(db, service, tmp_path):
    """The bot tells the pages of its move with the game as stored; the database's word of that write
    (SQLite's watcher says when the row changed) then reads nothing. A write they were not told of is read."""
    game_id = await started(service)
    token = await token_of(db, game_id)
    other = await Database.open(tmp_path / "mesa.sqlite3")  # the pages' own connection
    watcher = await Database.open(tmp_path / "mesa.sqlite3")  # (its looks for changes count on it alone)
    web = Web(other, service)
    try:
        async with web as client:
            changes = web.server.changes
            changes.follow(stored(lambda: watcher))
            assert (await client.get(f"/g/{token}")).status == 200  # the pages have the game

            async def reads(write) -> tuple[int, bool]:
                """The pages' reads after ``write``, once the database's watcher has looked at least once since
                (the third look begun: the second is done), and whether a page watching the game was woken."""
                with changes.watch(game_id) as woken:  # (as a stream waits, without drawing its page)
                    before, looks = other.sql.trips, watcher.sql.trips
                    await write()
                    await wait_until(lambda: watcher.sql.trips >= looks + 3 and not changes.checking, "two looks")
                    return other.sql.trips - before, woken.is_set()

            assert await reads(lambda: play(service, game_id, 1)) == (0, True)  # told: woken, nothing read
            game = await db.get_game(game_id)
            read, woken = await reads(lambda: db.record_board(game_id, 4242, game.version))
            assert read > 0 and not woken  # not told: read, and no news to a page
    finally:
        await other.close()
        await watcher.close()


async def test_a_watcher_that_fails_neither_loses_the_move_nor_its_board(db, service, caplog):
    """The pages hear of a move before its board is posted: a watcher that raises is logged, and the move
    is stored and its board posted all the same."""
    game_id = await started(service)
    before = await service.load(game_id)

    def broken(game_id, game, state) -> None:
        raise RuntimeError("a broken watcher")

    service.watchers.append(broken)
    posted = []

    async def post(result) -> None:
        posted.append(result.game.version)

    engine = GAMES[before.game]
    state = service.state_of(before)
    seat = next(s for s in engine.to_act(state) if not before.seats[s].is_ai)
    await service.act(game_id, before.seats[seat].user_id, before.version, engine.ai_action(state, seat), then=post)
    after = await db.get_game(game_id)
    assert after.version > before.version and posted == [after.version]
    assert "a watcher of the game's changes failed" in caplog.text and "a broken watcher" in caplog.text


async def test_the_pages_keep_only_the_games_asked_for_and_no_more_than_rows(db, service, monkeypatch):
    """The bot tells the pages of every move, with the game as stored, whether a page watches it or not: they
    take it for a game a page asked for (no reading it again), and leave a game no page asked for to be read
    if one does; they keep ``ROWS`` games at most, the ones changed or asked for last."""
    from bot.web import page

    monkeypatch.setattr(page, "ROWS", 2)
    games = [await started(service, seed=seed) for seed in (1, 2, 3)]
    web = Web(db, service)
    async with web as client:
        pages = web.server.pages

        def kept() -> list[int]:
            return [row.id for row, _ in pages._rows.values()]  # (the oldest first)

        for game_id in games[:2]:
            assert (await client.get(f"/g/{await token_of(db, game_id)}")).status == 200
        assert kept() == games[:2]
        await play(service, games[2], 1)  # no page asked for it
        assert kept() == games[:2]
        before = await db.get_game(games[0])
        await play(service, games[0], 1)
        assert kept() == [games[1], games[0]] and pages._rows[before.web_token][0].version > before.version
        assert (await client.get(f"/g/{await token_of(db, games[2])}")).status == 200
        assert kept() == [games[0], games[2]]
        assert set(pages._tokens) == set(kept())


async def test_the_pages_read_a_change_of_this_process_once_it_is_done(db, service, tmp_path):
    """The database tells of a move while the bot of the pages' process is still at it (its board not
    posted yet): the pages wait until the game is let go, then read it, so that their work never comes
    between a move and its board."""
    game_id = await started(service)
    token = await token_of(db, game_id)
    other = await Database.open(tmp_path / "mesa.sqlite3")  # the pages' own connection
    watcher = await Database.open(tmp_path / "mesa.sqlite3")
    server = WebServer(lambda: other, settings(), settled=service.settled)
    client = TestClient(TestServer(server.app, handler_cancellation=True))
    await client.start_server()
    try:
        server.changes.follow(stored(lambda: watcher))
        stream = await client.get(f"/g/{token}/events")
        await next_event(stream)
        with server.changes.watch(game_id) as woken:
            async with service.lock(game_id):  # a change under way in this process
                before = other.sql.trips
                await db.update_game(game_id, status="ended")
                await wait_until(lambda: server.changes.checking, "the database's word of the change")
                for _ in range(5):  # (turns of the loop in which a reading that did not wait would begin)
                    await asyncio.sleep(0)
                assert other.sql.trips == before and not woken.is_set()
            await wait_until(lambda: not server.changes.checking, "the game read once let go")
            assert woken.is_set() and other.sql.trips > before
        name, data = await next_event(stream)
        assert name == "game" and json.loads(data)["over"]
        stream.close()
    finally:
        await client.close()
        await server.changes.close()
        await other.close()
        await watcher.close()


async def test_streams_are_limited_per_address_and_in_all(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    async with Web(db, web_streams=3, web_streams_per_address=2, web_proxy=True) as client:
        server = client.server.app

        async def open_from(address: str):
            return await client.get(f"/g/{token}/events", headers={"X-Forwarded-For": f"10.9.9.9, {address}"})

        a1, a2 = await open_from("192.0.2.1"), await open_from("192.0.2.1")
        assert a1.status == a2.status == 200
        refused = await open_from("192.0.2.1")
        assert refused.status == 429 and refused.headers["Retry-After"]
        assert await refused.text() == t("web.too_many", "en")
        b1 = await open_from("192.0.2.2")
        assert b1.status == 200
        full = await open_from("192.0.2.3")  # a new address, but the server's limit is reached
        assert full.status == 429
        assert (await client.get(f"/g/{token}")).status == 200  # pages are not streams
        a1.close()  # a closed stream gives its place back
        streams = next(r.handler.__self__ for r in server.router.routes() if r.handler.__name__ == "events").streams
        await wait_until(lambda: streams.open["192.0.2.1"] == 1, "the closed stream counted out")
        again = await open_from("192.0.2.3")
        assert again.status == 200
        for response in (a2, b1, again):
            response.close()


async def test_a_stream_closed_by_its_reader_leaves_no_task_behind(db, service, caplog):
    """A browser that goes away cancels its stream's handler: nothing it waited on is left pending (asyncio
    would say "Task was destroyed but it is pending!" once such a task is collected)."""
    import gc

    game_id = await started(service)
    token = await token_of(db, game_id)
    tasks_before = len(asyncio.all_tasks())
    async with Web(db, service) as client:
        streams = next(r.handler.__self__ for r in client.server.app.router.routes() if r.handler.__name__ == "events")
        readers = [await client.get(f"/g/{token}/events") for _ in range(3)]
        for reader in readers:
            assert (await next_event(reader))[0] == "game"
        await play(service, game_id, 1)  # the streams wake, send the move and wait again
        for reader in readers:
            assert (await next_event(reader))[0] == "game"
            reader.close()
        await wait_until(lambda: not streams.streams.open, "the closed streams counted out")
        await wait_until(lambda: len(asyncio.all_tasks()) <= tasks_before + 1, "the streams' tasks ended")
        gc.collect()
        await asyncio.sleep(0)
    assert "Task was destroyed" not in caplog.text


async def test_stopping_the_server_ends_the_open_streams(db, service):
    game_id = await started(service)
    token = await token_of(db, game_id)
    server = WebServer(lambda: db, settings())
    port = await server.start(host="127.0.0.1", port=0)
    from aiohttp import ClientSession

    try:
        async with ClientSession() as session:
            stream = await session.get(f"http://127.0.0.1:{port}/g/{token}/events")
            assert (await next_event(stream))[0] == "game"
            await server.stop()
            with pytest.raises(EOFError):
                await next_event(stream)
    finally:
        await server.stop()


# -- hidden information --------------------------------------------------------------------------
def _hooks(game_id: str):
    import importlib

    ai = importlib.import_module(f"rules.{game_id}.ai")
    return ai.HOOKS if hasattr(ai, "HOOKS") else ai.hooks(GAMES[game_id])


async def _seen(db: Database, token: str) -> tuple[str, str, str, bytes]:
    """The page, the stream's first event, the live position and its picture, from a new server."""
    async with Web(db) as client:
        page = await (await client.get(f"/g/{token}", headers={"Accept-Language": "en"})).text()
        stream = await client.get(f"/g/{token}/events")
        event = await next_event(stream)
        stream.close()
        live = json.loads(event[1])["live"]
        position = await (await client.get(f"/g/{token}/step/{live['step']}")).text()
        picture = await picture_of(client, json.loads(position)["image"])
    return page, f"{event[0]}:{event[1]}", position, picture


@pytest.mark.parametrize(("game", "seed", "moves"), [("pergamemnon", 11, 6), ("neanderthal", 4, 6), ("engis", 5, 5)])
async def test_what_spectators_may_not_see_never_reaches_the_page(db, service, game, seed, moves):
    """Shuffle the hidden information (hands, face-down piles, the dice to come; private events and the
    moves' action ids in the log): the page, its stream and its picture stay the same."""
    game_id = await started(service, game, seed)
    await play(service, game_id, moves)
    token = await token_of(db, game_id)
    before = await _seen(db, token)
    row = await db.get_game(game_id)
    engine = GAMES[game]
    state = engine.load(row.state)
    changed = 0
    for n, seat in enumerate(range(len(row.seats))):
        world = _hooks(game).determinize(state, seat, Rng(seed=1000 + n))
        changed += world.model_copy(update={"rng": state.rng}) != state
        async with db.sql.transaction() as tx:
            await tx.execute("UPDATE games SET state = $1 WHERE id = $2", engine.dump(world), game_id)
            for version, events in [(r["version"], r["events"]) for r in await db.action_log(game_id)]:
                secret = Event(text=msg("ai.name", n=version * 7 + n), seats=[seat]).model_dump(mode="json")
                mixed = [e for e in events if e.get("seats") is None] + [secret]
                await tx.execute(
                    "UPDATE actions SET events = $1, action_id = $2 WHERE game_id = $3 AND version = $4",
                    json.dumps(mixed),
                    f"hidden{n}.{version}",
                    game_id,
                    version,
                )
        assert await _seen(db, token) == before, f"seat {seat}'s secrets show on the page"
    assert changed, "no shuffle changed any hidden information"


# -- Discord: /game link and the board's link ---------------------------------------------------
async def test_game_link_and_the_board_button(fake_discord, tmp_path):
    from fakediscord.botkit import board_messages, last_board, mesa, play_move, start_game, start_lobby

    fake = fake_discord
    db_path = tmp_path / "mesa.sqlite3"
    async with mesa(fake, db_path, web_url="https://mesa.example.org", web_port=0, web_host="127.0.0.1") as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1)
        thread = await start_game(fake, ANA, lobby)
        board = last_board(fake, thread)
        links = [b["url"] for b in board.buttons() if b.get("url")]
        assert len(links) == 1 and re.fullmatch(r"https://mesa\.example\.org/g/[A-Za-z0-9_-]{32}", links[0])
        token = links[0].rsplit("/", 1)[1]
        said = await fake.slash(BRUNO, thread, "game link", {})
        await said.wait_response()
        answer = await fake.wait_for(lambda: [m for m in said.messages if not m.loading])
        assert links[0] in answer[-1].content and answer[-1].ephemeral
        # The bot serves the page itself, and the page follows the game.
        from aiohttp import ClientSession

        async with ClientSession() as session:
            base = f"http://127.0.0.1:{bot.web.port}/g/"
            stream = await session.get(base + token + "/events")
            version = json.loads((await next_event(stream))[1])["version"]
            await play_move(fake, thread, __import__("random").Random(1))
            assert json.loads((await next_event(stream))[1])["version"] > version
            # Only the host replaces the link; the board's button follows, the old link is gone.
            refused = await fake.slash(BRUNO, thread, "game link", {"reset": True})
            await refused.wait_response()
            await fake.wait_for(lambda: [m for m in refused.messages if not m.loading])
            reset = await fake.slash(ANA, thread, "game link", {"reset": True})
            await reset.wait_response()
            await fake.wait_for(lambda: [m for m in reset.messages if not m.loading])
            assert await next_event(stream) == ("gone", "")
            assert (await session.get(base + token)).status == 404
            current = board_messages(fake, thread)[-1]
            new = await fake.wait_for(
                lambda: [b["url"] for b in fake.message(current.id).buttons() if b.get("url", links[0]) != links[0]]
            )
            assert (await session.get(base + new[0].rsplit("/", 1)[1])).status == 200


async def test_a_page_hears_of_a_move_once_its_board_is_posted_or_settling_after(fake_discord, tmp_path, monkeypatch):
    """The pages hear of the bot's move once its board is posted in the channel, with its picture, so that
    their work never comes between a click and its board; a Discord slow to take the board holds them back
    ``SETTLING`` at most. (The database's word of the move is kept from them for as long as the test lasts:
    only the bot's own word can reach them.)"""
    from bot.web import changes
    from fakediscord.botkit import board_messages, last_board, mesa, play_move, start_game, start_lobby

    monkeypatch.setattr(changes, "SETTLING", 3600.0)  # (both the bot's word and the database's wait so long)
    fake = fake_discord
    rng = __import__("random").Random(1)
    async with mesa(
        fake, tmp_path / "mesa.sqlite3", web_url="https://x.example", web_port=0, web_host="127.0.0.1"
    ) as bot:
        thread = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1))
        token = next(b["url"] for b in last_board(fake, thread).buttons() if b.get("url")).rsplit("/", 1)[1]
        from aiohttp import ClientSession

        async with ClientSession() as session:
            base = f"http://127.0.0.1:{bot.web.port}/g/"
            stream = await session.get(base + token + "/events")
            version = json.loads((await next_event(stream))[1])["version"]
            boards = len(board_messages(fake, thread))
            held = fake.hold("POST", rf"/channels/{thread}/messages$")
            move = asyncio.ensure_future(play_move(fake, thread, rng))
            try:
                await asyncio.wait_for(held.arrived.wait(), 10)
                await wait_until(lambda: bot.web.changes.settling, "the pages told, their streams waiting")
            finally:
                held.release()
            live = json.loads((await asyncio.wait_for(next_event(stream), 10))[1])
            assert live["version"] > version and len(board_messages(fake, thread)) == boards + 1  # posted first
            await move

            monkeypatch.setattr(changes, "SETTLING", 0.2)  # Discord holds the next board longer than that
            held = fake.hold("POST", rf"/channels/{thread}/messages$")
            move = asyncio.ensure_future(play_move(fake, thread, rng))
            try:
                await asyncio.wait_for(held.arrived.wait(), 10)
                later = json.loads((await asyncio.wait_for(next_event(stream), 10))[1])
                assert later["version"] > live["version"] and len(board_messages(fake, thread)) == boards + 1
                assert (await picture_of(session, later["live"]["image"])).startswith(b"\x89PNG")  # in the event
            finally:
                held.release()
            await move
            assert len(board_messages(fake, thread)) == boards + 2


# -- python -m bot web -----------------------------------------------------------------------------
async def test_python_m_bot_web_serves_the_pages_of_the_bots_database(db, service, tmp_path):
    """The pages as a process of their own beside the bot: they follow its moves; SIGTERM stops them."""
    import signal
    import socket
    import sys

    from aiohttp import ClientConnectionError, ClientSession

    game_id = await started(service)
    token = await token_of(db, game_id)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    env = {**os.environ, "MESA_DATABASE": str(tmp_path / "mesa.sqlite3"), "MESA_WEB_PORT": str(port)}
    env |= {"MESA_WEB_HOST": "127.0.0.1", "MESA_RENDER_WORKERS": "0"}
    env.pop("DISCORD_TOKEN", None)
    # In a process group of its own: whatever the test's end, the finalizer ends it and anything it started.
    web = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", env=env, stderr=asyncio.subprocess.PIPE, start_new_session=True
    )
    try:
        async with ClientSession() as session:
            for _ in range(2000):  # until it serves
                assert web.returncode is None, (await web.stderr.read()).decode()
                try:
                    stream = await session.get(f"http://127.0.0.1:{port}/g/{token}/events")
                    break
                except ClientConnectionError:
                    await asyncio.sleep(0.01)
            else:
                raise AssertionError("python -m bot web never served the page")
            before = json.loads((await next_event(stream))[1])["version"]
            await play(service, game_id, 1)  # made by this process: the web process reads it in the database
            after = json.loads((await next_event(stream))[1])["version"]
            assert after == (await db.get_game(game_id)).version > before
            web.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(web.wait(), 120) == 0  # (a guard against a hang, not a timing)
            stream.close()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(web.pid, signal.SIGKILL)
        await web.wait()
    assert b"Traceback" not in await web.stderr.read()


def test_python_m_bot_web_never_makes_a_database(monkeypatch, capsys, tmp_path):
    """On a disk of its own (a Procfile host's web process with SQLite) there is no game to show: it says
    so and stops, making no empty database."""
    from bot.__main__ import main

    missing = tmp_path / "mesa.sqlite3"
    monkeypatch.setenv("MESA_DATABASE", str(missing))
    monkeypatch.setenv("MESA_WEB_PORT", "8080")  # (never opened: the database is looked for first)
    assert main(["web"]) == 1
    assert "no database at" in capsys.readouterr().err and not missing.exists()


def test_python_m_bot_web_needs_a_port(monkeypatch, capsys):
    from bot.__main__ import main

    monkeypatch.delenv("MESA_WEB_PORT", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    assert main(["web"]) == 2
    assert "MESA_WEB_PORT" in capsys.readouterr().err


async def test_the_page_s_markup_serves_every_reader(db, service):
    """The page as served: "No move yet." under the name the script reads (``data-no-moves``), a line for
    a browser without JavaScript and no "Live" until the script is live, the board a link to its picture
    full size, the board's section named for the board, the stepper's four glyphs of one family, and the
    moves reachable by keyboard, announced in a live region."""
    game_id = await started(service, "atlandice", seed=5)
    token = await token_of(db, game_id)
    async with Web(db, service) as client:
        page = await (await client.get(f"/g/{token}", headers={"Accept-Language": "en"})).text()
        assert f'data-no-moves="{t("web.no_moves", "en")}"' in page
        assert f'<noscript><p class="noscript">{t("web.noscript", "en")}</p></noscript>' in page
        assert f">{t('web.live', 'en')}<" not in page
        full = re.search(r'<a id="full" href="([^"]+)"', page).group(1)
        full = html.unescape(full)
        assert ".png?" in full
        picture = await client.get(f"/g/{full}")
        assert picture.status == 200 and picture.content_type == "image/png"
        assert f'<section class="board" aria-label="{t("web.board", "en")}">' in page
        glyphs = re.findall(r'id="(first|prev|next|last)"[^>]*>([^<]+)</button>', page)
        assert [g for _, g in glyphs] == ["«", "‹", "›", "»"]
        assert 'aria-live="polite"></p>' in page and 'id="announce"' in page
        await play(service, game_id, 2)
        page = await (await client.get(f"/g/{token}", headers={"Accept-Language": "en"})).text()
        moves = re.findall(r"<li data-step=\d+ tabindex=0 class=\"move\">", page)
        assert len(moves) >= 2


async def test_after_an_undo_the_caption_says_the_last_move_that_counts(db, service):
    """A move taken back: the live position's words still name the move that led there."""
    from bot.service.undo import UndoService

    game_id = await started(service, "atlandice", seed=5)
    token = await token_of(db, game_id)
    await play(service, game_id, 3)
    last_mover = next(r["user_id"] for r in reversed(await db.action_log(game_id)) if r["user_id"] is not None)
    assert (await UndoService(service).request(game_id, last_mover)).result is not None
    async with Web(db, service) as client:
        stream = await client.get(f"/g/{token}/events")
        data = json.loads((await next_event(stream))[1])
        stream.close()
    live = data["live"]
    assert live["total"] > 0 and any(line["step"] is None for line in data["log"])  # the undone lead the log
    counted = [line["text"] for line in data["log"] if line["step"] == live["total"]]
    assert counted and live["lines"] == counted[:1]
