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
    check_reminders,
    choose,
    controls,
    ephemeral_reply,
    last_board,
    lobby_id,
    mentioned,
    mesa,
    named,
    play_move,
    start_game,
    start_lobby,
    stored_game,
    table_settings,
)
from fakediscord.fixtures import CHANNEL_ID
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
        game, _ = await stored_game(db_path, thread)
        engine = GAMES[game.game]
        before = engine.load(game.state)
        expected = engine.ai_action(before, game.seats_of(late)[0], "easy")

        async def hours_later(hours: float) -> None:
            clock.now = START + hours * HOUR
            await check_reminders(fake, bot)

        # the board says by when the player plays, and so does each reminder (Discord's timestamps)
        deadline = int(START + 24 * HOUR)
        assert f"<t:{deadline}:R>" in last_board(fake, thread).embed_texts()
        await hours_later(12.0)
        reminder = await fake.wait_for(
            lambda: next((m for m in fake.messages(thread) if f"<@{late}>" in m.content and "<t:" in m.content), None)
        )
        assert f"<t:{deadline}:f>" in reminder.content and f"<t:{deadline}:R>" in reminder.content
        boards = len(board_messages(fake, thread))
        await hours_later(23.9)
        assert len(board_messages(fake, thread)) == boards  # still their time
        await hours_later(24.0)
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards)
        board = last_board(fake, thread)
        assert "time was up" in board.embed_texts() and "(easy)" in board.embed_texts()
        game, log = await stored_game(db_path, thread)
        played = log[before.step]
        assert (played["action_id"], played["user_id"]) == (expected, None)  # the AI, at the table's strength
        assert not game.seats[game.seats_of(late)[0]].is_ai  # the seat is still theirs
        # The other player plays; then the late player plays their next turn themselves, on a new clock.
        while named(last_board(fake, thread)) != [late]:
            assert await play_move(fake, thread, rng)
        assert await play_move(fake, thread, rng)
        _, log = await stored_game(db_path, thread)
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


async def test_clock_away_pause_tables_without_a_clock_wait_and_hold_reminders_until_back(fake_discord, db_path):
    """``/away mode:pause``: a table without a clock waits for the player (no ping, no reminder, no AI), a
    table with a clock has the AI play for them; back (``/away`` alone, or the date passing), the waiting
    table pings them and its reminders follow again."""
    fake = fake_discord
    rng = random.Random(11)
    clock = Clock(START)
    async with mesa(fake, db_path, clock=clock, reminder_delay=6 * HOUR, reminder_poll=HOUR) as bot:
        inter = await fake.slash(BRUNO, CHANNEL_ID, "away", {"until": "2026-03-20", "mode": "pause"})
        answer = await ephemeral_reply(fake, inter)
        assert "the tables without a clock wait for you" in answer.embed_texts()
        waits = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], 0))
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        await choose(fake, ANA, lobby, ":L:lv", "clock.72.easy")
        timed = await start_game(fake, ANA, lobby)

        async def later(hours: float) -> None:
            clock.now = START + hours * HOUR
            await check_reminders(fake, bot)

        def pings() -> list:  # the reminders and held pings to Bruno in the waiting table
            return [m for m in fake.messages(waits) if "<@2>" in m.content and not m.files()]

        # The table without a clock waits on Bruno: named, not pinged, no AI move, however long.
        while named(last_board(fake, waits)) != [BRUNO]:
            assert await play_move(fake, waits, rng)
        waiting = last_board(fake, waits)
        assert BRUNO not in mentioned(waiting) and controls(waiting)
        # The table with a clock has the AI play his seats.
        for _ in range(3):
            await fake.wait_for(lambda: named(last_board(fake, timed)) == [ANA])
            assert await play_move(fake, timed, rng)
        await fake.settle()
        assert named(last_board(fake, timed)) == [ANA]
        assert any("away until" in b.embed_texts() for b in board_messages(fake, timed))
        boards = len(board_messages(fake, waits))
        for hours in (7, 13, 25, 49, 60):  # past every reminder he would have had
            await later(hours)
        assert not pings() and len(board_messages(fake, waits)) == boards

        # Back: the waiting table pings him, and its reminders follow from then on.
        back = await fake.slash(BRUNO, CHANNEL_ID, "away")
        assert "back" in (await ephemeral_reply(fake, back)).content
        ping = await fake.wait_for(pings)
        assert mentioned(ping[0]) == [BRUNO] and "your turn" in ping[0].content
        await later(60 + 6)
        await fake.wait_for(lambda: len(pings()) == 2)
        assert await play_move(fake, waits, rng)  # he plays on

        # Away again with a date: once it passes, the table that waited pings him.
        while named(last_board(fake, waits)) != [BRUNO]:
            assert await play_move(fake, waits, rng)
        inter = await fake.slash(BRUNO, CHANNEL_ID, "away", {"until": "2026-03-15", "mode": "pause"})
        await ephemeral_reply(fake, inter)
        held = len(pings())
        await later(24 * 5 + 8.5)  # 2026-03-15 23:30 UTC, his zone: still away
        assert len(pings()) == held
        await later(24 * 5 + 9.5)  # 2026-03-16 00:30 UTC: back
        await fake.wait_for(lambda: len(pings()) == held + 1)


