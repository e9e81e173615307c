"""Forum channels: ``/play`` in a forum's post opens the game as a post of its own, tagged with the game
and its status (playing, then finished)."""

from __future__ import annotations

import random

import pytest

from bot.storage import Database
from fakediscord.botkit import (
    board_messages,
    ephemeral_reply,
    game_file,
    import_game,
    last_board,
    mesa,
    play_move,
    play_to_end,
    start_game,
    start_lobby,
)
from fakediscord.fixtures import GUILD_ID

ANA, BRUNO = 1, 2
FORUM = 300


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


def _tag_names(fake) -> list[str]:
    return [tag["name"] for tag in fake.channels[FORUM]["available_tags"]]


async def test_forum_play_opens_a_tagged_post_finished_when_over(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(6)
    fake.add_forum(GUILD_ID, FORUM, "board-games", tags=("ATLANDICE",))  # one of the tags is there already
    async with mesa(fake, db_path) as bot:
        asking = await fake.user_post(ANA, FORUM, "Who plays?", "Anyone up for a game?")
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0, channel_id=asking)
        post = await start_game(fake, ANA, lobby)
        assert post != asking and fake.threads[post]["parent_id"] == str(FORUM)
        assert fake.tags_of(post) == ["ATLANDICE", "playing"]
        assert sorted(_tag_names(fake)) == ["ATLANDICE", "playing"]  # the game's tag reused, the status made
        assert "ATLANDICE #" in fake.message(post).content  # the post's first message names the game
        assert await play_move(fake, post, rng)  # played in the post like in a thread

        # A game near its end, imported from the same post, gets a post too and is marked finished.
        near = await import_game(fake, bot, BRUNO, asking, game_file("atlandice", [BRUNO, None], 7))
        assert fake.threads[near]["parent_id"] == str(FORUM) and fake.tags_of(near) == ["ATLANDICE", "playing"]
        await play_to_end(fake, near, rng)
        await fake.wait_for(lambda: fake.tags_of(near) == ["ATLANDICE", "finished"])
        assert fake.tags_of(post) == ["ATLANDICE", "playing"]
        assert sorted(_tag_names(fake)) == ["ATLANDICE", "finished", "playing"]

        # Its rematch lobby goes in the finished post (a forum has no chat) and starts another post.
        final = last_board(fake, near)
        asked = await fake.click(BRUNO, final, next(c for c in final.custom_ids() if c.endswith(":R")))
        await ephemeral_reply(fake, asked)
        invite = await fake.wait_for(lambda: [m for m in fake.messages(near) if m.custom_ids() and not m.files()])
        rematch = await start_game(fake, BRUNO, invite[-1])
        assert fake.threads[rematch]["parent_id"] == str(FORUM) and fake.tags_of(rematch) == ["ATLANDICE", "playing"]
        assert board_messages(fake, rematch)
    db = await Database.open(db_path)
    try:
        games = [await db.game_in_channel(where) for where in (post, near, rematch)]
    finally:
        await db.close()
    assert [g.channel_id for g in games] == [FORUM] * 3
    assert [g.status for g in games] == ["active", "finished", "active"]


async def test_a_forum_game_its_host_ends_is_tagged_finished(fake_discord, db_path):
    fake = fake_discord
    fake.add_forum(GUILD_ID, FORUM, "board-games")
    async with mesa(fake, db_path):
        asking = await fake.user_post(ANA, FORUM, "Who plays?", "Anyone up for a game?")
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=0, channel_id=asking)
        post = await start_game(fake, ANA, lobby)
        assert fake.tags_of(post) == ["ATLANDICE", "playing"]
        ended = await fake.slash(ANA, post, "game end")
        await ended.wait_response()
        await fake.wait_for(lambda: fake.tags_of(post) == ["ATLANDICE", "finished"])
