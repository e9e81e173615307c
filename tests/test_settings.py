"""``/settings``: where and when turns reach a player, in every game; direct messages and their refusal,
quiet hours with a time zone (on a clock the test moves: no waiting), reminders, language."""

from __future__ import annotations

import datetime as dt
import random
import zoneinfo

import pytest

from fakediscord.botkit import (
    check_reminders,
    ephemeral_reply,
    last_board,
    mentioned,
    mesa,
    named,
    play_move,
    start_game,
    start_lobby,
)
from fakediscord.fixtures import CHANNEL_ID

ANA, BRUNO, CARLA = 1, 2, 3
HOUR = 3600.0


class Clock:
    """The bot's time, moved by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


@pytest.fixture
def bundled_zones_only():
    """The time zones as a host without a system database has them (Windows, slim containers): the
    system's zoneinfo folders hidden, only the ``tzdata`` package left to read them from."""
    from bot.service import players

    def forget() -> None:
        zoneinfo.ZoneInfo.clear_cache()
        players.time_zone.cache_clear()
        players._zone_names.cache_clear()

    zoneinfo.reset_tzpath(to=[])
    forget()
    try:
        yield
    finally:
        zoneinfo.reset_tzpath()
        forget()


async def _settings(fake, user: int, where: int, **options) -> str:
    inter = await fake.slash(user, where, "settings", options)
    answer = await ephemeral_reply(fake, inter)
    return answer.content + "\n" + answer.embed_texts()


async def _until_turn_of(fake, thread: int, user: int, rng) -> None:
    """Random moves until the board waits on ``user`` (at least one move)."""
    assert await play_move(fake, thread, rng)
    while user not in named(last_board(fake, thread)):
        assert await play_move(fake, thread, rng)


async def _game(fake, host: int, others: list[int]) -> int:
    return await start_game(fake, host, await start_lobby(fake, "atlandice", host, others, 0))


