"""``/privacy show`` and ``/privacy delete`` end to end, and ``python -m bot forget`` on both databases."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.__main__ import main
from bot.storage import FORMER_PLAYER, Database, Seat
from fakediscord.botkit import (
    board_messages,
    ephemeral_reply,
    game_file,
    import_game,
    last_board,
    mentioned,
    mesa,
    play_move,
    play_to_end,
)
from fakediscord.fixtures import CHANNEL_ID
from rules import GAMES
from tests.test_bot_e2e import _replayed, _started

ANA, BRUNO, CARLA = 1, 2, 3


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _text(fake, inter) -> str:
    answer = await ephemeral_reply(fake, inter)
    return answer.content + "\n" + answer.embed_texts()


async def test_a_player_sees_everything_kept_about_them_then_has_it_deleted(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(5)
    async with mesa(fake, db_path) as bot:
        settings = await fake.slash(
            ANA, CHANNEL_ID, "settings", {"timezone": "America/Sao_Paulo", "quiet": "22:00-07:00"}
        )
        await ephemeral_reply(fake, settings)
        # A running game and a finished one (rated), both with Ana.
        running, running_id = await _started(fake, humans=(BRUNO, ANA), ai=0)
        for _ in range(3):
            assert await play_move(fake, running, rng)
        finished = await import_game(fake, bot, ANA, CHANNEL_ID, game_file("atlandice", [ANA, BRUNO, None], 31))
        await play_to_end(fake, finished, rng)

        shown = await ephemeral_reply(fake, await fake.slash(ANA, CHANNEL_ID, "privacy show"))
        assert shown.ephemeral and shown.attachments[0]["filename"] == f"mesa-data-{ANA}.json"
        data = json.loads(shown.files()[0])
        assert data["user_id"] == str(ANA)
        assert [s["time_zone"] for s in data["settings"]] == ["America/Sao_Paulo"]
        assert running_id in {s["game_id"] for s in data["seats"]} and len(data["seats"]) == 2
        played = {(m["game_id"], m["action_id"]) for m in data["moves"]}
        async with _database(db_path) as db:
            ana_moves = [
                (game.id, r["action_id"])
                for game in [await db.game_in_channel(finished), await db.game_in_channel(running)]
                for r in await db.action_log(game.id)
                if r["user_id"] == ANA
            ]
        assert ana_moves and played == set(ana_moves)
        rated = [r for r in data["stats_and_ratings"] if r["game"] == "atlandice"]
        assert len(rated) == 1 and rated[0]["games"] == 1
        assert "rating" in await _text(fake, await fake.slash(BRUNO, CHANNEL_ID, "stats", {"player": ANA}))

        # Delete: a confirmation first, then everything goes (Ana reads Portuguese).
        asked = await ephemeral_reply(fake, await fake.slash(ANA, CHANNEL_ID, "privacy delete"))
        assert "Ex-jogador" in asked.content
        button = asked.custom_ids()[0]
        forged = fake.snapshot(asked)
        refused = await fake.click_snapshot(BRUNO, forged, button)
        assert "does not belong" in (await ephemeral_reply(fake, refused)).content
        done = await fake.click(ANA, asked, button)
        assert "Pronto" in (await ephemeral_reply(fake, done)).content

        again = json.loads((await ephemeral_reply(fake, await fake.slash(ANA, CHANNEL_ID, "privacy show"))).files()[0])
        assert all(again[key] == [] for key in data if isinstance(data[key], list))
        assert "no finished game" in await _text(fake, await fake.slash(BRUNO, CHANNEL_ID, "stats", {"player": ANA}))
        board = await _text(fake, await fake.slash(BRUNO, CHANNEL_ID, "leaderboard", {"game": "atlandice"}))
        assert f"<@{ANA}>" not in board and f"<@{BRUNO}>" in board
        history = await _text(fake, await fake.slash(BRUNO, CHANNEL_ID, "game history"))
        assert "Former player" in history or "Ex-jogador" in history

        # The running game goes on, the AI in Ana's seat, and nobody mentions her again.
        for _ in range(4):
            if not await play_move(fake, running, rng):
                break
        assert ANA not in mentioned(last_board(fake, running)) and board_messages(fake, running)
    async with _database(db_path) as db:
        for where in (finished, running):
            game = await db.game_in_channel(where)
            assert ANA not in [s.user_id for s in game.seats] and FORMER_PLAYER in [s.user_id for s in game.seats]
            assert "Former player" in [s.name for s in game.seats]  # the channel reads English
    # Both games still replay, move for move, to the position stored.
    for where in (finished, running):
        async with _database(db_path) as db:
            game_id = (await db.game_in_channel(where)).id
        game, stored, replay, log = await _replayed(db_path, game_id)
        assert stored == replay and ANA not in [r["user_id"] for r in log]
        assert GAMES[game.game].load(game.state) == stored


async def test_an_admin_forgets_a_player_from_the_command_line(database_target, monkeypatch, capsys):
    """``python -m bot forget USER_ID`` on SQLite and on PostgreSQL: the name in each game's language."""
    db = await Database.open(database_target)
    try:
        lobby = await db.create_lobby("atlandice", 1, 2, 10, "Ana", "pt-BR", {})
        await db.set_seats(lobby, [Seat(0, 10, "Ana", False), Seat(1, 11, "Bruno", False)])
        assert await db.start_game(lobby, seed=5, state='{"s": 0}', thread_id=3)
    finally:
        await db.close()
    monkeypatch.setenv("MESA_DATABASE", str(database_target))
    assert await asyncio.to_thread(main, ["forget", "ana"]) == 2
    assert await asyncio.to_thread(main, ["forget", "10"]) == 0
    assert "forgot user 10" in capsys.readouterr().out
    db = await Database.open(database_target)
    try:
        game = await db.get_game(lobby)
        assert [(s.user_id, s.name, s.is_ai) for s in game.seats] == [
            (FORMER_PLAYER, "Ex-jogador", True),
            (11, "Bruno", False),
        ]
        assert game.host_id == FORMER_PLAYER
        assert (await db.about(10))["seats"] == []
    finally:
        await db.close()


class _database:
    def __init__(self, path) -> None:
        self.path = path

    async def __aenter__(self) -> Database:
        self.db = await Database.open(self.path)
        return self.db

    async def __aexit__(self, *exc) -> None:
        await self.db.close()
