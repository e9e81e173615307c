"""Playing from a game's page: who is signed in, their own seat's view, and their moves.

A player signed in through the page's link (``sessions.signed_in``) and seated at the game sees their
own seat's view (its picture and question, as ``/game me`` shows them: ``Pages.snapshot`` with the seat)
and their legal actions as controls, grouped as the Discord message groups them
(``bot.service.choices``). Everyone else sees the spectator's page. A move goes through
``GameService.act``, as a click in Discord does, with the same version, turn and stale checks; its board
is posted in the channel by the bot as a click's is (``Table.moves`` in its process: the thinking line of
strong AI seats, then the board; from a process of its own, the bot hears of the move from the database, and
of a resignation from a note left there). Undo and resign go through the same service calls as
``/game undo`` and ``/game resign``.

Routes (each POST carries the session's token, ``sessions.check``): ``POST /g/<token>/act`` (``action``,
``version``), ``POST /g/<token>/undo``, ``POST /g/<token>/resign``, and ``GET /g/<token>/mine.png``, the
seat's own picture. A request from the page's script (``Accept: application/json``) is answered in JSON
(``{"ok": …, "text": …, "moved": …}``); a plain form is sent back to the page (303), where the answer
is said once (kept in the session until then).
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web
from aiohttp_session import get_session

from rules.core import RuleError, t

from ..service.games import GameService, MoveResult, Stale, Then, UserError
from ..service.spectate import seat_names
from ..service.undo import UndoOutcome, UndoService
from ..storage import ACTIVE, RESIGNED, THINKING, GameRow
from . import sessions
from . import texts as _texts  # noqa: F401  (registers the pages' words)
from .page import Mine
from .sessions import CSRF_FIELD, SignedIn

log = logging.getLogger(__name__)

MENTION = re.compile(r"<@(\d+)>")
NOTICE = "notice"  # the session's key of an answer said on the page once it is back (a form, no script)


class MovePosting(Protocol):
    """What one move posts in its channel, as for a click in Discord (``bot.ui.table_lines.MovePosts``)."""

    async def thinking(self, result: MoveResult) -> None: ...

    async def publish(self, result: MoveResult) -> bool: ...


@dataclass
class Table:
    """What the bot of this process does after a move made on a page (None: the pages run in a process of
    their own; the bot hears of the move from the database, and of a resignation from the note left there):
    post what a click in Discord posts (``moves``: a line while strong AI seats think, then the board); after
    a resignation, the board and the line ``/game resign`` gives (``resigned``); after an undo, say so there
    and post the board (``undone``, given who asked); ask the others to agree to an undo."""

    moves: Callable[[], MovePosting] | None = None
    resigned: Callable[[GameRow, int], Awaitable[object]] | None = None
    undone: Callable[[int], Then] | None = None
    ask_undo: Callable[[UndoOutcome, int], Awaitable[object]] | None = None


def escape(text: str) -> str:
    return html.escape(text, quote=True)


def seat_of(game: GameRow, user: SignedIn | None, to_act: list[int]) -> int | None:
    """The seat whose page ``user`` sees: theirs that must act, else their first (None: not seated, or not
    signed in through this page's link)."""
    if user is None or not user.through(game.web_token):
        return None
    seats = game.seats_of(user.user_id)
    return next((s for s in seats if s in to_act), seats[0] if seats else None)


def account_html(token: str, locale: str, user: SignedIn | None, csrf: str) -> str:
    """The header's sign-in link, or who is signed in with a button to sign out (a form: no script needed)."""
    e = escape
    if user is None:
        href = f"../signin?next=/g/{token}%3Flang%3D{locale}"
        return f'\n<p class="account"><a id="signin" href="{e(href)}">{e(t("web.signin", locale))}</a></p>'
    return (
        f'\n<form class="account" method="post" action="{e(token)}/signout">'
        f'<span id="who">{e(t("web.signed_in", locale, name=user.name))}</span> '
        f'<input type="hidden" name="{CSRF_FIELD}" value="{e(csrf)}">'
        f'<button type="submit">{e(t("web.signout", locale))}</button></form>'
    )


def choices_html(token: str, mine: Mine, version: int, csrf: str, locale: str) -> str:
    """The seat's legal actions as forms (they work without the script): a button per action of a small
    decision, a menu and its Play button per group of a larger one. Each control carries its action's id
    (``data-action``); the script sends it (``mesaAct``)."""
    e = escape
    hidden = (
        f'<input type="hidden" name="version" value="{version}">'
        f'<input type="hidden" name="{CSRF_FIELD}" value="{e(csrf)}">'
    )
    parts = []
    for n, group in enumerate(mine.groups):
        if not group.menu:
            buttons = "".join(
                f'<button type="submit" name="action" value="{e(c.id)}" data-action="{e(c.id)}" '
                f'class="choice {e(c.style)}">{e(f"{c.emoji} {c.label}" if c.emoji else c.label)}</button>'
                for c in group.choices
            )
            parts.append(f'<form class="choices" method="post" action="{e(token)}/act">{hidden}{buttons}</form>')
            continue
        options = "".join(
            f'<option value="{e(c.id)}" data-action="{e(c.id)}">{e(f"{c.emoji} {c.label}" if c.emoji else c.label)}</option>'
            for c in group.choices
        )
        parts.append(
            f'<form class="choices menu" method="post" action="{e(token)}/act">{hidden}'
            f'<label for="menu-{n}">{e(group.title or "")}</label><select id="menu-{n}" name="action">{options}</select>'
            f'<button type="submit" class="choice primary">{e(t("web.play", locale))}</button></form>'
        )
    return "".join(parts)


def play_html(token: str, mine: Mine | None, version: int, csrf: str, locale: str, notice: str) -> str:
    """The signed-in player's section: the answer to their last request, their choices, undo and resign."""
    if mine is None:
        return ""
    e = escape
    title = t("web.your_choices" if mine.acting else "web.your_view", locale)
    words = " ".join(  # (what the script writes: data-your-choices is its dataset.yourChoices)
        f'data-{key[4:].replace("_", "-")}="{e(t(key, locale))}"'
        for key in ("web.your_choices", "web.your_view", "web.play", "web.sending")
    )
    words = words.replace("data-play=", "data-play-label=")
    extra = ""
    if mine.running:
        token_field = f'<input type="hidden" name="{CSRF_FIELD}" value="{e(csrf)}">'
        extra = (
            f'<div class="table-actions"><form method="post" action="{e(token)}/undo">{token_field}'
            f'<button type="submit" id="undo">{e(t("web.undo", locale))}</button></form>'
            f'<details><summary>{e(t("web.resign", locale))}</summary><form method="post" action="{e(token)}/resign">'
            f'{token_field}<button type="submit" id="resign" class="danger">{e(t("web.resign_confirm", locale))}'
            "</button></form></details></div>"
        )
    return f"""
<section id="play" aria-labelledby="play-title" data-csrf="{e(csrf)}" data-version="{version}" {words}>
<h2 id="play-title">{e(title)}</h2>
<p id="notice" role="status" aria-live="assertive">{e(notice)}</p>
<div id="choices">{choices_html(token, mine, version, csrf, locale)}</div>{extra}
</section>"""


def _words(text: str, game: GameRow, locale: str) -> str:
    """A refusal's sentence on a page: a Discord mention (<@id>) becomes the seat's name."""
    names = {s.user_id: name for s, name in zip(game.seats, seat_names(game, locale), strict=True) if s.user_id}
    return MENTION.sub(lambda m: names.get(int(m.group(1)), "?"), text)


class Play:
    """The routes of a signed-in player's moves (added with the sign-in's)."""

    def __init__(
        self,
        service: Callable[[], GameService],
        game: Callable[[web.Request], Awaitable[GameRow]],
        negotiate: Callable[[web.Request], str],
        table: Table,
    ) -> None:
        self.service, self.game, self.negotiate, self.table = service, game, negotiate, table

    def add_routes(self, app: web.Application) -> None:
        app.router.add_post("/g/{token}/act", self.act)
        app.router.add_post("/g/{token}/undo", self.undo)
        app.router.add_post("/g/{token}/resign", self.resign)

    async def _checked(self, request: web.Request) -> tuple[GameRow, SignedIn, Any]:
        game = await self.game(request)
        form = await request.post()
        user = await sessions.check(request, str(form.get(CSRF_FIELD, "")))
        return game, user, form

    async def _answer(self, request: web.Request, game: GameRow, ok: bool, text: str, moved: bool = False) -> Any:
        """The answer to a request from the page: JSON to its script, else back to the page (303) with the
        sentence kept for it."""
        if "application/json" in request.headers.get("Accept", ""):
            return web.json_response({"ok": ok, "text": text, "moved": moved}, status=200 if ok else 409)
        session = await get_session(request)
        session[NOTICE] = text
        # (relative: from /g/<token>/act, also under the Activity's /activity and Discord's /.proxy)
        raise web.HTTPSeeOther(f"../{game.web_token}?lang={self.negotiate(request)}")

    async def _run(self, request: web.Request, game: GameRow, play: Callable[[], Awaitable[str]]) -> Any:
        locale = self.negotiate(request)
        try:
            done = await play()
        except Stale:
            return await self._answer(request, game, False, t("web.moved_on", locale), moved=True)
        except RuleError as error:
            return await self._answer(request, game, False, _words(t(error.message, locale), game, locale))
        return await self._answer(request, game, True, done)

    async def act(self, request: web.Request) -> Any:
        game, user, form = await self._checked(request)
        version, action = str(form.get("version", "")), str(form.get("action", ""))
        if not version.isdigit() or not action:
            locale = self.negotiate(request)
            raise web.HTTPBadRequest(text=t("error.forged", locale), headers={"Content-Language": locale})

        async def play() -> str:
            service = self.service()
            if self.table.moves is not None:
                posts = self.table.moves()
                await service.act(
                    game.id, user.user_id, int(version), action, then=posts.publish, thinking=posts.thinking
                )
            else:  # the bot hears of the move from the database, and of its strong AI seats thinking from a note

                async def thinking(result: MoveResult) -> None:
                    await service.db.leave_note(game.id, THINKING, user.user_id, result.game.version)

                await service.act(game.id, user.user_id, int(version), action, thinking=thinking)
            return t("web.played", self.negotiate(request))

        return await self._run(request, game, play)

    async def undo(self, request: web.Request) -> Any:
        game, user, _ = await self._checked(request)
        locale = self.negotiate(request)

        async def take_back() -> str:
            undo = UndoService(self.service())
            if self.table.ask_undo is None and (await undo.plan(game, user.user_id)).voters:
                raise UserError("web.undo_in_discord")  # (nobody here can post the others' buttons)
            then = self.table.undone(user.user_id) if self.table.undone is not None else None
            outcome = await undo.request(game.id, user.user_id, then=then)
            if outcome.result is not None:
                return t("undo.you_did", locale)
            assert self.table.ask_undo is not None
            await self.table.ask_undo(outcome, game.id)
            return t("web.undo_asked", locale)

        return await self._run(request, game, take_back)

    async def resign(self, request: web.Request) -> Any:
        game, user, _ = await self._checked(request)

        async def resign() -> str:
            if game.status != ACTIVE:
                raise UserError("error.not_running")
            service = self.service()
            if self.table.moves is None:  # the bot hears of it from the note left for it
                result = await service.hand_to_ai(game.id, user.user_id, user.user_id)
                await service.db.leave_note(
                    game.id, RESIGNED, user.user_id, result.game.version, moved=bool(result.moves)
                )
            else:
                result = await service.hand_to_ai(game.id, user.user_id, user.user_id, then=self.table.moves().publish)
                if self.table.resigned is not None:
                    await self.table.resigned(result.game, user.user_id)
            return t("board.resigned", self.negotiate(request), who=user.name)

        return await self._run(request, game, resign)


async def take_notice(request: web.Request) -> str:
    """The answer to the player's last form, said once (then forgotten)."""
    session = await get_session(request)
    notice = session.pop(NOTICE, "") if NOTICE in session else ""
    return str(notice)
