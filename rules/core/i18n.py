"""The pt-BR / en catalogue every player-facing text goes through.

Each game (and the bot) registers ``{key: (english, portuguese)}``; a :class:`Msg` is translated
with its parameters, which may themselves be messages.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

from .model import Msg

LOCALES = ("en", "pt-BR")
DEFAULT_LOCALE = "en"

CATALOGUE: dict[str, dict[str, str]] = {}


def register(texts: Mapping[str, tuple[str, str]]) -> None:
    for key, (en, pt) in texts.items():
        CATALOGUE[key] = {"en": en, "pt-BR": pt}


def normalize_locale(locale: object) -> str:
    """Maps a Discord locale (``pt-BR``, ``en-US``, ``Locale.brazil_portuguese``...) to ours."""
    value = str(getattr(locale, "value", locale) or "")
    return "pt-BR" if value.lower().startswith("pt") else "en"


SEAT_KEY = "core.seat"


@functools.lru_cache(maxsize=64)
def seat_msg(seat: int) -> Msg:
    """A reference to a player in a sentence: "Player 2", or the player's name where names are known.

    Messages are frozen, so one per seat serves every sentence."""
    return Msg(key=SEAT_KEY, params={"n": seat + 1})


def t(
    message: Msg | str, locale: str = DEFAULT_LOCALE, /, *, names: Sequence[str] | None = None, **params: object
) -> str:
    """The sentence in ``locale``; with ``names``, seat references read as the players' names."""
    if isinstance(message, str):
        message = Msg(key=message, params=params)
    if names is not None and message.key == SEAT_KEY:
        n = message.params.get("n")
        if isinstance(n, int) and 1 <= n <= len(names) and names[n - 1]:
            return names[n - 1]
    entry = CATALOGUE.get(message.key)
    if entry is None:
        return message.key
    template = entry.get(locale) or entry["en"]
    values = {k: t(v, locale, names=names) if isinstance(v, Msg) else v for k, v in message.params.items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        return template


def missing_keys(messages: Iterable[Msg]) -> set[str]:
    """Keys (also nested in parameters) that the catalogue lacks or whose parameters do not fit."""
    missing: set[str] = set()
    stack = list(messages)
    while stack:
        m = stack.pop()
        entry = CATALOGUE.get(m.key)
        if entry is None:
            missing.add(m.key)
        else:
            for loc in LOCALES:
                try:
                    entry[loc].format_map({k: "" for k in m.params})
                except (KeyError, IndexError, ValueError):
                    missing.add(f"{m.key} [{loc}: parameters]")
        stack.extend(v for v in m.params.values() if isinstance(v, Msg))
    return missing
