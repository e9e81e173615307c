"""Who is signed in on the pages: a session per browser, in a cookie only the server can read.

The session is aiohttp-session's, kept in the cookie itself, encrypted and authenticated (Fernet) under a
key derived from the deployment's secret (``GameService.secret``: ``MESA_SECRET_KEY``, or the one kept in
the database), so that every process on the database reads what the others wrote. It holds the Discord
user's id and name, the page links they signed in through (each by its ``generation``: a link replaced
with ``/game link reset:True`` ends what was signed in through it, the new link being another one), and
the token that every request changing something must carry (``csrf_token``, ``check``), and the id of its
sign-in: a cookie keeps no record on the server, so a copy of it taken before signing out would go on until
its 30 days are over; each sign-in is therefore noted in the database (``Database.start_sign_in``), a request
counts as signed in only while its sign-in is there (one read by its key, for a request that carries a
signed-in session; a spectator's costs nothing), and signing out deletes it, ending every copy at once.

The cookie is HttpOnly and Secure; in a browser SameSite=Lax (``BROWSER``: it comes back from Discord's
sign-in, never with another site's request that changes something); inside Discord's frame (an
Activity) SameSite=None and Partitioned (``FRAME``), which a route chooses with ``use_cookie`` before it
reads the session.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http.cookies import Morsel
from typing import Any

from aiohttp import web
from aiohttp_session import STORAGE_KEY, AbstractStorage, Session, get_session, new_session, session_middleware
from aiohttp_session.cookie_storage import EncryptedCookieStorage
from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from rules.core import t

from ..storage import Database
from . import texts as _texts  # noqa: F401  (registers the pages' words)
from .language import negotiate

LIFETIME = 30 * 24 * 3600  # a sign-in lasts this long (seconds), then the player signs in again
MOST_LINKS = 32  # the page links a session remembers (the most recent)
CSRF_FIELD = "csrf"  # the form field (or the X-CSRF-Token header) that carries the token


@dataclass(frozen=True)
class CookieKind:
    """The cookie a session is kept in: its name, its SameSite and whether it is Partitioned (CHIPS)."""

    name: str
    same_site: str
    partitioned: bool


BROWSER = CookieKind("mesa_session", "Lax", False)
FRAME = CookieKind("mesa_frame_session", "None", True)


class SignInBook:
    """Where the sign-ins are noted: the pages' database (opened after the server, in the bot's process)."""

    def __init__(self, db: Callable[[], Database]) -> None:
        self.db = db

    async def start(self, user_id: int) -> str:
        sign_in = secrets.token_urlsafe(32)
        await self.db().start_sign_in(sign_in, user_id, LIFETIME)
        return sign_in

    async def still(self, sign_in: str, user_id: int) -> bool:
        return await self.db().signed_in_still(sign_in, user_id, LIFETIME)

    async def end(self, sign_in: str) -> None:
        await self.db().end_sign_in(sign_in)


BOOK = web.AppKey("mesa_sign_ins", SignInBook)
LIVE = web.RequestKey("mesa_sign_in_live", bool)  # whether the request's sign-in goes on (read once a request)
KIND = web.RequestKey("mesa_cookie", CookieKind)  # the cookie a request's session is kept in (``use_cookie``)
# The origins the pages are served at (the site's, the Activity's behind Discord's proxy): a browser that sends
# no Sec-Fetch-Site still names the origin of a form it posts (``check``).
ORIGINS = web.AppKey("mesa_origins", frozenset)


@dataclass(frozen=True)
class SignedIn:
    """A player signed in: their Discord user id and name, and the page link they signed in through (its
    ``generation``: "" for a session that came through no page link)."""

    user_id: int
    name: str
    link: str

    def through(self, token: str | None) -> bool:
        """Whether this sign-in came through the page link ``token`` (a replaced link's sign-ins do not)."""
        return token is not None and hmac.compare_digest(self.link, generation(token))


def generation(token: str) -> str:
    """What a session keeps of a page link: a digest of its token (a new link is a new generation)."""
    return hashlib.sha256(b"mesa page link\x00" + token.encode()).hexdigest()[:24]


def session_key(secret: str) -> bytes:
    """The Fernet key of the sessions, derived from the deployment's secret (never the secret itself)."""
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"mesa page sessions").derive(secret.encode())
    return base64.urlsafe_b64encode(key)


