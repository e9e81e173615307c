"""Signing in on a game's page and playing there, over HTTP against the real server, service and database,
with the fake Discord's OAuth2 (authorize, token, users/@me): the sign-in, each seat's own view, the moves
made from the page, and every refusal a forged, stale or foreign request meets."""

from __future__ import annotations

import asyncio
import base64
import json
import random
import re
import urllib.parse
from typing import NamedTuple

import pytest
from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer, unused_port
from yarl import URL

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import Database
from bot.web import WebServer
from bot.web.sessions import BROWSER
from fakediscord.server import FakeDiscord
from rules import GAMES
from rules.core import t

ANA, BRUNO, CARLA = 1, 2, 3


def settings(fake: FakeDiscord | None, port: int, **more) -> Settings:
    signin = {}
    if fake is not None:
        signin = dict(
            client_id=fake.app_id, client_secret=fake.accounts.client_secret, discord_api=fake.base_url + "/api/v10"
        )
    given = dict(ai_processes=0, render_workers=0, web_url=f"http://127.0.0.1:{port}", **signin)
    return Settings(**{**given, **more})  # (``more`` overrides)


@pytest.fixture
async def db(tmp_path):
    db = await Database.open(tmp_path / "mesa.sqlite3")
    yield db
    await db.close()


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        for user_id, name in ((ANA, "Ana"), (BRUNO, "Bruno"), (CARLA, "Carla")):
            fake.add_user(user_id, name)
        yield fake


async def started(service: GameService, game: str = "pergamemnon", seed: int = 11) -> int:
    """A game of Ana, Bruno and an AI seat, dealt with ``seed``; its id."""
    lobby = await service.create_lobby(game, 100, 200, ANA, "Ana", "en")
    await service.join(lobby.id, BRUNO, "Bruno")
    await service.add_ai(lobby.id, ANA)
    await service.start(lobby.id, ANA, None, seed=seed)
    return lobby.id


class Site:
    """The pages' server (on a port known before it starts: Discord sends players back to its address) and
    browsers, each an aiohttp client with its own cookies that treats the loopback address as secure (as a
    browser treats localhost: the session's cookie is Secure)."""

    def __init__(self, db: Database, fake: FakeDiscord | None, **more) -> None:
        self.port = unused_port()
        self.settings = settings(fake, self.port, **more)
        self.service = GameService(db, self.settings)
        self.server = WebServer(lambda: db, self.settings, service=self.service)
        self.service.watchers.append(self.server.changes.notify)
        self.test_server = TestServer(self.server.app, port=self.port, handler_cancellation=True)
        self.browsers: list[TestClient] = []

    async def browser(self) -> TestClient:
        jar = CookieJar(unsafe=True, treat_as_secure_origin=[f"http://127.0.0.1:{self.port}"])
        client = TestClient(self.test_server, cookie_jar=jar)
        await client.start_server()
        self.browsers.append(client)
        return client

    async def __aenter__(self) -> Site:
        return self

    async def __aexit__(self, *exc) -> None:
        for client in self.browsers:
            await client.close()
        await self.server.changes.close()
        if self.server.sign_in is not None:
            await self.server.sign_in.oauth.close()
        self.service.thinker.close()


async def sign_in(fake: FakeDiscord, browser: TestClient, token: str, user_id: int) -> str:
    """Signs ``user_id`` in on the page of ``token`` through the fake Discord's authorize page; the page."""
    browser.session.cookie_jar.update_cookies({"fake_discord_user": str(user_id)}, URL(fake.base_url))
    answer = await browser.get(f"/signin?next=/g/{token}")
    assert answer.status == 200, await answer.text()
    assert answer.url.path == f"/g/{token}", answer.url  # back on the page
    return await answer.text()


async def next_event(stream) -> tuple[str, str]:
    """The next server-sent event of a stream: (its name, its data)."""
    name, data = "message", []
    while True:
        line = (await asyncio.wait_for(stream.content.readline(), 30)).decode().rstrip("\r\n")
        if not line:
            if data:
                return name, "\n".join(data)
            continue
        field, _, value = line.partition(":")
        if field == "event":
            name = value.removeprefix(" ")
        elif field == "data":
            data.append(value.removeprefix(" "))


