"""Every public surface of a position, made the way the bot and the pages make them, to compare.

A surface is public when someone reads it who is not the seat it may be about: the channel's board
message (its text, embed, alt text, picture and public buttons), the line posted while AI seats
think, the spectator page (its Now line, players and scores, the picture's words, a move's log line,
the stepper's position), a replay's frame, the turn's direct message and reminder, and, once the game
is over, `/game history` and the stats. A player's own copy of the board (``viewer``) is public to
them only: what the other seats hold must not show there.

``surfaces`` gathers them all for a position; two positions a reader cannot tell apart (the same view
for them) must give the same surfaces, text for text and byte for byte. ``seat_page`` is a seated
player's own page, signed in (its HTML with their picture, choices and controls, and its live event):
public to that seat only, like their copy of the board.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from bot.service.replay import frame
from bot.service.spectate import RenderCache, seat_names
from bot.service.stats import Stats
from bot.storage import ACTIVE, FINISHED, Database, GameRow, Move, Seat
from bot.ui.notify import direct_text
from bot.ui.presenter import Presenter
from bot.ui.reminders import reminder_text
from bot.ui.stats_ui import history_line
from bot.web.page import Pages, describe, players, render_page, status_lines
from bot.web.play import account_html, play_html
from bot.web.sessions import SignedIn
from render import describe as words_of
from rules import GAMES
from rules.core import LOCALES, Engine, Event, GameState

NAMES = ["Ana", "Bruno", "Caio", "Dora", "Eva"]
USERS = [101, 102, 103, 104, 105]

Surfaces = dict[str, Any]
SurfaceMaker = Callable[[GameRow, GameState, list[Move], "int | None"], Awaitable[Surfaces]]


def game_row(engine: Engine[Any], state: GameState, *, ai_seats: frozenset[int] = frozenset()) -> GameRow:
    """The stored game of ``state``: its seats named as at a table, the last seat an AI seat if asked."""
    over = not engine.to_act(state)
    return GameRow(
        id=7,
        game=engine.id,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        lobby_message_id=None,
        board_message_id=4,
        status=FINISHED if over else ACTIVE,
        host_id=USERS[0],
        locale="en",
        options=dict(state.options),
        seed=state.seed,
        state=engine.dump(state),
        version=state.step + 1,
        seats=[
            Seat(i, None if i in ai_seats else USERS[i], "" if i in ai_seats else NAMES[i], i in ai_seats)
            for i in range(state.players)
        ],
        updated_at=1_700_000_000.0,
        web_token="token",
    )


def move_of(engine: Engine[Any], before: GameState, seat: int, action_id: str) -> tuple[GameState, Move]:
    """The state after a move and the move as stored (its events, private ones too)."""
    after = engine.apply(before, seat, action_id)
    events = [e.model_dump(mode="json") for e in after.events]
    return after, Move(seat, action_id, USERS[seat], events, engine.reveals(before, after))


def _payload(payload: Any) -> dict[str, Any]:
    """A message as Discord would get it: its text, embed, mentions, the picture's bytes and words, buttons."""
    file = payload.file
    return {
        "content": payload.content,
        "embed": payload.embed.to_dict(),
        "mentions": payload.mentions.to_dict(),
        "picture": file.fp.getvalue() if file is not None else None,
        "alt": file.description if file is not None else None,
        "components": payload.view.to_components() if payload.view is not None else None,
    }


async def surfaces(game: GameRow, state: GameState, moves: list[Move], viewer: int | None = None) -> Surfaces:
    """Every surface ``viewer`` reads of the position (None: everyone's, the public surfaces), in both
    languages; the last of ``moves`` led to it."""
    engine = GAMES[game.game]
    out: Surfaces = {}
    presenter = Presenter("https://mesa.example")  # a cache of its own: nothing drawn for another position
    for locale in LOCALES:
        names = seat_names(game, locale)
        out[f"board {locale}"] = _payload(await presenter.board(game, state, moves, locale=locale, viewer=viewer))
        if viewer is not None:
            continue
        view = engine.view(state, None)
        out[f"thinking {locale}"] = Presenter.thinking(game, state, moves, locale)
        out[f"page now {locale}"] = status_lines(game, engine, state, view, names, locale)
        out[f"page players {locale}"] = players(game, engine, state, names, locale, view)
        lines = [
            Pages._line({"events": json.dumps(m.events)}, names, locale) for m in moves
        ]  # the page's log, a line a move
        out[f"page log {locale}"] = lines
        out[f"page words {locale}"] = describe(
            words_of(engine.id, view, locale=locale, names=names), state.step, state.step, lines[-1:], locale
        )
        out[f"replay frame {locale}"] = await asyncio.to_thread(frame, engine, state, names=names, locale=locale)
        for key in ("dm.turn", "dm.remind"):
            out[f"{key} {locale}"] = direct_text(game, key, locale, "Server")
        for key in ("remind.1", "remind.turn"):
            out[f"{key} {locale}"] = reminder_text(game, USERS[0], key, locale)
        if game.status == FINISHED:
            stats = Stats()
            result = stats.result(game)
            out["stats"] = result.lines if result is not None else None
            out[f"history {locale}"] = history_line(stats, game, locale)
    return out


async def seat_page(game: GameRow, state: GameState, moves: list[Move], seat: int, path: Any) -> Surfaces:
    """``seat``'s player's own page, signed in, in both languages: its HTML (their picture inside, their
    choices, the account's part with a fixed token) and its live event, as the server makes them from the
    game stored in a database of its own at ``path`` (a file that does not exist yet)."""
    db = await Database.open(path)
    try:
        engine = GAMES[game.game]
        game_id = await db.import_game(
            game.game,
            1,
            2,
            game.host_id,
            "en",
            game.options,
            game.seed or 0,
            game.seats,
            engine.dump(state),
            moves,
            status=game.status,
        )
        await db.update_game(game_id, web_token="t" * 32)
        stored = await db.get_game(game_id)
        assert stored is not None
        pages = Pages(lambda: db, RenderCache())
        out: Surfaces = {}
        user = SignedIn(USERS[seat], NAMES[seat], "link")
        for locale in LOCALES:
            snapshot = await pages.snapshot(stored, locale, seat)
            account = account_html("t" * 32, locale, user, "token")
            play = play_html("t" * 32, snapshot.mine, stored.version, "token", locale, "")
            out[f"seat page {locale}"] = render_page(snapshot, stored, locale, "assets", account, play)
            out[f"seat event {locale}"] = snapshot.event
        return out
    finally:
        await db.close()


def difference(one: Surfaces, other: Surfaces) -> list[str]:
    """The surfaces that differ (empty: none)."""
    return sorted(k for k in one.keys() | other.keys() if one.get(k) != other.get(k))


def public_events(move: Move) -> list[Event]:
    return [e for e in map(Event.model_validate, move.events) if e.seats is None]


__all__ = ["NAMES", "Surfaces", "difference", "game_row", "move_of", "seat_page", "surfaces"]
