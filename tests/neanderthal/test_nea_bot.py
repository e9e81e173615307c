"""NEANDERTHAL through the bot: the L and M variants chosen in the lobby and played to their end by
clicks (discord.py's real client against the fake Discord)."""

from __future__ import annotations

import random

import pytest

from fakediscord.botkit import (
    choose,
    last_board,
    mesa,
    play_to_end,
    start_game,
    start_lobby,
    stored_game,
    table_settings,
)
from rules import GAMES

ANA, BRUNO = 1, 2


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


@pytest.mark.parametrize(("humans", "ai", "variant"), [((ANA,), 0, "alien"), ((ANA,), 1, "eve")])
async def test_matrix_variants_play_to_their_end_by_clicks(fake_discord, db_path, humans, ai, variant):
    fake = fake_discord
    rng = random.Random(5)
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, "neanderthal", humans[0], list(humans[1:]), ai_seats=ai)
        panel = await table_settings(fake, ANA, lobby)  # the variants: the host's table settings
        for key, value in [("map", "matrix"), ("artifacts", "3")]:
            await choose(fake, ANA, panel, f":L:o:{key}", value)
        thread = await start_game(fake, ANA, lobby)
        moves = await play_to_end(fake, thread, rng, limit=800)
        over = last_board(fake, thread).embed_texts()
        goal = "activate 3 alien artifacts" if variant == "alien" else "a Husband assimilated with each other"
        assert ("Won: the goal is reached" in over or "Lost: the goal is not reached" in over) and goal in over
    game, log = await stored_game(db_path, thread)
    engine = GAMES["neanderthal"]
    stored = engine.load(game.state)
    assert stored.variant == variant and game.status == "finished" and stored.goal == (3 if variant == "alien" else 0)
    assert game.options["map"] == "matrix"
    replay = engine.replay(len(game.seats), game.seed, game.options, [(r["seat"], r["action_id"]) for r in log])
    assert replay == stored and moves == sum(1 for r in log if r["user_id"] is not None)
