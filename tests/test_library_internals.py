"""What Mesa uses of Pillow, aiosqlite and discord.py beyond their public interfaces, one adapter module per
library: each internal still does what the public way does, and a version without it fails here, loudly."""

from __future__ import annotations

import inspect
import threading
from types import SimpleNamespace

import aiosqlite
import discord
import pytest
from PIL import Image, ImageChops, ImageDraw

from bot import discord_internals
from bot.storage import aiosqlite_internals
from render import pillow_internals
from render.colours import palette_index
from render.drawing import SHAPES, Drawing, canvas

# -- Pillow ------------------------------------------------------------------------------------------


def test_pillow_has_every_internal_the_pictures_use():
    pillow_internals.check()


def test_a_pillow_without_one_of_them_is_named_with_its_version(monkeypatch):
    monkeypatch.delattr(Image.core, "fill")
    monkeypatch.delattr(Image.Image, "_new")
    with pytest.raises(RuntimeError, match=r"Pillow \d+\.\d+.* lacks Image\.core\.fill, Image\._new"):
        pillow_internals.check()


def test_a_colour_pasted_through_pillows_core_is_the_public_paste():
    mask = Image.linear_gradient("L").resize((40, 24))
    public = Image.new("RGB", (64, 48), (250, 245, 230))
    core = public.copy()
    public.paste((20, 90, 160), (5, 7, 45, 31), mask)
    pillow_internals.core(core).paste(
        pillow_internals.core_fill("RGB", mask.size, (20, 90, 160)), (5, 7, 45, 31), pillow_internals.core(mask)
    )
    assert ImageChops.difference(public, core).getbbox() is None
    assert public.getpixel((44, 30)) != (250, 245, 230)  # the paste drew something


def test_a_core_image_wrapped_again_keeps_the_pictures_palette():
    board, _ = canvas(8, 8, ((250, 245, 230), (20, 90, 160)))
    cropped = pillow_internals.core(board).crop((0, 0, 4, 4))
    image = pillow_internals.image_of(board, cropped)
    assert image.mode == "P" and image.size == (4, 4) and image.getpalette() == board.getpalette()


def test_a_shape_on_a_paletted_board_is_drawn_in_the_boards_own_palette_entry():
    colours = ((250, 245, 230), (20, 90, 160), (200, 40, 40))
    board, draw = canvas(16, 16, colours)
    assert isinstance(draw, Drawing)
    entries = len(board.getpalette() or [])
    draw.rectangle((2, 2, 13, 13), fill=(200, 40, 40), outline=(20, 90, 160))
    assert board.getpixel((7, 7)) == palette_index(board, (200, 40, 40))
    assert board.getpixel((2, 2)) == palette_index(board, (20, 90, 160))
    assert len(board.getpalette() or []) == entries  # no colour was added to the palette
    rgb = board.convert("RGB")
    assert rgb.getpixel((7, 7)) == (200, 40, 40) and rgb.getpixel((2, 2)) == (20, 90, 160)


def test_every_shape_pillow_draws_in_a_colour_goes_through_the_boards_palette():
    coloured = {
        name
        for name, method in inspect.getmembers(ImageDraw.ImageDraw, inspect.isfunction)
        if not name.startswith("_") and {"fill", "outline"} & set(inspect.signature(method).parameters)
    }
    assert coloured - {"text", "multiline_text"} == set(SHAPES)
    colours = ((250, 245, 230), (20, 90, 160), (200, 40, 40))
    board, draw = canvas(24, 24, colours)
    entries = len(board.getpalette() or [])
    # (shades near the board's colours, which Pillow would add to the palette: the board maps them to its own)
    draw.ellipse((1, 1, 22, 22), (203, 38, 41), (22, 88, 161))  # positional
    draw.line([(0, 12), (23, 12)], fill=(21, 91, 159), width=1)
    draw.regular_polygon((12, 6, 4), 4, fill=(19, 92, 158))
    assert board.getpixel((12, 18)) == palette_index(board, (200, 40, 40))
    assert board.getpixel((4, 12)) == palette_index(board, (20, 90, 160))
    assert board.getpixel((12, 6)) == palette_index(board, (20, 90, 160))
    assert len(board.getpalette() or []) == entries


# -- aiosqlite ---------------------------------------------------------------------------------------


async def test_aiosqlite_runs_a_function_in_its_connections_thread(tmp_path):
    conn = await aiosqlite.connect(tmp_path / "t.sqlite3")
    try:
        aiosqlite_internals.check(conn)
        here = threading.get_ident()

        def run(sqlite: object) -> tuple[int, int]:
            cursor = sqlite.execute("SELECT 6 * 7")  # type: ignore[attr-defined]
            return cursor.fetchone()[0], threading.get_ident()

        answer, thread = await aiosqlite_internals.in_thread(conn, run)
        assert answer == 42 and thread != here
    finally:
        await conn.close()


def test_an_aiosqlite_without_them_is_named_with_its_version():
    with pytest.raises(RuntimeError, match=r"aiosqlite \d+\.\d+.* lacks Connection\._execute, _conn"):
        aiosqlite_internals.check(SimpleNamespace())  # type: ignore[arg-type]


# -- discord.py --------------------------------------------------------------------------------------


async def test_discord_py_has_every_internal_the_bot_uses():
    client = discord.AutoShardedClient(intents=discord.Intents.none(), shard_count=4, shard_ids=[0, 1])
    discord_internals.check(client)
    discord_internals.serve_shards(client, [2, 3], 4)
    assert discord_internals.state(client).shard_ids == [2, 3]
    assert discord_internals.state(client).shard_count == 4
    response = discord.InteractionResponse(SimpleNamespace())  # type: ignore[arg-type]
    assert response._parent is not None
    discord_internals.unlink(response)
    assert response._parent is None


def test_a_discord_py_without_them_is_named_with_its_version(monkeypatch):
    monkeypatch.setattr(discord.InteractionResponse, "__slots__", ("_response_type",))
    with pytest.raises(RuntimeError, match=r"discord\.py \d+\.\d+.* lacks Client\._connection, InteractionResp"):
        discord_internals.check(SimpleNamespace())  # type: ignore[arg-type]
