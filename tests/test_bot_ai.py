"""AI strengths through the bot: chosen in the lobby, stored with the seat, shown, and played."""

from __future__ import annotations

import random

import pytest

from bot.storage import Move
from bot.ui.presenter import event_lines
from bot.workers.thinking import Thinker, play_chain
from fakediscord.botkit import (
    board_messages,
    ephemeral_reply,
    last_board,
    mesa,
    play_move,
    play_to_end,
    start_game,
    start_lobby,
    stored_game,
)
from rules import GAMES
from rules.core import t

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
        assert [v for v in options if not v.startswith("clock.")] == ["1.easy", "1.normal", "1.strong"]
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
    game, log = await stored_game(db_path, thread)
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


async def test_a_move_strong_ai_seats_answer_is_posted_at_once_and_their_moves_follow(fake_discord, db_path):
    """The player's move is stored and told in the thread (with who is thinking) before the strong AI
    seats think, and the spectators' pages hear of it then; the board with their moves follows (and
    the pages hear of them), and the line goes (the board says it all)."""
    fake = fake_discord
    rng = random.Random(3)
    async with mesa(fake, db_path, ai_budget=0.02, ai_processes=0) as bot:
        told: list[set[int]] = []  # the fake's messages each time the pages are told of a change
        bot.service.watchers.append(lambda *_: told.append({m.id for m in fake.all_messages.values()}))
        lobby = await start_lobby(fake, GAME, ANA, [], ai_seats=2)
        for seat in (1, 2):
            chosen = await fake.select(ANA, fake.message(lobby.id), _level_menu(lobby), [f"{seat}.strong"])
            await chosen.wait_response()
        thread = await start_game(fake, ANA, lobby)
        lines = []
        for _ in range(20):  # a move after which the AI seats play (not one that asks Ana again)
            seen = set(fake.all_messages)
            boards = len(board_messages(fake, thread))
            assert await play_move(fake, thread, rng)
            new = [m for i, m in fake.all_messages.items() if i not in seen and m.channel_id == thread]
            lines = [m for m in new if not m.files() and not m.ephemeral]
            if lines:
                break
        (line,) = lines
        board = board_messages(fake, thread)[boards]  # the board that followed Ana's move
        assert line.id < board.id  # the line came first
        assert "AI 2 (strong) is thinking" in line.content or "AI 3 (strong) is thinking" in line.content
        assert any(line.id in seen and board.id not in seen for seen in told)  # the pages saw Ana's move alone
        await fake.wait_for(lambda: any(board.id in seen for seen in told))  # and then the AI seats' answer
        await fake.wait_for(lambda: fake.all_messages[line.id].deleted)  # gone once the board is out
    game, log = await stored_game(db_path, thread)
    ana = max(r["version"] for r in log if r["user_id"] == ANA)
    answer = [r for r in log if r["version"] > ana]
    assert answer and all(r["user_id"] is None for r in answer)  # the AI seats answered her move
    move = next(Move(r["seat"], r["action_id"], r["user_id"], r["events"]) for r in log if r["version"] == ana)
    said = event_lines(game, [move], None, game.locale) or [t("board.played", game.locale, who=game.seats[0].name)]
    assert all(text in line.content for text in said)  # the line told her move
