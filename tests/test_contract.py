"""The contract of rules/core, checked on every engine the registry knows."""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import re
import typing
from collections import Counter

import pytest
from pydantic import BaseModel

from rules import GAMES
from rules.core import (
    MAX_BUTTON_CHOICES,
    MAX_CHOICES,
    Engine,
    GameState,
    IllegalAction,
    StoredModel,
    missing_keys,
    play,
    t,
)
from rules.core.clone import clone

CASES = [
    (game_id, players)
    for game_id, engine in GAMES.items()
    for players in range(engine.min_players, engine.max_players + 1)
]

# Each game's ``moves.parse``: an action id read into a typed move, whose ``str`` is the id again.
PARSERS = {
    game_id: importlib.import_module(f"rules.{game_id}.moves").parse
    for game_id in GAMES
    if importlib.util.find_spec(f"rules.{game_id}.moves") is not None
}


NAMES = ["Ayla", "Brom", "Cyra", "Doru", "Enki"]  # names found in no text of the games


def _check_step(engine: Engine, before: GameState, after: GameState, seat: int, action_id: str) -> None:
    # The state before the move was not touched by apply.
    assert before.step + 1 == after.step
    # JSON round-trip is exact, the generator position included.
    assert engine.load(engine.dump(after)) == after
    texts = [e.text for e in after.events]
    for s in engine.to_act(after):
        actions = engine.legal_actions(after, s)
        assert actions, f"seat {s} must act but has no legal action"
        assert len(actions) <= MAX_CHOICES
        engine.validate_actions(actions)
        if engine.id in PARSERS:
            for a in actions:
                assert str(PARSERS[engine.id](a.id)) == a.id
        if len(actions) > MAX_BUTTON_CHOICES:  # shown as select menus of 25, at most four of them
            groups = Counter(a.group.key if a.group else None for a in actions)
            assert sum(-(-n // 25) for n in groups.values()) <= 4, groups
        prompt = engine.prompt(after, s)
        texts.append(prompt)
        for locale in ("en", "pt-BR"):  # whoever shows a prompt names its seat first: the prompt never does
            assert NAMES[s] not in t(prompt, locale, names=NAMES), t(prompt, locale, names=NAMES)
        texts.extend(a.label for a in actions)
        texts.extend(a.group for a in actions if a.group is not None)
    assert not missing_keys(texts), missing_keys(texts)


def _models_inside(model: type[BaseModel], found: set[type[BaseModel]]) -> set[type[BaseModel]]:
    """``model`` and every model class its fields' declared types name, however deep."""
    if model in found:
        return found
    found.add(model)
    pending = [field.annotation for field in model.model_fields.values()]
    while pending:
        annotation = pending.pop()
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            _models_inside(annotation, found)
        elif isinstance(annotation, type) and issubclass(annotation, tuple) and hasattr(annotation, "_fields"):
            pending.extend(typing.get_type_hints(annotation).values())
        pending.extend(typing.get_args(annotation))
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_field_renamed_in_code_keeps_its_stored_key_both_ways(game_id):
    """A field whose stored key differs from its name (``Field(alias=...)``) sits in a ``StoredModel``: it
    is built by its name in code, and read and written under its stored key (else it would be lost)."""
    for model in _models_inside(GAMES[game_id].state_type, set()):
        if any(field.alias for field in model.model_fields.values()):
            assert issubclass(model, StoredModel), model


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("policy", ["ai", "mixed"])
def test_full_games_end_and_replay(game_id, players, policy):
    engine = GAMES[game_id]
    for seed in range(2):
        final, log = play(
            engine, players, seed, policy=policy, on_step=lambda b, a, s, i: _check_step(engine, b, a, s, i)
        )
        outcome = engine.outcome(final)
        assert outcome is not None and engine.to_act(final) == []
        seats = sorted(r.seat for r in outcome.results if r.seat is not None)
        assert seats == list(range(players))
        assert any(r.winner for r in outcome.results)
        for r in outcome.results:
            assert sum(r.breakdown.values()) == r.score
            assert set(r.breakdown) <= set(outcome.categories)
        assert not missing_keys([outcome.tiebreak] if outcome.tiebreak else [])
        # Replaying the seed and the log rebuilds the same final state.
        assert engine.replay(players, seed, None, log) == final


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_ai_is_deterministic_and_legal(game_id, players):
    engine = GAMES[game_id]
    state = engine.new_game(players, seed=11)
    for _ in range(60):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[-1]
        choice = engine.ai_action(state, seat)
        assert choice == engine.ai_action(state, seat)
        assert choice in {a.id for a in engine.legal_actions(state, seat)}
        state = engine.apply(state, seat, choice)


def _mutables(value, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict and unfrozen model inside ``value``, by id."""
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            found[id(value)] = value
            for item in value.__dict__.values():
                _mutables(item, found)
    elif isinstance(value, list | dict):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _mutables(item, found)
    return found


def _overwrite(target, source) -> None:
    """Makes ``target`` equal to ``source`` by changing its lists, dicts and models in place."""
    for name, new in source.__dict__.items():
        old = target.__dict__[name]
        if type(old) is type(new) and isinstance(old, BaseModel) and not old.model_config.get("frozen"):
            _overwrite(old, new)
        elif type(old) is type(new) is list:
            old[:] = clone(new)
        elif type(old) is type(new) is dict:
            old.clear()
            old.update(clone(new))
        else:
            setattr(target, name, clone(new))


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_apply_copies_deeply_and_leaves_its_input_untouched(game_id, players):
    engine = GAMES[game_id]
    state = engine.new_game(players, seed=21)
    for step in range(40):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[step % len(seats)]
        before = engine.dump(state)
        choice = engine.ai_action(state, seat) if step % 2 else engine.legal_actions(state, seat)[-1].id
        new = engine.apply(state, seat, choice)
        assert engine.dump(state) == before
        shared = _mutables(state, {}).keys() & _mutables(new, {}).keys()
        assert not shared, f"{game_id}: apply shares {len(shared)} mutable values with its input"
        state = new


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_legal_actions_follow_a_state_changed_in_place(game_id, players):
    """A state changed deep inside after its legal actions were asked gets the new state's actions."""
    engine = GAMES[game_id]
    _, log = play(engine, players, seed=4)
    states = [engine.new_game(players, seed=4)]
    for seat, action_id in log[:30]:
        states.append(engine.apply(states[-1], seat, action_id))
    changed = 0
    for a, b in itertools.pairwise(states):
        seat = engine.to_act(a)[0]
        expected = engine.legal_actions(clone(b), seat)
        asked = engine.legal_actions(a, seat)
        _overwrite(a, b)
        assert a == b
        assert engine.legal_actions(a, seat) == expected
        if asked != expected and seat in engine.to_act(b):
            changed += 1
            assert engine.apply(a, seat, expected[0].id) == engine.apply(clone(b), seat, expected[0].id)
    assert changed


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_views_serialize_and_seed_changes_game(game_id, players):
    engine = GAMES[game_id]
    a, b = engine.new_game(players, seed=1), engine.new_game(players, seed=2)
    assert engine.dump(a) != engine.dump(b)
    for seat in [None, *range(players)]:
        engine.view(a, seat).model_dump_json()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_option_value_plays(game_id):
    engine = GAMES[game_id]
    for spec, players in itertools.product(engine.option_specs, [engine.min_players, engine.max_players]):
        for value, label in spec.choices:
            assert not missing_keys([spec.label, label])
            final, _ = play(engine, players, seed=3, options={spec.key: value})
            assert engine.outcome(final) is not None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_out_of_turn_and_unknown_actions_are_refused(game_id):
    from rules.core import IllegalAction, NotYourTurn

    engine = GAMES[game_id]
    state = engine.new_game(engine.max_players, seed=5)
    seats = engine.to_act(state)
    waiting = [s for s in range(engine.max_players) if s not in seats]
    legal = engine.legal_actions(state, seats[0])[0].id
    if waiting:
        with pytest.raises(NotYourTurn):
            engine.apply(state, waiting[0], legal)
    with pytest.raises(IllegalAction):
        engine.apply(state, seats[0], "no-such-action")
    assert engine.dump(state) == engine.dump(engine.new_game(engine.max_players, seed=5))


def test_registry_ids_match():
    for game_id, engine in GAMES.items():
        assert engine.id == game_id


@pytest.mark.parametrize("game_id", list(GAMES))
def test_options_fit_the_lobby(game_id):
    engine = GAMES[game_id]
    assert len(engine.option_specs) <= 4  # one select menu each under the lobby buttons
    for spec in engine.option_specs:
        assert re.fullmatch(r"[a-z0-9_]{1,40}", spec.key)
        assert 1 <= len(spec.choices) <= 25 and spec.default in {v for v, _ in spec.choices}
        assert all(len(v) <= 100 for v, _ in spec.choices)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_rules_summary_and_title(game_id):
    engine = GAMES[game_id]
    assert engine.title and engine.rules_summary()
    assert not missing_keys(engine.rules_summary())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_reveals_sees_dice_and_cards_dealt_from_face_down_piles(game_id):
    """``Engine.reveals`` (what ``/game undo`` never crosses) holds for every roll and every card dealt."""
    engine = GAMES[game_id]
    seen = Counter()

    def check(before: GameState, after: GameState, seat: int, action_id: str) -> None:
        rolled = after.rng.draws != before.rng.draws
        dealt = engine.face_down(after) != engine.face_down(before)
        assert engine.reveals(before, after) == (rolled or dealt)
        seen["rolled" if rolled else "dealt" if dealt else "quiet"] += 1

    for players in {engine.min_players, engine.max_players}:
        play(engine, players, seed=4, on_step=check)
    # Every game has moves that can be taken back, and deals cards without rolling (the face-down
    # piles shuffled at set-up), which only ``face_down`` can see.
    assert seen["quiet"] and seen["dealt"], seen


@pytest.mark.parametrize("game_id", [g for g, e in GAMES.items() if e.option_specs])
def test_an_unknown_option_and_a_bad_value_are_told_apart(game_id):
    from rules.core import IllegalAction
    from rules.core.i18n import t

    engine = GAMES[game_id]
    spec = engine.option_specs[0]
    with pytest.raises(IllegalAction) as unknown:
        engine.check_options(engine.min_players, {"no_such_option": spec.default})
    with pytest.raises(IllegalAction) as bad:
        engine.check_options(engine.min_players, {spec.key: "no-such-value"})
    assert "no_such_option" in t(unknown.value.message, "en")
    told = t(bad.value.message, "pt-BR")
    assert spec.key in told and "no-such-value" in told and all(value in told for value, _ in spec.choices)


@pytest.mark.parametrize("game_id", sorted(PARSERS))
@pytest.mark.parametrize("action_id", ["", "nonsense", "x" * 64, "visit.", ".", "-", "card-", "1"])
def test_an_id_no_action_has_is_refused(game_id, action_id):
    with pytest.raises(IllegalAction):
        PARSERS[game_id](action_id)
