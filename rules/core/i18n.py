"""The pt-BR / en catalogue every player-facing text goes through.

Each game (and the bot) registers ``{key: (english, portuguese)}``; a :class:`Msg` is translated
with its parameters, which may themselves be messages.

A text that counts something has plural forms: each language gives ``{"one": ..., "other": ...}``
(and optionally ``"=0"``, said for exactly zero, as ICU's ``=0``), and the message's ``n``
parameter picks the form by the language's CLDR plural rule. A sentence with several counts takes
each as a message of its own (``msg("count.games", n=3)``). The forms are stored as keys of their
own, ``key[one]``, ``key[other]``, ``key[=0]``, so every entry of the catalogue is a plain text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence

from .model import Msg

LOCALES = ("en", "pt-BR")
DEFAULT_LOCALE = "en"

CATALOGUE: dict[str, dict[str, str]] = {}
PLURALS: set[str] = set()  # the keys whose texts have plural forms (stored as ``key[form]``)

Text = str | Mapping[str, str]

# CLDR's plural rules for whole numbers (counts are ints): English says "one" for 1 alone
# ("i = 1 and v = 0"); Portuguese for 0 and 1 ("i = 0..1": "0 partida", "1 partida", "2 partidas",
# as gettext's pt_BR "n > 1" too). Portuguese's "many" (exact millions, "1 milhão de partidas")
# reads as "other" here. tests/test_texts.py checks these against CLDR's data.
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "pt-BR": lambda n: "one" if n in (0, 1) else "other",
}
FORMS = ("=0", "one", "other")
DECIMAL_MARKS = {"en": ".", "pt-BR": ","}


def form_key(key: str, form: str) -> str:
    return f"{key}[{form}]"


def register(texts: Mapping[str, tuple[Text, Text]]) -> None:
    """Adds ``texts`` to the catalogue. A key another catalogue gave other words is refused: the one
    registered last would otherwise speak for both."""
    for key, (en, pt) in texts.items():
        if isinstance(en, str) and isinstance(pt, str):
            _add(key, {"en": en, "pt-BR": pt})
            continue
        if isinstance(en, str) or isinstance(pt, str) or set(en) != set(pt) or not {"one", "other"} <= set(en):
            raise ValueError(f"{key}: both languages give the same plural forms, one and other at least")
        if not set(en) <= set(FORMS):
            raise ValueError(f"{key}: plural forms are {', '.join(FORMS)}")
        PLURALS.add(key)
        for form in en:
            _add(form_key(key, form), {"en": en[form], "pt-BR": pt[form]})


def _add(key: str, words: dict[str, str]) -> None:
    if CATALOGUE.get(key, words) != words:
        raise ValueError(f"{key}: registered twice, with other words")
    CATALOGUE[key] = words


def plural_form(key: str, n: object, locale: str) -> str:
    """The catalogue key of the form of plural text ``key`` for the count ``n`` in ``locale``."""
    if not isinstance(n, int):
        return form_key(key, "other")
    if n == 0 and form_key(key, "=0") in CATALOGUE:
        return form_key(key, "=0")
    form = form_key(key, PLURAL_RULES.get(locale, PLURAL_RULES[DEFAULT_LOCALE])(n))
    return form if form in CATALOGUE else form_key(key, "other")


def number(value: float, locale: str, digits: int = 1) -> str:
    """A decimal number as ``locale`` writes it: 1,234.5 in English, 1.234,5 in Portuguese."""
    text = f"{value:,.{digits}f}"
    if DECIMAL_MARKS.get(locale, ".") == ",":
        text = text.translate(str.maketrans(",.", ".,"))
    return text


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
    key = message.key
    if key in PLURALS:
        key = plural_form(key, message.params.get("n"), locale)
    entry = CATALOGUE.get(key)
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
        keys = [k for k in map(functools.partial(form_key, m.key), FORMS) if k in CATALOGUE]
        if m.key in PLURALS and not isinstance(m.params.get("n"), int):
            missing.add(f"{m.key} [n: a count]")
        for key in keys if m.key in PLURALS else [m.key]:
            entry = CATALOGUE.get(key)
            if entry is None:
                missing.add(m.key)
                continue
            for loc in LOCALES:
                try:
                    entry[loc].format_map({k: "" for k in m.params})
                except (KeyError, IndexError, ValueError):
                    missing.add(f"{key} [{loc}: parameters]")
        stack.extend(v for v in m.params.values() if isinstance(v, Msg))
    return missing