async def test_clock_chosen_in_neanderthals_table_settings_survives_a_restart(fake_discord, db_path):
    """NEANDERTHAL's four variant menus fill its lobby message: the host chooses them and the clock in their
    private table settings, which keep working after a restart, and the clock then runs."""
    fake = fake_discord
    clock = Clock(START)
    async with mesa(fake, db_path, clock=clock):
        lobby = await start_lobby(fake, "neanderthal", ANA, [BRUNO], 0)
        assert not [c for c in lobby.custom_ids() if ":L:o:" in c or c.endswith(":L:lv")]
        refused = await fake.click(BRUNO, lobby, lobby_id(lobby, "settings"))
        assert "host" in (await ephemeral_reply(fake, refused)).content
        panel = await table_settings(fake, ANA, lobby)
        menus = [c.split(":L:")[-1] for c in panel.custom_ids()]
        assert menus == ["o:solo", "o:scenario", "o:map", "o:artifacts", "lv"]  # every menu, the clock's too
        await choose(fake, ANA, panel, ":L:o:scenario", "hominids")
        await fake.wait_for(lambda: "N1 Hominids" in fake.message(lobby.id).embed_texts())
    async with mesa(fake, db_path, clock=clock) as bot:  # the panel answers after a restart
        await choose(fake, ANA, panel, ":L:lv", "clock.24.easy")
        # the lobby says so, in the server's language (edited once the panel is answered)
        shown = await fake.wait_for(lambda: "24 h a turn" in (text := fake.message(lobby.id).embed_texts()) and text)
        assert "24 h a turn, then the AI (easy) plays it" in shown and "N1 Hominids" in shown, shown
        mine = fake.message(panel.id).embed_texts()  # and so does the panel, in Ana's
        assert "24 h por vez, depois a IA (fácil) joga" in mine and "N1 Hominídeos" in mine, mine
        thread = await start_game(fake, ANA, lobby)
        game, _ = await stored_game(db_path, thread)
        assert (game.turn_limit, game.stand_in, game.options["scenario"]) == (24 * HOUR, "easy", "hominids")
        boards = len(board_messages(fake, thread))
        clock.now = START + 24 * HOUR
        await check_reminders(fake, bot)
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards)
        assert "time was up" in last_board(fake, thread).embed_texts()


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_clock_every_lobby_has_room_for_its_variants_and_the_clock(db_path, game_id):
    """Each game's lobby, with every seat taken by an AI, offers every variant, the AI strengths and the
    clock: in the lobby message, or in the host's table settings, each message within Discord's limits."""
    from bot.service.games import GameService
    from bot.settings import Settings
    from bot.ui.presenter import LOBBY_ROWS, Presenter

    engine = GAMES[game_id]
    db = await Database.open(db_path)
    try:
        service = GameService(db, Settings(ai_processes=0))
        lobby = await service.create_lobby(game_id, 1, 2, ANA, "Ana", "en")
        for _ in range(engine.max_players - 1):
            lobby = await service.add_ai(lobby.id, ANA)
    finally:
        await db.close()
    views = [Presenter.lobby(lobby, "en")[1]]
    if any(c.endswith(":L:settings") for c in _custom_ids(views[0])):
        views.append(Presenter.lobby_settings(lobby, "en")[1])
    offered = [c.split(":L:")[-1] for view in views for c in _custom_ids(view)]
    assert {f"o:{spec.key}" for spec in engine.option_specs} | {"lv"} <= set(offered)
    for view in views:
        rows = view.to_components()
        assert len(rows) <= LOBBY_ROWS
        for row in rows:
            assert len(row["components"]) <= 5 and all(len(c.get("options", [])) <= 25 for c in row["components"])


def _custom_ids(view) -> list[str]:
    return [item.custom_id for item in view.children]


async def test_clock_away_pause_tells_the_tables_that_wait(fake_discord, db_path):
    """``/away mode:pause`` says so at each running table without a clock (which waits for the player),
    pinging nobody; a table with a clock is not told so (the AI plays there, and its board says it)."""
    fake = fake_discord
    clock = Clock(START)
    async with mesa(fake, db_path, clock=clock):
        waits = await start_game(fake, ANA, await start_lobby(fake, "atlandice", ANA, [BRUNO], 0))
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], 0)
        await choose(fake, ANA, lobby, ":L:lv", "clock.72.easy")
        timed = await start_game(fake, ANA, lobby)
        inter = await fake.slash(BRUNO, CHANNEL_ID, "away", {"until": "2026-03-20", "mode": "pause"})
        await ephemeral_reply(fake, inter)

        def told(channel: int) -> list:
            return [m for m in fake.messages(channel) if "🏖" in m.content and not m.files()]

        said = await fake.wait_for(lambda: told(waits))
        assert "<@2>" in said[0].content and "waits" in said[0].content and not said[0].pinged()
        await fake.settle()
        assert not told(timed)
