"""Plays a whole game with AI seats through the engine and draws every move, with no Discord."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from render import render
from render.replay import animate
from rules import GAMES
from rules.core import t

from . import texts as _texts  # noqa: F401  (the AI seats are named in the catalogue)


def run(game_id: str, players: int, seed: int, out: Path, locale: str = "en",
        options: dict[str, str] | None = None, pictures: bool = True) -> dict:
    engine = GAMES[game_id]
    out.mkdir(parents=True, exist_ok=True)
    names = [t("ai.name", locale, n=i + 1) for i in range(players)]
    state = engine.new_game(players, seed, options)

    def draw(step_state, index: int) -> None:
        if pictures:
            png = render(game_id, engine.view(step_state, None), locale=locale, names=names)
            (out / f"move-{index:04d}.png").write_bytes(png)

    draw(state, 0)
    log: list[tuple[int, str]] = []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        action_id = engine.ai_action(state, seat)
        state = engine.apply(state, seat, action_id)
        log.append((seat, action_id))
        draw(state, len(log))
    outcome = engine.outcome(state)
    assert outcome is not None
    replay_frames = 0
    if pictures:  # the same animation /game replay posts, from the pictures just drawn
        title = f"{engine.title} — {t('demo.title', locale, seed=seed)}"

        def picture(i: int) -> tuple[bytes, str]:
            return ((out / f"move-{i:04d}.png").read_bytes(),
                    t("replay.caption", locale, game=title, n=i, total=len(log)))

        gif, replay_frames = animate(len(log) + 1, picture)
        (out / "replay.gif").write_bytes(gif)
    summary = {
        "game": game_id,
        "players": players,
        "seed": seed,
        "options": state.options,
        "actions": len(log),
        "replay_frames": replay_frames,
        "scores": [
            {
                "seat": r.seat,
                "name": names[r.seat] if r.seat is not None else (t(r.name, locale) if r.name else None),
                "score": r.score,
                "breakdown": {t(k, locale): v for k, v in r.breakdown.items()},
                "rank": r.rank,
                "winner": r.winner,
            }
            for r in outcome.results
        ],
        "winners": [names[s] for s in outcome.winners],
        "log": [[seat, action] for seat, action in log],
    }
    (out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8")
    return summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot demo",
                                     description="Play a whole game with AI seats and write a PNG per move.")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("demo-out"))
    parser.add_argument("--locale", choices=["en", "pt-BR"], default="en")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    engine = GAMES[args.game]
    players = args.players or engine.min_players
    options = dict(o.split("=", 1) for o in args.option)
    summary = run(args.game, players, args.seed, args.out, args.locale, options)
    print(json.dumps({k: v for k, v in summary.items() if k != "log"}, ensure_ascii=False, indent=2))
    print(f"{summary['actions'] + 1} pictures, replay.gif and summary.json in {args.out}")
    return 0
