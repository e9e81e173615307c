"""A game taken out and brought back: ``/game export`` → ``python -m bot replay-file`` → ``/game import``."""

from __future__ import annotations

import json
import random

import pytest

from bot.__main__ import main
from bot.service import export
from bot.storage import Database
from fakediscord.botkit import board_messages, ephemeral_reply, last_board, mentioned, mesa, play_move
from fakediscord.fixtures import CHANNEL_ID
from rules import GAMES
from tests.test_bot_e2e import _started

ANA, BRUNO, CARLA = 1, 2, 3


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


def _tampered(data: bytes, **changes) -> bytes:
    raw = json.loads(data)
    raw.update(changes)
    return json.dumps(raw).encode()


async def test_export_replay_file_and_import_round_trip(fake_discord, db_path, tmp_path, capsys):
    fake = fake_discord
    rng = random.Random(4)
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake, humans=(ANA, BRUNO), ai=1)
        for _ in range(6):
            assert await play_move(fake, thread, rng)
        # While the game runs its file shows the seed (the cards to come): only the host takes it out.
        refused, nothing = await _export(fake, BRUNO, thread)
        assert "host" in refused.content and not nothing
        answer, data = await _export(fake, ANA, thread)
        assert answer.ephemeral and answer.attachments[0]["filename"] == f"atlandice-{game_id}.json"
        original, moves = await _stored(db_path, game_id)
        file = export.read(data)
        assert (file.game, file.seed, file.options) == (original.game, original.seed, original.options)
        assert [(m.seat, m.action) for m in file.moves] == [(m["seat"], m["action_id"]) for m in moves]
        assert [p.user_id for p in file.players] == [s.user_id for s in original.seats]
        assert json.loads(data)["players"][0]["user_id"] == str(ANA)  # Discord ids as strings

        # Offline: a picture per position and the GIF.
        path = tmp_path / "game.json"
        path.write_bytes(data)
        out = tmp_path / "pictures"
        assert main(["replay-file", str(path), "--out", str(out)]) == 0
        assert len(list(out.glob("move-*.png"))) == len(moves) + 1
        assert (out / "replay.gif").read_bytes()[:6] == b"GIF89a"
        assert json.loads((out / "summary.json").read_text())["moves"] == len(moves)

        # Imported: a new game in a new thread, at the very position of the original, and it goes on.
        _, done = await _import(fake, CARLA, CHANNEL_ID, data)
        assert "imported" in done.content
        new_thread = next(t for t in fake.threads if t != thread)
        await fake.wait_for(lambda: board_messages(fake, new_thread))
        db = await Database.open(db_path)
        try:
            copy = await db.game_in_channel(new_thread)
        finally:
            await db.close()
        assert copy.id != game_id and copy.host_id == CARLA and copy.status == "active"
        assert copy.state == original.state and copy.version == len(moves)
        assert [(s.user_id, s.is_ai, s.level) for s in copy.seats] == [
            (s.user_id, s.is_ai, s.level) for s in original.seats
        ]
        assert mentioned(last_board(fake, new_thread)) == mentioned(last_board(fake, thread))
        assert await play_move(fake, new_thread, rng)
        copied, _ = await _stored(db_path, copy.id)
        engine = GAMES[copied.game]
        assert engine.load(copied.state).step > engine.load(original.state).step


async def test_export_import_refuses_a_broken_log_or_other_rules(fake_discord, db_path, tmp_path, capsys):
    fake = fake_discord
    rng = random.Random(8)
    async with mesa(fake, db_path):
        thread, _ = await _started(fake, humans=(ANA, BRUNO), ai=1)
        for _ in range(5):
            assert await play_move(fake, thread, rng)
        _, data = await _export(fake, ANA, thread)
        raw = json.loads(data)
        broken_at = 3
        raw["moves"][broken_at - 1]["action"] = "no-such-move"
        broken = json.dumps(raw).encode()
        newer = _tampered(data, rules_version=GAMES["atlandice"].rules_version + 1)
        threads = len(fake.threads)
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, broken)  # Bruno reads English
        assert f"move {broken_at}" in answer.content and "`no-such-move`" in answer.content
        _, answer = await _import(fake, BRUNO, CHANNEL_ID, newer)
        assert "rules version" in answer.content and str(GAMES["atlandice"].rules_version + 1) in answer.content
        _, answer = await _import(fake, ANA, CHANNEL_ID, b"not json at all")
        assert "/partida exportar" in answer.content  # Ana reads Portuguese
        assert len(fake.threads) == threads  # nothing was imported
    # The offline replay refuses the same file with the same sentence.
    path = tmp_path / "broken.json"
    path.write_bytes(broken)
    capsys.readouterr()
    assert main(["replay-file", str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"move {broken_at}" in err and "no-such-move" in err
