"""The language a page answers in, from the request."""

from __future__ import annotations

import contextlib

from aiohttp import web

from .page import LOCALES


def negotiate(request: web.Request) -> str:
    """The page's language: ``?lang=`` if given, else the browser's first of pt-BR and en (en by default)."""
    asked = request.query.get("lang", "")
    if asked:
        return "pt-BR" if asked.lower().startswith("pt") else "en"
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            with contextlib.suppress(ValueError):
                q = float(params.strip()[2:])
        ranked.append((-q, i, tag.strip().lower()))
    for _, _, tag in sorted(ranked):
        if tag.startswith("pt"):
            return "pt-BR"
        if tag.startswith("en"):
            return "en"
    return LOCALES[0]


__all__ = ["negotiate"]
