"""How decisions become Discord components: buttons up to 20 choices, menus beyond."""

import dataclasses
import re

import discord
import pytest

import bot.texts  # noqa: F401
from bot.storage import GameRow, Seat
from bot.ui.components import DYNAMIC_ITEMS, ActionButton, ActionSelect, SpecialButton
from bot.ui.presenter import _choices
from rules.core import Action, msg, register, t

register({"test.choice": ("Choice {n}", "Opção {n}"), "test.group": ("Group {g}", "Grupo {g}")})


def _game() -> GameRow:
    return GameRow(
        id=42,
        game="atlandice",
        guild_id=1,
        channel_id=2,
        thread_id=3,
        lobby_message_id=None,
        board_message_id=None,
        status="active",
        host_id=7,
        locale="en",
        options={},
        seed=1,
        state=None,
        version=9,
        seats=[Seat(0, 7, "Ana", False), Seat(1, None, "", True)],
    )


def _actions(n: int, groups: int = 1) -> list[Action]:
    return [Action(id=f"c.{i}", label=msg("test.choice", n=i), group=msg("test.group", g=i % groups)) for i in range(n)]


def _rows(items) -> list[int]:
    return [item.item.row for item in items]


@pytest.mark.parametrize("n", [1, 5, 6, 20])
def test_up_to_twenty_choices_are_buttons_five_a_row(n):
    items = _choices(_game(), 9, _actions(n), "pt-BR")
    assert all(isinstance(i, ActionButton) for i in items) and len(items) == n
    assert max(_rows(items)) == (n - 1) // 5 <= 3
    assert items[0].item.label == "Opção 0"
    assert items[-1].item.custom_id == f"m1:42:9:c.{n - 1}"


@pytest.mark.parametrize(("n", "groups"), [(21, 1), (60, 3), (100, 4), (100, 1)])
def test_more_choices_become_at_most_four_menus_of_25(n, groups):
    items = _choices(_game(), 9, _actions(n, groups), "en")
    assert all(isinstance(i, ActionSelect) for i in items) and 1 <= len(items) <= 4
    values = [o.value for i in items for o in i.item.options]
    assert sorted(values) == sorted(a.id for a in _actions(n)) and all(len(i.item.options) <= 25 for i in items)
    assert len({i.item.custom_id for i in items}) == len(items)
    assert all(i.item.placeholder.startswith("Group") for i in items)


@pytest.mark.parametrize("n", [20, 100])
def test_the_largest_decisions_fit_one_message_with_the_private_view_button(n):
    view = discord.ui.View(timeout=None)
    for item in _choices(_game(), 9, _actions(n, 4), "en"):
        view.add_item(item)
    view.add_item(SpecialButton(42, 9, "me", label="My view", row=4))  # discord.py refuses what does not fit
    assert len(view.to_components()) == 5


def test_custom_ids_fit_discord_and_match_exactly_one_template():
    for item in _choices(_game(), 123456789, _actions(20), "en") + _choices(_game(), 5, _actions(30), "en"):
        custom_id = item.item.custom_id
        assert len(custom_id) <= 100
        matching = [cls for cls in DYNAMIC_ITEMS if cls.pattern.fullmatch(custom_id)]
        assert matching == [type(item)]
    longest = "x" * 64
    assert re.fullmatch(ActionButton.pattern, f"m1:{10**17}:{10**8}:{longest}")
    assert len(f"m1:{10**17}:{10**8}:{longest}") <= 100


@pytest.mark.parametrize("game, seed", [("engis", 3), ("neanderthal", 3)])
def test_a_solo_game_reads_as_won_or_lost_against_its_goal(game, seed):
    from bot.ui.presenter import outcome_lines
    from rules import GAMES
    from rules.core import t

    engine = GAMES[game]
    state = engine.new_game(1, seed)
    while engine.to_act(state):
        state = engine.apply(state, 0, engine.ai_action(state, 0))
    outcome = engine.outcome(state)
    row = GameRow(
        id=5,
        game=game,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        lobby_message_id=None,
        board_message_id=None,
        status="finished",
        host_id=7,
        locale="en",
        options={},
        seed=seed,
        state=None,
        version=1,
        seats=[Seat(0, 7, "Ana", False)],
    )
    lines = outcome_lines(row, outcome, "en")
    won = outcome.winners == [0]
    assert lines[0].startswith("🏆 Won" if won else "Lost") and t(outcome.goal, "en") in lines[0]
    assert lines[1].startswith(f"Ana — {outcome.for_seat(0).score} (") and len(lines) == 2
    assert not any("Ties" in line or line.startswith("1.") for line in lines)
    if game == "engis":
        assert "95 points" in lines[0]


