"""A game taken out and brought back: ``/game export`` → ``python -m bot replay-file`` → ``/game import``."""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import random
import re
import time

import pytest

from bot.__main__ import main
from bot.service import export
from bot.storage import Database, GameRow, Seat
from fakediscord.botkit import (
    check_reminders,
    ephemeral_reply,
    imported_lobby,
    last_board,
    lobby_id,
    mentioned,
    mesa,
    play_move,
    start_game,
)
from fakediscord.fixtures import CHANNEL_ID
from rules import GAMES
from rules.core.play import play
from tests.test_bot_e2e import _started
from tests.test_clock import Clock

ANA, BRUNO, CARLA, DAVI = 1, 2, 3, 4


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _stored(db_path, game_id):
    db = await Database.open(db_path)
    try:
        return await db.get_game(game_id), await db.moves_that_count(game_id)
    finally:
        await db.close()


async def _export(fake, user, channel) -> tuple[object, bytes]:
    inter = await fake.slash(user, channel, "game export")
    answer = await ephemeral_reply(fake, inter)
    return answer, (answer.files() or [b""])[0]


async def _import(fake, user, channel, data: bytes, name="game.json"):
    inter = await fake.slash(user, channel, "game import", {"file": fake.upload(name, data)})
    return inter, await ephemeral_reply(fake, inter)


async def test_export_replay_file_and_import_round_trip(fake_discord, db_path, tmp_path, capsys):
    fake = fake_discord
    rng = random.Random(4)
    async with mesa(fake, db_path) as bot:
        thread, game_id = await _started(fake, humans=(ANA, BRUNO), ai=1)
        for _ in range(6):
            assert await play_move(fake, thread, rng)
        # While the game runs its file shows only what the channel sees: any of its players takes it out.
        refused, nothing = await _export(fake, CARLA, thread)
        assert "players" in refused.content and not nothing
        answer, data = await _export(fake, BRUNO, thread)
        assert answer.ephemeral and answer.attachments[0]["filename"] == f"atlandice-{game_id}.json"
        assert "sealed" in answer.content
        original, moves = await _stored(db_path, game_id)
        shown = export.read(data)
        assert shown.seed is None and shown.moves == [] and shown.state_sha256 is None and shown.is_sealed
        assert shown.moves_played == len(moves)
        file = export.unseal(shown, await bot.service.secret())
        assert (file.game, file.seed, file.options) == (original.game, original.seed, original.options)
        assert [(m.seat, m.action) for m in file.moves] == [(m["seat"], m["action_id"]) for m in moves]
        assert [p.user_id for p in file.players] == [s.user_id for s in original.seats]
        assert json.loads(data)["players"][0]["user_id"] == str(ANA)  # Discord ids as strings

        # Offline, a sealed file is refused with the reason; the file inside it draws a picture per position.
        path = tmp_path / "game.json"
        path.write_bytes(data)
        capsys.readouterr()
        assert main(["replay-file", str(path), "--out", str(tmp_path / "none")]) == 1
        assert "sealed" in capsys.readouterr().err and not (tmp_path / "none").exists()
        path.write_bytes(export.dumps(file))
        out = tmp_path / "pictures"
        assert main(["replay-file", str(path), "--out", str(out)]) == 0
        assert len(list(out.glob("move-*.png"))) == len(moves) + 1
        assert (out / "replay.gif").read_bytes()[:6] == b"GIF89a"
        assert json.loads((out / "summary.json").read_text())["moves"] == len(moves)

        # Someone who was not at the table cannot continue it; a file in the clear is not a running game's.
        threads = len(fake.threads)
        _, answer = await _import(fake, CARLA, CHANNEL_ID, data)
        assert "no seat" in answer.content
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, export.dumps(file))
        assert "sealed file" in answer.content
        assert len(fake.threads) == threads

        # Imported: a lobby where Ana takes her seat, then a new game in a new thread, at the very position
        # of the original, and it goes on.
        _, done = await _import(fake, BRUNO, CHANNEL_ID, data)
        assert "imported" in done.content
        lobby = await fake.wait_for(lambda: imported_lobby(fake, CHANNEL_ID))
        joined = await fake.click(ANA, lobby, lobby_id(lobby, "join"))
        await joined.wait_response()
        new_thread = await start_game(fake, BRUNO, lobby)
        db = await Database.open(db_path)
        try:
            copy = await db.game_in_channel(new_thread)
        finally:
            await db.close()
        assert copy.id != game_id and copy.host_id == BRUNO and copy.status == "active"
        assert copy.state == original.state and copy.version == len(moves)
        assert [(s.user_id, s.is_ai, s.level) for s in copy.seats] == [
            (s.user_id, s.is_ai, s.level) for s in original.seats
        ]
        assert mentioned(last_board(fake, new_thread)) == mentioned(last_board(fake, thread))
        assert await play_move(fake, new_thread, rng)
        copied, _ = await _stored(db_path, copy.id)
        engine = GAMES[copied.game]
        assert engine.load(copied.state).step > engine.load(original.state).step


