"""The bot end to end: discord.py's real gateway, parsing and HTTP client against the fake Discord."""

from __future__ import annotations

import asyncio
import io
import random
import time

import discord
import pytest

from bot.storage import Database
from fakediscord import FakeDiscord
from fakediscord.botkit import (
    action_ids,
    board_messages,
    check_reminders,
    collected,
    controls,
    ephemeral_reply,
    last_board,
    lobby_id,
    mentioned,
    mesa,
    play_move,
    play_to_end,
    start_game,
    start_lobby,
)
from fakediscord.fixtures import CHANNEL_ID, USERS
from fakediscord.timing import stretched
from rules import GAMES
from rules.core import normalize_locale, t

ANA, BRUNO, CARLA, DAVI = 1, 2, 3, 4
GAME = "atlandice"


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def _started(fake: FakeDiscord, humans=(ANA, BRUNO), ai=1, channel_id=CHANNEL_ID) -> tuple[int, int]:
    """Starts a game; returns (game thread or channel id, game id)."""
    lobby = await start_lobby(fake, GAME, humans[0], list(humans[1:]), ai, channel_id)
    start = await fake.click(humans[0], lobby, lobby_id(lobby, "start"))
    await start.wait_response()
    where = await fake.wait_for(
        lambda: next(iter(fake.threads), None) or (channel_id if board_messages(fake, channel_id) else None)
    )
    await fake.wait_for(lambda: board_messages(fake, where))
    game_id = int(action_or_special(last_board(fake, where)).split(":")[1])
    return where, game_id


def action_or_special(message) -> str:
    return message.custom_ids()[0]


async def _replayed(db_path, game_id):
    db = await Database.open(db_path)
    try:
        game = await db.get_game(game_id)
        log = await db.action_log(game_id)
    finally:
        await db.close()
    engine = GAMES[game.game]
    stored = engine.load(game.state)
    replay = engine.replay(len(game.seats), game.seed, game.options, [(r["seat"], r["action_id"]) for r in log])
    return game, stored, replay, log


async def test_lobby_to_final_scores_by_clicks(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(3)
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, GAME, ANA, [BRUNO], ai_seats=0)
        # Only the host may start; a second join is refused; a spectator may not add AI seats.
        for user, what, expected in [(BRUNO, "start", "host"), (BRUNO, "join", "already"), (CARLA, "ai", "host")]:
            inter = await fake.click(user, lobby, lobby_id(lobby, what))
            assert expected in (await ephemeral_reply(fake, inter)).content.lower()
        ai = await fake.click(ANA, lobby, lobby_id(lobby, "ai"))
        await ai.wait_response()
        assert "🤖" in fake.message(lobby.id).embed_texts()
        thread = await start_game(fake, ANA, lobby)
        assert fake.threads[thread]["parent_id"] == str(CHANNEL_ID)
        await fake.wait_for(lambda: not fake.message(lobby.id).custom_ids())  # the lobby closed
        moves = await play_to_end(fake, thread, rng, limit=400)
        final = last_board(fake, thread)
        assert "Game over" in final.embed_texts()
        assert "🏆" in final.embed_texts()
        # Every board but the last lost its controls; the last offers a rematch only.
        await fake.wait_for(lambda: all(not m.custom_ids() for m in board_messages(fake, thread)[:-1]))
        assert not controls(final) and final.custom_ids()
    db = await Database.open(db_path)
    game_id = (await db.game_in_channel(thread)).id
    await db.close()
    game, stored, replay, log = await _replayed(db_path, game_id)
    assert game.status == "finished" and stored == replay and len(log) == stored.step == game.version
    assert moves == sum(1 for r in log if r["user_id"] is not None)
    assert GAMES[GAME].outcome(stored) is not None


