"""``python -m bench``: machine-dependent figures, printed as tables.

    python -m bench [GAME ...]                 click latency, render and AI games/s per game (the overview)
    python -m bench engine [GAME ...]          full AI games/s at each game's largest player count
    python -m bench load [--games N --rate R]  N concurrent games clicked through the real bot

``engine`` and ``load`` take ``--against [REF]``: the same measurement, in the same run, on REF (default:
the merge-base of HEAD with main) and on this tree, side by side with the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys

from rules import GAMES

from . import against, latency
from . import engine as engine_bench


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (choose from {', '.join(sorted(GAMES))})")
    args.games = args.games or sorted(GAMES)
    return args


def _quiet() -> None:
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)


def overview(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on AI games per player count")
    args = _parse(parser, argv)
    _quiet()
    print("Machine-dependent figures; targets on a 2-core machine: p95 click→board < 150 ms, render < 60 ms.\n")
    for game in args.games:
        engine = GAMES[game]
        print(f"== {engine.title} ({game})")
        lat = asyncio.run(latency.click_latency(game, clicks=args.clicks))
        print(f"click → board posted: median {lat['click_median_ms']:.1f} ms, p95 {lat['click_p95_ms']:.1f} ms"
              f" over {lat['clicks']} clicks (fake Discord, real bot, SQLite, Pillow)")
        r = engine_bench.render_figures(game, engine.max_players)
        print(f"render ({engine.max_players} players): median {r['render_median_ms']:.1f} ms, "
              f"p95 {r['render_p95_ms']:.1f} ms; PNG median {r['png_median_kb']:.0f} kB, max {r['png_max_kb']:.0f} kB")
        for players in range(engine.min_players, engine.max_players + 1):
            e = engine_bench.engine_figures(game, players, args.seconds)
            print(f"full AI games, {players} players: {e['games_per_s']:.1f} games/s "
                  f"({e['actions_per_game']:.0f} actions a game)")
        print()


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def _engine_cases(args: argparse.Namespace) -> list[tuple[str, int]]:
    cases = []
    for game in args.games:
        engine = GAMES[game]
        counts = [args.players] if args.players else [engine.max_players]
        if args.all_counts:
            counts = list(range(engine.min_players, engine.max_players + 1))
        cases += [(game, n) for n in counts if engine.min_players <= n <= engine.max_players]
    return cases


def engine_cmd(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine",
                                     description="Full AI games per CPU second (seeds 1000, 1001, ...).")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--players", type=int, help="this player count (default: each game's largest)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent per game and player count")
    parser.add_argument("--against", nargs="?", const="", metavar="REF",
                        help="also measure REF (default: the merge-base with main) and print both")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = _parse(parser, argv)
    cases = _engine_cases(args)
    if args.json:
        print(json.dumps([{"game": g, "players": n, **engine_bench.engine_figures(g, n, args.seconds)}
                          for g, n in cases]))
        return
    if args.against is None:
        rows = []
        for game, players in cases:
            e = engine_bench.engine_figures(game, players, args.seconds)
            rows.append([f"{GAMES[game].title} {players}p", f"{e['games_per_s']:.1f}", f"{e['actions_per_s']:.0f}",
                         f"{e['actions_per_game']:.0f}"])
        print(_table(["game", "games/s", "actions/s", "actions/game"], rows))
        return
    commit, named = against.resolve(args.against or None)
    rows = []
    with against.tree(commit) as ref_root:
        for game, players in cases:
            sub = [game, "--players", str(players), "--seconds", str(args.seconds)]
            before = against.run_side(ref_root, ["engine", *sub])[0]
            after = against.run_side(against.HERE, ["engine", *sub])[0]
            rows.append([f"{GAMES[game].title} {players}p", f"{before['games_per_s']:.1f}",
                         f"{after['games_per_s']:.1f}", against.ratio(after["games_per_s"], before["games_per_s"], True),
                         "yes" if before["games"] == after["games"] else "NO"])
    print(f"Full AI games per CPU second; before = {named}, after = this tree ({args.seconds:g} s each, same seeds).")
    print(_table(["game", "before", "after", "ratio", "same games"], rows))


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    commands = {"engine": engine_cmd}
    try:
        if argv and argv[0] in commands:
            commands[argv[0]](argv[1:])
        else:
            overview(argv)
    except against.CompareError as exc:
        sys.exit(f"python -m bench: {exc}")


if __name__ == "__main__":
    main()
