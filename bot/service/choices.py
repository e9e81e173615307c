"""A seat's legal actions as the players are offered them, with no discord in sight: up to
``MAX_BUTTON_CHOICES`` as one row of buttons each, more as menus of 25 grouped by ``Action.group``.

The board's Discord controls (``bot.ui.presenter``) and a signed-in player's page (``bot.web.play``) both
offer a decision so, in the same groups and order.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import MAX_BUTTON_CHOICES, Action, t

MENU_SIZE = 25  # the options of one menu (Discord's select menu holds 25)


@dataclass(frozen=True)
class Choice:
    """One action as offered: its id, its label in the reader's language, its style and emoji."""

    id: str
    label: str
    style: str
    emoji: str | None


@dataclass(frozen=True)
class ChoiceGroup:
    """Buttons (``menu`` False, ``title`` None: every action of a small decision), or one menu of a larger
    one, titled by its ``Action.group``."""

    title: str | None
    menu: bool
    choices: tuple[Choice, ...]


def grouped(actions: list[Action], locale: str, names: list[str]) -> list[ChoiceGroup]:
    """``actions`` as the players are offered them: one group of buttons for up to ``MAX_BUTTON_CHOICES``,
    else menus of up to ``MENU_SIZE`` per group, in the order the groups first come (no action: none)."""

    def offered(action: Action) -> Choice:
        return Choice(action.id, t(action.label, locale, names=names), action.style, action.emoji)

    if not actions:
        return []
    if len(actions) <= MAX_BUTTON_CHOICES:
        return [ChoiceGroup(None, False, tuple(offered(a) for a in actions))]
    groups: dict[str, list[Action]] = {}
    for action in actions:
        key = t(action.group, locale) if action.group else t("board.your_choices", locale)
        groups.setdefault(key, []).append(action)
    return [
        ChoiceGroup(title, True, tuple(offered(a) for a in members[start : start + MENU_SIZE]))
        for title, members in groups.items()
        for start in range(0, len(members), MENU_SIZE)
    ]