def _reaching(fake, since: int, user: int) -> list[str]:
    """What of the bot's requests since ``since`` reached ``user``: a mention allowed to ping them, their id
    in a message's text, a direct message opened to them."""
    found = []
    for method, path, body in fake.bodies[since:]:
        allowed = body.get("allowed_mentions") or {}
        if str(user) in [str(u) for u in allowed.get("users", [])]:
            found.append(f"{method} {path}: allowed_mentions names them")
        texts = [body.get("content") or ""] + [str(e) for e in body.get("embeds") or []]
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        texts.append(str(data.get("content") or ""))
        if any(f"<@{user}>" in text or f"<@!{user}>" in text for text in texts):
            found.append(f"{method} {path}: their mention in the message")
        if str(body.get("recipient_id")) == str(user):
            found.append(f"{method} {path}: a direct message to them")
    return found


async def test_an_import_seats_pings_dms_and_reminds_nobody_until_they_join(fake_discord, db_path):
    """The file's other players are invited, not seated: nothing reaches them (no mention allowed, no
    direct message, no reminder) until they click Join; nobody else can take their seats, and seats
    nobody took go to the AI when the importer starts."""
    fake = fake_discord
    rng = random.Random(4)
    clock = Clock(time.time())
    async with mesa(fake, db_path, clock=clock, reminder_delay=3600, reminder_poll=3600) as bot:
        # Ana's turns would reach her by mention and by direct message: the import must use neither.
        settings = await fake.slash(ANA, CHANNEL_ID, "settings", {"turns": "both"})
        await ephemeral_reply(fake, settings)
        thread, _ = await _started(fake, humans=(ANA, BRUNO), ai=1)
        for _ in range(4):
            assert await play_move(fake, thread, rng)
        _, data = await _export(fake, BRUNO, thread)
        ended = await fake.slash(ANA, thread, "game end")  # the table moves elsewhere: no more turns for Ana here
        await ended.wait_response()
        await fake.settle()
        # Carla, who was not at the table, cannot take the game over, even with the visible players edited.
        forged = json.loads(data)
        forged["players"][0]["user_id"] = str(CARLA)
        _, answer = await _import(fake, CARLA, CHANNEL_ID, json.dumps(forged).encode())
        assert "no seat" in answer.content

        since = len(fake.bodies)
        dms = len(fake.dm_messages(ANA))
        _, done = await _import(fake, BRUNO, CHANNEL_ID, data)
        assert "imported" in done.content
        lobby = await fake.wait_for(lambda: imported_lobby(fake, CHANNEL_ID))
        assert "waiting for them to Join" in lobby.embed_texts()
        # Davi is not in the file: the seat is not his.
        davi = await fake.click(DAVI, lobby, lobby_id(lobby, "join"))
        assert "not one of them" in (await ephemeral_reply(fake, davi)).content
        clock.now += 100 * 3600  # long past every reminder
        await check_reminders(fake, bot)
        assert _reaching(fake, since, ANA) == []
        # Started without her: the AI takes Ana's seat, and still nothing reaches her, reminders included.
        first = await start_game(fake, BRUNO, fake.message(lobby.id))
        async with _database(db_path) as db:
            game = await db.game_in_channel(first)
        assert [(s.user_id, s.is_ai) for s in game.seats if s.seat == 0] == [(None, True)]
        assert all(s.user_id in (None, BRUNO) for s in game.seats)
        for _ in range(3):
            if not await play_move(fake, first, rng):
                break
        clock.now += 100 * 3600
        await check_reminders(fake, bot)
        await fake.settle()
        assert _reaching(fake, since, ANA) == [] and len(fake.dm_messages(ANA)) == dms

        # Imported again, Ana joins this time: from her click on, she is a player like any other.
        _, done = await _import(fake, BRUNO, CHANNEL_ID, data)
        lobby = await fake.wait_for(
            lambda: (m := imported_lobby(fake, CHANNEL_ID)) is not None and m.id != game.lobby_message_id and m
        )
        assert _reaching(fake, since, ANA) == []
        joined = await fake.click(ANA, lobby, lobby_id(lobby, "join"))
        await joined.wait_response()
        second = await start_game(fake, BRUNO, fake.message(lobby.id))
        async with _database(db_path) as db:
            game = await db.game_in_channel(second)
        assert [s.user_id for s in game.seats if s.seat == 0] == [ANA]


