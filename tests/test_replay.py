"""``/game replay`` end to end through the fake Discord: a GIF of the moves that count, one frame
per move, under Discord's 8 MB, drawn off the event loop with a progress message."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from test_undo import ANA, BRUNO, Table, started, until

import bot.ui.replay_ui
from bot.ui.replay_ui import file_size
from fakediscord.botkit import collected, ephemeral_reply, last_board, mesa, play_to_end
from fakediscord.fixtures import CHANNEL_ID
from rules import GAMES


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


async def replay(fake, user: int, channel: int):
    inter = await fake.slash(user, channel, "game replay")
    message = await fake.wait_for(
        lambda: inter.message if inter.message and inter.message.files() else None, timeout=60
    )
    return message


async def test_replay_of_a_finished_game_has_a_frame_per_move(fake_discord, db_path, monkeypatch):
    monkeypatch.setattr(bot.ui.replay_ui, "PROGRESS_EVERY", 0.01)
    fake, rng = fake_discord, random.Random(11)
    async with mesa(fake, db_path) as mesa_bot:
        thread, game_id = await started(fake, "atlandice", [ANA], ai=1)
        await play_to_end(fake, thread, rng)
        assert (
            "Game over" in last_board(fake, thread).embed_texts()
            or "Fim de jogo" in last_board(fake, thread).embed_texts()
        )
        log = await mesa_bot.service.db.moves_that_count(game_id)
        with collected(io.BytesIO) as buffers:
            message = await replay(fake, BRUNO, thread)  # anyone may watch it
            await fake.settle(quiet=0.2, timeout=10)
        assert buffers == []  # the animation's buffer was freed once sent, not left to the garbage collector
        data = message.files()[0]
        assert message.attachments[0]["filename"].endswith(".gif") and len(data) < 8_000_000
        alt = message.attachments[0]["description"]  # its alt text: the replay, then its last board in words
        assert f"ATLANDICE #{game_id}" in alt and alt.count("ATLANDICE") == 2 and len(alt) <= 1024
        with Image.open(io.BytesIO(data)) as gif:
            assert gif.format == "GIF" and gif.is_animated and gif.n_frames == len(log) + 1
            gif.seek(gif.n_frames - 1)
            assert gif.size[0] >= 600
        size = len(data)
        shown = f"{max(1, round(size / 1000))} kB" if size < 999_500 else f"{size / 1_000_000:.1f} MB"
        assert message.content.endswith(f": {len(log) + 1} frames, {shown}.")  # never "0.0 MB"
        assert message.edits >= 2  # "thinking", progress, then the picture


@given(st.integers(0, 8_400_000))
def test_replay_sizes_read_in_kb_under_a_megabyte_and_in_each_language(size):
    for locale, mark in (("en", "."), ("pt-BR", ",")):
        value, unit = file_size(size, locale).split(" ")
        if unit == "kB":
            assert size < 1_000_000 and value.isdigit() and 1 <= int(value) <= 999
            assert abs(int(value) * 1000 - size) <= 1000
        else:
            assert unit == "MB" and size >= 999_000 and value[-2] == mark and value.replace(mark, "").isdigit()
            assert abs(float(value.replace(mark, ".")) * 1_000_000 - size) <= 50_000


async def test_replay_follows_the_moves_that_count_after_an_undo(fake_discord, db_path):
    fake, rng = fake_discord, random.Random(12)
    async with mesa(fake, db_path) as mesa_bot:
        thread, game_id = await started(fake, "pergamemnon", [ANA, BRUNO], ai=0)
        table = Table(fake, mesa_bot, thread, game_id)
        user, action = await until(table, rng, "quiet")
        await table.play(user, action)
        assert (await table.undo_slash(user)) in ("Taken back.", "Desfeito.")
        log = await mesa_bot.service.db.action_log(game_id)
        counted = [r for r in log if r["undone_at"] is None]
        assert len(counted) < len(log)
        message = await replay(fake, user, thread)
        with Image.open(io.BytesIO(message.files()[0])) as gif:
            assert gif.n_frames == len(counted) + 1
        # A channel with no game answers in one sentence.
        nowhere = await fake.slash(ANA, CHANNEL_ID, "game replay")
        assert (await ephemeral_reply(fake, nowhere)).ephemeral


def test_replay_of_a_long_game_is_subsampled_under_the_limit():
    """A game longer than the frame cap keeps its first and last states; a file over the size limit
    is made again smaller until it fits."""
    from bot.service.replay import replay_gif
    from rules.core import play

    engine = GAMES["atlandice"]
    _, log = play(engine, 3, seed=2)
    assert len(log) + 1 > 20

    def make(limit: int) -> tuple[bytes, int]:
        return replay_gif(
            engine,
            3,
            2,
            None,
            log,
            names=list("ABC"),
            locale="en",
            title="ATLANDICE",
            max_frames=20,
            max_bytes=limit,
            width=480,
        )

    data, frames = make(10_000_000)
    assert frames == 20
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == 20
    smaller, frames = make(len(data) - 1)
    assert len(smaller) < len(data) and frames <= 20
    with Image.open(io.BytesIO(smaller)) as gif:
        assert gif.n_frames == frames and gif.size[0] < 480


async def test_replay_and_undo_of_a_log_that_no_longer_leads_to_the_stored_state(fake_discord, db_path):
    """A game begun under earlier rules (here: its stored seed no longer matches its log) is neither
    drawn nor rebuilt wrongly: both commands say why in one sentence and the game goes on."""
    fake, rng = fake_discord, random.Random(13)
    async with mesa(fake, db_path) as mesa_bot:
        thread, game_id = await started(fake, "pergamemnon", [ANA, BRUNO], ai=0)
        table = Table(fake, mesa_bot, thread, game_id)
        user, action = await until(table, rng, "quiet")
        await table.play(user, action)
        before = await mesa_bot.service.load(game_id)
        await mesa_bot.service.db.update_game(game_id, seed=(before.seed or 0) + 1)
        inter = await fake.slash(BRUNO, thread, "game replay")
        answer = await fake.wait_for(
            lambda: [m for m in inter.messages if "earlier version of the rules" in (m.content or "")], timeout=30
        )
        assert not answer[-1].files()
        refused = await table.undo_slash(user)
        assert "earlier version of the rules" in refused or "versão anterior das regras" in refused
        after = await mesa_bot.service.load(game_id)
        assert (after.version, after.state) == (before.version, before.state)


def test_a_replay_frame_fits_a_board_taller_than_the_first_and_last_with_its_legend():
    """A board taller than the first and the last (the frames' size) is shown whole, smaller: its
    legend, at its bottom, is in the frame."""
    from render.replay import animate

    legend = (200, 0, 0)

    def board(height: int) -> bytes:
        image = Image.new("RGB", (1400, height), (245, 240, 228))
        image.paste(legend, (0, height - 60, 1400, height))
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    heights = [800, 1300, 800]
    data, frames = animate(3, lambda i: (board(heights[i]), f"{i}"))
    assert frames == 3
    with Image.open(io.BytesIO(data)) as gif:
        for i in range(3):
            gif.seek(i)
            frame = gif.convert("RGB")
            bottom_rows = [frame.getpixel((frame.width // 2, y)) for y in range(frame.height)]
            assert legend in bottom_rows, f"frame {i} lost the board's legend"


@pytest.mark.parametrize(
    "game",
    [
        pytest.param("pergamemnon"),  # the largest replays (6.9 MB for 4 players when its height jumped)
        pytest.param("atlandice", marks=pytest.mark.slow),
        pytest.param("engis", marks=pytest.mark.slow),
        pytest.param("neanderthal", marks=pytest.mark.slow),
    ],
)
def test_a_full_four_player_replay_has_frames_of_one_size_under_3_mb(game):
    """Every board of a whole game has one size (a board that grew was shrunk into the animation, and the
    replay zoomed); the animation takes the largest board's size, each board at one scale; and the replay of
    a full game at 4 players (NEANDERTHAL: 3) stays under 3 MB."""
    from render import render
    from render.replay import _board_size, animate
    from rules.core import play

    engine = GAMES[game]
    players = min(4, engine.max_players)
    _, log = play(engine, players, seed=1)
    states = [engine.new_game(players, 1)]
    for seat, action_id in log:
        states.append(engine.apply(states[-1], seat, action_id))
    sizes = set()

    def picture(i):
        png = render(game, engine.view(states[i], None), locale="en", names=["Ana", "Bia", "Caio", "Davi"])
        sizes.add(Image.open(io.BytesIO(png)).size)
        return png, f"{game} {i}"

    pngs = []
    data, frames = animate(len(states), lambda i: pngs.append(picture(i)) or pngs[-1])
    if game != "neanderthal":  # (its species' panels grow for the end's breakdown)
        assert len(sizes) == 1, sizes
    assert frames == min(len(states), 300) and len(data) <= 3_000_000, (frames, len(data))
    largest = max((_board_size(png, 720) for png, _ in pngs), key=lambda size: size[1])
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == frames and gif.size == largest