class _PartitionedMorsel(Morsel[str]):
    """A cookie written with the Partitioned attribute (Python's cookies know it from 3.14 only)."""

    def OutputString(self, attrs: Any = None) -> str:  # (Morsel's own name)
        return super().OutputString(attrs) + "; Partitioned"


class _Cookie(EncryptedCookieStorage):
    """aiohttp-session's encrypted cookie, of one ``CookieKind``."""

    def __init__(self, fernet: Fernet, kind: CookieKind) -> None:
        super().__init__(
            fernet, cookie_name=kind.name, max_age=LIFETIME, secure=True, httponly=True, samesite=kind.same_site
        )
        self.kind = kind

    def save_cookie(self, response: web.StreamResponse, cookie_data: str, *, max_age: int | None = None) -> None:
        super().save_cookie(response, cookie_data, max_age=max_age)
        morsel = response.cookies.get(self.kind.name)
        if self.kind.partitioned and morsel is not None:
            partitioned = _PartitionedMorsel()
            partitioned.update(morsel)
            partitioned.set(morsel.key, morsel.value, morsel.coded_value)
            dict.__setitem__(response.cookies, self.kind.name, partitioned)


class Sessions(AbstractStorage):
    """The pages' sessions: aiohttp-session's storage, whose key is derived from the deployment's secret
    once it is first needed (the database may open after the server), and whose cookie each request
    chooses (``use_cookie``; ``BROWSER`` by default)."""

    def __init__(self, secret: Callable[[], Awaitable[str]]) -> None:
        super().__init__(cookie_name=BROWSER.name, max_age=LIFETIME)
        self._secret = secret
        self._cookies: dict[CookieKind, _Cookie] | None = None

    async def cookie(self, request: web.Request) -> _Cookie:
        if self._cookies is None:
            fernet = Fernet(session_key(await self._secret()))
            self._cookies = {kind: _Cookie(fernet, kind) for kind in (BROWSER, FRAME)}
        return self._cookies[request.get(KIND, BROWSER)]

    async def new_session(self) -> Session:
        return Session(None, data=None, new=True, max_age=LIFETIME)

    async def load_session(self, request: web.Request) -> Session:
        return await (await self.cookie(request)).load_session(request)

    async def save_session(self, request: web.Request, response: web.StreamResponse, session: Session) -> None:
        await (await self.cookie(request)).save_session(request, response, session)


def middleware(secret: Callable[[], Awaitable[str]]) -> Any:
    """The pages' session middleware (aiohttp-session's): a session changed by a handler is written on its answer."""
    return session_middleware(Sessions(secret))


def use_cookie(request: web.Request, kind: CookieKind) -> None:
    """The request's session is kept in ``kind``'s cookie (``FRAME`` inside Discord's frame); before it is read."""
    request[KIND] = kind


async def signed_in(request: web.Request) -> SignedIn | None:
    """Who is signed in, or None. On a game's page (a route with ``{token}``), only a sign-in through that
    page's link counts: its ``link`` is that link's generation. A sign-in ended (its player signed out, in this
    cookie or in another copy of it) counts no more."""
    session = await get_session(request)
    user, links = session.get("user"), session.get("links") or []
    if not isinstance(user, str) or not user.isdigit() or not isinstance(links, list):
        return None
    token = request.match_info.get("token")
    if token is None:
        link = str(links[-1]) if links else ""
    elif (link := generation(token)) not in links:
        return None
    if not await _goes_on(request, session, int(user)):
        return None
    return SignedIn(int(user), str(session.get("name") or ""), link)


async def still_signed_in(request: web.Request, user: SignedIn) -> bool:
    """Whether ``user``'s sign-in (read from the request's session before) goes on now (a live stream asks
    again at each change: a sign-out elsewhere ends what it shows)."""
    request.pop(LIVE, None)
    return await _goes_on(request, await get_session(request), user.user_id)


