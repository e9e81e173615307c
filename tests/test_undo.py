"""Undo end to end through the fake Discord, in every game: the policy (own last move while
nothing was revealed and no one else played; the others' consent past that; never across a roll
or a card dealt), the log that keeps what was taken back, and the AI seats playing on."""

from __future__ import annotations

import asyncio
import random

import pytest

from fakediscord import FakeDiscord
from fakediscord.botkit import (
    board_messages,
    ephemeral_reply,
    last_board,
    mentioned,
    mesa,
    start_game,
    start_lobby,
)
from fakediscord.fixtures import CHANNEL_ID
from rules import GAMES

ANA, BRUNO, CARLA, DAVI = 1, 2, 3, 4
MAX_MOVES = 400


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def started(fake: FakeDiscord, game: str, humans: list[int], ai: int) -> tuple[int, int]:
    lobby = await start_lobby(fake, game, humans[0], humans[1:], ai)
    thread = await start_game(fake, humans[0], lobby)
    return thread, int(last_board(fake, thread).custom_ids()[0].split(":")[1])


class Table:
    """The game as the test sees it: the stored state, and moves made by clicking like a player."""

    def __init__(self, fake: FakeDiscord, bot, thread: int, game_id: int) -> None:
        self.fake, self.bot, self.thread, self.game_id = fake, bot, thread, game_id

    async def load(self):
        game = await self.bot.service.load(self.game_id)
        return game, self.bot.service.state_of(game)

    async def acting(self) -> tuple[int, int] | None:
        game, state = await self.load()
        seats = GAMES[game.game].to_act(state)
        if not seats or game.status != "active":
            return None
        return seats[0], game.seats[seats[0]].user_id

    async def kinds(self) -> dict[str, str]:
        """Each legal action of the seat to act: "quiet" (reveals nothing, AI seats included, game goes
        on), "reveal" (a roll or a card dealt, by it or the AI seats after it) or "end"."""
        game, state = await self.load()
        engine = GAMES[game.game]
        seat = engine.to_act(state)[0]
        ai = {s.seat for s in game.seats if s.is_ai}
        out = {}
        for action in engine.legal_actions(state, seat):
            new = engine.apply(state, seat, action.id)
            revealed = engine.reveals(state, new)
            while not revealed and (chain := [s for s in engine.to_act(new) if s in ai]):
                nxt = engine.apply(new, chain[0], engine.ai_action(new, chain[0]))
                revealed, new = engine.reveals(new, nxt), nxt
            out[action.id] = "reveal" if revealed else "end" if engine.is_over(new) else "quiet"
        return out

    async def play(self, user: int, action_id: str):
        """Clicks ``action_id`` on the board, a menu or the private view; returns the interaction."""
        fake = self.fake
        before = len(board_messages(fake, self.thread))
        board = last_board(fake, self.thread)
        message = board
        if not any(self._offers(board, action_id)):
            me = next(c for c in board.custom_ids() if c.endswith(":~me"))
            opened = await fake.click(user, board, me)
            message = (await fake.wait_for(lambda: [m for m in opened.messages if m.custom_ids()]))[-1]
        custom_id, menu = next(self._offers(message, action_id))
        if menu:
            inter = await fake.select(user, message, custom_id, [action_id])
        else:
            inter = await fake.click(user, message, custom_id)
        await inter.wait_response()
        await fake.wait_for(lambda: len(board_messages(fake, self.thread)) > before, timeout=10)
        await self.bot.handlers.drain()
        return inter

    @staticmethod
    def _offers(message, action_id: str):
        for custom_id in message.custom_ids():
            comp = message.component(custom_id)
            if comp["type"] == 2 and custom_id.split(":")[3] == action_id:
                yield custom_id, False
            elif comp["type"] == 3 and any(o["value"] == action_id for o in comp["options"]):
                yield custom_id, True

    async def undo_slash(self, user: int) -> str:
        inter = await self.fake.slash(user, self.thread, "game undo")
        return (await ephemeral_reply(self.fake, inter)).content

    async def log(self):
        return await self.bot.service.db.action_log(self.game_id)


