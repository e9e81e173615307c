"""AI strengths through the bot: chosen in the lobby, stored with the seat, shown, and played."""

from __future__ import annotations

import random

import pytest

from bot.storage import Database
from bot.workers.thinking import Thinker, play_chain
from fakediscord.botkit import (
    ephemeral_reply,
    last_board,
    mesa,
    play_to_end,
    start_game,
    start_lobby,
)
from rules import GAMES

ANA, BRUNO = 1, 2
GAME = "pergamemnon"


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


def _level_menu(message) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":L:lv"))


async def test_host_picks_a_strong_ai_seat_that_plays_a_whole_game(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(5)
    # a small budget keeps the test short; the strong seat searches all the same, in a worker process
    async with mesa(fake, db_path, ai_budget=0.02) as bot:
        lobby = await start_lobby(fake, GAME, ANA, [], ai_seats=1)
        lobby = fake.message(lobby.id)
        assert "(normal)" in lobby.embed_texts()
        options = [o["value"] for o in lobby.component(_level_menu(lobby))["options"]]
        assert options == ["1.easy", "1.normal", "1.strong"]
        # only the host chooses
        refused = await fake.select(BRUNO, lobby, _level_menu(lobby), ["1.easy"])
        assert "host" in (await ephemeral_reply(fake, refused)).content.lower()
        chosen = await fake.select(ANA, lobby, _level_menu(lobby), ["1.strong"])
        await chosen.wait_response()
        lobby = fake.message(lobby.id)
        assert "(strong)" in lobby.embed_texts() and "(normal)" not in lobby.embed_texts()
        # a forged value (a seat that is no AI, a strength that does not exist) changes nothing
        for forged in (["0.strong"], ["1.godlike"]):
            inter = await fake.click_snapshot(ANA, lobby, _level_menu(lobby), values=forged)
            assert (await ephemeral_reply(fake, inter)).content
        assert "(strong)" in fake.message(lobby.id).embed_texts()

        thread = await start_game(fake, ANA, lobby)
        moves = await play_to_end(fake, thread, rng, limit=400)
        final = last_board(fake, thread)
        assert "🏆" in final.embed_texts()
        assert "AI 2 (strong)" in final.embed_texts()  # the board names the seat's strength
        assert bot.service.thinker._pool is not None  # the strong seat thought in the process pool
    db = await Database.open(db_path)
    try:
        game = await db.game_in_channel(thread)
        log = await db.action_log(game.id)
    finally:
        await db.close()
    assert [(s.is_ai, s.level) for s in game.seats] == [(False, "normal"), (True, "strong")]
    engine = GAMES[GAME]
    stored = engine.load(game.state)
    assert game.status == "finished" and engine.outcome(stored) is not None
    assert stored == engine.replay(2, game.seed, game.options, [(r["seat"], r["action_id"]) for r in log])
    # every AI move is the strong AI's choice at that budget (deterministic, so replayable)
    state = engine.new_game(2, game.seed, game.options)
    ai_moves = 0
    for row in log:
        if row["seat"] == 1:
            assert row["action_id"] == engine.ai_action(state, 1, "strong", 0.02)
            ai_moves += 1
        state = engine.apply(state, row["seat"], row["action_id"])
    assert ai_moves and moves == sum(1 for r in log if r["user_id"] is not None)


async def test_ai_chains_in_workers_match_the_engine_and_survive_a_dead_pool(caplog):
    engine = GAMES[GAME]
    state = engine.new_game(2, seed=4)
    levels = {0: "strong", 1: "normal"}
    expected, expected_moves = play_chain(engine, state, levels, 0.02, 6)
    thinker = Thinker(processes=1, budget=0.02)
    try:
        got, moves = await thinker.play(engine, state, levels, 6)
        assert (got, moves) == (expected, expected_moves)  # the worker plays what the bot would
        thinker._pool.shutdown()  # a pool that takes no more work (a worker killed, say)
        got, moves = await thinker.play(engine, state, levels, 6)
        assert (got, moves) == (expected, expected_moves)
        assert "AI worker failed" in caplog.text and thinker._pool is None
        got, moves = await thinker.play(engine, state, levels, 6)  # a fresh pool
        assert (got, moves) == (expected, expected_moves) and thinker._pool is not None
    finally:
        thinker.close()
