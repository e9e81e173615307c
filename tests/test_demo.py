"""``python -m bot demo``: a whole AI game without Discord, a picture per move and a summary."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules import GAMES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", sorted(GAMES))
def test_demo_plays_a_whole_game_and_writes_pictures_and_summary(game, tmp_path):
    engine = GAMES[game]
    players = engine.min_players + (1 if engine.max_players > engine.min_players else 0)
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", game, "--players", str(players), "--seed", "7", "--out", str(out),
         "--locale", "pt-BR"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["game"] == game and summary["players"] == players and summary["seed"] == 7
    pictures = sorted(out.glob("move-*.png"))
    assert len(pictures) == summary["actions"] + 1 and pictures[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    seats = [s for s in summary["scores"] if s["seat"] is not None]
    assert len(seats) == players
    assert all(sum(s["breakdown"].values()) == s["score"] for s in summary["scores"])
    assert summary["winners"] and all(w.startswith("IA ") for w in summary["winners"])
    # The seed and the log replay the same game, to the same scores.
    final = engine.replay(players, 7, summary["options"], [tuple(x) for x in summary["log"]])
    outcome = engine.outcome(final)
    assert sorted((r.seat is None, r.seat or 0, r.score) for r in outcome.results) == sorted(
        (s["seat"] is None, s["seat"] or 0, s["score"]) for s in summary["scores"])
    assert "summary.json" in done.stdout
    # The replay beside the pictures: a GIF with a frame per move (long games subsampled), under 8 MB.
    from PIL import Image

    replay = out / "replay.gif"
    with Image.open(replay) as gif:
        assert gif.format == "GIF" and gif.n_frames == summary["replay_frames"] == min(len(pictures), 300)
    assert replay.stat().st_size < 8_000_000
