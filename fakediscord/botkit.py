"""Driving the real bot against the fake Discord: start it, play through its messages."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from bot.app import MesaBot
from bot.settings import Settings
from bot.storage import Database
from fakediscord import FakeDiscord, FakeInteraction, FakeMessage
from fakediscord.fixtures import CHANNEL_ID, ErrorLog, run_bot
from fakediscord.timing import stretched


@contextlib.asynccontextmanager
async def mesa(
    fake: FakeDiscord, db_path: Path, *, allow_errors: bool = False, clock=None, **settings
) -> AsyncIterator[MesaBot]:
    """A Mesa bot on ``db_path`` connected to the fake; fails the test if the bot logged an error.
    ``clock`` (a function giving the time) replaces the real one for reminders, quiet hours and clocks."""
    errors = ErrorLog()
    logging.getLogger("bot").addHandler(errors)
    db = await Database.open(db_path)
    # The fake sends every GUILD_CREATE at once: no need for discord.py's 2 s wait before on_ready.
    extra = {} if clock is None else {"clock": clock}
    bot = MesaBot(Settings(token="fake-token", database=db_path, **settings), db, guild_ready_timeout=0.05, **extra)
    try:
        async with run_bot(fake, bot):
            yield bot
            await bot.handlers.drain()
    finally:
        await db.close()
        logging.getLogger("bot").removeHandler(errors)
    assert allow_errors or not errors.records, [r.getMessage() for r in errors.records]


@contextlib.contextmanager
def collected(*kinds: type) -> Iterator[list[object]]:
    """What of ``kinds`` the garbage collector finds among what is made inside (the list, filled on exit):
    objects that were left in cycles instead of being freed at once."""
    found: list[object] = []
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield found
        gc.collect()
        found += [o for o in gc.garbage if isinstance(o, kinds)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


async def check_reminders(fake: FakeDiscord, bot: MesaBot, timeout: float = 5.0) -> None:
    """The bot looks at its reminders and clocks now (a test moved its clock), and this returns once it
    has dealt with those due and its requests are answered."""
    await asyncio.wait_for(bot.check_reminders(), stretched(timeout))
    await fake.settle()


def game_file(
    game: str,
    seats: list[int | None],
    seed: int,
    options: dict[str, str] | None = None,
    *,
    level: str = "easy",
    before_end: bool = True,
) -> bytes:
    """A game file as ``/game export`` writes it, of a game the AI plays from ``seed``: ``seats`` are the
    Discord users (None: an AI seat at ``level``). With ``before_end`` it stops at the last decision a
    human seat makes, so that an imported copy ends after a few clicks."""
    from bot.service import export
    from rules import GAMES
    from rules.core.play import play

    engine = GAMES[game]
    _, log = play(engine, len(seats), seed, options, "easy")
    if before_end:
        log = log[: max(i for i, (seat, _) in enumerate(log) if seats[seat] is not None)]
    state = engine.replay(len(seats), seed, options, log)
    file = export.GameFile(
        game=game,
        title=engine.title,
        rules_version=engine.rules_version,
        options=state.options,
        seed=seed,
        players=[
            export.FileSeat(
                seat=i, name="" if user is None else f"player {i + 1}", user_id=user, ai=user is None, level=level
            )
            for i, user in enumerate(seats)
        ],
        moves=[export.FileMove(seat=seat, action=action, by=seats[seat]) for seat, action in log],
        state_sha256=export.fingerprint(engine.dump(state)),
    )
    return export.dumps(file)


async def sealed(bot: MesaBot, data: bytes) -> bytes:
    """A running game's file (``game_file``) sealed as ``bot`` seals its exports."""
    from bot.service import export

    full = export.read(data)
    return export.dumps(export.seal(full, await bot.service.secret()))


async def import_game(fake: FakeDiscord, bot: MesaBot, user: int, channel_id: int, data: bytes) -> int:
    """``/game import`` by ``user`` in ``channel_id`` of a file (``game_file``), sealed as ``bot`` seals it;
    the file's other players Join its lobby and ``user`` starts it. Returns where the game goes on."""
    from bot.service import export

    players = [p.user_id for p in export.read(data).players if p.user_id not in (None, user)]
    data = await sealed(bot, data)
    inter = await fake.slash(user, channel_id, "game import", {"file": fake.upload("game.json", data)})
    await fake.wait_for(lambda: [m for m in inter.messages if not m.loading])
    assert "import" in inter.messages[-1].content.lower(), inter.messages[-1].content
    lobby = await fake.wait_for(lambda: imported_lobby(fake, channel_id))
    for other in dict.fromkeys(players):
        click = await fake.click(other, lobby, _lobby_id(lobby, "join"))
        await click.wait_response()
    return await start_game(fake, user, lobby)


def imported_lobby(fake: FakeDiscord, channel_id: int) -> FakeMessage | None:
    """The latest lobby message in a channel (an import's: no interaction made it)."""
    return next(
        (m for m in reversed(fake.messages(channel_id)) if any(c.endswith(":L:join") for c in m.custom_ids())), None
    )


def board_messages(fake: FakeDiscord, channel_id: int) -> list[FakeMessage]:
    """The bot's board posts in a channel (those with a picture), oldest first."""
    return [m for m in fake.messages(channel_id) if m.files() and not m.ephemeral]


def last_board(fake: FakeDiscord, channel_id: int) -> FakeMessage:
    boards = board_messages(fake, channel_id)
    assert boards, f"no board in channel {channel_id}"
    return boards[-1]