async def _goes_on(request: web.Request, session: Session, user_id: int) -> bool:
    """Whether the session's sign-in is still noted (a session of an older Mesa, which names none, is not)."""
    if LIVE not in request:
        sign_in = session.get("sign_in")
        book = request.config_dict.get(BOOK)
        request[LIVE] = isinstance(sign_in, str) and book is not None and await book.still(sign_in, user_id)
    return request[LIVE]


async def remember(request: web.Request, response: web.StreamResponse | None, user: SignedIn) -> None:
    """Starts ``user``'s session (a new one: its cookie is new, and its token unless it is the same user
    signing in again), remembering the page links they signed in through before if it is the same user.
    It is written on ``response`` if given, else on the handler's answer."""
    before = await get_session(request)
    same = before.get("user") == str(user.user_id)
    links = [str(link) for link in before.get("links") or []] if same else []
    if user.link:
        links = [link for link in links if link != user.link] + [user.link]
    # The same player signing in on another game's page keeps their token: the pages they have open still work.
    kept = before.get(CSRF_FIELD) if same else None
    csrf = kept if isinstance(kept, str) and kept else secrets.token_urlsafe(32)
    # (and their sign-in, if it goes on: signing out ends it on every page it came through)
    sign_in = before.get("sign_in") if same and await _goes_on(request, before, user.user_id) else None
    if not isinstance(sign_in, str):
        sign_in = await request.config_dict[BOOK].start(user.user_id)
    session = await new_session(request)
    session.update(user=str(user.user_id), name=user.name, links=links[-MOST_LINKS:], csrf=csrf, sign_in=sign_in)
    if response is not None:
        storage: Sessions = request[STORAGE_KEY]
        await storage.save_session(request, response, session)


async def forget(request: web.Request) -> None:
    """Signs out: the sign-in ends, in this cookie (deleted with the handler's answer) and in every copy of it."""
    session = await get_session(request)
    sign_in = session.get("sign_in")
    if isinstance(sign_in, str):
        await request.config_dict[BOOK].end(sign_in)
    session.invalidate()


def csrf_token(session: Session) -> str:
    """The session's token against cross-site requests, made now if it has none: every form and script
    request that changes something sends it back (``check``)."""
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str) or not token:
        token = session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return token


async def check(request: web.Request, given: str | None) -> SignedIn:
    """A request that changes something: it must come from the pages' own site (a browser says so), carry
    its session's token (``given``, else the X-CSRF-Token header) and be signed in on this page; else
    403 (401 when nobody is signed in). Returns who is signed in."""
    site, origin = request.headers.get("Sec-Fetch-Site"), request.headers.get("Origin")
    if site is not None and site not in ("same-origin", "none"):
        raise _refused(request, web.HTTPForbidden, "web.refused.cross_site")
    if site is None and origin is not None and origin not in request.config_dict.get(ORIGINS, frozenset()):
        raise _refused(request, web.HTTPForbidden, "web.refused.cross_site")
    session = await get_session(request)
    expected = session.get(CSRF_FIELD)
    given = given or request.headers.get("X-CSRF-Token") or ""
    user = await signed_in(request)
    if user is None:
        ended = LIVE in request and not request[LIVE]  # a session whose sign-in ended (signed out, maybe elsewhere)
        raise _refused(request, web.HTTPUnauthorized, "web.refused.ended" if ended else "web.refused.signed_out")
    if not isinstance(expected, str) or not expected or not hmac.compare_digest(expected.encode(), given.encode()):
        raise _refused(request, web.HTTPForbidden, "web.refused.token")
    return user


def _refused(request: web.Request, answer: type[web.HTTPException], key: str) -> web.HTTPException:
    locale = negotiate(request)
    return answer(text=t(key, locale), headers={"Content-Language": locale})


__all__ = [
    "BOOK",
    "BROWSER",
    "FRAME",
    "ORIGINS",
    "SignInBook",
    "SignedIn",
    "check",
    "csrf_token",
    "forget",
    "generation",
    "middleware",
    "remember",
    "signed_in",
    "still_signed_in",
    "use_cookie",
]