async def test_settings_direct_messages_and_their_refusal(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(3)
    async with mesa(fake, db_path):
        shown = await _settings(fake, BRUNO, fake.dm_channel_id(BRUNO))  # in a direct message too
        assert "a mention in the game's thread" in shown
        shown = await _settings(fake, BRUNO, CHANNEL_ID, turns="dm")
        assert "Turns reach you by: a direct message" in shown
        assert "reach you here" in fake.dm_messages(BRUNO)[-1].content  # the first one says so at once
        fake.dms_closed.add(CARLA)
        shown = await _settings(fake, CARLA, CHANNEL_ID, turns="both")
        assert "refuses my direct messages" in shown and not fake.dm_messages(CARLA)

        thread = await _game(fake, ANA, [BRUNO])
        await _until_turn_of(fake, thread, BRUNO, rng)
        board = last_board(fake, thread)
        assert BRUNO not in mentioned(board)  # named on the board, not pinged there
        link = f"/{thread}/{board.id}"  # a direct message links to the board that waits on him
        await fake.wait_for(lambda: [m for m in fake.dm_messages(BRUNO) if link in m.content])

        # Bruno closes his direct messages: his next turn falls back to a mention that tells him, once.
        fake.dms_closed.add(BRUNO)
        await _until_turn_of(fake, thread, BRUNO, rng)
        told = await fake.wait_for(
            lambda: [m for m in fake.messages(thread) if "<@2>" in m.content and "refused" in m.content]
        )
        assert len(told) == 1 and mentioned(told[0]) == [BRUNO]
        await _until_turn_of(fake, thread, BRUNO, rng)
        assert BRUNO in mentioned(last_board(fake, thread))  # mentioned on the board from now on
        await fake.settle()
        assert len([m for m in fake.messages(thread) if "refused" in m.content]) == 1

        # A language other than Discord's: Bruno reads Portuguese from now on.
        shown = await _settings(fake, BRUNO, CHANNEL_ID, language="pt-BR")
        assert "Suas preferências" in shown
        inter = await fake.slash(BRUNO, thread, "game rules")
        await inter.wait_response()
        assert "resumo das regras" in inter.messages[-1].embed_texts()
    # Kept across restarts (and servers): the settings are the player's, in the database.
    async with mesa(fake, db_path):
        shown = await _settings(fake, BRUNO, fake.dm_channel_id(BRUNO))
        assert "Idioma: Português" in shown and "menção" in shown


async def test_quiet_hours_hold_the_ping_until_they_end(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(5)
    # 23:30 in São Paulo (UTC-3): inside Bruno's quiet hours, 22:00-07:00 there.
    start = dt.datetime(2026, 3, 10, 2, 30, tzinfo=dt.UTC).timestamp()
    clock = Clock(start)
    async with mesa(fake, db_path, clock=clock, reminder_delay=6 * HOUR, reminder_poll=HOUR) as bot:
        bad = await _settings(fake, BRUNO, CHANNEL_ID, quiet="late")
        assert "22:00-07:00" in bad  # the refusal shows how to write them
        shown = await _settings(fake, BRUNO, CHANNEL_ID, quiet="22:00-07:00", timezone="america/sao_paulo")
        assert "22:00-07:00 (America/Sao_Paulo)" in shown
        thread = await _game(fake, ANA, [BRUNO])
        await _until_turn_of(fake, thread, BRUNO, rng)
        assert BRUNO not in mentioned(last_board(fake, thread))  # no ping inside the quiet hours

        def pings():
            return [m for m in fake.messages(thread) if "<@2>" in m.content and not m.files()]

        async def hours_later(hours: float) -> None:
            clock.now = start + hours * HOUR
            await check_reminders(fake, bot)

        await hours_later(7.0)  # 06:30 there: still quiet
        assert not pings()
        await hours_later(7.5)  # 07:00 there: the held ping comes
        ping = await fake.wait_for(pings)
        assert mentioned(ping[0]) == [BRUNO] and "your turn" in ping[0].content
        await hours_later(13.0)  # the reminders follow from the ping: the first 6 h after it
        assert len(pings()) == 1
        await hours_later(13.5)
        await fake.wait_for(lambda: len(pings()) == 2)
        await hours_later(25.5)  # the next, twice as late, falls at 01:00 there: it waits for 07:00
        assert len(pings()) == 2
        await hours_later(31.5)
        await fake.wait_for(lambda: len(pings()) == 3)


async def test_settings_time_zones_come_with_mesa_where_the_system_has_none(fake_discord, db_path, bundled_zones_only):
    fake = fake_discord
    assert zoneinfo.TZPATH == ()  # no system database in sight
    now = dt.datetime(2026, 3, 10, 2, 30, tzinfo=dt.UTC).timestamp()
    async with mesa(fake, db_path, clock=Clock(now)) as bot:
        offered = await fake.autocomplete(BRUNO, CHANNEL_ID, "settings", {"timezone": "sao_p"}, "timezone")
        await offered.wait_response()
        assert "America/Sao_Paulo" in [c["value"] for c in offered.autocomplete_choices]
        shown = await _settings(fake, BRUNO, CHANNEL_ID, quiet="22:00-07:00", timezone="america/sao_paulo")
        assert "22:00-07:00 (America/Sao_Paulo)" in shown
        # São Paulo keeps UTC-3 all year: 23:30 there is inside the quiet hours, which end at 07:00 there.
        brazil = dt.timezone(dt.timedelta(hours=-3))
        settings = await bot.service.players.get(BRUNO)
        assert settings.quiet_until(now) == dt.datetime(2026, 3, 10, 7, 0, tzinfo=brazil).timestamp()
        # /away reads its date in the player's zone: the end of that day there.
        inter = await fake.slash(BRUNO, CHANNEL_ID, "away", {"until": "2026-03-20"})
        answer = await ephemeral_reply(fake, inter)
        until = int(dt.datetime(2026, 3, 20, 23, 59, tzinfo=brazil).timestamp())
        assert f"<t:{until}:f>" in answer.embed_texts()


async def test_direct_messages_and_reminders_follow_the_players_discord_language(fake_discord, db_path):
    """Ana's Discord speaks Portuguese and she chose no language with /settings: her turns' direct
    messages and her reminders, written with no interaction of hers at hand (after a restart too), are in
    Portuguese, though the server's language is English."""
    fake = fake_discord
    rng = random.Random(4)
    clock = Clock(dt.datetime(2026, 3, 10, 15, 0, tzinfo=dt.UTC).timestamp())
    async with mesa(fake, db_path, clock=clock, reminder_delay=6 * HOUR, reminder_poll=HOUR):
        await _settings(fake, ANA, CHANNEL_ID, turns="both")
        thread = await _game(fake, BRUNO, [ANA])
        await _until_turn_of(fake, thread, ANA, rng)
        await fake.wait_for(lambda: [m for m in fake.dm_messages(ANA) if "É a sua vez" in m.content])
    clock.now += 7 * HOUR
    async with mesa(fake, db_path, clock=clock, reminder_delay=6 * HOUR, reminder_poll=HOUR) as bot:
        await check_reminders(fake, bot)
        await fake.wait_for(lambda: [m for m in fake.dm_messages(ANA) if "Lembrete" in m.content])
        reminded = [m for m in fake.messages(thread) if "<@1>" in m.content and not m.files()]
        assert reminded and "é a sua vez" in reminded[-1].content, [m.content for m in reminded]