async def until(table: Table, rng: random.Random, want: str, user: int | None = None) -> tuple[int, str]:
    """Plays random quiet moves until the seat to act (of ``user`` if given) has a ``want`` action."""
    for _ in range(MAX_MOVES):
        acting = await table.acting()
        assert acting is not None, f"the game ended before a {want} move"
        kinds = await table.kinds()
        found = sorted(a for a, k in kinds.items() if k == want)
        if found and (user is None or acting[1] == user):
            return acting[1], rng.choice(found)
        quiet = sorted(a for a, k in kinds.items() if k != "end") or sorted(kinds)
        await table.play(acting[1], rng.choice(quiet))
    raise AssertionError(f"no {want} move in {MAX_MOVES} moves")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_undo_own_move_and_refused_after_a_reveal(fake_discord, db_path, game):
    fake, rng = fake_discord, random.Random(game)
    async with mesa(fake, db_path) as bot:
        thread, game_id = await started(fake, game, [ANA, BRUNO], ai=1)
        table = Table(fake, bot, thread, game_id)
        user, action = await until(table, rng, "quiet")
        before_game, before_state = await table.load()
        before_picture = last_board(fake, thread).files()[0]
        inter = await table.play(user, action)
        moved_board = last_board(fake, thread)
        after_game, _ = await table.load()
        # The mover's private follow-up has the Undo button; the table's board is the new one.
        followup = await ephemeral_reply(fake, inter)
        undo_id = next(c for c in followup.custom_ids() if c.endswith(":~ua"))
        # Its buttons (and the private view's) are answered by their custom ids: discord.py keeps no
        # view of an ephemeral message listening for 15 minutes, a task and a view per move.
        # (a view stopped just now may still have its timeout task being cancelled: that one is ending)
        assert not [
            task
            for task in asyncio.all_tasks()
            if "timeout_task" in task.get_coro().__qualname__ and not task.cancelling()
        ]
        boards = len(board_messages(fake, thread))
        click = await fake.click(user, followup, undo_id)
        assert (await ephemeral_reply(fake, click)).content in ("Taken back.", "Desfeito.")
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards)
        await bot.handlers.drain()
        game_row, state = await table.load()
        engine = GAMES[game]
        # The state is the one before the move, exactly; the version grew past the move and the undo.
        assert engine.dump(state) == engine.dump(before_state)
        assert game_row.version == after_game.version + 1
        log = await table.log()
        undone = [r for r in log if r["undone_at"] is not None]
        assert undone and undone[0]["version"] == before_game.version + 1
        assert {r["undone_at"] for r in undone} == {after_game.version + 1}
        assert [r["version"] for r in undone] == list(range(before_game.version + 1, after_game.version + 1))
        # The table hears it and sees the board as it was; the board of the undone move is stale now.
        assert last_board(fake, thread).files()[0] == before_picture
        assert any("↩️" in m.content for m in fake.messages(thread))
        old = [c for c in moved_board.custom_ids() if ":~" not in c]
        if old:
            stale = await fake.click(mentioned(moved_board)[0], moved_board, old[0])
            text = (await ephemeral_reply(fake, stale)).content
            assert "moved on" in text or "mudou" in text
        # The same Undo button again: that move is no longer there to take back.
        again = await fake.click(user, followup, undo_id)
        text = (await ephemeral_reply(fake, again)).content
        assert (
            "no longer your last" in text
            or "no move to take back" in text
            or "já não é" in text
            or "não tem jogada" in text
        )
        # /game log keeps the move taken back, struck through.
        logged = (await ephemeral_reply(fake, await fake.slash(user, thread, "game log"))).embed_texts()
        assert "~~" in logged and ("(taken back)" in logged or "(desfeita)" in logged)
        # Replaying the moves that count rebuilds the stored state.
        counted = [(r["seat"], r["action_id"]) for r in log if r["undone_at"] is None]
        assert engine.replay(len(game_row.seats), game_row.seed, game_row.options, counted) == state

        # A move that rolled a die or dealt a card is never taken back.
        user, action = await until(table, rng, "reveal")
        await table.play(user, action)
        version = (await table.load())[0].version
        text = await table.undo_slash(user)
        assert "revealed" in text or "revelado" in text
        assert (await table.load())[0].version == version


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_undo_past_another_player_needs_everyone(fake_discord, db_path, game):
    fake, rng = fake_discord, random.Random(game + "consent")
    async with mesa(fake, db_path) as bot:
        thread, game_id = await started(fake, game, [ANA, BRUNO, CARLA], ai=0)
        table = Table(fake, bot, thread, game_id)
        engine = GAMES[game]
        # A quiet move by one player, then a quiet move by another.
        for _ in range(MAX_MOVES):
            first, action = await until(table, rng, "quiet")
            before_game, before_state = await table.load()
            await table.play(first, action)
            acting = await table.acting()
            kinds = await table.kinds()
            quiet = sorted(a for a, k in kinds.items() if k == "quiet")
            if acting and acting[1] != first and quiet:
                await table.play(acting[1], rng.choice(quiet))
                break
        else:
            raise AssertionError("no two quiet moves in a row by two players")
        voters = sorted({ANA, BRUNO, CARLA} - {first})
        moved_version = (await table.load())[0].version

        async def ask() -> object:
            text = await table.undo_slash(first)
            assert all(f"<@{v}>" in text for v in voters)
            return await fake.wait_for(
                lambda: next(
                    (m for m in reversed(fake.messages(thread)) if any(c.endswith(":~uy") for c in m.custom_ids())),
                    None,
                )
            )

        # The others are asked; a spectator cannot answer; one no and the moves stand.
        request = await ask()
        assert set(mentioned(request)) == {*voters, first}
        yes = next(c for c in request.custom_ids() if c.endswith(":~uy"))
        no = next(c for c in request.custom_ids() if c.endswith(":~un"))
        spectator = await fake.click(DAVI, request, yes)
        assert "Only the other players" in (await ephemeral_reply(fake, spectator)).content
        agree = await fake.click(voters[0], request, yes)
        text = (await ephemeral_reply(fake, agree)).content
        assert "1 more answer." in text or "Falta 1 resposta." in text
        refuse = await fake.click(voters[1], request, no)
        await ephemeral_reply(fake, refuse)
        assert (await table.load())[0].version == moved_version
        assert not fake.message(request.id).custom_ids()
        # Asked again: everyone agrees, and both moves are taken back.
        request = await ask()
        yes = next(c for c in request.custom_ids() if c.endswith(":~uy"))
        boards = len(board_messages(fake, thread))
        for voter in voters:
            await ephemeral_reply(fake, await fake.click(voter, request, yes))
        await fake.wait_for(lambda: len(board_messages(fake, thread)) > boards)
        await bot.handlers.drain()
        game_row, state = await table.load()
        assert engine.dump(state) == engine.dump(before_state)
        assert game_row.version == moved_version + 1
        assert [r["version"] for r in await table.log() if r["undone_at"] == moved_version + 1] == list(
            range(before_game.version + 1, moved_version + 1)
        )
        assert not fake.message(request.id).custom_ids()


