"""``python -m bot replay-file game.json --out DIR``: a game file (``/game export``) drawn offline, a
picture per move, the animated GIF ``/game replay`` would post and a ``summary.json``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from render import render
from render.replay import animate
from rules.core import RuleError, t

from . import texts as _texts  # noqa: F401  (the refusals and captions are in the catalogue)
from .service import export


def run(path: Path, out: Path, locale: str | None = None) -> dict[str, Any]:
    """Checks and replays the file, then writes ``move-NNNN.png`` per position, ``replay.gif`` and
    ``summary.json`` in ``out``; RuleError (a UserError) says why a file is refused."""
    file = export.read(path.read_bytes())
    replayed = export.replay(file, keep_states=True)
    engine = replayed.engine
    locale = locale or file.locale
    names = [p.name or t("ai.name", locale, n=p.seat + 1) for p in file.players]
    out.mkdir(parents=True, exist_ok=True)
    for i, state in enumerate(replayed.states):
        png = render(engine.id, engine.view(state, None), locale=locale, names=names)
        (out / f"move-{i:04d}.png").write_bytes(png)
    title = f"{engine.title} #{file.id}" if file.id is not None else engine.title
    last = len(replayed.states) - 1

    def picture(i: int) -> tuple[bytes, str]:
        return (out / f"move-{i:04d}.png").read_bytes(), t("replay.caption", locale, game=title, n=i, total=last)

    gif, frames = animate(len(replayed.states), picture)
    (out / "replay.gif").write_bytes(gif)
    outcome = engine.outcome(replayed.state)
    summary = {
        "game": file.game,
        "id": file.id,
        "rules_version": file.rules_version,
        "players": names,
        "seed": file.seed,
        "options": replayed.state.options,
        "moves": len(file.moves),
        "pictures": len(replayed.states),
        "replay_frames": frames,
        "over": outcome is not None,
        "scores": None
        if outcome is None
        else [{"seat": r.seat, "score": r.score, "rank": r.rank, "winner": r.winner} for r in outcome.results],
    }
    (out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8")
    return summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot replay-file",
        description="Draw a game file written by /game export: a PNG per move, replay.gif and summary.json.",
    )
    parser.add_argument("file", type=Path, help="the JSON file /game export gave")
    parser.add_argument("--out", type=Path, default=Path("replay-out"), help="the folder for the pictures")
    parser.add_argument("--locale", choices=["en", "pt-BR"], default=None, help="default: the game's language")
    args = parser.parse_args(argv)
    try:
        summary = run(args.file, args.out, args.locale)
    except OSError as exc:
        print(f"mesa replay-file: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except RuleError as error:  # the file is refused: the same sentence /game import gives
        print(f"mesa replay-file: {args.file}: {t(error.message, args.locale or 'en')}", file=sys.stderr)
        return 1
    print(f"{summary['pictures']} pictures, replay.gif and summary.json in {args.out}")
    return 0
