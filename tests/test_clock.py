"""A clock per table: when a player's time is up the AI plays that turn at the table's strength, the
board says so, and the player plays their next turn; ``/away`` hands a player's seats to the AI until a
date. The bot's time is a clock the test moves (no waiting)."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from bot.storage import Database
from fakediscord.botkit import (
    board_messages,
    controls,
    ephemeral_reply,
    last_board,
    mesa,
    named,
    play_move,
    start_game,
    start_lobby,
)
from rules import GAMES

ANA, BRUNO = 1, 2
HOUR = 3600.0
START = dt.datetime(2026, 3, 10, 15, 0, tzinfo=dt.UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _stored(db_path, thread):
    db = await Database.open(db_path)
    try:
        game = await db.game_in_channel(thread)
        return game, await db.action_log(game.id)
    finally:
        await db.close()


async def test_clock_the_ai_plays_a_late_turn_and_the_player_plays_the_next(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(7)
    clock = Clock(START)
    async with mesa(fake, db_path, clock=clock, reminder_delay=12 * HOUR, reminder_poll=HOUR) as bot:
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        menu = next(c for c in lobby.custom_ids() if c.endswith(":L:lv"))
        refused = await fake.select(BRUNO, lobby, menu, ["clock.24.easy"])
        assert "host" in (await ephemeral_reply(fake, refused)).content
        chosen = await fake.select(ANA, fake.message(lobby.id), menu, ["clock.24.easy"])
        await chosen.wait_response()
        assert "24 h a turn, then the AI (easy) plays it" in fake.message(lobby.id).embed_texts()
        thread = await start_game(fake, ANA, lobby)
        late = named(last_board(fake, thread))[0]
        game, _ = await _stored(db_path, thread)
        engine = GAMES[game.game]
        before = engine.load(game.state)
        expected = engine.ai_action(before, game.seats_of(late)[0], "easy")

        async def hours_later(hours: float) -> None:
            clock.now = START + hours * HOUR
            bot.wake_reminders()
            await fake.settle()

        boards = len(board_messages(fake, thread))
        await hours_later(23.9)
        assert len(board_messages(fake, thread)) == boards  # still their time
        await hours_later(24.0)
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards)
        board = last_board(fake, thread)
        assert "time was up" in board.embed_texts() and "(easy)" in board.embed_texts()
        game, log = await _stored(db_path, thread)
        played = log[before.step]
        assert (played["action_id"], played["user_id"]) == (expected, None)  # the AI, at the table's strength
        assert not game.seats[game.seats_of(late)[0]].is_ai  # the seat is still theirs
        # The other player plays; then the late player plays their next turn themselves, on a new clock.
        while named(last_board(fake, thread)) != [late]:
            assert await play_move(fake, thread, rng)
        assert await play_move(fake, thread, rng)
        _, log = await _stored(db_path, thread)
        assert any(row["user_id"] == late for row in log)


async def test_clock_away_hands_the_seats_to_the_ai_until_back(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(9)
    clock = Clock(START)
    async with mesa(fake, db_path, clock=clock):
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        thread = await start_game(fake, ANA, lobby)
        inter = await fake.slash(BRUNO, thread, "away", {"until": "yesterday"})
        assert "2026-12-24" in (await ephemeral_reply(fake, inter)).content  # how to write a date
        inter = await fake.slash(BRUNO, thread, "away", {"until": "2026-03-20"})
        answer = await ephemeral_reply(fake, inter)
        assert "away" in answer.content and "the AI plays your seats" in answer.embed_texts()
        # Bruno's turns are played at once: the board never waits on him.
        for _ in range(4):
            await fake.wait_for(lambda: named(last_board(fake, thread)) == [ANA])
            assert await play_move(fake, thread, rng)
        await fake.settle()
        assert any("away until" in b.embed_texts() for b in board_messages(fake, thread))
        assert BRUNO not in named(last_board(fake, thread))
        back = await fake.slash(BRUNO, thread, "away")
        assert "back" in (await ephemeral_reply(fake, back)).content
        while named(last_board(fake, thread)) != [BRUNO]:
            assert await play_move(fake, thread, rng)
        assert controls(last_board(fake, thread))  # his turn waits for his click again
