"""One public projection: every surface someone reads of a game is made from what they may see.

Over random games of every engine (seeded random play through the legal actions), change what the
channel may not know and every public surface stays the same, text for text and byte for byte
(``public_surface.surfaces``: the board message with its picture and alt text, the page, the replay
frame, the direct messages and reminders, history and stats):

- the hidden state is drawn again (other hands, decks, face-down cards, the dice to come; the AI honesty
  test's scrambles, which keep a seat's view as it is), for the spectators and for each player's copy;
- a secret choice is made otherwise (every secret legal action of the seat to act that leaves the
  spectator's view as it is: a face-down card, a binding trade's terms), the move's events with it;
- NEANDERTHAL's binding trades, which random play never reaches (a Chief must be present), are built.

The positive control: a surface that tells the seat's own question to the channel (as the turn line
once did) or a hidden hand is caught by the same comparisons.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from public_surface import NAMES, difference, game_row, move_of, seat_page, surfaces
from test_ai_honesty import GAME_CASES

from bot.storage import Move
from rules import GAMES
from rules.core import Engine, Event, GameState, Rng, t
from rules.core.clone import clone_model
from rules.neanderthal.state import Elder

NOBODY = -1  # a scramble for the spectators: no seat keeps anything

CASES = [
    pytest.param("atlandice", 3, {}, 2, id="atlandice-3"),
    pytest.param("engis", 3, {}, 2, id="engis-3"),
    pytest.param("pergamemnon", 3, {}, 2, id="pergamemnon-3"),
    pytest.param("neanderthal", 3, {}, 2, id="neanderthal-3"),
    pytest.param("atlandice", 2, {}, 8, id="atlandice-2-more", marks=pytest.mark.slow),
    pytest.param("engis", 1, {}, 8, id="engis-1-more", marks=pytest.mark.slow),
    pytest.param("engis", 2, {}, 8, id="engis-2-more", marks=pytest.mark.slow),
    pytest.param("pergamemnon", 2, {}, 8, id="pergamemnon-2-more", marks=pytest.mark.slow),
    pytest.param("pergamemnon", 5, {}, 8, id="pergamemnon-5-more", marks=pytest.mark.slow),
    pytest.param("neanderthal", 1, {}, 8, id="neanderthal-1-more", marks=pytest.mark.slow),
    pytest.param("neanderthal", 2, {"map": "matrix"}, 8, id="neanderthal-matrix-more", marks=pytest.mark.slow),
]


def positions(game_id: str, players: int, options: dict[str, str], seed: int) -> Iterator[tuple[GameState, Move]]:
    """The positions of a game played at random through the legal actions, with the move that led to each."""
    engine = GAMES[game_id]
    pick = random.Random(seed)
    state = engine.new_game(players, seed, options)
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        state, move = move_of(engine, state, seat, pick.choice(engine.legal_actions(state, seat)).id)
        yield state, move


def sample(game_id: str, players: int, options: dict[str, str], count: int, seed: int = 3):
    """``count`` positions spread over a random game, its last (the game over) among them."""
    every = list(positions(game_id, players, options, seed))
    step = max(1, len(every) // count)
    return [*every[step // 2 :: step][: count - 1], every[-1]]


async def public(engine: Engine[Any], state: GameState, moves: list[Move], viewer: int | None = None):
    return await surfaces(game_row(engine, state, ai_seats=frozenset({state.players - 1})), state, moves, viewer)


@pytest.mark.parametrize(("game_id", "players", "options", "count"), CASES)
async def test_what_the_spectators_cannot_see_changes_no_public_surface(game_id, players, options, count):
    """The hidden state drawn again (the hands, decks, face-down cards, the dice to come): the spectator's
    view is the same, and so is every public surface made of it."""
    engine = GAMES[game_id]
    scramble = GAME_CASES[game_id][0]
    changed = 0
    for n, (state, move) in enumerate(sample(game_id, players, options, count)):
        seen = await public(engine, state, [move])
        world = scramble(state, NOBODY, Rng(seed=n + 1))
        changed += world != state
        assert engine.view(world, None) == engine.view(state, None), (
            f"the spectator's view shows a secret ({state.step})"
        )
        assert not difference(await public(engine, world, [move]), seen), state.step
    assert changed, "no scramble changed anything hidden"


@pytest.mark.parametrize(("game_id", "players", "options", "count"), CASES)
async def test_what_a_player_cannot_see_changes_nothing_in_their_copy(game_id, players, options, count):
    """A player's own copy of the board (``/game me``) while another seat acts: the other seats' secrets and
    that seat's question stay out of it."""
    engine = GAMES[game_id]
    scramble = GAME_CASES[game_id][0]
    for n, (state, move) in enumerate(sample(game_id, players, options, count)):
        acting = engine.to_act(state)
        for viewer in [s for s in range(players) if s not in acting][:1]:
            world = scramble(state, viewer, Rng(seed=n + 1))
            assert engine.view(world, viewer) == engine.view(state, viewer)
            mine = await public(engine, state, [move], viewer)
            assert not difference(await public(engine, world, [move], viewer), mine), (state.step, viewer)