async def token_of(db: Database, game_id: int) -> str:
    game = await db.get_game(game_id)
    assert game is not None and game.web_token is not None
    return game.web_token


class Seated(NamedTuple):
    """A game started on the site, and its player to act signed in on its page in a browser of their own."""

    game_id: int
    token: str
    seat: int
    user_id: int
    legal: list[str]  # the seat's legal actions' ids
    player: TestClient
    fields: dict[str, str]  # the page's form fields (its version and CSRF token)


async def seated(site: Site, db: Database, fake: FakeDiscord) -> Seated:
    game_id = await started(site.service)
    token = await token_of(db, game_id)
    seat, user_id, legal = await acting(site, game_id)
    player = await site.browser()
    fields = form_fields(await sign_in(fake, player, token, user_id))
    return Seated(game_id, token, seat, user_id, legal, player, fields)


# -- signing in ----------------------------------------------------------------------------------------


async def test_a_player_signs_in_with_discord_through_the_code_flow_and_out_again(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        browser = await site.browser()
        page = await (await browser.get(f"/g/{token}")).text()
        assert "Sign in with Discord" in page and "Signed in as" not in page
        first = await browser.get(f"/signin?next=/g/{token}", allow_redirects=False)
        assert first.status == 302
        authorize = urllib.parse.urlsplit(first.headers["Location"])
        query = urllib.parse.parse_qs(authorize.query)
        assert f"{authorize.scheme}://{authorize.netloc}" == fake.base_url and authorize.path == "/oauth2/authorize"
        assert query["scope"] == ["identify"] and query["response_type"] == ["code"]
        assert query["redirect_uri"] == [f"http://127.0.0.1:{site.port}/signin/callback"]
        cookie = first.headers["Set-Cookie"]
        assert BROWSER.name in cookie and "HttpOnly" in cookie and "Secure" in cookie and "SameSite=Lax" in cookie

        page = await sign_in(fake, browser, token, BRUNO)
        assert "Signed in as Bruno" in page and "Sign in with Discord" not in page
        assert len(fake.accounts.exchanges) == 1 and not fake.accounts.codes  # the code was used, once

        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf is not None
        out = await browser.post(f"/g/{token}/signout", data={"csrf": csrf.group(1)})
        assert out.status == 200 and out.url.path == f"/g/{token}"
        assert "Sign in with Discord" in await out.text()


async def test_signing_out_ends_every_copy_of_the_sign_in_s_cookie(db, fake):
    """A copy of the cookie taken before Bruno signs out (another browser, a thief's) gets the public page after
    it, a POST from it a 401 that says the sign-in ended, and its live stream the spectators' view; signing in
    again starts a new sign-in."""
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        _, user_id, legal = await acting(site, game_id)
        player, copy = await site.browser(), await site.browser()
        fields = form_fields(await sign_in(fake, player, token, user_id))
        cookie = next(c.value for c in player.session.cookie_jar if c.key == BROWSER.name)
        copy.session.cookie_jar.update_cookies({BROWSER.name: cookie}, URL(f"http://127.0.0.1:{site.port}/"))
        assert offered(await (await copy.get(f"/g/{token}")).text()) == legal  # the copy is the sign-in itself
        stream = await copy.get(f"/g/{token}/events")
        assert json.loads((await next_event(stream))[1])["mine"] is not None

        out = await player.post(f"/g/{token}/signout", data={"csrf": fields["csrf"]})
        assert out.status == 200 and "Sign in with Discord" in await out.text()

        page = await (await copy.get(f"/g/{token}")).text()
        assert "Sign in with Discord" in page and offered(page) == [] and "Signed in as" not in page
        answer = await copy.post(f"/g/{token}/act", data={**fields, "action": legal[0]})
        assert answer.status == 401 and await answer.text() == t("web.refused.ended", "en")
        assert (await site.service.load(game_id)).version == int(fields["version"])
        await site.service.act(game_id, user_id, int(fields["version"]), legal[0])  # the stream hears of a change
        assert json.loads((await next_event(stream))[1])["mine"] is None
        stream.close()
        # signing in again (a new sign-in) works, in the copy too
        assert "Signed in as" in await sign_in(fake, copy, token, user_id)


async def test_a_callback_whose_state_this_browser_did_not_start_signs_nobody_in(db, fake):
    async with Site(db, fake) as site:
        token = await token_of(db, await started(site.service))
        victim, attacker = await site.browser(), await site.browser()
        fake.authorize.approver = CARLA
        # The attacker starts a sign-in and stops at Discord's answer, then has the victim's browser open it.
        first = await attacker.get(f"/signin?next=/g/{token}", allow_redirects=False)
        back = await attacker.session.get(first.headers["Location"], allow_redirects=False)
        callback = urllib.parse.urlsplit(back.headers["Location"])
        answer = await victim.get(f"{callback.path}?{callback.query}")
        assert answer.status == 400
        page = await (await victim.get(f"/g/{token}")).text()
        assert "Signed in as" not in page
        # a callback with no state at all, or the right browser with a wrong state, signs nobody in either
        assert (await attacker.get("/signin/callback?code=x")).status == 400
        fake.authorize.approver = None


async def test_a_refusal_on_discord_s_page_leaves_the_player_signed_out(db, fake):
    async with Site(db, fake) as site:
        token = await token_of(db, await started(site.service))
        browser = await site.browser()
        answer = await browser.get(f"/signin?next=/g/{token}")  # nobody approves: access_denied
        assert answer.status == 200 and answer.url.path == f"/g/{token}"
        assert "Sign in with Discord" in await answer.text()
        assert not fake.accounts.exchanges


async def test_a_sign_in_goes_back_only_to_a_page_of_this_site(db, fake):
    async with Site(db, fake) as site:
        browser = await site.browser()
        for elsewhere in ("https://evil.example/g/x", "//evil.example", "/healthz", ""):
            answer = await browser.get("/signin", params={"next": elsewhere}, allow_redirects=False)
            assert answer.status == 400, elsewhere


async def test_without_the_application_s_settings_the_page_offers_no_sign_in(db):
    async with Site(db, None) as site:
        token = await token_of(db, await started(site.service))
        browser = await site.browser()
        page = await (await browser.get(f"/g/{token}")).text()
        assert "signin" not in page and "csrf" not in page
        assert (await browser.get(f"/signin?next=/g/{token}")).status == 404


# -- a seat's own page ---------------------------------------------------------------------------------


def form_fields(page: str) -> dict[str, str]:
    """The session's token and the version of a signed-in player's page."""
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    version = re.search(r'name="version" value="(\d+)"', page) or re.search(r'data-version="(\d+)"', page)
    assert csrf is not None and version is not None, page
    return {"csrf": csrf.group(1), "version": version.group(1)}


def offered(page: str) -> list[str]:
    return re.findall(r'data-action="([^"]+)"', page)


def without_account(page: str) -> str:
    """A page but for its header's sign-in part (the link, or who is signed in)."""
    return re.sub(r'\n(<p class="account">.*?</p>|<form class="account".*?</form>)', "", page, flags=re.S)


async def acting(site: Site, game_id: int) -> tuple[int, int, list[str]]:
    """The seat to act, its user and its legal actions' ids."""
    game = await site.service.load(game_id)
    state = site.service.state_of(game)
    engine = GAMES[game.game]
    seat = engine.to_act(state)[0]
    return seat, game.seats[seat].user_id or 0, [a.id for a in engine.legal_actions(state, seat)]


async def test_a_seated_player_sees_their_own_seat_and_choices_and_nobody_else_does(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        seat, user_id, legal = await acting(site, game_id)
        other = BRUNO if user_id == ANA else ANA
        game = await site.service.load(game_id)
        state = site.service.state_of(game)
        own = await site.server.pages.cache.get(game, state, seat, "en")
        public = await site.server.pages.cache.get(game, state, None, "en")

        player, waiting, visitor, nobody = [await site.browser() for _ in range(4)]
        mine = await sign_in(fake, player, token, user_id)
        assert offered(mine) == legal  # every legal action, in the engine's order, as the message has them
        assert base64.b64encode(own).decode() in mine and base64.b64encode(public).decode() not in mine

        theirs = await sign_in(fake, waiting, token, other)
        other_seat = game.seats_of(other)[0]
        other_own = await site.server.pages.cache.get(game, state, other_seat, "en")
        assert offered(theirs) == [] and 'id="play"' in theirs  # their view, no choice: not their turn
        assert base64.b64encode(other_own).decode() in theirs

        signed_out = await (await nobody.get(f"/g/{token}")).text()
        spectator = await sign_in(fake, visitor, token, CARLA)  # signed in, not seated
        assert offered(signed_out) == offered(spectator) == []
        assert without_account(spectator) == without_account(signed_out)
        assert base64.b64encode(public).decode() in signed_out
        # the player's own picture at full size is theirs alone
        assert (await player.get(f"/g/{token}/mine.png")).status == 200
        assert await (await player.get(f"/g/{token}/mine.png")).read() == own
        assert (await visitor.get(f"/g/{token}/mine.png")).status == 404
        assert (await nobody.get(f"/g/{token}/mine.png")).status == 404


async def test_a_player_s_stream_carries_their_own_seat_and_a_spectator_s_the_public_one(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        _, user_id, legal = await acting(site, game_id)
        player, nobody = await site.browser(), await site.browser()
        await sign_in(fake, player, token, user_id)
        mine = json.loads((await next_event(await player.get(f"/g/{token}/events")))[1])
        public = json.loads((await next_event(await nobody.get(f"/g/{token}/events")))[1])
        assert [c["id"] for g in mine["mine"]["groups"] for c in g["choices"]] == legal
        assert mine["mine"]["acting"] and public["mine"] is None
        assert mine["live"]["image"] != public["live"]["image"]
        assert {k: v for k, v in mine.items() if k not in ("live", "turn", "mine")} == {
            k: v for k, v in public.items() if k not in ("live", "turn", "mine")
        }


async def test_neanderthal_s_elder_ranks_and_daughters_are_things_to_click_on_the_seat_s_picture(db, fake):
    """When the seat to act may make an Elder or send a Suitor, its page offers each of these choices on its
    picture too (a spot the page's script puts a named button over), named as the choice is."""
    async with Site(db, fake) as site:
        game_id = await started(site.service, "neanderthal", seed=4)
        rng = random.Random(4)
        for _ in range(300):  # random moves until the seat to act may make an Elder or send a Suitor
            _, user_id, legal = await acting(site, game_id)
            wanted = [a for a in legal if a.startswith(("e-", "ea-", "s-", "sa-"))]
            if wanted:
                break
            version = (await site.service.load(game_id)).version
            await site.service.act(game_id, user_id, version, rng.choice(legal))
        assert wanted, "no Elder or Suitor to choose came"
        player = await site.browser()
        await sign_in(fake, player, await token_of(db, game_id), user_id)
        mine = json.loads((await next_event(await player.get(f"/g/{await token_of(db, game_id)}/events")))[1])["mine"]
        labels = {c["id"]: c["label"] for g in mine["groups"] for c in g["choices"]}
        spots = {spot["action"]: spot["label"] for spot in mine["spots"]}
        assert set(wanted) <= set(spots) and all(spots[a] == labels[a] for a in wanted), (wanted, spots)


# -- moves from the page --------------------------------------------------------------------------------


async def test_a_move_from_the_page_is_the_service_s_move_and_a_replay_of_it_is_stale(db, fake):
    async with Site(db, fake) as site:
        game_id, token, seat, user_id, legal, player, fields = await seated(site, db, fake)
        before = await site.service.load(game_id)
        move = {**fields, "action": legal[-1]}
        answer = await player.post(f"/g/{token}/act", data=move, allow_redirects=False)
        assert answer.status == 303 and answer.url.join(URL(answer.headers["Location"])).path == f"/g/{token}"
        after = await site.service.load(game_id)
        assert after.version > before.version
        log = await db.action_log(game_id)
        played = next(row for row in log if row["version"] == before.version + 1)
        assert (played["seat"], played["user_id"], played["action_id"]) == (seat, user_id, legal[-1])
        page = await (await player.get(f"/g/{token}")).text()
        assert "Played." in page
        assert "Played." not in await (await player.get(f"/g/{token}")).text()  # said once
        # the same request again (replayed): the board moved on; nothing more is stored
        again = await player.post(f"/g/{token}/act", data=move, headers={"Accept": "application/json"})
        assert again.status == 409
        said = await again.json()
        assert said["moved"] and "moved on" in said["text"]
        assert (await site.service.load(game_id)).version == after.version


async def test_every_forged_or_foreign_request_is_refused_and_changes_nothing(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        seat, user_id, legal = await acting(site, game_id)
        other = BRUNO if user_id == ANA else ANA
        player, waiting, nobody = await site.browser(), await site.browser(), await site.browser()
        fields = form_fields(await sign_in(fake, player, token, user_id))
        theirs = form_fields(await sign_in(fake, waiting, token, other))
        version = (await site.service.load(game_id)).version
        json_ = {"Accept": "application/json"}

        async def refused(browser, data, status, headers=None) -> None:
            answer = await browser.post(f"/g/{token}/act", data=data, headers=headers or json_)
            assert answer.status == status, (data, await answer.text())
            assert (await site.service.load(game_id)).version == version

        move = {"version": fields["version"], "action": legal[0]}
        await refused(player, move, 403)  # no token
        await refused(player, {**move, "csrf": "forged" + fields["csrf"][6:]}, 403)  # a forged one
        await refused(player, {**move, "csrf": theirs["csrf"]}, 403)  # another session's
        await refused(nobody, {**move, "csrf": fields["csrf"]}, 401)  # signed out
        await refused(player, {**move, "csrf": fields["csrf"]}, 403, {"Sec-Fetch-Site": "cross-site", **json_})
        # the other player, with their own session and token: not their turn
        await refused(waiting, {**move, "csrf": theirs["csrf"]}, 409)
        # an action of another seat (what the next seat may choose once this one has played)
        engine = GAMES[(await site.service.load(game_id)).game]
        state = site.service.state_of(await site.service.load(game_id))
        later = engine.apply(state, seat, legal[0])
        foreign = [a.id for s in engine.to_act(later) for a in engine.legal_actions(later, s) if a.id not in legal]
        assert foreign, "the next decision offers nothing this seat does not have"
        await refused(player, {**move, "action": foreign[0], "csrf": fields["csrf"]}, 409)
        # a cookie changed by a byte is no session at all
        cookie = player.session.cookie_jar.filter_cookies(URL(f"http://127.0.0.1:{site.port}/"))[BROWSER.name]
        tampered = cookie.value[:-3] + ("A" if cookie.value[-3] != "A" else "B") + cookie.value[-2:]
        player.session.cookie_jar.update_cookies({BROWSER.name: tampered}, URL(f"http://127.0.0.1:{site.port}/"))
        await refused(player, {**move, "csrf": fields["csrf"]}, 401)


async def test_a_replaced_link_ends_the_sign_ins_made_through_it(db, fake):
    async with Site(db, fake) as site:
        game_id, token, _, user_id, legal, player, fields = await seated(site, db, fake)
        new = await site.service.reset_web_token(game_id, ANA)
        assert (await player.get(f"/g/{token}")).status == 404
        answer = await player.post(f"/g/{token}/act", data={**fields, "action": legal[0]})
        assert answer.status == 404
        page = await (await player.get(f"/g/{new}")).text()
        assert "Sign in with Discord" in page and offered(page) == []
        answer = await player.post(f"/g/{new}/act", data={**fields, "action": legal[0]})
        assert answer.status == 401
        assert (await site.service.load(game_id)).version == int(fields["version"])
        # signing in again through the new link works
        assert offered(await sign_in(fake, player, new, user_id)) == legal


async def test_resigning_from_the_page_hands_the_seat_to_the_ai(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service)
        token = await token_of(db, game_id)
        player = await site.browser()
        fields = form_fields(await sign_in(fake, player, token, BRUNO))
        answer = await player.post(f"/g/{token}/resign", data={"csrf": fields["csrf"]})
        assert answer.status == 200
        game = await site.service.load(game_id)
        assert not game.seats_of(BRUNO) and all(s.is_ai for s in game.seats if s.user_id == BRUNO)
        page = await answer.text()
        assert 'id="play"' not in page  # no seat of theirs any more: the spectator's page


async def test_a_player_takes_back_their_own_last_move_from_the_page(db, fake):
    async with Site(db, fake) as site:
        game_id = await started(site.service, "atlandice", seed=5)
        token = await token_of(db, game_id)
        _, user_id, legal = await acting(site, game_id)
        player = await site.browser()
        await sign_in(fake, player, token, user_id)
        # a move that shows nothing new (no roll, no card) may be taken back: the first legal move of seed 5's
        page = await (await player.get(f"/g/{token}")).text()
        before = await site.service.load(game_id)
        await player.post(f"/g/{token}/act", data={**form_fields(page), "action": legal[0]})
        rows = [r for r in await db.moves_that_count(game_id) if r["version"] > before.version]
        assert rows and all(r["revealed"] is False and r["user_id"] in (user_id, None) for r in rows), rows
        played = before
        assert played is not None
        page = await (await player.get(f"/g/{token}")).text()
        answer = await player.post(f"/g/{token}/undo", data={"csrf": form_fields(page)["csrf"]})
        assert answer.status == 200 and "Taken back." in await answer.text()
        counted = await db.moves_that_count(game_id)
        assert all(r["version"] <= played.version for r in counted)


def test_a_large_decision_is_offered_as_the_board_s_menus_each_option_with_its_action_id():
    """More choices than a message's buttons hold: menus of 25 per group, as the board's (the same
    grouping), each a labelled select with a Play button; each option carries its action's id."""
    from bot.service.choices import grouped
    from bot.web.page import Mine
    from bot.web.play import play_html
    from rules.core import MAX_BUTTON_CHOICES, Action, Msg

    actions = [
        Action(id=f"a{n}", label=Msg(key="web.play"), group=Msg(key="web.your_view" if n % 3 else "web.your_choices"))
        for n in range(MAX_BUTTON_CHOICES + 40)
    ]
    groups = grouped(actions, "en", ["Ana", "Bruno"])
    assert [g.menu for g in groups] == [True] * len(groups) and max(len(g.choices) for g in groups) <= 25
    page = play_html("t" * 32, Mine(0, True, groups, True), 9, "token", "en", "")
    assert offered(page) == [c.id for g in groups for c in g.choices] and len(offered(page)) == len(actions)
    assert page.count("<select") == len(groups) == page.count('<button type="submit" class="choice primary">')
    for n, group in enumerate(groups):
        assert f'<label for="menu-{n}">{group.title}</label><select id="menu-{n}" name="action">' in page
    assert page.count('name="version" value="9"') == len(groups)


async def test_signing_in_on_a_second_game_s_page_keeps_the_first_page_working(db, fake):
    """A player with two games' pages open signs in on the second: the first still plays (the same session's
    token), and a sign-in as somebody else on that browser starts afresh (a new token, no page of the first)."""
    async with Site(db, fake) as site:
        first_id = await started(site.service, "atlandice", seed=5)
        second_id = await started(site.service, "atlandice", seed=6)
        first, second = await token_of(db, first_id), await token_of(db, second_id)
        _, user_id, legal = await acting(site, first_id)
        browser = await site.browser()
        fields = form_fields(await sign_in(fake, browser, first, user_id))
        await sign_in(fake, browser, second, user_id)
        answer = await browser.post(f"/g/{first}/act", data={**fields, "action": legal[0]})
        assert answer.status == 200 and "Played." in await answer.text()
        other = BRUNO if user_id == ANA else ANA
        page = await sign_in(fake, browser, second, other)
        assert form_fields(page)["csrf"] != fields["csrf"]
        assert "Sign in with Discord" in await (await browser.get(f"/g/{first}")).text()