def test_only_board_controls_count_as_a_board_after_a_crash():
    """The start-up's search for stray boards leaves lobby, reminder and undo buttons alone."""
    from types import SimpleNamespace

    from bot.ui.boards import board_ids
    from bot.ui.components import LobbyButton, UndoButton

    view = discord.ui.View(timeout=None)
    for item in [
        *_choices(_game(), 9, _actions(3), "en"),
        SpecialButton(42, 9, "me", label="me"),
        SpecialButton(42, 9, "mute", label="mute"),
        UndoButton(42, 9, "y", label="yes"),
        UndoButton(42, 9, "a", label="undo"),
        LobbyButton(42, "join", label="join"),
        ActionButton(421, 9, "c.0", label="another game"),
    ]:
        view.add_item(item)
    rows = [SimpleNamespace(children=[SimpleNamespace(custom_id=c.custom_id) for c in view.children])]
    assert board_ids(SimpleNamespace(components=rows), 42) == [
        "m1:42:9:c.0",
        "m1:42:9:c.1",
        "m1:42:9:c.2",
        "m1:42:9:~me",
    ]


def test_the_neutral_player_is_listed_after_the_players_without_a_rank():
    """Two-player ATLANDICE: the Neutral player scores, but is not ranked beside the winner as a player."""
    from bot.ui.presenter import outcome_lines
    from rules import GAMES
    from rules.core import play, t

    engine = GAMES["atlandice"]
    state, _ = play(engine, 2, seed=4)
    outcome = engine.outcome(state)
    row = dataclasses.replace(_game(), seats=[Seat(0, 7, "Ana", False), Seat(1, 8, "Bia", False)])
    lines = outcome_lines(row, outcome, "en")
    neutral = t("atlandice.neutral", "en")
    assert [i for i, line in enumerate(lines) if neutral in line] == [2]
    assert not lines[2].lstrip("🏆 ").split(" ")[0].rstrip(".").isdigit()
    assert all(line.lstrip("🏆 ").startswith(("1. ", "2. ")) for line in lines[:2])


def _atlandice_asking_to_take(players: int) -> tuple[GameRow, object]:
    """An ATLANDICE game of Ana, Bia (and Caio) whose first seat to act is asked which resource to take."""
    from rules import GAMES

    engine = GAMES["atlandice"]
    for seed in range(50):
        state = engine.new_game(players, seed)
        for _ in range(60):
            if state.tasks and state.tasks[0].kind == "take":
                seats = [Seat(i, 7 + i, name, False) for i, name in enumerate(["Ana", "Bia", "Caio"][:players])]
                return dataclasses.replace(_game(), seats=seats, state=engine.dump(state)), state
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.ai_action(state, seat))
    raise AssertionError("no ATLANDICE game asks to take a resource")


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
async def test_the_board_names_the_player_to_act_once(locale):
    """ "<@Ana>: Take a resource…", in the channel and in the private view: the question itself does not
    name Ana again (nor does it say "Ana" beside her mention)."""
    from bot.ui.presenter import Presenter
    from rules import GAMES

    game, state = _atlandice_asking_to_take(3)
    seat = GAMES["atlandice"].to_act(state)[0]
    name, mention = game.seats[seat].name, f"<@{game.seats[seat].user_id}>"
    presenter = Presenter()
    for viewer in (None, seat):
        payload = await presenter.board(game, state, locale=locale, viewer=viewer)
        line = payload.embed.description
        assert line.startswith(f"{mention}: ") and name not in line, line
        assert line.split(": ", 1)[1] == t(GAMES["atlandice"].prompt(state, seat), locale)


async def test_a_board_of_a_long_move_keeps_the_note_that_the_time_was_up():
    """The AI played a turn whose time was up: the board shows the last lines of a long move, and the note
    that says so stays ahead of them (it says who played the turn)."""
    from bot.storage import Move
    from bot.ui.presenter import LOG_LINES, Presenter
    from rules import GAMES
    from rules.core import Event, Msg, seat_msg

    engine = GAMES["atlandice"]
    game, state = _atlandice_asking_to_take(2)
    events = []
    while len(events) <= LOG_LINES:  # the public events of the moves that follow, more than a board shows
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.ai_action(state, seat, "easy"))
        events += [e.model_dump(mode="json") for e in state.events if e.visible_to(None)]
    note = Event(text=Msg(key="clock.time_up", params={"who": seat_msg(0), "level": Msg(key="ai.level.easy")}))
    move = Move(0, "x", None, [note.model_dump(mode="json"), *events])
    names = ["Ana", "Bia"]
    lines = [t(Event.model_validate(e).text, "en", names=names) for e in events]
    payload = await Presenter().board(game, state, locale="en", moves=[move])
    (field,) = payload.embed.fields
    shown = field.value.split("\n")
    assert shown[0] == t(note.text, "en", names=names) and "Ana's time was up" in shown[0]
    assert shown[1:] == lines[-(LOG_LINES - 1) :]
