"""``/stats``, ``/leaderboard`` and ``/game history`` end to end through the fake Discord, from the
stored finished games: the ratings after a finished game are openskill's update from its ranks."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce
from test_undo import ANA, BRUNO, DAVI, started

from fakediscord.botkit import ephemeral_reply, last_board, mesa, play_to_end
from fakediscord.fixtures import CHANNEL_ID, GUILD_ID
from rules import GAMES


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


def finished_row(game_id: int, seats: list, seed: int, state: str):
    """A finished ATLANDICE game as storage reads it."""
    from bot.storage import GameRow

    return GameRow(
        id=game_id,
        game="atlandice",
        guild_id=1,
        channel_id=2,
        thread_id=None,
        lobby_message_id=None,
        board_message_id=None,
        status="finished",
        host_id=ANA,
        locale="en",
        options={},
        seed=seed,
        state=state,
        version=1,
        seats=seats,
    )


async def embed_of(fake, inter) -> str:
    return (await ephemeral_reply(fake, inter)).embed_texts()


async def test_stats_leaderboard_and_history_after_a_finished_game(fake_discord, db_path):
    fake, rng = fake_discord, random.Random(21)
    async with mesa(fake, db_path) as bot:
        # Nothing finished yet: every command says so in one sentence.
        assert "No finished" in await embed_of(
            fake, await fake.slash(BRUNO, CHANNEL_ID, "leaderboard", {"game": "atlandice"})
        )
        assert "no finished game" in await embed_of(fake, await fake.slash(BRUNO, CHANNEL_ID, "stats"))
        thread, game_id = await started(fake, "atlandice", [ANA, BRUNO], ai=1)
        await play_to_end(fake, thread, rng)
        assert "Game over" in last_board(fake, thread).embed_texts()
        over = await ephemeral_reply(fake, await fake.slash(BRUNO, thread, "game undo"))
        assert over.content == "This game is over: its moves stand."
        game = await bot.service.load(game_id)
        engine = GAMES["atlandice"]
        outcome = engine.outcome(engine.load(game.state))
        rank = {game.seats[r.seat].user_id or "ai": r.rank for r in outcome.results if r.seat is not None}
        winners = {game.seats[s].user_id or "ai" for s in outcome.winners}
        # The rating update: openskill's Plackett-Luce from the final ranks, shown as mu - 3 sigma.
        model = PlackettLuce()
        keys = [ANA, BRUNO, "ai"]
        rated = model.rate([[model.rating()] for _ in keys], ranks=[rank[k] for k in keys])
        expected = {k: f"{r[0].mu - 3 * r[0].sigma:.1f}" for k, r in zip(keys, rated, strict=True)}
        assert len(set(expected.values())) > 1
        board = await embed_of(fake, await fake.slash(BRUNO, CHANNEL_ID, "leaderboard", {"game": "atlandice"}))
        lines = board.splitlines()
        for key, who in [(ANA, f"<@{ANA}>"), (BRUNO, f"<@{BRUNO}>"), ("ai", "🤖 AI")]:
            line = next(line for line in lines if who in line)
            assert f"— {expected[key]} (1 game, {'1 win' if key in winners else 'no wins'})" in line
        where = {
            key: next(i for i, line in enumerate(lines) if who in line)
            for key, who in [(ANA, f"<@{ANA}>"), (BRUNO, f"<@{BRUNO}>"), ("ai", "🤖 AI")]
        }
        for a in where:  # best rated first (players with equal ratings in either order)
            for b in where:
                if float(expected[a]) > float(expected[b]):
                    assert where[a] < where[b], (a, b, lines)
        # A player's stats (Ana reads Portuguese), someone with none, another game's empty board.
        mine = await embed_of(fake, await fake.slash(ANA, CHANNEL_ID, "stats"))
        won = "1 vitória" if ANA in winners else "nenhuma vitória"
        assert "ATLANDICE" in mine and f"1 partida, {won}, rating {expected[ANA].replace('.', ',')}" in mine
        theirs = await embed_of(fake, await fake.slash(ANA, CHANNEL_ID, "stats", {"player": BRUNO}))
        assert f"rating {expected[BRUNO].replace('.', ',')}" in theirs  # Ana reads Portuguese
        assert "ainda não terminou" in await embed_of(
            fake, await fake.slash(ANA, CHANNEL_ID, "stats", {"player": DAVI})
        )
        assert "No finished ENGIS" in await embed_of(
            fake, await fake.slash(BRUNO, CHANNEL_ID, "leaderboard", {"game": "engis"})
        )
        # History: in the game's thread or the channel it was started from, and a player's from
        # anywhere; with the final scores and a link to the thread.
        for inter in [
            await fake.slash(BRUNO, thread, "game history"),
            await fake.slash(BRUNO, CHANNEL_ID, "game history"),
            await fake.slash(BRUNO, CHANNEL_ID, "game history", {"player": ANA}),
        ]:
            text = await embed_of(fake, inter)
            assert f"ATLANDICE #{game_id}" in text and f"<#{thread}>" in text
            for r in outcome.results:
                if r.seat is not None:
                    assert f" {r.score}" in text
        # A player with no finished game is named; a channel with none says so.
        assert f"<@{DAVI}> has no finished game" in await embed_of(
            fake, await fake.slash(BRUNO, CHANNEL_ID, "game history", {"player": DAVI})
        )
        elsewhere = CHANNEL_ID + 50
        fake.add_channel(GUILD_ID, elsewhere, "elsewhere")
        await fake.settle()
        assert "No finished game here" in await embed_of(fake, await fake.slash(BRUNO, elsewhere, "game history"))


def test_stats_rate_games_in_order_with_one_ai_player_and_resigned_seats():
    from bot.service.stats import Stats
    from bot.storage import GameRow, Seat
    from rules.core import play

    engine = GAMES["atlandice"]

    def finished(game_id: int, seats: list[Seat], seed: int) -> tuple[GameRow, dict]:
        final, _ = play(engine, len(seats), seed)
        row = finished_row(game_id, seats, seed, engine.dump(final))
        ranks: dict = {}
        for r in engine.outcome(final).results:
            if r.seat is not None:
                key = seats[r.seat].user_id or "ai"
                ranks[key] = min(ranks.get(key, 99), r.rank)
        return row, ranks

    # Ana against two AI seats (one rated player, best rank), then Ana against Bruno, who resigned:
    # his seat went to the AI but the result is his.
    first, ranks1 = finished(1, [Seat(0, ANA, "Ana", False), Seat(1, None, "", True), Seat(2, None, "", True)], 3)
    second, ranks2 = finished(2, [Seat(0, ANA, "Ana", False), Seat(1, BRUNO, "Bruno", True)], 4)
    table = Stats().table("atlandice", [first, second])
    model = PlackettLuce()
    ana, ai, bruno = model.rating(), model.rating(), model.rating()
    [ana], [ai] = model.rate([[ana], [ai]], ranks=[ranks1[ANA], ranks1["ai"]])
    [ana], [bruno] = model.rate([[ana], [bruno]], ranks=[ranks2[ANA], ranks2[BRUNO]])
    got = table.standings
    assert (got[f"u{ANA}"].games, got["ai"].games, got[f"u{BRUNO}"].games) == (2, 1, 1)
    for key, want in [(f"u{ANA}", ana), ("ai", ai), (f"u{BRUNO}", bruno)]:
        assert got[key].mu == pytest.approx(want.mu) and got[key].sigma == pytest.approx(want.sigma)
    assert got[f"u{ANA}"].wins == (ranks1[ANA] == 1) + (ranks2[ANA] == 1)


def test_stats_leave_out_a_finished_game_whose_state_cannot_be_read():
    from bot.service.stats import Stats
    from bot.storage import Seat
    from rules.core import play

    engine = GAMES["atlandice"]
    final, _ = play(engine, 2, 5)
    seats = [Seat(0, ANA, "Ana", False), Seat(1, BRUNO, "Bruno", False)]

    rows = [finished_row(1, seats, 5, engine.dump(final)), finished_row(2, seats, 5, '{"damaged')]
    table = Stats().table("atlandice", rows)
    assert {s.games for s in table.standings.values()} == {1}
