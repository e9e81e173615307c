"""``python -m bench``: machine-dependent figures, printed as tables.

    python -m bench [GAME ...]                 click latency, render and AI games/s per game (the overview)
    python -m bench engine [GAME ...]          full AI games/s at each game's largest player count
    python -m bench load [--games N --rate R]  N concurrent games clicked through the real bot
                     [--spectators S]          ... also with S live spectator pages open (click→board, click→page)
    python -m bench ai [GAME ...]              the AI strengths' win rates, scores and thinking time
    python -m bench replay [GAME ...]          what /game replay costs for a whole AI game: frames, MB, seconds
                     [--formats]               ... the same frames as GIF, animated WebP and MP4: MB, PSNR, seconds
    python -m bench render [GAME ...]          CPU ms a board picture over the mix the bot's picture worker draws
    python -m bench outage [--runs N --slow]   seconds the games stay stuck after PostgreSQL fails (the outage tests)

``engine``, ``load``, ``render`` and ``ai`` take ``--against [REF]``: the same measurement, in the same run, on REF
(default: the merge-base of HEAD with main) and on this tree, side by side with the ratio; ``load --spectators`` with
it runs both bots in one run, their turns with and without the pages interleaved, and prints what the pages cost
each. A commit whose bot this benchmark cannot drive (older than its storage package) is measured by its own bench.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from rules import GAMES

from . import against
from . import engine as engine_bench
from .tables import table


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (choose from {', '.join(sorted(GAMES))})")
    args.games = args.games or sorted(GAMES)
    return args


def _against(parser: argparse.ArgumentParser, what: str) -> None:
    """``--against [REF]``: the same measurement on REF (by default the merge-base with main) in the same run."""
    parser.add_argument("--against", nargs="?", const="", metavar="REF", help=what)


def _again(args: argparse.Namespace, *options: str) -> list[str]:
    """The command line giving ``options`` their values in ``args``: what measures the same on the other side
    of ``--against`` (a list's values follow their option; an option without a value is left out)."""
    argv: list[str] = []
    for option in options:
        value = getattr(args, option.removeprefix("--").replace("-", "_"))
        if value is not None and value != []:
            argv += [option, *map(str, value if isinstance(value, list) else [value])]
    return argv


def _quiet() -> None:
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)


