"""What a spectator page shows of a game: the channel's board picture, who must act, the players and
their scores, the status and the moves in words, at the live position or an earlier one.

Everything here comes from what the channel shows: the spectator's view (``Engine.view(state,
None)``) and the questions of the seats to act made from it (``Engine.public_prompt``), the public events of the action log and the final
results. Nothing else of a state or of the log (hands, private events, action ids, Discord ids)
reaches a spectator's page. A seated player signed in on the page (``bot.web.play``) has their own
seat's page instead (``Pages.snapshot`` with their seat): their seat's picture and words and their
own question, as ``/game me`` shows them, and their legal actions; nobody else's.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import functools
import html
import json
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import orjson
from pydantic import BaseModel

from rules.core import Engine, GameState, t

from .. import texts as _texts  # noqa: F401  (registers the page's texts)
from ..service.choices import ChoiceGroup, grouped
from ..service.games import engine_of
from ..service.replay import states
from ..service.spectate import (
    Kept,
    RenderCache,
    ai_label,
    outcome_lines,
    own_turn_line,
    public_events,
    running_scores,
    seat_names,
    turn_line,
)
from ..storage import ACTIVE, ENDED, FINISHED, Database, GameRow
from .changes import settled_within

log = logging.getLogger(__name__)

LOCALES = ("en", "pt-BR")
LOG_ROWS = 40  # the moves a page lists (the stepper reaches every position)
# How long a game read for its token serves the requests that follow without reading it again, at most
# (seconds); a change to the game told to the pages ends it at once.
ROW_SECONDS = 1.0
ROWS = 1000  # games kept so, at most
LOGS = 500  # the games whose moves' lines in words are kept (each line is written once: a move adds its own)

T = TypeVar("T")


@dataclass
class Player:
    name: str
    score: str  # "" while the game keeps its scores for the end
    acting: bool


@dataclass
class LogLine:
    step: int | None  # the position this move leads to (None: a move taken back)
    text: str


@dataclass
class Position:
    """One position of the game as the stepper shows it."""

    step: int
    total: int
    caption: str
    image: str  # its picture: an address relative to the page, or for the live position a data: URL
    full: str  # its picture's address (relative to the page): a tap on the board opens it full size
    alt: str
    lines: list[str]


@dataclass
class Spot:
    """A thing on the seat's picture that a click acts on with one of its legal actions (``render.hits``):
    the action's id and label, and its area in the picture's pixels (``shape`` "rect": left, top, right,
    bottom; "poly": the corners' x, y in turn)."""

    action: str
    label: str
    shape: str
    coords: tuple[int, ...]


@dataclass
class Mine:
    """What a signed-in player's page adds: their seat, whether it must act now, and its legal actions as
    the board's Discord message groups them (``bot.service.choices``), with the things of its picture they
    act on (``spots``; ``picture``: the picture's width and height, which the spots' pixels are of)."""

    seat: int
    acting: bool
    groups: list[ChoiceGroup]
    running: bool  # the game goes on (undo and resign are offered)
    spots: list[Spot] = dataclasses.field(default_factory=list)
    picture: tuple[int, int] = (0, 0)


@dataclass
class Snapshot:
    """The whole page at the live position: sent as one event whenever the game changes. A seated player's
    own page (``mine``) has their seat's picture and question instead of the spectator's."""

    version: int
    title: str
    status: str
    turn: list[str]
    players: list[Player]
    log: list[LogLine]
    live: Position
    over: bool
    mine: Mine | None = None

    @functools.cached_property
    def event(self) -> bytes:
        """The live stream's event (server-sent events: ``game``, its id the version, the snapshot as JSON
        data), written once for every stream of the game at this version."""
        head = f"id: {self.version}\r\nevent: game\r\ndata: ".encode()
        return head + orjson.dumps(self) + b"\r\n\r\n"  # (JSON on one line: its strings' line breaks escaped)


class Lru(Kept[Hashable, "asyncio.Future[Any]"]):
    """Recent results by key, each computed once even when asked for by many at the same time (a
    computation that failed is made again when next asked for)."""

    async def get_or(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        future = self.get(key)
        if future is not None and future.done() and not future.cancelled() and future.exception() is None:
            self.move_to_end(key)  # (made already: the many that ask after the first take it as it is)
            return cast(T, future.result())
        if future is None or future.done():  # (never made, or its making failed)
            future = self.put(key, asyncio.ensure_future(make()))
        else:
            self.move_to_end(key)
        return await asyncio.shield(future)


def same_page(one: GameRow, other: GameRow) -> bool:
    """Whether two readings of a game are the same in all that its page shows: they may differ only in
    what no page shows (its board posted in the channel and recorded, a reminder's delay, when it changed)."""
    if one.version != other.version or one.status != other.status:  # (a move or an end: no need to look further)
        return False

    def shown(game: GameRow) -> GameRow:
        return dataclasses.replace(
            game,
            updated_at=None,
            board_message_id=None,
            board_version=None,
            board_blocked=None,
            lobby_message_id=None,
            reminder_delay=None,
        )

    return shown(one) == shown(other)


def image_url(game: GameRow, step: int, locale: str) -> str:
    """The picture of a position, relative to the page (``/g/<token>``), distinct per version."""
    return f"{game.web_token}/step/{step}.png?v={game.version}&lang={locale}"


def data_url(png: bytes) -> str:
    """A picture carried in the page's own data (the live position's, sent with it to every page)."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def picture_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height (its header's first chunk, IHDR)."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def caption(step: int, total: int, locale: str) -> str:
    return t("web.setup", locale) if step == 0 else t("web.step", locale, n=step, total=total)


def status_lines(
    game: GameRow,
    engine: Engine[Any],
    state: GameState,
    view: BaseModel,
    names: list[str],
    locale: str,
    status: str | None = None,
) -> list[str]:
    """Who must act and what they answer (from ``view``, the spectator's view), or the game's end, as the
    channel's board says it.

    ``status``: the game's status at that position (an earlier position was played: ACTIVE).
    """
    status = status or game.status
    to_act = engine.to_act(state)
    if status == ACTIVE and to_act:
        return [turn_line(label(game, seat, names, locale), engine, view, seat, names, locale) for seat in to_act]
    if status in (FINISHED, ACTIVE):
        outcome = engine.outcome(state)
        if outcome is not None:
            return [t("board.game_over", locale), *outcome_lines(game, outcome, locale)]
    return [t("board.ended", locale) if status == ENDED else t(f"status.{status}", locale)]


def label(game: GameRow, seat: int, names: list[str], locale: str) -> str:
    s = game.seats[seat]
    return ai_label(names[seat], s.level, locale) if s.is_ai else names[seat]


def players(
    game: GameRow, engine: Engine[Any], state: GameState, names: list[str], locale: str, view: BaseModel
) -> list[Player]:
    """The seats, their scores and who must act, at the live position (``view``: the spectator's view of it)."""
    outcome = engine.outcome(state)
    if outcome is not None:
        scores = {r.seat: r.score for r in outcome.results if r.seat is not None}
    else:
        scores = running_scores(view)
    acting = set(engine.to_act(state)) if game.status == ACTIVE else set()
    return [
        Player(label(game, s.seat, names, locale), str(scores[s.seat]) if s.seat in scores else "", s.seat in acting)
        for s in game.seats
    ]


def describe(words: str, step: int, total: int, lines: list[str], locale: str) -> str:
    """The position in words for a screen reader: which one it is, then the picture's own ``words`` (who
    acts or who won, the scores, the key position: ``RenderCache.words`` of the spectator's view, the
    channel's alt text), then the move that led there."""
    text = f"{caption(step, total, locale)}. {words}"
    if lines:
        text += " " + t("web.alt_last", locale, what=" ".join(lines))
    return text


class Pages:
    """Builds the pages of the games and their pictures, each once per version and language.

    A game is read once for all the requests about it (the streams woken by a move, and the pages that
    open or step back meanwhile) until it changes again: ``changed`` is told of every change, with the game
    as stored when the change was this process's move (then it is not read at all).
    """

    def __init__(
        self,
        db: Callable[[], Database],
        cache: RenderCache,
        steps: RenderCache | None = None,
        settled: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        """``settled`` waits until the bot of this process is done changing a game (``GameService.settled``),
        when the pages are served in its process."""
        self.db = db
        self.settled = settled
        self.cache = cache  # the live boards (the channel's pictures, shared with the bot in its process)
        self.steps = steps or RenderCache(size=32, pool=cache.pool)  # earlier positions
        self._snapshots = Lru(64)
        self._replays = Lru(2)  # a long game's positions weigh: two games' at most
        self._live_states: Kept[tuple[int, int], GameState] = Kept(64)  # the live states read
        # The lines in words of the moves a page of the game lists, by version, per game, the seats' names and
        # the language: each move's events never change once stored, so a move adds only its own line.
        self._logs: Kept[tuple[int, tuple[str, ...], str], dict[int, str]] = Kept(LOGS)
        self._reading: dict[str, asyncio.Future[GameRow | None]] = {}
        self._rows: dict[str, tuple[GameRow, float]] = {}  # token -> the game and when it was read
        self._tokens: dict[int, set[str]] = {}  # game id -> its tokens in ``_rows``
        self._changes = 0  # changes told so far
        self._changed: dict[int, int] = {}  # game id -> the count at its last change, while reads are under way
        # Told of a game found changed by a read (before the database told of it): its streams are woken.
        self.found: Callable[[int], None] | None = None

    def changed(self, game_id: int, game: GameRow | None = None, state: GameState | None = None) -> bool:
        """The game changed (a move, its end, a new link): it is read again when next asked for, unless the
        change came with the game as stored (``game``, its state ``state``) and the pages have the game (a
        page asked for it): they then take it. A game no page asked for is left to be read if one does.

        Whether it is news to the pages: not if ``game`` is older than the game they have, or the same in
        all that a page shows (``same_page``: only its board's record changed, or the move was told of
        already)."""
        kept = self._rows.get(game.web_token) if game is not None and game.web_token is not None else None
        if game is not None and game.id == game_id and kept is not None:
            if kept[0].version > game.version:  # (told late: a newer one was read)
                return False
            if same_page(kept[0], game):
                if (game.updated_at or 0.0) >= (kept[0].updated_at or 0.0):  # (told late: keeps the newer row)
                    self._keep(game, state)
                return False
        self.forget(game_id)
        if game is not None and game.id == game_id and kept is not None:  # (a game no page has is not kept)
            self._keep(game, state)
        return True

    def _keep(self, game: GameRow, state: GameState | None, at: float | None = None) -> None:
        """Keeps the game (read or told ``at``: now by default) for its token, and its state if given; the
        games kept longest unchanged go past ``ROWS`` (every game the bot moves is told of, watched or not)."""
        assert game.web_token is not None
        self._rows.pop(game.web_token, None)  # (the newest last)
        self._rows[game.web_token] = (game, time.monotonic() if at is None else at)
        self._tokens.setdefault(game.id, set()).add(game.web_token)
        if state is not None:
            self._live_states.put((game.id, game.version), state)
        while len(self._rows) > ROWS:
            old = next(iter(self._rows))
            self._untrack(self._rows.pop(old)[0].id, old)

    async def check(self, game_id: int, at: float | None = None) -> bool:
        """The database says that the game's row changed (a move, here or in another process; its board's
        record), ``at`` that time if it says: the game is read, and taken as ``changed`` takes it; whether it is
        news to its pages. No news, and nothing read, if the pages have the game as of ``at`` or later.

        A change the bot of this process is making is read once it is done: the bot tells the pages of its
        moves itself as soon as they are stored, and the rest of its writes (the board's record) are no news.
        Not for longer than ``SETTLING`` though: a board that Discord is slow to take (or refuses) does not
        hold the pages back."""
        if at is not None and self._as_of(game_id, at):  # (the bot of this process told them of it already)
            return False
        if self.settled is not None:
            await settled_within(self.settled, game_id)
        if at is not None and self._as_of(game_id, at):
            return False
        return self.changed(game_id, await self.db().get_game(game_id))

    def _as_of(self, game_id: int, at: float) -> bool:
        """Whether the pages have the game as its row was at ``at`` (its ``updated_at``) or later."""
        rows = (self._rows.get(token) for token in self._tokens.get(game_id, ()))
        return any(kept is not None and (kept[0].updated_at or 0.0) >= at for kept in rows)

    def forget(self, game_id: int) -> None:
        """The game changed: it is read again when next asked for."""
        self._changes += 1
        if self._reading:
            self._changed[game_id] = self._changes
        for token in self._tokens.pop(game_id, ()):
            self._rows.pop(token, None)

    def _untrack(self, game_id: int, token: str) -> None:
        tokens = self._tokens.get(game_id, set())
        tokens.discard(token)
        if not tokens:
            self._tokens.pop(game_id, None)

    async def game(self, token: str) -> GameRow | None:
        """The game of a page's token, read once for all the requests that ask until it changes."""
        kept = self._rows.get(token)
        if kept is not None and time.monotonic() - kept[1] < ROW_SECONDS:
            return kept[0]
        future = self._reading.get(token)
        if future is None:
            future = self._reading[token] = asyncio.ensure_future(self._read(token))
        return await asyncio.shield(future)

    async def _read(self, token: str) -> GameRow | None:
        began, at = self._changes, time.monotonic()
        try:
            row = await self.db().game_by_web_token(token)
        finally:
            del self._reading[token]
        if row is not None and self._changed.get(row.id, 0) <= began:  # not changed while it was read
            before = self._rows.get(token)
            self._keep(row, None, at)
            if before is not None and not same_page(before[0], row) and self.found is not None:
                # A change read here before the database told of it (after an outage, when it tells late):
                # the streams of the game are woken now, since that word will find the game kept as of then.
                self.found(row.id)
        if not self._reading:
            self._changed.clear()
        return row

    def live_state(self, game: GameRow) -> GameState:
        """The game's state as stored, read once per version."""
        return self._live_states.made((game.id, game.version), lambda: engine_of(game).load(game.state or ""))

    async def snapshot(self, game: GameRow, locale: str, seat: int | None = None) -> Snapshot:
        """The page at the live position: the spectator's, or ``seat``'s own (a seated player signed in)."""
        seats = tuple((s.name, s.is_ai, s.level) for s in game.seats)
        key = (game.id, game.version, game.status, game.web_token, seats, locale, seat)
        if seat is None:
            return await self._snapshots.get_or(key, lambda: self._snapshot(game, locale))
        return await self._snapshots.get_or(key, lambda: self._seat_snapshot(game, locale, seat))

    async def _seat_snapshot(self, game: GameRow, locale: str, seat: int) -> Snapshot:
        """``seat``'s own page: the spectator's, but for the seat's picture and words (``/game me``'s: the
        seat's view), its own question, and its legal actions when it must act."""
        public = await self.snapshot(game, locale)
        engine, state, names = engine_of(game), self.live_state(game), seat_names(game, locale)
        png = b""
        try:
            png = await self.cache.get(game, state, seat, locale)
            image = data_url(png)
        except Exception:
            log.exception("the picture of game %s for seat %s could not be drawn", game.id, seat)
            image = public.live.image
        words = self.cache.words(game, state, seat, locale)
        live = dataclasses.replace(
            public.live,
            image=image,
            full=f"{game.web_token}/mine.png?v={game.version}&lang={locale}",
            alt=describe(words, public.live.step, public.live.total, public.live.lines, locale),
        )
        turn = list(public.turn)
        to_act = engine.to_act(state) if game.status == ACTIVE else []
        if seat in to_act:  # (its own question, as its private view asks it; the others' as everyone reads them)
            turn[to_act.index(seat)] = own_turn_line(
                label(game, seat, names, locale), engine, state, seat, names, locale
            )
        acting = seat in to_act
        groups = grouped(engine.legal_actions(state, seat), locale, names) if acting else []
        mine = Mine(seat, acting, groups, game.status == ACTIVE)
        if png:  # (a picture not drawn has nothing to click on)
            mine.spots, mine.picture = self._spots(game, state, seat, groups, locale), picture_size(png)
        return dataclasses.replace(public, turn=turn, live=live, mine=mine)

    def _spots(self, game: GameRow, state: GameState, seat: int, groups: list[ChoiceGroup], locale: str) -> list[Spot]:
        """The things of ``seat``'s picture its legal actions (``groups``) act on."""
        labels = {c.id: c.label for group in groups for c in group.choices}
        areas = self.cache.areas(game, state, seat, list(labels), locale)
        return [Spot(a.action, labels[a.action], a.shape, a.coords) for a in areas]

    async def seat_picture(self, game: GameRow, seat: int, locale: str) -> bytes:
        """``seat``'s own picture of the live position (``/game me``'s)."""
        return await self.cache.get(game, self.live_state(game), seat, locale)

    async def _snapshot(self, game: GameRow, locale: str) -> Snapshot:
        engine = engine_of(game)
        state = self.live_state(game)
        names = seat_names(game, locale)
        rows = await self.db().action_log(game.id, limit=LOG_ROWS, parse_events=False)
        log: list[LogLine] = []
        step = state.step
        logged = (game.id, tuple(names), locale)
        known, lines = self._logs.pop(logged, {}), {}  # (put back below: the last used)
        for row in reversed(rows):  # the last move that counts leads to the live position
            version = int(row["version"])
            what = lines[version] = known[version] if version in known else self._line(row, names, locale)
            if row["undone_at"] is not None:
                if what:
                    log.append(LogLine(None, t("web.undone", locale, line=what)))
                continue
            if what:
                log.append(LogLine(step, what))
            step -= 1
        self._logs.put(logged, lines)
        # the move that led to the live position (past the moves taken back since, after an undo)
        latest = next((line for line in log if line.step is not None), None)
        last = [latest.text] if latest is not None and latest.step == state.step else []
        total = state.step
        view = self.cache.view(game, state, None)  # the spectator's (the channel's board's): the question, the scores
        status = status_lines(game, engine, state, view, names, locale)
        seated = players(game, engine, state, names, locale, view)
        live = Position(
            total,
            total,
            caption(total, total, locale),
            await self._live_picture(game, state, locale),
            image_url(game, total, locale),
            describe(self.cache.words(game, state, None, locale), total, total, last, locale),
            last,
        )
        return Snapshot(
            version=game.version,
            title=f"{engine.title} #{game.id}",
            status=t("board.step", locale, n=state.step),
            turn=status,
            players=seated,
            log=log,
            live=live,
            over=game.status != ACTIVE,
        )

    async def _live_picture(self, game: GameRow, state: GameState, locale: str) -> str:
        """The live position's picture, in the page's data: the channel's board (drawn once for the channel
        and every page), so that a move reaches a page in one message, its words and picture together. If it
        cannot be drawn, its address (the page asks for it as for an earlier position's)."""
        try:
            return data_url(await self.cache.get(game, state, None, locale))
        except Exception:
            log.exception("the picture of game %s at version %s could not be drawn", game.id, game.version)
            return image_url(game, state.step, locale)

    @staticmethod
    def _line(row: dict[str, Any], names: list[str], locale: str) -> str:
        """A move's public events in words, one line (empty if none is public); ``row``'s events as stored (JSON)."""
        return " · ".join(t(e.text, locale, names=names) for e in public_events(json.loads(row["events"])))

    async def _states(self, game: GameRow) -> list[GameState]:
        """Every position of the game so far (replayed from its seed and the moves that count)."""

        async def replay() -> list[GameState]:
            log = [(r["seat"], r["action_id"]) for r in await self.db().moves_that_count(game.id)]
            engine = engine_of(game)
            return await asyncio.to_thread(
                states, engine, len(game.seats), game.seed or 0, game.options, log, game.state
            )

        return await self._replays.get_or((game.id, game.version), replay)

    async def _state_at(self, game: GameRow, step: int) -> GameState | None:
        live = self.live_state(game)
        if step == live.step:
            return live
        if not 0 <= step < live.step:
            return None
        return (await self._states(game))[step]

    async def position(self, game: GameRow, step: int, locale: str) -> Position | None:
        """An earlier position (or the live one): its caption, picture, words and the move that led there."""
        state = await self._state_at(game, step)
        if state is None:
            return None
        total = self.live_state(game).step
        names = seat_names(game, locale)
        lines: list[str] = []
        if step > 0:
            counted = await self.db().moves_that_count(game.id)
            lines = [t(e.text, locale, names=names) for e in public_events(counted[step - 1]["events"])]
        alt = describe(self.steps.words(game, state, None, locale), step, total, lines, locale)
        image = image_url(game, step, locale)
        return Position(step, total, caption(step, total, locale), image, image, alt, lines)

    async def picture(self, game: GameRow, step: int, locale: str) -> bytes | None:
        """The channel's board picture (the spectator's view) of a position, drawn once per version."""
        drawn = self.cache.drawn(game, step, None, locale) or self.steps.drawn(game, step, None, locale)
        if drawn is not None:
            return drawn
        state = await self._state_at(game, step)
        if state is None:
            return None
        live = step == self.live_state(game).step
        return await (self.cache if live else self.steps).get(game, state, None, locale)


def escape(text: str) -> str:
    return html.escape(text, quote=True)


def _script_texts(locale: str, *keys: str) -> str:
    """The page's words its script needs, as ``data-`` attributes (data-no-moves: ``dataset.noMoves``)."""
    return " ".join(
        f'data-{key.replace("web.", "").replace(".", "-").replace("_", "-")}="{escape(t(key, locale))}"' for key in keys
    )


SCRIPT_TEXTS = (
    "web.live",
    "web.reconnecting",
    "web.gone",
    "web.earlier",
    "web.setup",
    "web.step",
    "web.no_moves",
    "web.too_many",
    "web.over",
    "web.spot_choices",
    "web.spot_close",
)


def _head(snapshot: Snapshot, locale: str, assets: str, extra: str) -> str:
    e = escape
    return f"""<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">{extra}
<title>{e(t("web.title", locale, game=snapshot.title))}</title>
<link rel="icon" href="../static/icon.svg?{assets}" type="image/svg+xml">
<link rel="stylesheet" href="../static/page.css?{assets}">
<script src="../static/page.js?{assets}" defer></script>
</head>"""


def _board(live: Position, locale: str) -> str:
    """The board's picture (a tap opens it full size), its caption and the stepper through earlier positions."""
    e = escape

    def button(name: str, key: str, sign: str) -> str:
        return f'<button type="button" id="{name}" title="{e(t(key, locale))}" aria-label="{e(t(key, locale))}">{sign}</button>'

    return f"""<section class="board" aria-label="{e(t("web.board", locale))}">
<figure>
<div class="picture"><a id="full" href="{e(live.full)}" target="_blank" title="{
        e(t("web.full", locale))
    }"><img id="board" src="{e(live.image)}" alt="{e(live.alt)}"></a><div id="spots" class="spots"></div></div>
<div id="spot-choices" class="spot-choices" role="group" hidden></div>
<figcaption><span id="caption">{e(live.caption)}</span> <span id="earlier" hidden>{e(t("web.earlier", locale))}</span>
<span id="lines">{e(" ".join(live.lines))}</span></figcaption>
</figure>
<nav class="stepper">
{button("first", "web.first", "«")}
{button("prev", "web.previous", "‹")}
<input type="range" id="slider" min="0" max="{live.total}" value="{live.total}" aria-label="{
        e(t("web.positions", locale))
    }">
{button("next", "web.next", "›")}
{button("last", "web.last", "»")}
</nav>
</section>"""


def _facts(snapshot: Snapshot, locale: str) -> str:
    """Who must act, the players and their scores, the moves in words."""
    e = escape
    players_html = "".join(
        f'<li class="player{" acting" if p.acting else ""}"><bdi class="name">{e(p.name)}</bdi>'
        f'<span class="score">{e(p.score)}</span></li>'
        for p in snapshot.players
    )
    log_html = (
        "".join(
            f'<li{"" if line.step is None else f" data-step={line.step} tabindex=0"} class="{"undone" if line.step is None else "move"}">'
            f'<span class="n">{"" if line.step is None else line.step}</span> {e(line.text)}</li>'
            for line in snapshot.log
        )
        or f'<li class="empty">{e(t("web.no_moves", locale))}</li>'
    )
    turn_html = "".join(f"<li>{e(line)}</li>" for line in snapshot.turn)
    return f"""<section>
<h2>{e(t("web.now", locale))} · <span id="status">{e(snapshot.status)}</span></h2>
<ul id="turn">{turn_html}</ul>
</section>
<section>
<h2>{e(t("web.players", locale))}</h2>
<ul id="players">{players_html}</ul>
</section>
<section>
<h2>{e(t("web.moves", locale))}</h2>
<ol id="log">{log_html}</ol>
<p id="announce" class="visually-hidden" aria-live="polite"></p>
</section>"""


def render_page(
    snapshot: Snapshot,
    game: GameRow,
    locale: str,
    assets: str,
    account: str = "",
    play: str = "",
    head: str = "",
) -> str:
    """The page's HTML at the live position; its script keeps it live (server-sent events).

    ``account`` (who is signed in, or the link to sign in), ``play`` (the signed-in player's controls) and
    ``head`` (the page's own meta tags) are the parts a signed-in player's page adds (``bot.web.play``)."""
    e = escape
    return f"""<!doctype html>
<html lang="{e(locale)}">
{_head(snapshot, locale, assets, head)}
<body data-token="{e(game.web_token or "")}" data-lang="{e(locale)}" {_script_texts(locale, *SCRIPT_TEXTS)}>
<header>
<h1 id="title">{e(snapshot.title)}</h1>
<p id="live" class="live{" off" if snapshot.over else ""}" role="status" aria-live="polite">{
        e(t("web.over", locale)) if snapshot.over else ""
    }</p>{account}
<noscript><p class="noscript">{e(t("web.noscript", locale))}</p></noscript>
</header>
<main>
{_board(snapshot.live, locale)}
<aside>{play}
{_facts(snapshot, locale)}
</aside>
</main>
<footer>{e(t("web.footer", locale))}</footer>
</body>
</html>
"""
