"""Games stored by an earlier Mesa still load and replay: the same states, byte for byte.

``data/stored_games.json`` holds games written before the engines parsed their action ids into typed
values and typed their phases: each game's players, seed, options, action log, and its state as JSON
(what the database keeps) at a few steps. A stored state loads and is written back unchanged, and
the stored log replays through today's engines to the same states, so the action ids (in buttons,
logs and replays) and the state's JSON kept their form.

A change to the rules that is meant to change stored games writes the file again:
``python tests/test_stored_games.py``.

``data/<game>_stored.sqlite`` is a database the release before the game's fields were renamed (53977e7)
wrote through its own service, with games stopped where each key of the state holds something
(``data/make_stored_database.py`` made it): today's bot opens it, reads every game as stored and plays
on.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.service.games import GameService
from bot.settings import Settings
from bot.storage import ACTIVE, FINISHED, Database
from rules import GAMES
from rules.atlandice.state import AtlandiceState, Task
from rules.core import play
from rules.engis.state import Clan, EngisState
from rules.neanderthal.state import NeanderthalState, Wife
from rules.neanderthal.state import Player as Tribe
from rules.pergamemnon.state import Battle, Nation, PergState
from tests.data.make_stored_database import filled  # how the databases' games were chosen

DATA = Path(__file__).resolve().parent / "data" / "stored_games.json"
GUILD = 7 << 22  # the guild the databases' games were played in
# Per game kept in a database: its models whose fields may be renamed in code, by the prefix ``filled``
# gives their keys (a model inside the state under its key, ``ps.``).
STORED_MODELS: dict[str, dict[str, type[BaseModel]]] = {
    "atlandice": {"": AtlandiceState, "tasks.": Task},
    "engis": {"": EngisState, "ps.": Clan},
    "neanderthal": {"": NeanderthalState, "ps.": Tribe, "wives.": Wife},
    "pergamemnon": {"": PergState, "ps.": Nation, "battle.": Battle},
}
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


def _stored_keys(models: dict[str, type[BaseModel]]) -> set[str]:
    """The stored keys of the fields renamed in code (``Field(alias=...)``), as ``filled`` names them."""
    return {
        prefix + field.alias for prefix, model in models.items() for field in model.model_fields.values() if field.alias
    }


@pytest.mark.parametrize("game_id", sorted(STORED_MODELS))
async def test_games_a_release_stored_in_its_database_load_and_play_on(game_id, tmp_path):
    """Each game reads back exactly as stored (a renamed field reads its stored key, loses nothing), is
    the position its stored log replays to today, and plays on through the service (each move stored and
    read again), then to its end; every field renamed in code held something in some stored game."""
    path = tmp_path / "stored.sqlite"
    shutil.copy(DATA.parent / f"{game_id}_stored.sqlite", path)
    db = await Database.open(str(path))
    service = GameService(db, Settings(ai_processes=0, reminder_delay=3600))
    engine = GAMES[game_id]
    seen: set[str] = set()
    try:
        games = await db.games_of_guild(GUILD, (ACTIVE, FINISHED))
        assert len(games) >= 3 and {game.game for game in games} == {game_id}
        for game in games:
            state = service.state_of(game)
            assert engine.dump(state) == game.state, game.id
            seen |= filled(json.loads(game.state))
            log = [(row["seat"], row["action_id"]) for row in await db.action_log(game.id) if not row["undone_at"]]
            assert engine.replay(len(game.seats), game.seed, game.options, log) == state, game.id
            for _ in range(6):  # the people play on, each move stored and read again
                if engine.is_over(state):
                    break
                seat = engine.to_act(state)[0]
                action_id = engine.ai_action(state, seat, "easy")
                result = await service.act(game.id, game.seats[seat].user_id, game.version, action_id)
                game = await service.load(game.id)
                state = service.state_of(game)
                assert state == result.state and engine.dump(state) == game.state
            while not engine.is_over(state):
                seat = engine.to_act(state)[0]
                state = engine.apply(state, seat, engine.legal_actions(state, seat)[0].id)
            assert engine.outcome(state) is not None
    finally:
        await db.close()
    renamed = _stored_keys(STORED_MODELS[game_id])
    assert renamed and renamed <= seen, sorted(renamed - seen)


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