@contextlib.asynccontextmanager
async def _database(db_path):
    db = await Database.open(db_path)
    try:
        yield db
    finally:
        await db.close()


async def test_export_import_refuses_a_broken_log_or_other_rules(fake_discord, db_path, tmp_path, capsys):
    fake = fake_discord
    rng = random.Random(8)
    async with mesa(fake, db_path) as bot:
        thread, _ = await _started(fake, humans=(ANA, BRUNO), ai=1)
        for _ in range(5):
            assert await play_move(fake, thread, rng)
        _, data = await _export(fake, ANA, thread)
        secret = await bot.service.secret()
        inner = export.unseal(export.read(data), secret)
        raw = json.loads(export.dumps(inner))
        broken_at = 3
        raw["moves"][broken_at - 1]["action"] = "no-such-move"
        in_clear = json.dumps(raw).encode()
        broken = export.dumps(export.seal(export.read(in_clear), secret))
        newer = export.dumps(export.seal(inner.model_copy(update={"rules_version": inner.rules_version + 1}), secret))
        threads = len(fake.threads)
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, broken)  # Bruno reads English
        assert f"move {broken_at}" in answer.content and "`no-such-move`" in answer.content
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, newer)
        assert "rules version" in answer.content and str(GAMES["atlandice"].rules_version + 1) in answer.content
        _, answer = await _import(fake, ANA, CHANNEL_ID, b"not json at all")
        assert "/partida exportar" in answer.content  # Ana reads Portuguese
        # A file sealed by another Mesa, or changed since it was sealed, is refused, and says which.
        elsewhere = export.dumps(export.seal(inner, "another deployment's key"))
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, elsewhere)
        assert "another Mesa" in answer.content
        mine = json.loads(export.dumps(export.seal(inner, secret)))
        mine["sealed"] = mine["sealed"][:40] + ("A" if mine["sealed"][40] != "A" else "B") + mine["sealed"][41:]
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, json.dumps(mine).encode())
        assert "`sealed`" in answer.content
        assert len(fake.threads) == threads  # nothing was imported
    # The offline replay refuses the same file with the same sentence.
    path = tmp_path / "broken.json"
    path.write_bytes(in_clear)
    capsys.readouterr()
    assert main(["replay-file", str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"move {broken_at}" in err and "no-such-move" in err


def _strings_and_numbers(node) -> tuple[list[str], list[int]]:
    """Every string of a JSON document and every number in it, digits inside strings too."""
    strings: list[str] = []
    numbers: list[int] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, bool):
            return
        elif isinstance(value, int | float):
            numbers.append(int(value))
        elif isinstance(value, str):
            strings.append(value)
            numbers.extend(int(digits) for digits in re.findall(r"\d+", value))

    walk(node)
    return strings, numbers


def _recovered(data: bytes, engine, players: int, state, ahead: list, future, exporter: int, other: int) -> list[str]:
    """What a reader of the file ``data`` learns that seat ``exporter`` does not see: seat ``other``'s
    hidden view, or what chance brings next (``future``: the view after the game's real moves ``ahead``), by replaying every
    seed-like number in it (and in its base64 chunks) with every move it shows; and the names and ids
    of ``other``'s hidden cards in its text and decoded chunks."""
    found: list[str] = []
    raw = json.loads(data)
    strings, numbers = _strings_and_numbers(raw)
    texts = [data.decode()]
    for text in strings:
        for chunk in re.findall(r"[A-Za-z0-9+/=_-]{16,}", text):
            try:
                decoded = base64.b64decode(
                    chunk + "=" * (-len(chunk) % 4), altchars=b"-_" if "-" in chunk or "_" in chunk else None
                )
            except (binascii.Error, ValueError):
                continue
            texts.append(decoded.decode("latin-1"))
            numbers.extend(int(digits) for digits in re.findall(rb"\d+", decoded))
            numbers.extend(
                int.from_bytes(decoded[i : i + 8], order)
                for i in range(0, len(decoded) - 7)
                for order in ("big", "little")
            )
    shown = [(m.get("seat"), m.get("action")) for m in raw.get("moves", []) if isinstance(m, dict)]
    secret_view = engine.view(state, other).model_dump(mode="json")
    for seed in set(numbers):
        try:
            guess = engine.replay(players, seed, state.options, shown)
        except Exception:
            continue
        if engine.view(guess, other).model_dump(mode="json") == secret_view:
            found.append(f"seed {seed} replays seat {other + 1}'s view")
        try:  # (the replay of ``shown + ahead``: the moves ahead played on from the guess)
            for seat, action in ahead:
                guess = engine.apply(guess, seat, action)
            if engine.view(guess, None) == future:
                found.append(f"seed {seed} foretells the moves to come")
        except Exception:
            continue
    visible = json.dumps(engine.view(state, exporter).model_dump(mode="json"), ensure_ascii=False)
    hidden_strings, _ = _strings_and_numbers(secret_view)
    hidden = {word for text in hidden_strings for word in re.findall(r"\w{2,}", text)}
    hidden -= set(re.findall(r"\w{2,}", visible))
    hidden -= set(re.findall(r"\w{2,}", json.dumps(engine.view(state, None).model_dump(mode="json"))))
    for word in sorted(hidden):
        if any(re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) for text in texts):
            found.append(f"{word!r} appears")
    return found