async def test_an_undo_request_the_game_moved_past_loses_its_buttons_and_says_it_expired(fake_discord, db_path):
    fake, rng = fake_discord, random.Random(17)
    async with mesa(fake, db_path) as bot:
        thread, game_id = await started(fake, "pergamemnon", [ANA, BRUNO], ai=0)
        table = Table(fake, bot, thread, game_id)
        for _ in range(MAX_MOVES):  # a quiet move by one player, then one by the other
            first, action = await until(table, rng, "quiet")
            await table.play(first, action)
            acting = await table.acting()
            quiet = sorted(a for a, k in (await table.kinds()).items() if k == "quiet")
            if acting and acting[1] != first and quiet:
                await table.play(acting[1], rng.choice(quiet))
                break
        else:
            raise AssertionError("no two quiet moves in a row by two players")
        await table.undo_slash(first)
        request = await fake.wait_for(
            lambda: next((m for m in fake.messages(thread) if any(c.endswith(":~uy") for c in m.custom_ids())), None)
        )
        seen = fake.snapshot(request)
        # Nobody answers; the game goes on instead.
        acting = await table.acting()
        kinds = await table.kinds()
        await table.play(acting[1], rng.choice(sorted(a for a, k in kinds.items() if k != "end") or sorted(kinds)))
        expired = await fake.wait_for(
            lambda: None if fake.message(request.id).custom_ids() else fake.message(request.id)
        )
        assert "expired" in expired.content or "expirou" in expired.content
        voter = BRUNO if first == ANA else ANA
        late = await fake.click_snapshot(voter, seen, next(c for c in seen.custom_ids() if c.endswith(":~uy")))
        text = (await ephemeral_reply(fake, late)).content
        assert "out of date" in text or "não vale mais" in text
        assert await bot.service.db.undo_request(game_id) is None