@pytest.mark.parametrize(("game_id", "players", "options", "count"), CASES)
async def test_each_seat_s_page_changes_only_with_what_that_seat_may_know(game_id, players, options, count, tmp_path):
    """A seated player signed in on the game's page (their picture, question and choices): what that seat may
    not see drawn again, their page is the same, byte for byte, in both languages; and it is not the
    spectators' page (their own view is on it)."""
    engine = GAMES[game_id]
    scramble = GAME_CASES[game_id][0]
    changed, files = 0, iter(range(10_000))
    for n, (state, move) in enumerate(sample(game_id, players, options, count)):
        game = game_row(engine, state, ai_seats=frozenset({state.players - 1}) if state.players > 1 else frozenset())
        for seat in [s.seat for s in game.seats if not s.is_ai]:
            world = scramble(state, seat, Rng(seed=n + 1))
            changed += world != state
            assert engine.view(world, seat) == engine.view(state, seat)
            mine = await seat_page(game, state, [move], seat, tmp_path / f"{next(files)}.sqlite3")
            theirs = await seat_page(game, world, [move], seat, tmp_path / f"{next(files)}.sqlite3")
            assert not difference(theirs, mine), (state.step, seat, difference(theirs, mine))
    assert changed, "no scramble changed anything a seat may not see"


def secret_choices(engine: Engine[Any], state: GameState, most: int) -> list[tuple[GameState, Move]]:
    """The positions after the secret choices of the seat to act (a card laid face down, a trade's terms)
    that the spectators cannot tell from the first of them: the same spectator's view after, the same
    public events on the way. ``most`` of them at most."""
    seat = engine.to_act(state)[0]
    after = [move_of(engine, state, seat, a.id) for a in engine.legal_actions(state, seat) if a.secret]
    return [a for a in after if looks(engine, a) == looks(engine, after[0])][:most] if after else []


def looks(engine: Engine[Any], position: tuple[GameState, Move]) -> tuple[Any, list[Event]]:
    """What the spectators know of a move: the position's spectator's view and the move's public events."""
    state, move = position
    return engine.view(state, None), [e for e in map(Event.model_validate, move.events) if e.seats is None]


@pytest.mark.parametrize(
    ("players", "count"),
    [pytest.param(3, 3, id="pergamemnon-3"), pytest.param(4, 12, id="pergamemnon-4-more", marks=pytest.mark.slow)],
)
async def test_a_secret_choice_changes_no_public_surface(players, count):
    """Each secret choice the spectators cannot tell apart (PERGAMEMNON's card laid face down, its defending
    and reinforcing cards among those of the same weapon) leaves every public surface the same: the move's
    words in the log and the thinking line with it. Choices that tell nothing are met often: a surface that
    named the card would part them."""
    engine = GAMES["pergamemnon"]
    compared = 0
    for state, _ in positions("pergamemnon", players, {}, seed=5):
        if compared >= count:
            break
        if not engine.to_act(state):
            continue
        alike = secret_choices(engine, state, most=3)
        if len(alike) < 2:
            continue
        first = await public(engine, alike[0][0], [alike[0][1]])
        for other, move in alike[1:]:
            assert not difference(await public(engine, other, [move]), first), (state.step, move.action_id)
        compared += 1
    assert compared == count, "too few secret choices met"


# -- NEANDERTHAL's binding trades (F1): the terms are the two parties' ------------------------------------