@pytest.mark.parametrize("game", ["pergamemnon", "atlandice", "neanderthal", "engis"])
async def test_a_running_games_export_reveals_no_other_hand(game, db_path):
    """A player's export of a running game, attacked: nothing of another seat's hidden view comes out of
    it. The same attack on the file inside the seal (what a finished game's export holds) recovers it."""
    engine = GAMES[game]
    options = engine.default_options()
    players = max(2, engine.min_players)
    seed = 3_141_592_653_589_793_238  # a seed as the bot draws them (62 bits): no number of the file by chance
    _, log = play(engine, players, seed, options, "easy")
    moves, ahead = log[: len(log) // 3], log[len(log) // 3 :]
    state = engine.replay(players, seed, options, moves)
    assert not engine.is_over(state)
    seats = [Seat(i, 100 + i, f"player {i + 1}", False) for i in range(players)]
    row = GameRow(
        1, game, 7, 8, 9, None, None, "active", 100, "en", options, seed, engine.dump(state), len(moves), seats
    )
    stored = [{"seat": seat, "action_id": action, "user_id": 100 + seat} for seat, action in moves]
    db = await Database.open(db_path)
    try:
        from bot.service.games import GameService
        from bot.settings import Settings

        secret = await GameService(db, Settings(database=db_path)).secret()
    finally:
        await db.close()
    data = export.dumps(export.export(row, stored, secret))
    other = 1
    future = engine.view(engine.replay(players, seed, options, moves + ahead), None)
    assert _recovered(data, engine, players, state, ahead, future, 0, other) == []
    # The positive control: the whole file, seed and moves in the clear, gives seat 2's view away.
    full = export.dumps(export.unseal(export.read(data), secret))
    assert _recovered(full, engine, players, state, ahead, future, 0, other)