def mentioned(message: FakeMessage) -> list[int]:
    import re

    return [int(u) for u in re.findall(r"<@(\d+)>", message.content)]


def controls(message: FakeMessage) -> list[str]:
    """The custom ids of a board's controls while its game goes on (a final board's Rematch left out)."""
    return [c for c in message.custom_ids() if not c.endswith(":R")]


def named(message: FakeMessage) -> list[int]:
    """Who a board asks to play: named in its embed, whether its content pings them or not (a player
    in their quiet hours, or reached by direct message, is named but not pinged)."""
    import re

    text = message.embeds[0].get("description") or "" if message.embeds else ""
    return [int(u) for u in re.findall(r"<@(\d+)>", text)]


def action_ids(message: FakeMessage) -> list[str]:
    """The game's choices on a message: its action buttons and, past 20 choices, its select menus."""
    return [c for c in controls(message) if ":~" not in c or ":~s" in c]


async def start_lobby(
    fake: FakeDiscord, game: str, host: int, joiners: list[int], ai_seats: int, channel_id: int = CHANNEL_ID
) -> FakeMessage:
    """/play, joins, AI seats and Start by the host; returns the lobby message."""
    inter = await fake.slash(host, channel_id, "play", {"game": game})
    await inter.wait_response()
    lobby = await fake.wait_for(lambda: inter.message if inter.message and inter.message.components else None)
    for user in joiners:
        click = await fake.click(user, lobby, _lobby_id(lobby, "join"))
        await click.wait_response()
    for _ in range(ai_seats):
        click = await fake.click(host, lobby, _lobby_id(lobby, "ai"))
        await click.wait_response()
    return lobby


async def start_game(fake: FakeDiscord, host: int, lobby: FakeMessage) -> int:
    """The host clicks Start; returns the game's thread once its first board is posted."""
    before = set(fake.threads)
    start = await fake.click(host, fake.message(lobby.id), _lobby_id(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: next(iter(set(fake.threads) - before), None))
    await fake.wait_for(lambda: board_messages(fake, thread))
    return thread


def _lobby_id(message: FakeMessage, what: str) -> str:
    return next(c for c in message.custom_ids() if c.endswith(f":L:{what}"))


lobby_id = _lobby_id


async def table_settings(fake: FakeDiscord, host: int, lobby: FakeMessage) -> FakeMessage:
    """The host's private table settings, opened from the lobby (where its menus have no room)."""
    inter = await fake.click(host, fake.message(lobby.id), _lobby_id(lobby, "settings"))
    return await ephemeral_reply(fake, inter)


async def choose(fake: FakeDiscord, user: int, message: FakeMessage, suffix: str, value: str) -> FakeInteraction:
    """``user`` picks ``value`` in the menu of ``message`` whose custom id ends with ``suffix``, once answered."""
    menu = next(c for c in fake.message(message.id).custom_ids() if c.endswith(suffix))
    inter = await fake.select(user, fake.message(message.id), menu, [value])
    await inter.wait_response()
    return inter


async def ephemeral_reply(fake: FakeDiscord, inter) -> FakeMessage:
    """The (last) ephemeral answer an interaction produced, once it is complete."""
    source = inter.source_message.id if inter.source_message is not None else None
    found = await fake.wait_for(lambda: [m for m in inter.messages if m.ephemeral and not m.loading and m.id != source])
    return found[-1]


async def play_move(fake: FakeDiscord, channel: int, rng) -> FakeInteraction | None:
    """The player the last board mentions makes a random legal move, in the channel or privately.

    Returns the interaction of the move once the next board is posted, or None when the game is over.
    """
    board = last_board(fake, channel)
    if not controls(board):
        return None
    before = len(board_messages(fake, channel))
    user = (mentioned(board) or named(board))[0]
    choices = action_ids(board)
    if choices:
        inter = await _choose(fake, user, board, choices, rng)
    else:
        me = next(c for c in board.custom_ids() if c.endswith(":~me"))
        opened = await fake.click(user, board, me)
        private = await fake.wait_for(lambda: [m for m in opened.messages if m.custom_ids()])
        inter = await _choose(fake, user, private[-1], action_ids(private[-1]), rng)
    await fake.wait_for(lambda: len(board_messages(fake, channel)) > before, timeout=10)
    return inter


async def _choose(fake: FakeDiscord, user: int, message: FakeMessage, choices: list[str], rng) -> FakeInteraction:
    choice = rng.choice(choices)
    comp = message.component(choice)
    if comp["type"] == 2:
        inter = await fake.click(user, message, choice)
    else:
        inter = await fake.select(user, message, choice, [rng.choice(comp["options"])["value"]])
    await inter.wait_response()
    return inter


async def play_to_end(fake: FakeDiscord, channel: int, rng, limit: int = 1000) -> int:
    """Random legal moves by whoever each board mentions until the game is over; the moves made
    (fewer than ``limit``, or the game is stuck)."""
    moves = 0
    while await play_move(fake, channel, rng):
        moves += 1
        assert moves < limit, f"no end after {limit} moves"
    return moves


async def stored_game(database, thread: int):
    """The game stored for ``thread`` and its action log, read from the bot's database."""
    db = await Database.open(database)
    try:
        game = await db.game_in_channel(thread)
        return game, await db.action_log(game.id)
    finally:
        await db.close()
