"""Playing from a game's page: who is signed in, their own seat's view, and their moves.

A player signed in through the page's link (``sessions.signed_in``) and seated at the game sees their
own seat's view (its picture and question, as ``/game me`` shows them) and their legal actions as
controls, grouped as the Discord message groups them (``bot.service.choices``). Everyone else sees the
spectator's page, byte for byte. A move goes through ``GameService.act`` as a click in Discord does.
"""

from __future__ import annotations

import html

from rules.core import t

from . import texts as _texts  # noqa: F401  (registers the pages' words)
from .sessions import CSRF_FIELD, SignedIn


def escape(text: str) -> str:
    return html.escape(text, quote=True)


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
