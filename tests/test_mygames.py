"""``/mygames``: a player's games on every server, where it is their turn first, also in a direct message."""

from __future__ import annotations

import random

import pytest

from fakediscord.botkit import ephemeral_reply, last_board, mentioned, mesa, play_move, start_game, start_lobby
from fakediscord.fixtures import CHANNEL_ID

ANA, BRUNO, CARLA, DAVI = 1, 2, 3, 4
OTHER_GUILD, OTHER_CHANNEL = 101, 201


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _game(fake, host: int, others: list[int], ai: int, channel: int = CHANNEL_ID) -> tuple[int, int]:
    thread = await start_game(fake, host, await start_lobby(fake, "atlandice", host, others, ai, channel))
    return thread, int(last_board(fake, thread).custom_ids()[0].split(":")[1])


async def test_mygames_across_two_servers_and_in_a_direct_message(fake_discord, db_path):
    fake = fake_discord
    fake.add_guild(OTHER_GUILD, "Second Server")
    fake.add_channel(OTHER_GUILD, OTHER_CHANNEL, "jogos")
    async with mesa(fake, db_path) as bot:
        await fake.wait_for(lambda: bot.get_guild(OTHER_GUILD))
        rng = random.Random(1)
        first, first_id = await _game(fake, ANA, [BRUNO], 0)
        second, second_id = await _game(fake, CARLA, [ANA], 0, OTHER_CHANNEL)
        third, third_id = await _game(fake, BRUNO, [CARLA], 1)
        # Both of Ana's games wait on her, the second since a move made after the first's last one.
        while mentioned(last_board(fake, first)) != [ANA]:
            assert await play_move(fake, first, rng)
        assert await play_move(fake, second, rng)
        while mentioned(last_board(fake, second)) != [ANA]:
            assert await play_move(fake, second, rng)
        other = mentioned(last_board(fake, third))[0]

        dm = fake.dm_channel_id(ANA)
        with pytest.raises(AssertionError, match="direct message"):  # /play is for servers only
            await fake.slash(ANA, dm, "play", {"game": "atlandice"})
        for where in (dm, CHANNEL_ID):
            inter = await fake.slash(ANA, where, "mygames")
            answer = await ephemeral_reply(fake, inter)
            text = answer.embed_texts()
            # Portuguese for Ana: her turn in both servers, the longest wait first, each linked to its board.
            turn = text.partition("Esperando")[0]
            assert turn.index(f"#{first_id}") < turn.index(f"#{second_id}")
            assert "Mesa Test Guild" in turn and "Second Server" in turn
            for thread in (first, second):
                assert f"/{thread}/{last_board(fake, thread).id})" in turn
            assert f"#{third_id}" not in text  # Ana does not play there
        # Bruno: his turn nowhere but maybe the third; the first waits on Ana, named.
        inter = await fake.slash(BRUNO, CHANNEL_ID, "mygames")
        text = (await ephemeral_reply(fake, inter)).embed_texts()
        waiting = text.split("Waiting for others", 1)[1]
        assert f"#{first_id}" in waiting and "<@1>" in waiting
        assert (f"#{third_id}" in waiting) == (other != BRUNO)
        nothing = await fake.slash(DAVI, fake.dm_channel_id(DAVI), "mygames")
        assert "no running game" in (await ephemeral_reply(fake, nothing)).embed_texts()