def overview(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__,
        epilog="`python -m bench COMMAND --help` tells a command's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on AI games per player count")
    args = _parse(parser, argv)
    from . import latency  # runs the bot against the fake Discord: only the overview needs them

    _quiet()
    print("Machine-dependent figures; targets on a 2-core machine: p95 click→board < 150 ms, render < 60 ms.\n")
    for game in args.games:
        engine = GAMES[game]
        print(f"== {engine.title} ({game})")
        lat = asyncio.run(latency.click_latency(game, clicks=args.clicks))
        print(
            f"click → board posted: median {lat['click_median_ms']:.1f} ms, p95 {lat['click_p95_ms']:.1f} ms"
            f" over {lat['clicks']} clicks (fake Discord, real bot, SQLite, Pillow)"
        )
        r = engine_bench.render_figures(game, engine.max_players)
        print(
            f"render ({engine.max_players} players): median {r['render_median_ms']:.1f} ms, "
            f"p95 {r['render_p95_ms']:.1f} ms; PNG median {r['png_median_kb']:.0f} kB, max {r['png_max_kb']:.0f} kB"
        )
        for players in range(engine.min_players, engine.max_players + 1):
            e = engine_bench.engine_figures(game, players, args.seconds)
            print(
                f"full AI games, {players} players: {e['games_per_s']:.1f} games/s "
                f"({e['actions_per_game']:.0f} actions a game)"
            )
        print()


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
    parser = argparse.ArgumentParser(
        prog="python -m bench engine", description="Full AI games per CPU second (seeds 1000, 1001, ...)."
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--players", type=int, help="this player count (default: each game's largest)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent per game and player count")
    _against(parser, "also measure REF (default: the merge-base with main) and print both")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = _parse(parser, argv)
    cases = _engine_cases(args)
    if args.json:
        print(
            json.dumps([{"game": g, "players": n, **engine_bench.engine_figures(g, n, args.seconds)} for g, n in cases])
        )
        return
    if args.against is None:
        rows = []
        for game, players in cases:
            e = engine_bench.engine_figures(game, players, args.seconds)
            rows.append(
                [
                    f"{GAMES[game].title} {players}p",
                    f"{e['games_per_s']:.1f}",
                    f"{e['actions_per_s']:.0f}",
                    f"{e['actions_per_game']:.0f}",
                ]
            )
        print(table(["game", "games/s", "actions/s", "actions/game"], rows))
        return
    commit, named = against.resolve(args.against or None)
    rows = []
    with against.tree(commit) as ref_root:
        for game, players in cases:
            sub = [game, "--players", str(players), *_again(args, "--seconds")]
            before = against.run_side(ref_root, ["engine", *sub])[0]
            after = against.run_side(against.HERE, ["engine", *sub])[0]
            rows.append(
                [
                    f"{GAMES[game].title} {players}p",
                    f"{before['games_per_s']:.1f}",
                    f"{after['games_per_s']:.1f}",
                    against.ratio(after["games_per_s"], before["games_per_s"], True),
                    "yes" if before["games"] == after["games"] else "NO",
                ]
            )
    print(f"Full AI games per CPU second; before = {named}, after = this tree ({args.seconds:g} s each, same seeds).")
    print(table(["game", "before", "after", "ratio", "same games"], rows))


def _ms(value: float) -> str:
    return "-" if value != value else f"{value:.0f}"


def _load_rows(result: dict) -> list[list[str]]:
    return [
        [
            f"{p['rate']:g}",
            f"{p['achieved']:.1f}",
            str(p["clicks"]),
            _ms(p["p50"]),
            _ms(p["p95"]),
            _ms(p["p99"]),
            _ms(p["ack_p50"]),
            _ms(p["ack_p99"]),
            str(p["errors"]),
            f"{p['bot_cpu_ms']:.1f}",
            _cpu(p.get("db_cpu_ms", math.nan)),
            _cpu(p.get("trips", math.nan)),
            f"{p['fake_cpu_ms']:.1f}",
            _cpu(p.get("gc_ms", math.nan)),
            _ms(p.get("gc_longest_ms", math.nan)),
        ]
        for p in result["phases"]
    ]


def _cpu(value: float) -> str:
    return "-" if value != value else f"{value:.1f}"


LOAD_HEADER = [
    "clicks/s",
    "achieved",
    "clicks",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "ack p50",
    "ack p99",
    "errors",
    "bot CPU ms/click",
    "db CPU ms/click",
    "db trips/click",
    "fake CPU ms/click",
    "bot GC ms/click",
    "longest GC ms",
]


SPECTATOR_HEADER = [
    "clicks/s",
    "spectators",
    "achieved",
    "clicks",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "errors",
    "bot CPU ms/click (its workers)",
    "fake CPU ms/click",
    "browsers CPU ms/click",
    "machine busy % (stolen)",
    "page updates",
    "page p50",
    "page p95",
    "picture p50",
    "picture p95",
]


def _busy(phase: dict) -> str:
    """How busy the machine's CPUs were over a phase, and the part the hypervisor took."""
    busy, steal = phase.get("machine_busy", math.nan), phase.get("machine_steal", math.nan)
    return "-" if busy != busy else f"{busy * 100:.0f} ({steal * 100:.0f})"


def _spectator_rows(result: dict) -> list[list[str]]:
    return [
        [
            f"{p['rate']:g}",
            f"{p['spectators']} on {result['watched']} games" if p["spectators"] else "0",
            f"{p['achieved']:.1f}",
            str(p["clicks"]),
            _ms(p["p50"]),
            _ms(p["p95"]),
            _ms(p["p99"]),
            str(p["errors"]),
            f"{p['bot_cpu_ms']:.1f} ({p.get('workers_cpu_ms', math.nan):.1f})",
            f"{p['fake_cpu_ms']:.1f}",
            f"{p.get('pages_cpu_ms', 0.0):.1f}",
            _busy(p),
            str(p["page_updates"]),
            _ms(p["page_p50"]),
            _ms(p["page_p95"]),
            _ms(p["picture_p50"]),
            _ms(p["picture_p95"]),
        ]
        for p in result["phases"]
    ]


BROWSERS = "The pages' browsers run in a process of their own, at the lowest CPU priority (browsers CPU)."


def _pages_cost(without: dict, watching: dict) -> tuple[float, float, float, float]:
    """What the pages cost at one rate (its phases without and with them): the click→board p95 with them over
    without, the median of the rounds' ratios, and the bot CPU ms a click they cost, in all and in its own
    process (without its workers)."""
    ratios = watching.get("round_ratios") or []
    cpu = watching["bot_cpu_ms"] - without["bot_cpu_ms"]
    return (
        watching["p95"] / without["p95"] if without["p95"] else math.nan,
        statistics.median(ratios) if ratios else math.nan,
        cpu,
        cpu - watching["workers_cpu_ms"] + without["workers_cpu_ms"],
    )


def _spectator_summary(result: dict) -> list[str]:
    from . import load as load_bench

    lines = []
    phases = result["phases"]
    for without, watching in zip(phases[::2], phases[1::2], strict=True):
        ratio, _, cpu, _ = _pages_cost(without, watching)
        lines.append(
            f"{without['rate']:g} clicks/s: click→board p95 with spectators / without = {ratio:.2f}× (target ≤ 1.2×); "
            f"bot CPU per click {cpu:+.1f} ms with them; "
            f"the machine's CPUs busy {_busy(without)} % without them, {_busy(watching)} % with them; "
            f"move→page update p95 = {_ms(watching['page_p95'])} ms, with the new picture "
            f"{_ms(watching['picture_p95'])} ms (target ≤ 500 ms)"
        )
        ratios = watching.get("round_ratios") or []
        if len(ratios) > 1:
            lines.append(f"  the same ratio round by round: {_by_round(ratios)}{_interval(watching.get('interval'))}")
        if watching.get("rounds", 0) > 1:
            control = watching.get("undisturbed_control", math.nan)
            lines.append(
                f"  over the {watching['undisturbed']} of {watching['rounds']} rounds in which the host took at most "
                f"{load_bench.STOLEN:.0%} of the CPU in every phase: p95 with spectators / without = "
                f"{watching['undisturbed_ratio']:.2f}×"
                + ("" if math.isnan(control) else f"; without them twice: {control:.2f}×")
            )
        again = without.get("control_ratios") or []
        if again:
            control = without["control_p95"] / without["p95"] if without["p95"] else math.nan
            lines.append(
                f"  without them twice (--control): p95 {_ms(without['control_p95'])} ms the second time, "
                f"{control:.2f}× the first; round by round: {_by_round(again)}"
                f"{_interval(without.get('control_interval'))}"
            )
    return lines


def _interval(interval: tuple[float, float] | list[float] | None) -> str:
    """The merged ratio's 95 % interval over resampled rounds (``load.p95_interval``), if there is one."""
    if not interval or any(math.isnan(v) for v in interval):
        return ""
    return f"; the merged ratio over resampled rounds: {interval[0]:.2f}–{interval[1]:.2f}× (95 %)"


def _by_round(ratios: list[float]) -> str:
    return ", ".join(f"{r:.2f}" for r in ratios) + f" (median {statistics.median(ratios):.2f})"


def _processes(name: str, processes: int) -> str:
    return f"{name}, {processes} process{'es' if processes > 1 else ''}"


def _load_summary(result: dict) -> list[str]:
    from . import load as load_bench

    lines = [
        f"moves stored: {result['moves']}; bot RSS at start {result['rss_start_mb']:.0f} MB, "
        f"peak {result['rss_peak_mb']:.0f} MB; errors logged by the bot: {result['bot_errors']}"
    ]
    if result["first_bot_error"]:
        lines.append(f"  first: {result['first_bot_error']}")
    firsts = [p["first_error"] for p in result["phases"] if p["first_error"]]
    if firsts:
        lines.append(f"first click error: {firsts[0]}")
    if len(result["phases"]) > 1:
        lines.append(f"knee (p95 click→board over 1 s): {load_bench.knee(result['phases'])}")
    for p in result["phases"]:
        if p.get("page_clicks"):
            lines.append(
                f"at {p['rate']:g} clicks/s: {p['page_clicks']} clicks on the pages, click→board p50 "
                f"{_ms(p['page_click_p50'])} ms, p95 {_ms(p['page_click_p95'])} ms; {p['clicks']} in Discord, p50 "
                f"{_ms(p['p50'])} ms, p95 {_ms(p['p95'])} ms (page / Discord p95: "
                f"{p['page_click_p95'] / p['p95']:.2f}×)"
            )
    if len(result["memory"]) >= 3:
        warm, end = result["memory"][1], result["memory"][-1]
        lines.append(
            f"bot RSS after warm-up ({warm['moves']} moves): {warm['rss_mb']:.0f} MB; at the end "
            f"({end['moves']} moves): {end['rss_mb']:.0f} MB ({end['rss_mb'] - warm['rss_mb']:+.0f} MB)"
        )
    if result["memory"]:
        lines.append(
            table(
                ["moves", "RSS MB", "peak MB"],
                [[str(m["moves"]), f"{m['rss_mb']:.0f}", f"{m['peak_mb']:.0f}"] for m in result["memory"]],
            )
        )
    return lines


def load_cmd(argv: list[str]) -> None:
    from . import load as load_bench  # imports the bot's storage: only `bench load` needs it

    parser = argparse.ArgumentParser(
        prog="python -m bench load",
        description="Concurrent games through the real bot (its own process), fake Discord, SQLite, Pillow: "
        "open-loop Poisson clicks; click→board and ack latency, achieved rate, errors, bot RSS.",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--rate",
        type=float,
        nargs="+",
        default=[50.0],
        help="clicks per second; several rates (a sweep) also give the knee",
    )
    parser.add_argument("--sweep", action="store_true", help="the rates 25 50 75 100 125 150 (for the knee)")
    parser.add_argument("--seconds", type=float, default=60.0, help="per rate")
    parser.add_argument(
        "--moves",
        type=int,
        default=0,
        help="long mode: click at the (first) rate until the bot stored this many moves, "
        "printing its memory along the way",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument(
        "--database",
        metavar="URL",
        action="append",
        help="also run on this PostgreSQL database (empty; emptied again after), beside SQLite in the same run "
        "(with --against: both sides on it instead of SQLite); given again, on each database, all taking turns "
        "(a database each, e.g. the same server with ?synchronous_commit=off)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="with --database, also run that many bot processes sharing the shards on it, once, after the "
        "rounds (with --against: both sides with that many)",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="also measure with this many live spectator pages open (the bot serves the pages; each page has the "
        "picture of every position it is sent, in the event or fetched as its address says): each rate runs "
        "--seconds without them and --seconds with them",
    )
    parser.add_argument("--watched", type=int, default=20, help="the games the spectators watch (evenly)")
    parser.add_argument(
        "--page-clicks",
        type=float,
        default=0.0,
        metavar="SHARE",
        help="this share of the clicks (0 to 1) is made on the games' pages, signed in with Discord, beside the "
        "clicks in Discord: the same phase gives both click→board latencies",
    )
    parser.add_argument(
        "--control",
        action="store_true",
        help='a second run of the base setting takes its turn in each round too: with --database, "sqlite '
        "again\"; with --spectators, the load without them again. Its ratio to the round's first run is what the "
        "same setting gives twice, the noise the other ratios are read against",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        help="rounds of the settings' turns (with and without the pages, or the databases): --seconds is "
        "shared among them",
    )
    _against(parser, "also run it on REF (default: the merge-base with main) and print both")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rates = [25.0, 50.0, 75.0, 100.0, 125.0, 150.0] if args.sweep else args.rate
    args.databases, args.database = args.database or [], (args.database or [None])[0]
    if len(args.databases) > 1 and (args.against is not None or args.json or args.moves):
        parser.error("several --database go without --against and --moves")
    _quiet()
    if args.page_clicks and (args.spectators or args.database or args.against is not None or args.moves):
        parser.error("--page-clicks goes with neither --spectators, --database, --against nor --moves")
    if not 0 <= args.page_clicks <= 1:
        parser.error("--page-clicks is a share of the clicks, from 0 to 1")
    if args.control and (not (args.database or args.spectators) or args.against is not None):
        parser.error("--control goes with --database or --spectators, without --against")
    if args.spectators:
        if args.moves or args.database:
            parser.error("--spectators goes with neither --moves nor --database")
        if not 0 < args.watched <= args.games or args.rounds < 1:
            parser.error("--watched must be from 1 to --games, --rounds at least 1")
        _spectators(args, rates)
        return
    if args.database and args.against is None and not args.json:
        _databases(args, rates)
        return
    if args.json:
        print(
            json.dumps(
                load_bench.run(
                    args.games,
                    rates,
                    args.seconds,
                    args.seed,
                    args.moves,
                    report=lambda r: print(json.dumps(r), file=sys.stderr),
                    only=args.game,
                    database=args.database,
                    processes=args.processes if args.database else 1,
                    page_clicks=args.page_clicks,
                )
            )
        )
        return
    if args.against is None:
        print(
            f"{args.games} games, {'long run' if args.moves else f'{args.seconds:g} s a rate'}; "
            "click→board from the planned click to the new board."
        )
        result = load_bench.run(
            args.games,
            rates,
            args.seconds,
            args.seed,
            args.moves,
            report=lambda r: print("  ", r, file=sys.stderr),
            only=args.game,
            page_clicks=args.page_clicks,
        )
        print(table(LOAD_HEADER, _load_rows(result)))
        print("\n".join(_load_summary(result)))
        return
    commit, named = against.resolve(args.against or None)
    sub = [
        "load",
        *_again(args, "--games", "--seconds", "--seed", "--moves", "--database"),
        *[f"--game={g}" for g in args.game or []],
        *(_again(args, "--processes") if args.database else []),
        "--rate",
        *[str(r) for r in rates],
    ]
    with against.side(commit, "load") as found:
        against.require_options(found, "load", ["--database", "--processes"] if args.database else [])
        if args.game:
            against.require_options(found, "load", ["--game"])
        before = against.run_side(found.root, sub)
    after = against.run_side(against.HERE, sub)
    where = "SQLite" if not args.database else f"PostgreSQL, {args.processes} bot process(es)"
    same = "each side's own clicks, same seeds" if found.own_bench else "same clicks, same seeds"
    print(f"{args.games} games on {where}; before = {named}, after = this tree ({same}).")
    if found.own_bench:
        print(found.note(named))
    for name, result in (("before", before), ("after", after)):
        print(f"\n== {name}")
        print(table(LOAD_HEADER, _load_rows(result)))
        print("\n".join(_load_summary(result)))


def _spectators(args: argparse.Namespace, rates: list[float]) -> None:
    """The same load without spectators and with them, in one run (taking turns), side by side; with
    ``--against``, the same on the other tree's bot too, all four taking turns."""
    from . import load as load_bench

    def run(report, before: str = "") -> dict[str, dict]:
        parts = load_bench.interleaved(
            args.games,
            rates,
            args.seconds,
            load_bench.pages_settings(args.spectators, args.control, before),
            args.rounds,
            args.seed,
            report=report,
            only=args.game,
            watched=args.watched,
        )
        runs = load_bench.sides(parts) if before else {"after": parts}
        return {side: load_bench.pages_compared(done, rates, args.watched) for side, done in runs.items()}

    if args.against is not None:
        _spectators_against(args, run)
        return
    if args.json:
        print(json.dumps(run(report=lambda r: print(json.dumps(r), file=sys.stderr))["after"]))
        return
    print(
        f"{args.games} games; {args.spectators} live pages on {args.watched} of them, each with the picture of "
        f"every position it is sent; {args.seconds:g} s a rate without and {args.seconds:g} s with them, on one bot "
        f"and its games (serving the pages throughout; they are opened for its turns with them), taking turns in "
        f"{args.rounds} rounds, each in the next order of the settings. click→board, page update (the stream's "
        "event at the page) and picture (the new picture at the page: in the event, or fetched if the event gave "
        "its address) from the planned click. " + BROWSERS
    )
    started = time.perf_counter()
    result = run(report=lambda r: print("  ", r, file=sys.stderr))["after"]
    print(table(SPECTATOR_HEADER, _spectator_rows(result)))
    print("\n".join(_spectator_summary(result)))
    print("\n".join(_load_summary(result)))
    print(f"the whole run took {time.perf_counter() - started:.0f} s (setting up the games: {result['setup_s']:.0f} s)")


def _spectators_against(args: argparse.Namespace, run) -> None:
    """``--spectators`` with ``--against``: the pages' cost on REF's bot and on this tree's, in one run."""
    commit, named = against.resolve(args.against or None)
    print(
        f"{args.games} games; {args.spectators} live pages on {args.watched} of them, on two bots taking turns: "
        f"before = {named}, after = this tree. Each runs {args.seconds:g} s a rate without the pages and "
        f"{args.seconds:g} s with them, the four settings taking turns in {args.rounds} rounds (each in the next "
        "order); in a round each gets the same clicks at the same times. " + BROWSERS
    )
    started = time.perf_counter()
    with against.tree(commit) as root:
        if not against.drives(root, "load"):
            raise against.CompareError(
                f"{named}: this benchmark cannot drive that bot's storage, and --spectators --against runs both "
                "bots in its own turns (take a commit with the spectator pages)"
            )
        results = run(lambda r: print("  ", r, file=sys.stderr), str(root))
    if args.json:
        print(json.dumps(results))
        return
    for side in ("before", "after"):
        result = results[side]
        print(f"\n== {side}")
        print(table(SPECTATOR_HEADER, _spectator_rows(result)))
        print("\n".join(_spectator_summary(result)))
        print("\n".join(_load_summary(result)))
    print("\nthe pages' cost, before → after:")
    pairs = [
        zip(results[side]["phases"][::2], results[side]["phases"][1::2], strict=True) for side in ("before", "after")
    ]
    for (without0, watching0), (without1, watching1) in zip(*pairs, strict=True):
        (r0, m0, c0, o0), (r1, m1, c1, o1) = _pages_cost(without0, watching0), _pages_cost(without1, watching1)
        print(
            f"  {without0['rate']:g} clicks/s: click→board p95 with the pages / without {r0:.2f}× → {r1:.2f}× "
            f"(medians of the rounds' ratios {m0:.2f} → {m1:.2f}); bot CPU per click with them − without "
            f"{c0:+.2f} → {c1:+.2f} ms (its own process {o0:+.2f} → {o1:+.2f} ms); move→page p95 "
            f"{_ms(watching0['page_p95'])} → {_ms(watching1['page_p95'])} ms"
        )
    print(f"the whole run took {time.perf_counter() - started:.0f} s")


def _databases(args: argparse.Namespace, rates: list[float]) -> None:
    """SQLite and PostgreSQL (and SQLite again, with ``--control``) side by side, taking turns; then
    PostgreSQL with several processes: the same load, one table."""
    from . import load as load_bench

    runs = [load_bench.Setting("sqlite"), *(load_bench.Setting(_postgres_name(url), url) for url in args.databases)]
    if args.control:
        runs.append(load_bench.Setting("sqlite again"))
    print(
        f"{args.games} games, {args.seconds:g} s a rate on each database in {args.rounds} rounds "
        f"({args.seconds / args.rounds:g} s each). The databases' bots and games are set up first, then take "
        "turns, each round in the next order of the databases; in a round each gets the same clicks at the same "
        "times. "
        "click→board from the planned click to the new board."
    )

    def report(figures: dict) -> None:
        print("  ", figures, file=sys.stderr)

    parts = load_bench.interleaved(args.games, rates, args.seconds, runs, args.rounds, args.seed, report, args.game)
    results: dict[tuple[str, int], list[dict]] = {(name, 1): rounds for name, rounds in parts.items()}
    if args.processes > 1:  # after the others, on the same database (emptied again): one run, its own processes
        alone = load_bench.run(
            args.games, rates, args.seconds, args.seed, 0, report, args.game, args.database, args.processes
        )
        results[(_postgres_name(args.database), args.processes)] = [alone]
    rows, summaries = [], []
    for (name, processes), done in results.items():
        result = load_bench.merged(done)
        label = _processes(name, processes)
        rows += [[label, *row] for row in _load_rows(result)]
        summaries.append(f"{label}: " + "\n  ".join(_load_summary(result)))
    print(table(["database", *LOAD_HEADER], rows))
    print("\n".join(summaries))
    print("\n".join(round_ratios(results, rates)))


def _postgres_name(url: str) -> str:
    """A PostgreSQL database's name in the tables: with the commit setting its bot's sessions use."""
    from bot.storage.postgres import commit_settings

    asked = parse_qs(urlsplit(url).query).get("synchronous_commit", [commit_settings(url).get("synchronous_commit")])
    return f"postgresql (synchronous_commit={asked[0]})"


def round_ratios(results: dict[tuple[str, int], list[dict]], rates: list[float]) -> list[str]:
    """Each other run's p95 click→board (PostgreSQL's, SQLite's again with ``--control``) over SQLite's,
    round by round (they took turns on the same machine), and their median: at a machine's knee the merged
    p95 of a few slow rounds can say what most rounds do not."""
    from .load import p95_over

    sqlite = next(parts for (name, _), parts in results.items() if name == "sqlite")
    lines = []
    for (name, processes), parts in results.items():
        if name == "sqlite" or len(parts) != len(sqlite):  # (a run of its own, not in the rounds)
            continue
        for index, rate in enumerate(rates):
            ratios = p95_over(parts, sqlite, index)
            if ratios:
                lines.append(
                    f"{_processes(name, processes)} at {rate:g} clicks/s: p95 over SQLite's, round by round: "
                    + _by_round(ratios)
                )
    return lines


def ai_cmd(argv: list[str]) -> None:
    from . import ai

    ai.main(argv)


def replay_cmd(argv: list[str]) -> None:
    from render.replay import MAX_BYTES

    from . import replay

    parser = argparse.ArgumentParser(prog="python -m bench replay", description="/game replay of a whole AI game.")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="this player count (default: each game's smallest and largest)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument(
        "--formats",
        action="store_true",
        help="the same frames as GIF, animated WebP and MP4 (needs PyAV): size, quality (PSNR), encoding time",
    )
    args = _parse(parser, argv)
    if args.formats:
        return _replay_formats(args)
    cases = [
        (game, players)
        for game in args.games
        for players in ([args.players] if args.players else sorted({GAMES[game].min_players, GAMES[game].max_players}))
    ]
    for game, players in cases:
        engine = GAMES[game]
        if not engine.min_players <= players <= engine.max_players:
            parser.error(f"{engine.title} takes {engine.min_players} to {engine.max_players} players")
    figures = [
        {"game": game, "players": players, **replay.figures(game, players, args.seed)} for game, players in cases
    ]
    if args.json:
        print(json.dumps(figures))
        return
    print(f"/game replay of a whole AI game (seed {args.seed}); Discord's limit {MAX_BYTES / 1e6:.0f} MB.")
    rows = [
        [
            f"{GAMES[f['game']].title} {f['players']}p",
            str(f["moves"]),
            str(f["frames"]),
            f"{f['mb']:.2f}",
            f"{f['width']:.0f}x{f['height']:.0f}",
            f"{f['seconds']:.1f}",
            f"{f['fps']:.0f}",
        ]
        for f in figures
    ]
    print(table(["game", "moves", "frames", "GIF MB", "size px", "draw s", "frames/s"], rows))


def _replay_formats(args: argparse.Namespace) -> None:
    from . import replay

    players = args.players or 4
    figures = []
    for game in args.games:
        engine = GAMES[game]
        count = min(max(players, engine.min_players), engine.max_players)
        figures += [{"game": game, "players": count, **row} for row in replay.formats(game, count, args.seed)]
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"A whole AI game's replay frames (seed {args.seed}) in each format; PSNR against the boards as drawn "
        "(over 40 dB: text as sharp as drawn), seconds to encode and decode."
    )
    rows = [
        [
            f"{GAMES[f['game']].title} {f['players']}p",
            str(f["format"]),
            str(f["frames"]),
            str(f["size"]),
            f"{f['mb']:.2f}",
            f"{f['psnr']:.1f}",
            f"{f['seconds']:.1f}",
        ]
        for f in figures
    ]
    print(table(["game", "format", "frames", "size px", "MB", "PSNR dB", "s"], rows))


RENDER_KEYS = ["all", "spectator", "seat"]


def render_cmd(argv: list[str]) -> None:
    import tempfile

    from . import render as render_bench

    parser = argparse.ArgumentParser(
        prog="python -m bench render",
        description="CPU ms a picture over the bot's mix: GAMES concurrent games of the four kinds at three players, "
        "random clicks each drawing the channel board and, 4 times in 10, a seat's private board of the same "
        "version; the caches warm after WARMUP clicks.",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--concurrent", type=int, default=100, help="games played at once")
    parser.add_argument("--clicks", type=int, default=400, help="clicks measured")
    parser.add_argument("--warmup", type=int, default=200, help="clicks drawn before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2, help="with --against: runs of each side, the best kept")
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="draw the measured pictures this many at once in the picture process, as the bot's worker does "
        "(not with --against)",
    )
    _against(parser, "also measure REF (default: the merge-base with main), side by side, and compare the pictures")
    parser.add_argument(
        "--public",
        nargs="+",
        metavar="SETTING",
        help="draw the same mix through the library internals the pictures use and with each SETTING of "
        "MESA_PUBLIC_APIS (pillow-core), taking turns --rounds times: median and spread of each",
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--save", help=argparse.SUPPRESS)
    args = _parse(parser, argv)
    if args.public:
        _render_public(args)
        return
    sub = [*args.games, *_again(args, "--concurrent", "--clicks", "--warmup", "--seed")]

    def measure(save: str | None = None) -> dict:
        return render_bench.figures(
            args.concurrent, args.clicks, args.warmup, args.seed, args.games, save, threads=args.threads
        )

    keys = [*args.games, *RENDER_KEYS]
    if args.json:
        print(json.dumps(measure(args.save)))
        return
    if args.against is None:
        f = measure()
        print(
            f"CPU ms a picture, {args.clicks} clicks over {args.concurrent} games after {args.warmup} clicks' warm-up."
        )
        rows = [[k, f"{f['ms'][k]:.2f}", str(f["pictures"][k])] for k in keys if k in f["ms"]]
        print(table(["pictures", "CPU ms", "count"], rows))
        print(
            f"PNG {f['png_kb']:.0f} kB on average; the picture process's RSS {f['rss_before_mb']:.0f} MB after "
            f"warm-up, {f['rss_mb']:.0f} MB at the end, peak {f['peak_mb']:.0f} MB; image caches {f['cache_mb']:.1f} MB"
        )
        print(f"{f['per_s']:.1f} pictures a second drawn {args.threads} at once (wall clock)")
        if args.threads > 1:
            print(f"{f['same_files']} of {f['pictures']['all']} files the same, byte for byte, as drawn one at a time")
        return
    commit, named = against.resolve(args.against or None)
    best: dict[str, dict] = {}
    with against.tree(commit) as ref_root, tempfile.TemporaryDirectory(prefix="mesa-render-") as folder:
        for round_ in range(max(1, args.rounds)):
            for side, root in (("before", ref_root), ("after", against.HERE)):
                extra = []
                if round_ == 0:
                    Path(folder, side).mkdir()
                    extra = ["--save", str(Path(folder, side))]
                f = against.run_side(root, ["render", *sub, *extra])
                if side not in best:
                    best[side] = f
                else:
                    best[side]["ms"] = {k: min(v, best[side]["ms"][k]) for k, v in f["ms"].items()}
        count = sum(best["after"]["pictures"][k] for k in ("spectator", "seat") if k in best["after"]["pictures"])
        diff = render_bench.difference(str(Path(folder, "before")), str(Path(folder, "after")), count)
    before, after = best["before"], best["after"]
    print(
        f"CPU ms a picture; before = {named}, after = this tree ({args.clicks} clicks over {args.concurrent} games "
        f"after {args.warmup} clicks' warm-up, the best of {args.rounds} runs each)."
    )
    rows = [
        [
            k,
            str(after["pictures"][k]),
            f"{before['ms'][k]:.2f}",
            f"{after['ms'][k]:.2f}",
            f"{100 * (after['ms'][k] / before['ms'][k] - 1):+.0f} %",
        ]
        for k in keys
        if k in after["ms"] and k in before["ms"]
    ]
    print(table(["pictures", "count", "before", "after", "change"], rows))
    print(
        f"pixels that differ: {100 * diff['share']:.3f} % (largest difference {diff['largest']:.0f}/255)"
        + ("; the picture sizes differ!" if diff["sizes_differ"] else "")
        + ("; the PNG files are identical" if before["digest"] == after["digest"] else "")
    )
    for name, f in (("before", before), ("after", after)):
        print(
            f"{name}: PNG {f['png_kb']:.0f} kB on average; the picture process's RSS {f['rss_before_mb']:.0f} MB "
            f"after warm-up, {f['rss_mb']:.0f} MB at the end, peak {f['peak_mb']:.0f} MB; "
            f"image caches {f['cache_mb']:.1f} MB"
        )


def _render_public(args: argparse.Namespace) -> None:
    """``render --public``: the pictures' CPU through the library internals and through each public way."""
    import os
    import statistics

    from . import render as render_bench

    settings = ["", *args.public]
    runs = render_bench.taking_turns(
        args.concurrent, args.clicks, args.warmup, args.seed, args.games, settings, max(1, args.rounds)
    )
    print(
        f"CPU ms a picture, {args.clicks} clicks over {args.concurrent} games after {args.warmup} clicks' warm-up, "
        f"{len(settings)} settings taking turns {max(1, args.rounds)} times (load average "
        f"{os.getloadavg()[0]:.1f} at the end)."
    )
    base = statistics.median(f["ms"]["all"] for f in runs[""])
    rows = []
    for setting, figures in runs.items():
        all_ms = sorted(f["ms"]["all"] for f in figures)
        median = statistics.median(all_ms)
        rows.append(
            [
                setting or "internals",
                f"{median:.2f}",
                f"{all_ms[0]:.2f}–{all_ms[-1]:.2f}",
                f"{100 * (median / base - 1):+.1f} %",
                " ".join(sorted({f["digest"] for f in figures})),
            ]
        )
    print(table(["MESA_PUBLIC_APIS", "median", "range", "change", "PNG digest"], rows))


def outage_cmd(argv: list[str]) -> None:
    from . import outage

    outage.main(argv)


COMMANDS = {
    "engine": engine_cmd,
    "load": load_cmd,
    "ai": ai_cmd,
    "replay": replay_cmd,
    "render": render_cmd,
    "outage": outage_cmd,
}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in COMMANDS:
            COMMANDS[argv[0]](argv[1:])
        else:
            overview(argv)
    except against.CompareError as exc:
        sys.exit(f"python -m bench: {exc}")


if __name__ == "__main__":
    main()