async def test_refusals_out_of_turn_spectator_forged_stale(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        board = last_board(fake, thread)
        actor = mentioned(board)[0]
        other = BRUNO if actor == ANA else ANA
        choice = action_ids(board)[0]
        refusals = {
            other: "vez" if other == ANA else "not your turn",
            DAVI: "not playing",
        }
        for user, words in refusals.items():
            inter = await fake.click(user, board, choice)
            answer = await ephemeral_reply(fake, inter)
            assert words in answer.content.lower(), answer.content
        # A forged button: an action id the game never offered, and a game that does not exist.
        for forged in (f"m1:{game_id}:{board.custom_ids()[0].split(':')[2]}:zz.nope", "m1:987654:0:visit.1"):
            copy = fake.snapshot(board)
            copy.component(choice)["custom_id"] = forged
            inter = await fake.click_snapshot(actor, copy, forged)
            await ephemeral_reply(fake, inter)
        assert len(board_messages(fake, thread)) == 1  # nothing was applied
        # Two clicks on the same decision at once: exactly one applies.
        seen = fake.snapshot(board)
        a, b = await asyncio.gather(
            fake.click_snapshot(actor, seen, choice), fake.click_snapshot(actor, seen, action_ids(board)[-1])
        )
        await a.wait_response()
        await b.wait_response()
        await fake.wait_for(lambda: len(board_messages(fake, thread)) == 2)

        def refused():
            return [i for i in (a, b) if any("moved on" in m.content or "mudou" in m.content for m in i.messages)]

        stale = await fake.wait_for(refused)
        await fake.settle()
        assert len(board_messages(fake, thread)) == 2 and len(refused()) == 1
        # The stale answer shows the current board privately.
        assert stale[0].messages[-1].files() and stale[0].messages[-1].ephemeral
        # A click on the old board later is refused the same way and changes nothing.
        late = await fake.click_snapshot(actor, seen, choice)
        await ephemeral_reply(fake, late)
        assert len(board_messages(fake, thread)) == 2
    _, stored, replay, log = await _replayed(db_path, game_id)
    assert stored == replay
    assert sum(1 for r in log if r["user_id"] is not None) == 1


async def test_a_click_that_fails_after_its_acknowledgement_gives_the_board_its_controls_back(fake_discord, db_path):
    """The acknowledgement of a click on the game's board takes the board's controls off; when the move then
    fails (here the action log cannot be written), the player is told and the board has them back."""
    import sqlite3

    fake = fake_discord
    async with mesa(fake, db_path, allow_errors=True):  # the failure is logged, as it should be
        thread, game_id = await _started(fake)
        board = last_board(fake, thread)
        offered = board.custom_ids()
        await fake.settle()  # the start's writes done: the side connection waits for the bot's lock no longer
        with sqlite3.connect(db_path, timeout=stretched(30)) as side:  # the log's table goes away under the bot
            side.execute("ALTER TABLE actions RENAME TO actions_away")
        inter = await fake.click(mentioned(board)[0], board, action_ids(board)[0])
        answer = (await ephemeral_reply(fake, inter)).content
        assert answer in (t("error.internal", "en"), t("error.internal", "pt-BR"))
        assert inter.responses[0]["type"] == 7  # the acknowledgement took the controls off
        await fake.wait_for(lambda: fake.message(board.id).custom_ids() == offered)
        assert len(board_messages(fake, thread)) == 1
        with sqlite3.connect(db_path, timeout=stretched(30)) as side:
            side.execute("ALTER TABLE actions_away RENAME TO actions")
        assert await play_move(fake, thread, random.Random(2))  # the same board plays on
    game, stored, replay, log = await _replayed(db_path, game_id)
    assert stored == replay and game.version == len(log)


async def test_restart_mid_game_keeps_every_button(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(5)
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        for _ in range(3):
            assert await play_move(fake, thread, rng)
        lobby = await start_lobby(fake, GAME, CARLA, [], ai_seats=0)  # a lobby open across the restart
    board = last_board(fake, thread)
    async with mesa(fake, db_path):  # a new bot process on the same database
        for _ in range(3):
            assert await play_move(fake, thread, rng)
        assert last_board(fake, thread).id != board.id
        join = await fake.click(DAVI, lobby, lobby_id(lobby, "join"))
        await join.wait_response()
        assert "<@4>" in fake.message(lobby.id).embed_texts()
    _, stored, replay, log = await _replayed(db_path, game_id)
    assert stored == replay and sum(1 for r in log if r["user_id"] is not None) == 6


async def test_private_view_and_languages(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        synced = {c["name"]: c for c in fake.commands()}
        assert synced["play"]["name_localizations"]["pt-BR"] == "jogar"
        assert synced["game"]["name_localizations"]["pt-BR"] == "partida"
        thread, _ = await _started(fake)
        board = last_board(fake, thread)
        me = next(c for c in board.custom_ids() if c.endswith(":~me"))
        for user, title in [(ANA, "Sua visão privada"), (BRUNO, "Your private view")]:
            inter = await fake.click(user, board, me)
            await inter.wait_response()
            private = await fake.wait_for(lambda i=inter: [m for m in i.messages if m.files()])
            assert private[-1].ephemeral and private[-1].interaction_user_id == user
            # drawn in time, the view is the click's answer itself: one callback (4: a message), no follow-up
            assert [r["type"] for r in inter.responses] == [4] and not inter.followups
            assert title in private[-1].embed_texts()
            assert private[-1] not in fake.messages(thread)
        # A spectator has no private view, and is told so in their language.
        inter = await fake.click(CARLA, board, me)
        assert "not playing" in (await ephemeral_reply(fake, inter)).content


async def test_game_commands(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(9)
    async with mesa(fake, db_path):
        none = await fake.slash(CARLA, CHANNEL_ID, "game board")
        assert "/play" in (await ephemeral_reply(fake, none)).content
        thread, game_id = await _started(fake)
        for _ in range(2):
            await play_move(fake, thread, rng)
        board = await fake.slash(CARLA, thread, "game board")
        await fake.wait_for(lambda: [m for m in board.messages if m.files()])
        assert board.messages[-1].ephemeral
        log = await fake.slash(BRUNO, thread, "game log")
        await log.wait_response()
        assert "1." in log.messages[-1].embed_texts()
        rules = await fake.slash(ANA, thread, "game rules")
        await rules.wait_response()
        assert len(rules.messages[-1].embed_texts()) > 100
        # Only the host hands someone else's seat to the AI.
        refused = await fake.slash(BRUNO, thread, "game ai", {"player": ANA})
        assert "host" in (await ephemeral_reply(fake, refused)).content.lower()
        before = len(board_messages(fake, thread))
        resign = await fake.slash(BRUNO, thread, "game resign")
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > before)
        await fake.wait_for(lambda: any("resigned" in m.content for m in resign.messages))
        assert BRUNO not in mentioned(last_board(fake, thread))
        end = await fake.slash(ANA, thread, "game end")
        await fake.wait_for(lambda: end.messages and not end.messages[-1].loading)
        listing = await fake.slash(CARLA, CHANNEL_ID, "game list")
        await listing.wait_response()
        assert f"#{game_id}" not in listing.messages[-1].embed_texts()


async def test_channel_without_threads_hosts_one_game(fake_discord, db_path):
    fake = fake_discord
    fake.set_threads_allowed(CHANNEL_ID, False)
    async with mesa(fake, db_path):
        where, _ = await _started(fake)
        assert where == CHANNEL_ID and not fake.threads
        lobby = await start_lobby(fake, GAME, CARLA, [DAVI], ai_seats=0)
        start = await fake.click(CARLA, lobby, lobby_id(lobby, "start"))
        await start.wait_response()
        assert "already" in (await ephemeral_reply(fake, start)).content


async def test_reminders_escalate_mute_and_survive_restart(fake_discord, db_path):
    fake = fake_discord
    ahead = [0.0]  # how far the bot's clock runs ahead of the real one, in seconds

    def clock() -> float:
        return time.time() + ahead[0]

    timing = {"reminder_delay": 0.4, "reminder_poll": 0.05, "reminder_max": 2, "clock": clock}
    async with mesa(fake, db_path, **timing):
        thread, _ = await _started(fake, humans=(ANA, BRUNO), ai=0)
        waiting = mentioned(last_board(fake, thread))[0]
    # The bot was down when the reminder fell due: the next bot sends it.
    async with mesa(fake, db_path, **timing) as bot:

        def reminders():
            return [m for m in fake.messages(thread) if not m.files() and f"<@{waiting}>" in m.content]

        first = (await fake.wait_for(reminders, timeout=5))[0]
        second = (await fake.wait_for(lambda: reminders()[1:], timeout=5))[0]
        assert first.content != second.content  # escalating wording
        # A day later a third reminder would long be due (0.4 s, then 0.8 s, 1.6 s): the bot looks, sends none.
        ahead[0] = 24 * 3600.0
        await check_reminders(fake, bot)
        assert len(reminders()) == 2  # bounded
        mute = next(c for c in second.custom_ids() if c.endswith(":~mute"))
        inter = await fake.click(waiting, second, mute)
        assert (await ephemeral_reply(fake, inter)).content


async def test_engis_solo_with_variants_and_private_choices(fake_discord, db_path):
    fake = fake_discord
    rng = random.Random(11)
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, "engis", ANA, [], ai_seats=0)
        menus = {c.split(":")[-1]: c for c in lobby.custom_ids() if ":L:o:" in c}
        assert set(menus) == {"side", "order", "solo"}
        refused = await fake.select(BRUNO, lobby, menus["side"], ["swamp"])
        assert "host" in (await ephemeral_reply(fake, refused)).content.lower()  # Bruno reads English
        for key, value in [("side", "swamp"), ("solo", "advanced")]:
            chosen = await fake.select(ANA, fake.message(lobby.id), menus[key], [value])
            await chosen.wait_response()
        thread = await start_game(fake, ANA, lobby)
        private_turns = moves = 0
        while True:
            board = last_board(fake, thread)
            private_turns += bool(board.custom_ids()) and not action_ids(board)
            # The hand never shows in the channel: no public board offers a card.
            assert not [c for c in action_ids(board) if ":card-" in c or ":intel-" in c]
            if await play_move(fake, thread, rng) is None:
                break
            moves += 1
            assert moves < 400
        assert private_turns >= 8  # a scoring card each round, chosen out of sight
        assert "Game over" in last_board(fake, thread).embed_texts()
    db = await Database.open(db_path)
    game_id = (await db.game_in_channel(thread)).id
    await db.close()
    game, stored, replay, log = await _replayed(db_path, game_id)
    assert game.options == {"side": "swamp", "order": "standard", "solo": "advanced"}
    assert game.status == "finished" and stored == replay and len(log) == moves


async def test_host_sets_or_turns_off_the_reminders_of_a_game(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path, reminder_delay=3600.0, reminder_poll=0.05):
        thread, game_id = await _started(fake, humans=(ANA, BRUNO), ai=0)
        refused = await fake.slash(BRUNO, thread, "game reminders", {"hours": 1})
        assert "host" in (await ephemeral_reply(fake, refused)).content.lower()
        db = await Database.open(db_path)
        try:
            before = await db.reminders_of(game_id)
            assert len(before) == 1
            inter = await fake.slash(ANA, thread, "game reminders", {"hours": 0.0005})
            await inter.wait_response()
            after = await db.reminders_of(game_id)
            assert after[0]["due_at"] < before[0]["due_at"] - 3000  # rescheduled to the new delay
            waiting = mentioned(last_board(fake, thread))[0]
            await fake.wait_for(
                lambda: [m for m in fake.messages(thread) if f"<@{waiting}>" in m.content and not m.files()], timeout=5
            )
            off = await fake.slash(ANA, thread, "game reminders", {"hours": 0})
            await off.wait_response()
            assert await db.reminders_of(game_id) == []
        finally:
            await db.close()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_plays_to_its_end_by_clicks_against_the_ai(fake_discord, db_path, game):
    fake = fake_discord
    rng = random.Random(21)
    engine = GAMES[game]
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, game, ANA, [], ai_seats=max(engine.min_players, 2) - 1)
        thread = await start_game(fake, ANA, lobby)
        moves = await play_to_end(fake, thread, rng, limit=600)
        assert "🏆" in last_board(fake, thread).embed_texts()
    db = await Database.open(db_path)
    game_id = (await db.game_in_channel(thread)).id
    await db.close()
    row, stored, replay, log = await _replayed(db_path, game_id)
    assert row.status == "finished" and stored == replay and engine.outcome(stored) is not None
    assert moves == sum(1 for r in log if r["user_id"] is not None) > 0


async def test_game_end_by_id_from_another_channel_and_refusals_that_name_the_trouble(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        # A spectator who resigns is told they are not playing (not that "that player" is not).
        resign = await fake.slash(CARLA, thread, "game resign")
        assert "You are not playing this game" in (await ephemeral_reply(fake, resign)).content
        # A game id that names no game says so, with the id.
        missing = game_id + 999_999
        nothing = await fake.slash(BRUNO, CHANNEL_ID, "game end", {"game": missing})
        assert (await ephemeral_reply(fake, nothing)).content == f"There is no game #{missing}."
        # The host ends the game from the parent channel: the players hear it in the game's thread too.
        end = await fake.slash(ANA, CHANNEL_ID, "game end", {"game": game_id})
        await end.wait_response()
        assert f"#{game_id}" in end.messages[-1].content
        told = await fake.wait_for(lambda: [m for m in fake.messages(thread) if not m.files() and not m.ephemeral])
        assert told[-1].content == "The host ended this game."
        await fake.settle()
        assert not last_board(fake, thread).custom_ids()
    game, _, _, _ = await _replayed(db_path, game_id)
    assert game.status == "ended"


def text_for(user: int, key: str, **params) -> str:
    """A catalogue text as ``user`` reads it (in their Discord language)."""
    return t(key, normalize_locale(USERS[user][1]), **params)


async def test_not_this_turn_on_an_old_or_someone_else_s_reminder_says_which(fake_discord, db_path):
    fake, rng = fake_discord, random.Random(13)
    async with mesa(fake, db_path, reminder_delay=0.2, reminder_poll=0.02, reminder_max=1):
        thread, _ = await _started(fake, humans=(ANA, BRUNO), ai=0)

        def reminders(user: int) -> list:
            return [m for m in fake.messages(thread) if not m.files() and f"<@{user}>" in m.content]

        async def not_this_turn(user: int, reminder) -> str:
            mute = next(c for c in reminder.custom_ids() if c.endswith(":~mute"))
            return (await ephemeral_reply(fake, await fake.click(user, reminder, mute))).content

        waiting = mentioned(last_board(fake, thread))[0]
        old = (await fake.wait_for(lambda: reminders(waiting)))[0]
        assert await play_move(fake, thread, rng)  # the reminded player plays: that reminder is old now
        assert await not_this_turn(waiting, old) == text_for(waiting, "remind.old")
        assert await not_this_turn(CARLA, old) == text_for(CARLA, "error.not_a_player")
        reminded = mentioned(last_board(fake, thread))[0]
        current = (await fake.wait_for(lambda: [m for m in reminders(reminded) if m.id != old.id]))[-1]
        other = BRUNO if reminded == ANA else ANA
        assert await not_this_turn(other, current) == text_for(other, "remind.not_yours")
        assert await not_this_turn(reminded, current) == text_for(reminded, "remind.muted")


async def test_moves_leave_no_view_nor_picture_nor_click_to_the_garbage_collector(fake_discord, db_path):
    """A board's view and its items refer to each other, discord.py leaves a sent picture's buffer in a
    cycle of its own, and a click's interaction and its response refer to each other: once the message is
    out and the click answered, Mesa lets go of them all, so they are freed at once rather than by the
    collector, whose pauses every click waits through (a board's buttons, a picture, the clicked message,
    each move)."""
    fake = fake_discord
    async with mesa(fake, db_path):
        thread, _ = await _started(fake)
        rng = random.Random(5)
        await play_move(fake, thread, rng)
        await fake.settle(quiet=0.2, timeout=10)
        kinds = (discord.ui.View, discord.ui.Item, io.BytesIO, discord.Interaction, discord.Message)
        with collected(*kinds) as found:
            for _ in range(3):  # boards, their Undo offers, and the private views of a seat that chooses there
                await play_move(fake, thread, rng)
            board = last_board(fake, thread)
            shown = await fake.click(
                mentioned(board)[0], board, next(c for c in board.custom_ids() if c.endswith(":~me"))
            )
            await fake.wait_for(lambda: [m for m in shown.messages if m.files()])
            await fake.settle(quiet=0.2, timeout=10)
        left = [type(o).__name__ for o in found]
    assert left == [], sorted(left)