def negotiation(seed: int = 7) -> tuple[GameState, int, int]:
    """A three-player game where the first player, with a Chief, may ask the second to leave a Mountain
    Hare they both hunt; each holds a card in hand. (Random play never has a Chief: the state is built.)"""
    from rules.neanderthal import fights, phases

    engine = GAMES["neanderthal"]
    state = engine.new_game(3, seed)
    while state.phase == "sex":
        state = engine.apply(state, state.actor, engine.legal_actions(state, state.actor)[0].id)
    state = clone_model(state)
    for p in state.tribes:
        p.pool, p.elders, p.wives, p.tools = [], {}, [], []
    for species in state.seats:
        state.dead[species] = 18
    state.dead_alpha = list(state.seats)
    state.hunters, state.suitors, state.eliminated, state.used = {}, {}, [], []
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.tribes[a].tribal = state.tribes[b].tribal = True
    state.tribes[a].elders = {"1": Elder(token=sa)}  # an experienced Chief
    state.tribes[b].elders = {"1": Elder(token=sb)}
    state.dead[sa] -= 3
    state.dead[sb] -= 3
    state.north = [12, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.hunters = {"N0": [f"{a}:{sa}", f"{a}:{sa}", f"{b}:{sb}", f"{b}:{sb}"]}
    state.tribes[a].hand, state.tribes[b].hand = [23], [26]
    state.deck_north = [c for c in state.deck_north if c not in (23, 26)]
    state.phase = "alloc"
    fights.phase3_start(state)
    phases.resume(state)
    state = engine.apply(state, a, f"ask-N0-{b}")
    assert state.phase == "terms" and state.actor == a
    return state, a, b


def _texts(seen: dict[str, Any]) -> str:
    return repr({k: v for k, v in seen.items() if not isinstance(v, bytes)})


async def test_a_binding_trades_terms_reach_no_public_surface():
    """Every trade the proposer may bind their proposal to (or none) looks the same to the channel: the board
    message, its picture and alt text, the page's Now line and log, the thinking line. The card in hand the
    terms name is on no public surface."""
    engine = GAMES["neanderthal"]
    state, a, b = negotiation()
    terms = [x.id for x in engine.legal_actions(state, a) if x.id.startswith(f"tm-{b}-")]
    assert f"tm-{b}-gh23" in terms and len(terms) > 2
    answers = [move_of(engine, state, a, choice) for choice in terms]
    for answer in answers:  # the channel reads that a trade binds the proposal, not which
        assert answer[0].phase == "answer" and looks(engine, answer) == looks(engine, answers[0])
    first = await public(engine, answers[0][0], [answers[0][1]])
    for after, move in answers[1:]:
        assert not difference(await public(engine, after, [move]), first), move.action_id
    card = t("neanderthal.card.23", "en")
    assert card not in _texts(first) and t("neanderthal.card.23", "pt-BR") not in _texts(first)
    # the party answering reads the terms in their own copy, the proposer's card named
    after, move = next(x for x in answers if x[1].action_id == f"tm-{b}-gh23")
    own = await public(engine, after, [move], viewer=b)
    assert card in own["board en"]["embed"]["description"]


# -- the public turn line speaks of the seats, never to "you" -------------------------------------------

YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


@pytest.mark.parametrize("game_id", ["atlandice", "engis", "pergamemnon", "neanderthal"])
async def test_the_public_turn_line_never_says_you(game_id):
    """The channel's board and the page's Now line are read by everyone: a question says "you" only in the
    asked player's own copy (PERGAMEMNON's "Bruno attacks you" once reached the page)."""
    engine = GAMES[game_id]
    asked: set[str] = set()
    for state, _ in positions(game_id, 3, {}, seed=2):
        if not engine.to_act(state):
            continue
        view = engine.view(state, None)
        for seat in engine.to_act(state):
            line = t(engine.public_prompt(view, seat), "en", names=NAMES[:3])
            assert not YOU.search(line), line
            asked.add(engine.prompt(state, seat).key)
    assert len(asked) > 3


def test_perg_defence_reads_in_the_third_person_on_the_page():
    from bot.web.page import status_lines

    engine = GAMES["pergamemnon"]
    state = next(s for s, _ in positions("pergamemnon", 3, {}, seed=5) if s.phase == "defend")
    game = game_row(engine, state)
    line = status_lines(game, engine, state, engine.view(state, None), NAMES[:3], "en")[0]
    assert not YOU.search(line) and NAMES[state.battle.attacker] in line, line


# -- the positive control --------------------------------------------------------------------------------


async def test_a_surface_that_tells_the_seats_own_question_is_caught(monkeypatch):
    """The same comparison catches a board that tells the channel the asked seat's own question, as the turn
    line did before it was made from the spectator's view: a binding trade's terms show."""
    from bot.service.spectate import own_turn_line
    from bot.ui.presenter import Presenter

    engine = GAMES["neanderthal"]
    state, a, b = negotiation()
    answers = [move_of(engine, state, a, choice) for choice in (f"tm-{b}-dh", f"tm-{b}-gh23")]
    real = Presenter.board

    async def telling(self, game, state, moves=None, **kwargs):
        payload = await real(self, game, state, moves, **kwargs)
        for seat in engine.to_act(state):
            payload.embed.description += "\n" + own_turn_line(NAMES[seat], engine, state, seat, NAMES[:3], "en")
        return payload

    assert not difference(*[await public(engine, after, [move]) for after, move in answers])
    monkeypatch.setattr(Presenter, "board", telling)
    assert difference(*[await public(engine, after, [move]) for after, move in answers]) == ["board en", "board pt-BR"]


@pytest.mark.parametrize("game_id", ["engis", "pergamemnon", "neanderthal"])
async def test_a_surface_that_shows_a_hidden_hand_is_caught(game_id, monkeypatch):
    """The same comparison catches an alt text that tells what the seat to act sees (its hand)."""
    from bot.ui.presenter import Presenter

    engine = GAMES[game_id]
    scramble = GAME_CASES[game_id][0]
    real = Presenter.board

    async def leaky(self, game, state, moves=None, **kwargs):
        payload = await real(self, game, state, moves, **kwargs)
        payload.file.description += " " + engine.view(state, engine.to_act(state)[0]).model_dump_json()
        return payload

    if game_id == "neanderthal":  # hands are seldom held in random play: the trade's two hold a card each
        state, a, _ = negotiation()
        found = [(state, Move(a, "ask", None, []))]
    else:
        found = [(s, m) for s, m in sample(game_id, 3, {}, 4) if engine.to_act(s)]
    monkeypatch.setattr(Presenter, "board", leaky)
    for n, (state, move) in enumerate(found):
        world = scramble(state, NOBODY, Rng(seed=n + 1))
        if difference(await public(engine, world, [move]), await public(engine, state, [move])):
            return
    pytest.fail("a hand told in the alt text was not caught")
