"""Names are only names, and forged input is answered, never stored: the bot end to end against the fake
Discord (forged interactions go in as a client that forges them would send them), and the pictures."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.service.players import Players
from bot.storage import Database
from fakediscord.botkit import (
    board_messages,
    ephemeral_reply,
    last_board,
    mesa,
    play_move,
    start_game,
    start_lobby,
    table_settings,
)
from fakediscord.fixtures import CHANNEL_ID
from render import describe, render
from render.common import text_width
from render.names import NAME_WIDTH, drawn_name, plain_name
from rules import GAMES
from rules.core import play

ANA, BRUNO, CARLA = 1, 2, 3
EVIL = 7
EVIL_NAME = "@everyone [link](https://evil.example) **bold** <@2> @here"
FLIPPED = 8
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "mesa.sqlite3"


def _markdown(message) -> str:
    """What Discord reads as markdown in a message: its content and its embeds."""
    return "\n".join([message.content, message.embed_texts()])


def _alt(message) -> str:
    """The alt text of its pictures (plain text)."""
    return "\n".join(a.get("description", "") for a in message.attachments)


# -- names ---------------------------------------------------------------------------------------------
async def test_a_name_is_shown_as_text_never_as_markdown_a_link_or_a_ping(fake_discord, db_path):
    """A player named ``@everyone [link](https://…) **bold** <@2> @here`` (Bruno is user 2, not at the
    table) and one whose name holds U+202E: every message of the lobby and the game shows the name with
    its markdown escaped and no bidirectional control, and pings only the players who must act."""
    fake = fake_discord
    fake.add_user(EVIL, EVIL_NAME)
    fake.add_user(FLIPPED, "Ana\u202egnirts\u2066x")
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, "atlandice", EVIL, [FLIPPED], ai_seats=1)
        thread = await start_game(fake, EVIL, lobby)
        rng = random.Random(5)
        for _ in range(12):  # until a board's lines tell a move of the player (the seats' order is drawn)
            if await play_move(fake, thread, rng) is None:
                break
            await fake.settle()
            messages = [*fake.messages(CHANNEL_ID), *fake.messages(thread)]
            seen = "\n".join(_markdown(m) for m in messages)
            if "bold" in seen:
                break
        messages = [*fake.messages(CHANNEL_ID), *fake.messages(thread)]
        seen = "\n".join(_markdown(m) for m in messages)
        assert len(board_messages(fake, thread)) >= 2
        assert "bold" in seen  # the name is shown…
        for raw in ("**bold**", "[link](", "<@2>", "https://evil"):
            assert raw not in seen, raw  # …as text: no bold, masked link, mention or link
        assert not set(BIDI) & set(seen + "".join(_alt(m) for m in messages))
        for message in messages:
            assert message.pinged() <= {EVIL, FLIPPED}, (message.content, message.allowed_mentions)
        assert any(message.pinged() for message in messages)  # the players who must act are pinged


def test_a_name_without_glyphs_in_the_fonts_is_drawn_readable_never_as_boxes():
    """Emoji and CJK names are drawn as their transliteration ("さくら": "sakura"), never as the font's
    empty box; the picture is the very one drawn with the transliterated names."""
    assert drawn_name("さくら") == "sakura"
    assert drawn_name("Lúcia 🐉") == "Lúcia :dragon:"
    engine = GAMES["atlandice"]
    states: list = []
    play(engine, 3, seed=2, on_step=lambda b, a, s, i: states.append(a))
    view = engine.view(states[len(states) // 2], None)
    drawn = render("atlandice", view, locale="en", names=["Lúcia 🐉", "さくら", "Ana"])
    assert drawn == render("atlandice", view, locale="en", names=["Lúcia :dragon:", "sakura", "Ana"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bidirectional_controls_turn_no_picture_or_alt_text_around(game):
    """A name holding U+202E (and the other bidirectional controls) draws the very picture of the name
    without them, and the alt text holds none of them."""
    engine = GAMES[game]
    states: list = []
    play(engine, engine.max_players, seed=3, on_step=lambda b, a, s, i: states.append(a))
    view = engine.view(states[len(states) // 2], None)
    clean = ["Ana xyz", "Bia", "Caio", "Davi", "Eva"][: engine.max_players]
    flipped = ["Ana\u202e xyz", "B\u2067ia", "Ca\u200fio", "Davi\u061c", "\u202dEva"][: engine.max_players]
    assert render(game, view, locale="en", names=flipped) == render(game, view, locale="en", names=clean)
    words = describe(game, view, locale="en", names=flipped)
    assert not set(BIDI) & set(words)


def test_a_right_to_left_name_is_isolated_and_a_long_name_bounded():
    assert plain_name("שלום\u202e") == "\u2068שלום\u2069"  # a Hebrew name cannot turn its sentence around
    assert plain_name("Ana") == "Ana"
    long = "Wolfeschlegelsteinhausenbergerdorff" * 5
    assert drawn_name(long).endswith("…") and text_width(drawn_name(long), 20) <= NAME_WIDTH
    engine = GAMES["engis"]
    states: list = []
    play(engine, 2, seed=1, on_step=lambda b, a, s, i: states.append(a))
    view = engine.view(states[-1], None)
    picture = Image.open(io.BytesIO(render("engis", view, locale="en", names=[long, "Bia"])))
    assert picture.size == Image.open(io.BytesIO(render("engis", view, locale="en", names=["Ana", "Bia"]))).size


# -- forged input --------------------------------------------------------------------------------------
FORGED_IDS = ["m1:{game}:-1:pass", "m1:", "x" * 100, "m1:{game}:\u0661:pass", "m1:\u0661\u0662:0:pass"]


async def test_forged_buttons_get_a_private_answer_at_once(fake_discord, db_path):
    """Custom ids no control of Mesa reads (a negative version, nothing after the prefix, 100 × "x",
    Arabic-Indic digits) are answered privately by the interaction's first callback, and nothing is
    applied."""
    fake = fake_discord
    async with mesa(fake, db_path):
        lobby = await start_lobby(fake, "atlandice", ANA, [BRUNO], ai_seats=1)
        thread = await start_game(fake, ANA, lobby)
        board = last_board(fake, thread)
        game_id = board.custom_ids()[0].split(":")[1]
        choice = board.custom_ids()[0]
        for forged in FORGED_IDS:
            forged = forged.format(game=game_id)
            copy = fake.snapshot(board)
            copy.component(choice)["custom_id"] = forged
            inter = await fake.click_snapshot(ANA, copy, forged)
            first = await inter.wait_response()
            assert first["type"] == 4 and first["data"]["flags"] & 64, (forged, first)  # a private message
            answer = await ephemeral_reply(fake, inter)
            assert "pertence" in answer.content, (forged, answer.content)  # Ana reads pt-BR
        assert len(board_messages(fake, thread)) == 1


async def test_a_lobby_menu_value_with_non_ascii_digits_is_refused(fake_discord, db_path):
    """ "١.strong" (an Arabic-Indic one) names no seat: refused, and the AI seat keeps its strength."""
    fake = fake_discord
    async with mesa(fake, db_path) as bot:
        lobby = await start_lobby(fake, "neanderthal", ANA, [], ai_seats=1)
        menus = await table_settings(fake, ANA, lobby)
        menu = next(c for c in menus.custom_ids() if c.endswith(":L:lv"))
        for value in ("\u0661.strong", "clock.\u0662\u0664.easy"):
            inter = await fake.click_snapshot(ANA, fake.snapshot(menus), menu, values=[value])
            answer = await ephemeral_reply(fake, inter)
            assert "pertence" in answer.content, answer.content
        game = await bot.service.load(int(menu.split(":")[1]))
        assert [s.level for s in game.seats if s.is_ai] == ["normal"] and not game.turn_limit


FORGED_OPTIONS = [
    ("settings", {"turns": "pigeon"}, "turns"),
    ("settings", {"language": "xx-YY"}, "language"),
    ("settings", {"reminders": "maybe"}, "reminders"),
    ("settings", {"turns": 3}, "turns"),
    ("away", {"until": "2099-01-01", "mode": "nap"}, "mode"),
    ("game reminders", {"hours": "abc"}, "hours"),
    ("game reminders", {"hours": -5}, "hours"),
    ("game reminders", {"hours": 1e300}, "hours"),
    ("play", {"game": "chess"}, "game"),
    ("leaderboard", {"game": "chess"}, "game"),
    ("stats", {"player": "\u0661\u0662"}, "player"),
]


@pytest.mark.parametrize(("command", "options", "option"), FORGED_OPTIONS)
async def test_forged_command_options_are_refused_and_never_stored(fake_discord, db_path, command, options, option):
    """A value outside an option's type, choices or bounds is refused privately, naming the option, and
    nothing of it is stored or shown ("settings.turns.pigeon")."""
    fake = fake_discord
    async with mesa(fake, db_path):
        inter = await fake.slash(BRUNO, CHANNEL_ID, command, options, forged=True)
        first = await inter.wait_response()
        assert first["type"] == 4 and first["data"]["flags"] & 64, first
        answer = await ephemeral_reply(fake, inter)
        assert f"“{option}”" in answer.content and "Discord" in answer.content, answer.content
        assert not re.search(r"settings\.|pigeon|nap", answer.content)
        shown = await fake.slash(BRUNO, CHANNEL_ID, "settings")
        assert "settings." not in (await ephemeral_reply(fake, shown)).embed_texts()
    db = await Database.open(db_path)
    try:
        stored = await Players(lambda: db).get(BRUNO)
        assert (stored.delivery, stored.locale, stored.reminders, stored.away_until) == ("mention", None, True, None)
    finally:
        await db.close()


async def test_the_page_isolates_every_name_and_keeps_no_bidirectional_control(tmp_path):
    """On the spectator page a name is in its own ``<bdi>`` and holds no bidirectional control: "AnaU+202Exyz"
    turns nothing around, neither in the players' list nor in the moves and the Now line."""
    from bot.service.games import GameService
    from tests.test_web import Web, settings, token_of

    db = await Database.open(tmp_path / "web.sqlite3")
    service = GameService(db, settings())
    try:
        lobby = await service.create_lobby("atlandice", 100, 200, ANA, "Ana\u202exyz", "en")
        await service.join(lobby.id, BRUNO, "\u2067Bruno")
        await service.start(lobby.id, ANA, None, seed=4)
        token = await token_of(db, lobby.id)
        async with Web(db) as client:
            page = await (await client.get(f"/g/{token}")).text()
        assert '<bdi class="name">Anaxyz</bdi>' in page and '<bdi class="name">Bruno</bdi>' in page
        assert not set(BIDI) & set(page)
    finally:
        service.thinker.close()
        await db.close()
