"""Plays a whole game with AI seats through the engine and draws every move, with no Discord."""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from render import render
from render.replay import animate
from rules import GAMES
from rules.core import Engine, GameState, RuleError, t

from . import texts as _texts  # noqa: F401  (the AI seats are named in the catalogue)


def run(
    game_id: str,
    players: int,
    seed: int,
    out: Path,
    locale: str = "en",
    options: dict[str, str] | None = None,
    pictures: bool = True,
) -> dict[str, Any]:
    engine = GAMES[game_id]
    out.mkdir(parents=True, exist_ok=True)
    names = [t("ai.name", locale, n=i + 1) for i in range(players)]
    state = engine.new_game(players, seed, options)

    def draw(step_state: GameState, index: int) -> None:
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
            return (
                (out / f"move-{i:04d}.png").read_bytes(),
                t("replay.caption", locale, game=title, n=i, total=len(log)),
            )

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


def games_help() -> str:
    """Every game with its player counts and the ``--option`` keys and values of its engine."""
    lines = ["games, players and options (--option KEY=VALUE; the first value is the default):"]
    for game_id, engine in sorted(GAMES.items()):
        lines.append(f"  {game_id}  {engine.min_players}-{engine.max_players} players")
        for spec in engine.option_specs:
            values = [spec.default] + [v for v, _ in spec.choices if v != spec.default]
            lines.append(f"      {spec.key}={'|'.join(values)}  ({t(spec.label, 'en')})")
    return "\n".join(lines) + "\n"


def _options(parser: argparse.ArgumentParser, engine: Engine[Any], players: int, given: list[str]) -> dict[str, str]:
    """The ``--option`` values, each checked against the engine's option specs (or a clear error)."""
    if not engine.min_players <= players <= engine.max_players:
        parser.error(f"{engine.title} is played by {engine.min_players} to {engine.max_players} players, not {players}")
    specs = {spec.key: spec for spec in engine.option_specs}
    options: dict[str, str] = {}
    for item in given:
        key, equals, value = item.partition("=")
        if not equals:
            parser.error(f"--option takes KEY=VALUE, not {item!r}")
        if key not in specs:
            known = ", ".join(specs) or "none"
            parser.error(f"{engine.title} has no option {key!r} (its options: {known})")
        values = [v for v, _ in specs[key].choices]
        if value not in values:
            parser.error(f"{engine.title}'s option {key} is one of {', '.join(values)}, not {value!r}")
        options[key] = value
    try:
        engine.check_options(players, options)
    except RuleError as error:
        parser.error(t(error.message, "en"))
    return options


def _writable(parser: argparse.ArgumentParser, out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        parser.error(f"cannot write in {out}: {exc.strerror or exc}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play a whole game with AI seats and write a PNG per move.",
        epilog=games_help(),
    )
    parser.add_argument(
        "game",
        type=str.lower,
        choices=sorted(GAMES),
        metavar="GAME",
        help=f"the game: {', '.join(sorted(GAMES))} (in any case)",
    )
    parser.add_argument("--players", type=int, default=None, help="how many AI seats (default: the fewest)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("demo-out"), help="the folder for the pictures")
    parser.add_argument("--locale", choices=["en", "pt-BR"], default="en")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a variant of the game (see below); may be repeated",
    )
    parser.add_argument("--no-pictures", action="store_true", help="write only summary.json (no pictures, no replay)")
    args = parser.parse_args(argv)
    engine = GAMES[args.game]
    players = engine.min_players if args.players is None else args.players
    options = _options(parser, engine, players, args.option)
    _writable(parser, args.out)
    summary = run(args.game, players, args.seed, args.out, args.locale, options, pictures=not args.no_pictures)
    print(json.dumps({k: v for k, v in summary.items() if k != "log"}, ensure_ascii=False, indent=2))
    if args.no_pictures:
        print(f"summary.json in {args.out}")
    else:
        print(f"{summary['actions'] + 1} pictures, replay.gif and summary.json in {args.out}")
    return 0
