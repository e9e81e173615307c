"""The final board's Rematch: a lobby with the same players, options and AI strengths, one click each."""

from __future__ import annotations

import random

import pytest

from bot.storage import Database
from fakediscord.botkit import (
    ephemeral_reply,
    game_file,
    import_game,
    last_board,
    lobby_id,
    mesa,
    play_to_end,
    start_game,
)
from fakediscord.fixtures import CHANNEL_ID

ANA, BRUNO, CARLA = 1, 2, 3
GAME = "pergamemnon"
OPTIONS = {"first": "host"}  # not the default: the rematch keeps it


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


def _rematch_id(message) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":R"))


async def test_rematch_opens_one_lobby_with_the_same_table(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(2)
    async with mesa(fake, db_path) as bot:
        thread = await import_game(fake, bot, ANA, CHANNEL_ID, game_file(GAME, [ANA, BRUNO, None], 31, OPTIONS))
        await play_to_end(fake, thread, rng)
        final = last_board(fake, thread)
        assert "🏆" in final.embed_texts()
        # Only a player of the game asks for a rematch.
        refused = await fake.click(CARLA, final, _rematch_id(final))
        assert "not playing" in (await ephemeral_reply(fake, refused)).content
        asked = await fake.click(BRUNO, final, _rematch_id(final))
        opened = await ephemeral_reply(fake, asked)
        lobby = await fake.wait_for(
            lambda: [m for m in fake.messages(CHANNEL_ID) if any(c.endswith(":L:join") for c in m.custom_ids())]
        )
        assert len(lobby) == 1 and f"/{CHANNEL_ID}/{lobby[0].id}" in opened.content
        invite = lobby[0]
        assert "<@1>" in invite.content and "<@2>" in invite.content  # Ana invited, Bruno hosting
        assert "🤖 AI 2" in invite.embed_texts()  # the AI seat is "AI n", not named after its host
        # A second click (Ana's) finds the lobby open: no second one.
        again = await fake.click(ANA, final, _rematch_id(final))
        assert f"/{invite.id}" in (await ephemeral_reply(fake, again)).content
        assert len([m for m in fake.messages(CHANNEL_ID) if ":L:join" in "".join(m.custom_ids())]) == 1
        # Ana joins with one click; Bruno starts the same table again.
        join = await fake.click(ANA, invite, lobby_id(invite, "join"))
        await join.wait_response()
        new_thread = await start_game(fake, BRUNO, fake.message(invite.id))
        assert new_thread != thread
    db = await Database.open(db_path)
    try:
        old = await db.game_in_channel(thread)
        new = await db.game_in_channel(new_thread)
    finally:
        await db.close()
    assert new.id != old.id and new.host_id == BRUNO and new.status == "active"
    assert new.options == old.options == {"first": "host"}
    assert sorted((s.user_id, s.is_ai, s.level, s.name) for s in new.seats if s.is_ai) == [(None, True, "easy", "")]
    assert {s.user_id for s in new.seats if not s.is_ai} == {ANA, BRUNO}
