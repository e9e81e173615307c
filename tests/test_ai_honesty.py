"""The AI seats play honestly: no choice depends on what the deciding seat cannot see.

What each game hides is written here, per game, apart from the engines and their AIs: other players'
hands, the decks and face-down tiles, the dice to come. A scramble draws all of it again into another
world the seat cannot tell from the real one (its view and its legal actions are the same), and
every AI strength must choose the same there. The scramble is this file's own, not the AIs'
``determinize``: a hidden thing the AI's own determinization forgot is scrambled here all the same.
Every field of each state is named here, hidden or open, so a new field is classified when it is
added. A search that reads the real hidden state (its determinization returns the state itself) is
caught by the same comparison: the positive control.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from rules import GAMES
from rules.core import LEVELS, Rng
from rules.core.clone import clone_model
from rules.core.search import SearchHooks, search, work
from rules.engis import data as engis_data
from rules.neanderthal import data as nea_data
from rules.pergamemnon import data as perg_data

WORK = 1  # the strong AI's work a decision here, the least: two candidates compared in one world
COMMON = {"game", "players", "seed", "options", "step", "events"}  # every state's; the game seed is public


def _redeal(rng: Rng, places: list[list[Any]]) -> list[list[Any]]:
    """The cards of ``places`` shuffled together and dealt back, each place keeping its size."""
    pool = rng.shuffled([card for place in places for card in place])
    out = []
    for place in places:
        out.append(pool[: len(place)])
        pool = pool[len(place) :]
    return out


def _dice(state: Any, rng: Rng) -> None:
    """The dice to come: the generator drawn again (its seed is not the public game seed any more)."""
    state.rng = Rng(seed=rng.next64(), draws=state.rng.draws)


# -- ATLANDICE: the tiles under each region's top tile, the dice to come ------------------------------

ATLANDICE_HIDDEN = {"stacks", "rng"}
ATLANDICE_OPEN = COMMON | {
    "neutral", "first", "round", "clock", "armed", "region_resources", "black_market", "dice", "submarine", "stocks",
    "victory_points", "tiles_won", "taken", "gave", "discarded", "removed", "out", "order", "turn", "phase", "tasks",
    "donors", "donation_pick", "last_seat", "last_sectors", "last_clock",
}  # fmt: skip


def scramble_atlandice(state: Any, seat: int, rng: Rng) -> Any:
    world = clone_model(state)
    _dice(world, rng)
    world.stacks = [stack[:1] + rng.shuffled(stack[1:]) for stack in world.stacks]
    return world


# -- ENGIS: the hex pile, the other players' hands, discards under the top card, set-aside cards and
# secret intempéries (from those nobody holds openly), the dice to come --------------------------------

ENGIS_HIDDEN = {"pile", "clans", "rng"}
ENGIS_OPEN = COMMON | {
    "side", "variant", "solo", "round", "phase", "actor", "offer", "out", "first", "bid_order", "order",
    "previous_order", "order_position", "pending", "picked", "moving_from", "neutral_bid", "tokens", "pool",
    "skills_removed", "weather", "weather_columns", "highlight_seat", "highlight", "failed_hardships",
}  # fmt: skip
ENGIS_PLAYER_HIDDEN = {"hand", "played", "aside", "secret"}  # the top of ``played`` is open
ENGIS_PLAYER_OPEN = {
    "board",
    "hexes",
    "meeples",
    "meeples_on_row",
    "zero_bid_marker",
    "objects",
    "skills",
    "score",
    "points",
    "used",
    "moved",
    "bid",
}


def scramble_engis(state: Any, seat: int, rng: Rng) -> Any:
    world = clone_model(state)
    _dice(world, rng)
    world.pile = rng.shuffled(world.pile)
    if state.phase == "over":  # everything is shown at the end
        return world
    others = [i for i in range(len(world.clans)) if i != seat]
    dealt = {c for p in world.clans for c in p.secret}
    undealt = [c for c in engis_data.INDIVIDUAL if c not in dealt]
    *secrets, _ = _redeal(rng, [list(world.clans[i].secret) for i in others] + [undealt])
    for i, secret in zip(others, secrets, strict=True):
        p = world.clans[i]
        hand, under, aside = _redeal(rng, [list(p.hand), list(p.played[:-1]), list(p.aside)])
        world.clans[i] = p.changed(
            hand=tuple(hand), played=(*under, *p.played[-1:]), aside=tuple(aside), secret=tuple(secret)
        )
    return world


# -- PERGAMEMNON: the creature deck (with the creatures counted out unseen), the other players' hands
# and decks and a face-down attacking card, the order of one's own deck, the dice to come ----------------

PERGAMEMNON_HIDDEN = {"creature_deck", "nations", "battle", "rng"}
PERGAMEMNON_OPEN = COMMON | {
    "row", "supply", "box", "hidden_out", "turn", "phase", "actor", "result", "winner", "loser", "buying",
    "pending", "end_reason", "highlight_seat", "highlight", "last_battle_cards", "last_battle_sides",
}  # fmt: skip
PERGAMEMNON_PLAYER_HIDDEN = {"hand", "deck"}
PERGAMEMNON_PLAYER_OPEN = {"nation", "discard", "charisma", "city", "secured", "active", "fallen"}


def scramble_pergamemnon(state: Any, seat: int, rng: Rng) -> Any:
    world = clone_model(state)
    _dice(world, rng)
    if state.phase == "over":
        return world
    b = world.battle
    placed = [*world.row, *world.creature_deck, *world.box, *world.pending]
    for p in world.nations:
        placed += [*p.hand, *p.deck, *p.discard, *p.city, *p.secured]
    if b is not None:
        placed += [*b.attacker_cards, *b.defender_cards, *b.defending_cards]
    counted_out = list((Counter(perg_data.CREATURES) - Counter(placed)).elements())
    assert len(counted_out) == world.hidden_out  # every place a creature can be is listed above
    world.creature_deck, _ = _redeal(rng, [world.creature_deck, counted_out])
    face_down = b is not None and not b.revealed and b.attacker != seat and bool(b.attacker_cards)
    for i, p in enumerate(world.nations):
        if i == seat:
            p.deck = rng.shuffled(p.deck)
        elif face_down and b is not None and b.attacker == i:
            p.hand, p.deck, b.attacker_cards[:1] = _redeal(rng, [p.hand, p.deck, b.attacker_cards[:1]])
        else:
            p.hand, p.deck = _redeal(rng, [p.hand, p.deck])
    return world


# -- NEANDERTHAL: the decks of the North and the South, the cards under ice barriers and the
# matrix's undiscovered cards (each dealt again among those of its own row), the other players'
# hands (open to all in M, the co-op game), the event cards to come, the dice to come --------------------

NEANDERTHAL_HIDDEN = {
    "deck_north", "deck_south", "north", "south", "grid", "tribes", "event_deck", "event_aside", "rng",
}  # fmt: skip
NEANDERTHAL_OPEN = COMMON | {
    "variant", "scenario", "reshuffled", "level", "seats", "foreign", "foreign_left", "k2_asked", "k2_added",
    "turn", "phase", "actor", "order", "order_position", "ice_north", "ice_south", "event_card",
    "icons_to_resolve", "removed", "dead", "dead_alpha", "hunters", "suitors", "bids", "passed", "losses",
    "losses_to_choose", "after", "pending", "tests_to_roll", "releases", "next_negotiator", "proposal", "answers",
    "terms", "fights", "fight_key", "fight_order", "next_attacker", "fight_hits", "fight_target", "test_picked",
    "court", "stage", "to_pay", "refugees", "refugees_from", "frozen", "last", "last_seat", "eliminated",
    "opportunistic_slots", "kills_awaiting_predators", "portals_then", "used", "shown", "grid_ice", "marks",
    "homes", "goal", "artifacts_at_start", "artifacts_hunted", "signal", "moved", "camp", "sharing", "sharing_at",
    "lots_to_share",
}  # fmt: skip
NEANDERTHAL_PLAYER_HIDDEN = {"hand"}
NEANDERTHAL_PLAYER_OPEN = {
    "species", "sex_card", "sex", "tribal", "vocab", "portals", "parental_discs", "elders", "pool", "wives", "tools",
    "trophies", "score", "points",
}  # fmt: skip


def scramble_neanderthal(state: Any, seat: int, rng: Rng) -> Any:
    world = clone_model(state)
    _dice(world, rng)
    if world.scenario == "hominids":  # N1: the event deck is built by icons, each part keeps its cards
        world.event_deck = rng.shuffled(world.event_deck)
        world.event_aside = rng.shuffled(world.event_aside)
    else:
        world.event_deck, world.event_aside = _redeal(rng, [world.event_deck, world.event_aside])
    # every unseen card (a deck's, one under ice, an undiscovered one, another player's in hand) is a
    # place; a card of the North is dealt again among the places that held one, and so for the South
    places: list[tuple[list[int], int]] = [(world.deck_north, i) for i in range(len(world.deck_north))]
    places += [(world.deck_south, i) for i in range(len(world.deck_south))]
    for row, ice in ((world.north, world.ice_north), (world.south, world.ice_south)):
        places += [(row, j) for j, frozen in enumerate(ice) if frozen and row[j]]
    places += [(world.grid, j) for j, card in enumerate(world.grid) if card and not world.shown[j]]
    if world.variant != "eve":
        places += [(p.hand, i) for q, p in enumerate(world.tribes) if q != seat for i in range(len(p.hand))]
    for cards in (set(nea_data.NORTH), set(nea_data.SOUTH)):
        mine = [(where, i) for where, i in places if where[i] in cards]
        for (where, i), card in zip(mine, rng.shuffled([where[i] for where, i in mine]), strict=True):
            where[i] = card
    return world


GAME_CASES: dict[str, tuple[Callable[[Any, int, Rng], Any], set[str], set[str]]] = {
    "atlandice": (scramble_atlandice, ATLANDICE_HIDDEN, ATLANDICE_OPEN),
    "engis": (scramble_engis, ENGIS_HIDDEN, ENGIS_OPEN),
    "pergamemnon": (scramble_pergamemnon, PERGAMEMNON_HIDDEN, PERGAMEMNON_OPEN),
    "neanderthal": (scramble_neanderthal, NEANDERTHAL_HIDDEN, NEANDERTHAL_OPEN),
}
PLAYER_CASES = {
    "engis": (ENGIS_PLAYER_HIDDEN, ENGIS_PLAYER_OPEN),
    "pergamemnon": (PERGAMEMNON_PLAYER_HIDDEN, PERGAMEMNON_PLAYER_OPEN),
    "neanderthal": (NEANDERTHAL_PLAYER_HIDDEN, NEANDERTHAL_PLAYER_OPEN),
}
CASES = [
    ("atlandice", 2, {}),
    ("atlandice", 3, {}),
    ("engis", 1, {}),
    ("engis", 2, {}),
    ("engis", 3, {}),
    ("pergamemnon", 2, {}),
    ("pergamemnon", 3, {}),
    ("neanderthal", 1, {}),
    ("neanderthal", 2, {}),
    ("neanderthal", 3, {}),
    ("neanderthal", 1, {"map": "matrix"}),
    ("neanderthal", 2, {"map": "matrix"}),
]


def _hooks(game_id: str) -> SearchHooks:
    ai = importlib.import_module(f"rules.{game_id}.ai")
    hooks = ai.HOOKS if hasattr(ai, "HOOKS") else ai.hooks(GAMES[game_id])
    assert isinstance(hooks, SearchHooks)
    return hooks


def _budget(game_id: str, players: int) -> float:
    """A budget worth ``WORK`` at least (with every variant's rate of work): the strong AI compares
    two candidates in one world."""
    budget = 2e-3
    assert work(budget, _hooks(game_id).steps_per_second) >= WORK
    return budget


def _states(game_id: str, players: int, options: dict[str, str], seed: int, every: int):
    """States along a game played by the normal AI where the seat to act has a choice, one every ``every``."""
    engine = GAMES[game_id]
    state = engine.new_game(players, seed, options)
    n = 0
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        if len(engine.legal_actions(state, seat)) > 1:
            if n % every == 0:
                yield state, seat
            n += 1
        state = engine.apply(state, seat, engine.ai_action(state, seat))


def _worlds(game_id: str, players: int, options: dict[str, str], count: int):
    """``count`` states with a choice along a game, each with two scrambles of what its seat cannot see."""
    scramble = GAME_CASES[game_id][0]
    for n, (state, seat) in enumerate(_states(game_id, players, options, seed=8, every=7)):
        if n == count:
            return
        yield state, seat, [scramble(state, seat, Rng(seed=salt)) for salt in (1, 2)]


@pytest.mark.parametrize("game_id", sorted(GAME_CASES))
def test_every_field_is_named_hidden_or_open(game_id):
    """A field added to a state (or to its players) is classified here before this test passes."""
    _, hidden, open_ = GAME_CASES[game_id]
    fields = set(GAMES[game_id].state_type.model_fields)
    assert not hidden & open_ and hidden | open_ == fields, sorted(fields ^ (hidden | open_))
    if game_id in PLAYER_CASES:
        player_hidden, player_open = PLAYER_CASES[game_id]
        # the players' list: the field stored under "ps", whatever its name in code
        players = next(f for name, f in GAMES[game_id].state_type.model_fields.items() if "ps" in (name, f.alias))
        player_fields = set(players.annotation.__args__[0].model_fields)
        assert not player_hidden & player_open and player_hidden | player_open == player_fields


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_a_scramble_changes_only_what_the_seat_cannot_see(game_id, players, options):
    """Fair worlds: the seat's view and choices are the same, and the hidden fields do change."""
    engine = GAMES[game_id]
    hidden = GAME_CASES[game_id][1]
    changed: set[str] = set()
    for state, seat, worlds in _worlds(game_id, players, options, count=12):
        for world in worlds:
            assert engine.view(world, seat) == engine.view(state, seat)
            assert engine.legal_actions(world, seat) == engine.legal_actions(state, seat)
            assert {f for f in type(state).model_fields if getattr(world, f) != getattr(state, f)} <= hidden
            changed |= {f for f in hidden if getattr(world, f) != getattr(state, f)}
    assert "rng" in changed and len(changed) > 1, changed


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_the_search_worlds_do_not_depend_on_what_the_seat_cannot_see(game_id, players, options):
    """The strong AI's ``determinize`` draws a world from the seat's view alone: the same world from
    the real game and from a scrambled one (the same draws), whatever it forgot to draw again."""
    determinize = _hooks(game_id).determinize
    for state, seat, worlds in _worlds(game_id, players, options, count=12):
        for salt in (3, 4):
            world = determinize(state, seat, Rng(seed=salt))
            for scrambled in worlds:
                assert determinize(scrambled, seat, Rng(seed=salt)) == world, state.step


@pytest.mark.parametrize("players", [2, 3])
def test_the_neanderthal_search_worlds_do_not_know_the_other_hands(players):
    """The normal AI seldom takes a card into hand; here every other player holds one from the North deck."""
    engine = GAMES["neanderthal"]
    determinize = _hooks("neanderthal").determinize
    for real, seat in list(_states("neanderthal", players, {}, seed=8, every=7))[:6]:
        state = clone_model(real)
        for q, p in enumerate(state.tribes):
            if q != seat:
                p.hand.append(state.deck_north.pop())
        hands = [p.hand for p in state.tribes]
        worlds = (scramble_neanderthal(state, seat, Rng(seed=salt)) for salt in range(1, 20))
        scrambled = next(w for w in worlds if [p.hand for p in w.tribes] != hands)
        assert engine.view(scrambled, seat) == engine.view(state, seat)
        assert determinize(scrambled, seat, Rng(seed=3)) == determinize(state, seat, Rng(seed=3)), state.step


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_no_ai_choice_depends_on_what_the_seat_cannot_see(game_id, players, options):
    """Each strength chooses the same in the real game and in scrambled worlds (the strong AI, which
    costs a few games' worth of play a decision, in one of them)."""
    engine = GAMES[game_id]
    budget = _budget(game_id, players)
    for state, seat, worlds in _worlds(game_id, players, options, count=3):
        for level in LEVELS:
            choice = engine.ai_action(state, seat, level, budget)
            for world in worlds[:1] if level == "strong" else worlds:
                assert engine.ai_action(world, seat, level, budget) == choice, (level, state.step)


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("atlandice", 2, {}),
        ("engis", 1, {}),
        ("pergamemnon", 2, {}),
        ("neanderthal", 2, {}),
        ("neanderthal", 1, {"map": "matrix"}),
    ],
)
def test_a_search_that_reads_the_hidden_state_is_caught(game_id, players, options):
    """The positive control: the same comparison finds a search whose worlds are the real state."""
    engine = GAMES[game_id]
    cheat = dataclasses.replace(_hooks(game_id), determinize=lambda state, seat, rng: clone_model(state))
    for state, seat, worlds in _worlds(game_id, players, options, count=6):
        choice = search(engine, state, seat, cheat, WORK)
        if search(engine, worlds[0], seat, cheat, WORK) != choice:
            return
    pytest.fail("the cheating search chose the same in every scrambled world")
