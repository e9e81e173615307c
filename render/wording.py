"""What the pictures say in words: the catalogue's texts kept for the next boards, names joined, who won,
the scores line and the alt text."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Msg, t


def translate(key: str, locale: str, **params: object) -> str:
    """The catalogue's text for ``key`` with ``params``, kept for the next boards (a board translates
    dozens of labels, the same from one board to the next)."""
    try:
        return _translate(key, locale, tuple(params.items()))
    except TypeError:  # a parameter that cannot be a key
        return t(Msg(key=key, params=params), locale)


@lru_cache(maxsize=4096)
def _translate(key: str, locale: str, params: tuple[tuple[str, object], ...]) -> str:
    return t(Msg(key=key, params=dict(params)), locale)


def joined(names: list[str], locale: str) -> str:
    """ "A", "A and B", "A, B and C" in ``locale``."""
    if len(names) < 2:
        return "".join(names)
    return translate("core.and", locale, a=", ".join(names[:-1]), b=names[-1])


def winners_headline(winners: list[str], score: str, locale: str) -> str:
    """Who won, in words: "Ana wins with 26 VP", or "Ana and Bia win, tied with 12 VP"."""
    key = "core.result.wins" if len(winners) == 1 else "core.result.tied"
    return translate(key, locale, who=joined(winners, locale), score=score)


def goal_headline(won: bool, goal: str, locale: str) -> str:
    """A solo or co-op game, won or lost against its goal, in words."""
    return translate("core.result.won" if won else "core.result.lost", locale, goal=goal)


# Discord's limit for a file's description (the picture's alt text)
ALT_TEXT_MAX = 1024


def alt_text(*parts: str) -> str:
    """A picture's description from its parts (the game, who must act or who won, the scores, the key
    position), sentence by sentence, within ``ALT_TEXT_MAX`` characters (cut at a word, with "…")."""
    value = " ".join(p.strip() + ("" if p.strip().endswith((".", "?", "!", "…")) else ".") for p in parts if p.strip())
    if len(value) <= ALT_TEXT_MAX:
        return value
    return value[: ALT_TEXT_MAX - 1].rsplit(" ", 1)[0] + "…"


def scores_line(scores: list[tuple[str, str]], locale: str) -> str:
    """ "Scores: Ana 26 VP, Bia 20 VP" from (name, score) pairs."""
    return translate("core.alt.scores", locale, list=", ".join(f"{name} {score}" for name, score in scores))
