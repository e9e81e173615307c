"""Games stored by an earlier Mesa still load and replay: the same states, byte for byte.

``data/stored_games.json`` holds games written before the engines parsed their action ids into typed
values and typed their phases: each game's players, seed, options, action log, and its state as JSON
(what the database keeps) at a few steps. A stored state loads and is written back unchanged, and
the stored log replays through today's engines to the same states, so the action ids (in buttons,
logs and replays) and the state's JSON kept their form.

A change to the rules that is meant to change stored games writes the file again:
``python tests/test_stored_games.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import GAMES
from rules.core import play

DATA = Path(__file__).resolve().parent / "data" / "stored_games.json"
STORED = json.loads(DATA.read_text(encoding="utf-8"))
GAMES_KEPT = [
    ("atlandice-3", "atlandice", 3, 11, {}),
    ("engis-2", "engis", 2, 11, {}),
    ("engis-1", "engis", 1, 11, {}),
    ("pergamemnon-3", "pergamemnon", 3, 11, {}),
    ("neanderthal-3", "neanderthal", 3, 11, {}),
    ("neanderthal-1", "neanderthal", 1, 11, {}),
    ("neanderthal-2-matrix", "neanderthal", 2, 11, {"map": "matrix"}),
    ("neanderthal-3-hominids", "neanderthal", 3, 11, {"scenario": "hominids"}),
    ("neanderthal-2-giant-wurm", "neanderthal", 2, 11, {"scenario": "giant_wurm"}),
]


def test_every_game_is_kept():
    assert sorted(STORED) == sorted(name for name, *_ in GAMES_KEPT)
    assert {stored["game"] for stored in STORED.values()} == set(GAMES)


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_stored_state_loads_and_is_written_back_unchanged(name):
    stored = STORED[name]
    engine = GAMES[stored["game"]]
    for text in stored["states"].values():
        assert engine.dump(engine.load(text)) == text


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_stored_log_replays_to_the_stored_states(name):
    stored = STORED[name]
    engine = GAMES[stored["game"]]
    state = engine.new_game(stored["players"], stored["seed"], stored["options"])
    for seat, action_id in stored["log"]:
        state = engine.apply(state, seat, action_id)
        if str(state.step) in stored["states"]:
            assert engine.dump(state) == stored["states"][str(state.step)], state.step
    assert engine.is_over(state) and str(state.step) in stored["states"]


def _write() -> None:
    """Plays the kept games again (random and AI seats) and writes their logs and states."""
    out = {}
    for name, game_id, players, seed, options in GAMES_KEPT:
        engine = GAMES[game_id]
        final, log = play(engine, players, seed, options, policy="mixed")
        marks = {len(log) // 3, 2 * len(log) // 3, len(log)}
        states = {}
        state = engine.new_game(players, seed, options)
        for seat, action_id in log:
            state = engine.apply(state, seat, action_id)
            if state.step in marks:
                states[str(state.step)] = engine.dump(state)
        assert state == final
        out[name] = {
            "game": game_id,
            "players": players,
            "seed": seed,
            "options": options,
            "log": log,
            "states": states,
        }
    DATA.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write()
