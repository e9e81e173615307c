"""``python -m bot demo``: a whole AI game without Discord, a picture per move and a summary."""

import json
import sys
from pathlib import Path

import pytest
from spawned import run

from rules import GAMES

ROOT = Path(__file__).resolve().parent.parent


# The game whose demo also writes its pictures and replay in the default run (its game is the shortest): the
# pictures are drawn by the game's own module, which tests/test_pictures.py draws along a whole game of every
# game; with --runslow, every game's demo writes them.
PICTURED = "atlandice"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_demo_plays_a_whole_game_and_writes_pictures_and_summary(game, tmp_path, request):
    engine = GAMES[game]
    players = engine.min_players + (1 if engine.max_players > engine.min_players else 0)
    pictures = game == PICTURED or request.config.getoption("--runslow")
    out = tmp_path / "out"
    argv = ["demo", game, "--players", str(players), "--seed", "7", "--out", str(out), "--locale", "pt-BR"]
    done = run(
        [sys.executable, "-m", "bot", *argv, *([] if pictures else ["--no-pictures"])],
        cwd=ROOT,
        timeout=300,
        check=True,
    )
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["game"] == game and summary["players"] == players and summary["seed"] == 7
    seats = [s for s in summary["scores"] if s["seat"] is not None]
    assert len(seats) == players
    assert all(sum(s["breakdown"].values()) == s["score"] for s in summary["scores"])
    assert summary["winners"] and all(w.startswith("IA ") for w in summary["winners"])
    # The seed and the log replay the same game, to the same scores.
    final = engine.replay(players, 7, summary["options"], [tuple(x) for x in summary["log"]])
    outcome = engine.outcome(final)
    assert sorted((r.seat is None, r.seat or 0, r.score) for r in outcome.results) == sorted(
        (s["seat"] is None, s["seat"] or 0, s["score"]) for s in summary["scores"]
    )
    assert "summary.json" in done.stdout
    if not pictures:
        assert not list(out.glob("move-*.png")) and not (out / "replay.gif").exists()
        return
    drawn = sorted(out.glob("move-*.png"))
    assert len(drawn) == summary["actions"] + 1 and drawn[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The replay beside the pictures: a GIF with a frame per move (long games subsampled), under 8 MB.
    from PIL import Image

    replay = out / "replay.gif"
    with Image.open(replay) as gif:
        assert gif.format == "GIF" and gif.n_frames == summary["replay_frames"] == min(len(drawn), 300)
    assert replay.stat().st_size < 8_000_000


def _refused(capsys, *argv: str) -> str:
    from bot.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["demo", *argv])
    assert stopped.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("players", ["0", "9", "-1"])
def test_demo_says_the_allowed_player_counts(capsys, tmp_path, players):
    line = _refused(capsys, "engis", "--players", players, "--out", str(tmp_path))
    engine = GAMES["engis"]
    assert f"{engine.min_players} to {engine.max_players} players, not {players}" in line
    assert not list(tmp_path.iterdir())


def test_demo_lists_the_valid_option_keys_and_values(capsys, tmp_path):
    specs = {spec.key: spec for spec in GAMES["engis"].option_specs}
    unknown = _refused(capsys, "engis", "--option", "colour=red", "--out", str(tmp_path))
    assert "'colour'" in unknown and all(key in unknown for key in specs)
    key = next(iter(specs))
    wrong = _refused(capsys, "engis", "--option", f"{key}=nonsense", "--out", str(tmp_path))
    assert "'nonsense'" in wrong and all(value in wrong for value, _ in specs[key].choices)
    assert "KEY=VALUE" in _refused(capsys, "engis", "--option", key, "--out", str(tmp_path))


def test_demo_refuses_an_out_folder_it_cannot_write(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert f"cannot write in {blocker / 'out'}" in _refused(capsys, "atlandice", "--out", str(blocker / "out"))


def test_demo_takes_game_names_in_any_case(capsys, tmp_path):
    from bot.__main__ import main

    assert main(["demo", "ATLANDICE", "--players", "2", "--out", str(tmp_path), "--no-pictures"]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["game"] == "atlandice" and summary["players"] == 2 and not list(tmp_path.glob("*.png"))
    assert "invalid choice: 'chess'" in _refused(capsys, "Chess", "--out", str(tmp_path))


def test_demo_help_lists_every_game_option_key_and_value():
    done = run(
        [sys.executable, "-m", "bot", "demo", "--help"],
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    for game_id, engine in GAMES.items():
        start = lines.index(f"  {game_id}  {engine.min_players}-{engine.max_players} players")
        section = lines[start + 1 : start + 1 + len(engine.option_specs)]
        for spec, line in zip(engine.option_specs, section, strict=True):
            assert line.strip().startswith(f"{spec.key}=") and all(v in line for v, _ in spec.choices), line