async def test_undo_takes_back_the_ai_moves_and_the_ai_plays_them_again(fake_discord, db_path):
    fake, rng = fake_discord, random.Random(5)
    async with mesa(fake, db_path) as bot:
        thread, game_id = await started(fake, "pergamemnon", [ANA], ai=2)
        table = Table(fake, bot, thread, game_id)
        for _ in range(MAX_MOVES):
            user, action = await until(table, rng, "quiet")
            before_game, _ = await table.load()
            await table.play(user, action)
            after_game, _ = await table.load()
            if after_game.version > before_game.version + 1:  # the AI seats played after it
                break
        else:
            raise AssertionError("the AI seats never played after a quiet move")
        first_time = [(r["seat"], r["action_id"]) for r in await table.log() if r["version"] > before_game.version]
        assert (await table.undo_slash(ANA)).startswith(("Taken back", "Desfeito"))
        await table.play(ANA, action)
        log = await table.log()
        again = [(r["seat"], r["action_id"]) for r in log if r["version"] > after_game.version + 1]
        assert again == first_time
        assert sum(1 for r in log if r["undone_at"] is not None) == len(first_time)


async def test_undo_refusals_in_one_sentence(fake_discord, db_path):
    fake = fake_discord
    async with mesa(fake, db_path) as bot:
        thread, game_id = await started(fake, "engis", [ANA, BRUNO], ai=0)
        table = Table(fake, bot, thread, game_id)
        first = (await table.acting())[1]
        other = BRUNO if first == ANA else ANA
        text = await table.undo_slash(other)
        assert "no move to take back" in text or "não tem jogada" in text
        outsider = await fake.slash(CARLA, thread, "game undo")
        assert "not playing" in (await ephemeral_reply(fake, outsider)).content
        nowhere = await fake.slash(ANA, CHANNEL_ID, "game undo")
        assert (await ephemeral_reply(fake, nowhere)).ephemeral


async def test_undo_storage_keeps_the_log_and_refuses_a_stale_writer(tmp_path):
    from bot.storage import Database, Move, Seat, StaleVersion

    db = await Database.open(tmp_path / "undo.sqlite3")
    try:
        game_id = await db.create_lobby("atlandice", 1, 2, 10, "Ana", "en", {})
        await db.set_seats(game_id, [Seat(0, 10, "Ana", False), Seat(1, None, "", True)])
        assert await db.start_game(game_id, seed=5, state='{"s": 0}', thread_id=3)
        await db.record_moves(
            game_id,
            0,
            [
                Move(0, "a", 10, [], False),
                Move(1, "b", None, [], True),
                Move(0, "c", 10, [], False),
                Move(1, "d", None, [], False),
            ],
            '{"s": 4}',
            False,
        )
        with pytest.raises(StaleVersion):  # the game moved on since version 3: nothing changes
            await db.record_undo(game_id, 3, 3, '{"s": "bad"}', [])
        assert (await db.get_game(game_id)).version == 4
        await db.save_undo_request(game_id, 10, 4, 3, [11])
        version = await db.record_undo(game_id, 4, 3, '{"s": 2}', [Move(1, "e", None, [], True)])
        game = await db.get_game(game_id)
        assert (version, game.version, game.state) == (6, 6, '{"s": 2}')
        log = await db.action_log(game_id)
        assert [(r["version"], r["action_id"], r["undone_at"], r["revealed"]) for r in log] == [
            (1, "a", None, False),
            (2, "b", None, True),
            (3, "c", 5, False),
            (4, "d", 5, False),
            (6, "e", None, True),
        ]
        assert [r["action_id"] for r in await db.moves_that_count(game_id)] == ["a", "b", "e"]
        assert await db.undo_request(game_id) is None  # an undo ends the pending request
    finally:
        await db.close()
