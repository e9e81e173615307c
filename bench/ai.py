"""``python -m bench ai``: how strong each AI strength plays, and how long it thinks.

Per game and player count, seeded games with the seats' strengths rotated from game to game:

- solo games: each strength alone (the game itself is the opponent: ENGIS's 95 points, the
  NEANDERTHAL K2 victory conditions);
- 2 players: strong against normal, normal against easy, strong against easy, normal seats only;
- 3 players and more: one strong seat against normal ones, and normal seats only.

A game played against the game itself by several players (NEANDERTHAL's The Eve, M) seats a team
of one strength: strong seats only, then normal seats only.

For each strength: the share of games won (a shared win counts as a fraction; a won game against the
game counts as won for every seat of the team), the mean score, the share of seats ending on 0
points, and the CPU time a decision costs: mean, 95th percentile and maximum (decisions with a
single legal action are not counted).  The strong AI's budget counts work, not time (``--budget``
seconds times the game's designed actions per second, played in its simulations): the win rates do
not depend on the machine, the times do.  Games run in a process pool (``--workers``), each game's
decisions timed by its process's CPU clock.

    python -m bench ai                          # a quick look: 20 games per match-up
    python -m bench ai --games 200 --budget 0.5 # the full measurement
    python -m bench ai engis --players 1 2      # some games and player counts only
    python -m bench ai neanderthal --players 1 --option map=matrix --option artifacts=3  # a variant
    python -m bench ai --latency                # clicks in one game while others' strong AIs think
    python -m bench ai --against [REF]          # the same games on REF (default: the merge-base with main) too

``--latency``: the click → board time of a 2-player ENGIS game between two humans, alone, then
while two other games' strong AI seats keep thinking (their humans clicking at once), with the AI
in the worker processes and, for comparison, in a thread of the bot's process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

from rules import GAMES
from rules.core import DEFAULT_BUDGET, Level, RuleError, t

from .tables import table


def matchups(players: int, team: bool = False) -> list[tuple[Level, ...]]:
    """The strengths a match-up seats (rotated over the seats from one game to the next); ``team``:
    the players win or lose together against the game."""
    if players == 1:
        return [("easy",), ("normal",), ("strong",)]
    if team:
        return [("strong",) * players, ("normal",) * players]
    if players == 2:
        return [("strong", "normal"), ("normal", "easy"), ("strong", "easy"), ("normal", "normal")]
    return [("strong",) + ("normal",) * (players - 1), ("normal",) * players]


def play_one(
    game_id: str,
    players: int,
    seed: int,
    levels: tuple[Level, ...],
    budget: float,
    match: str,
    options: dict[str, str] | None = None,
) -> dict:
    """One game: each seat's strength, score, win share, decisions and thinking time."""
    engine = GAMES[game_id]
    state = engine.new_game(players, seed, options)
    cpu: list[list[float]] = [[] for _ in range(players)]  # CPU seconds of each decision, per seat
    for _ in range(50_000):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[0]
        t0 = time.process_time()
        action = engine.ai_action(state, seat, levels[seat], budget)
        spent = time.process_time() - t0
        if len(engine.legal_actions(state, seat)) > 1:
            cpu[seat].append(spent)
        state = engine.apply(state, seat, action)
    outcome = engine.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game_id}: seed {seed} did not end")
    winners = sum(1 for r in outcome.results if r.winner)
    team = outcome.goal is not None  # against the game: a win is the whole team's
    rows = []
    for seat in range(players):
        r = outcome.for_seat(seat)
        rows.append(
            {
                "level": levels[seat],
                "score": r.score,
                "win": (1.0 if team else 1 / winners) if r.winner else 0.0,
                "cpu": cpu[seat],
            }
        )
    return {"game": game_id, "players": players, "match": match, "team": team, "seats": rows}


def against_the_game(game_id: str, players: int, options: dict[str, str] | None, seed: int) -> bool:
    """Whether ``players`` seats win or lose together against the game (one normal game tells)."""
    if players == 1:
        return True
    return bool(play_one(game_id, players, seed, ("normal",) * players, 0.0, "", options)["team"])


def _name(levels: tuple[Level, ...]) -> str:
    distinct = list(dict.fromkeys(levels))
    if len(distinct) == 1:
        return f"{distinct[0]} alone" if len(levels) == 1 else f"{distinct[0]} only"
    return " vs ".join(distinct)


def _rotate(levels: tuple[Level, ...], k: int) -> tuple[Level, ...]:
    k %= len(levels)
    return levels[k:] + levels[:k]


def jobs(
    cases: list[tuple[str, int]],
    games: int,
    budget: float,
    only: list[str] | None = None,
    options: dict[str, str] | None = None,
    first_seed: int = 10_000,
) -> list[tuple]:
    out = []
    for game_id, players in cases:
        for levels in matchups(players, against_the_game(game_id, players, options, first_seed)):
            if only and not set(levels) <= set(only):
                continue
            for i in range(games):
                out.append((game_id, players, first_seed + i, _rotate(levels, i), budget, _name(levels), options))
    return out


HEADER = [
    "game",
    "players",
    "match-up",
    "games",
    "AI",
    "won",
    "mean score",
    "0 points",
    "CPU ms/decision: mean",
    "p95",
    "max",
]


def percentile(ordered: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of sorted values (0 when there are none)."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def figures(results: list[dict]) -> list[dict]:
    """Per game, player count, match-up and strength: games, win rate, scores and CPU per decision."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for res in results:
        groups[(res["game"], res["players"], res["match"])].append(res)
    out = []
    for (game_id, players, match), games in groups.items():
        for level in ("strong", "normal", "easy"):
            seats = [s for res in games for s in res["seats"] if s["level"] == level]
            if not seats:
                continue
            cpu = sorted(t for s in seats for t in s["cpu"])
            # a seat's win rate: wins over the games it sat in (per seat, so "normal only" reads 1/players)
            out.append(
                {
                    "game": game_id,
                    "players": players,
                    "match": match,
                    "games": len(games),
                    "level": level,
                    "won": sum(s["win"] for s in seats) / len(seats),
                    "score": sum(s["score"] for s in seats) / len(seats),
                    "zero": sum(1 for s in seats if s["score"] == 0) / len(seats),
                    "decisions": len(cpu),
                    "cpu_mean_ms": 1000 * sum(cpu) / max(1, len(cpu)),
                    "cpu_p95_ms": 1000 * percentile(cpu, 0.95),
                    "cpu_max_ms": 1000 * (cpu[-1] if cpu else 0.0),
                }
            )
    return out


def summarize(results: list[dict]) -> list[list[str]]:
    return [
        [
            GAMES[f["game"]].title,
            str(f["players"]),
            f["match"],
            str(f["games"]),
            f["level"],
            f"{100 * f['won']:.1f} %",
            f"{f['score']:.1f}",
            f"{100 * f['zero']:.1f} %",
            f"{f['cpu_mean_ms']:.0f}",
            f"{f['cpu_p95_ms']:.0f}",
            f"{f['cpu_max_ms']:.0f}",
        ]
        for f in figures(results)
    ]


def compare(before: list[dict], after: list[dict]) -> list[list[str]]:
    """Rows of the two sides' figures, side by side (before → after)."""
    old = {(f["game"], f["players"], f["match"], f["level"]): f for f in before}
    rows = []
    for f in after:
        b = old.get((f["game"], f["players"], f["match"], f["level"]))
        if b is None:
            continue

        def pair(key: str, fmt: str, b: dict = b, f: dict = f) -> str:
            return f"{format(b[key], fmt)} → {format(f[key], fmt)}"

        rows.append(
            [
                GAMES[f["game"]].title,
                str(f["players"]),
                f["match"],
                str(f["games"]),
                f["level"],
                f"{100 * b['won']:.1f} → {100 * f['won']:.1f} %",
                pair("score", ".1f"),
                pair("cpu_mean_ms", ".0f"),
                pair("cpu_p95_ms", ".0f"),
                pair("cpu_max_ms", ".0f"),
            ]
        )
    return rows


async def _lobby_game(fake, humans: list[int], ai: int, level: str, seen: set[int]) -> int:
    """An ENGIS game started by ``humans[0]`` with ``ai`` AI seats at ``level``; returns its thread."""
    from . import latency

    lobby = await latency.start_lobby(fake, "engis", humans[0], humans[1:], ai)
    menu = next((c for c in fake.message(lobby.id).custom_ids() if c.endswith(":L:lv")), None)
    for seat in range(len(humans), len(humans) + ai):
        inter = await fake.select(humans[0], fake.message(lobby.id), menu, [f"{seat}.{level}"])
        await inter.wait_response()
    start = await fake.click(humans[0], fake.message(lobby.id), latency.lobby_id(lobby, "start"))
    await start.wait_response()
    thread = await fake.wait_for(lambda: [t for t in fake.threads if t not in seen][-1:] or None)
    seen.add(thread[0])
    await fake.wait_for(lambda: latency.board_messages(fake, thread[0]))
    return thread[0]


async def thinking_latency(thinkers: int, processes: int, clicks: int = 40) -> tuple[float, float]:
    """Median and p95 click → board (ms) of a human game while ``thinkers`` games' strong AIs think."""
    from . import latency

    fake = latency.build_world(latency.FakeDiscord())
    await fake.start()
    samples: list[float] = []
    seen: set[int] = set()
    try:
        with fake.patch(), tempfile.TemporaryDirectory() as folder:
            async with latency.mesa(fake, Path(folder) / "bench.sqlite3", ai_processes=processes):
                stop = asyncio.Event()

                async def keep_playing(thread: int, rng: random.Random) -> None:
                    while not stop.is_set() and await latency.play_move(fake, thread, rng):
                        pass

                busy = [
                    asyncio.create_task(
                        keep_playing(await _lobby_game(fake, [3 + k], 1, "strong", seen), random.Random(k))
                    )
                    for k in range(thinkers)
                ]
                thread = await _lobby_game(fake, [1, 2], 0, "normal", seen)
                rng = random.Random(1)
                while len(samples) < clicks:
                    inter = await latency.play_move(fake, thread, rng)
                    if inter is None:
                        thread = await _lobby_game(fake, [1, 2], 0, "normal", seen)
                        continue
                    samples.append((latency.last_board(fake, thread).stored_at - inter.sent_at) * 1000)
                stop.set()
                for task in busy:
                    task.cancel()
                await asyncio.gather(*busy, return_exceptions=True)
    finally:
        await fake.close()
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]


def latency_table(clicks: int) -> str:
    rows = []
    for thinkers, processes in ((0, 2), (2, 2), (2, 0)):
        median, p95 = asyncio.run(thinking_latency(thinkers, processes, clicks))
        where = f"{processes} worker processes" if processes else "a thread of the bot"
        rows.append([str(thinkers), where, f"{median:.0f}", f"{p95:.0f}"])
    return table(["games thinking", "strong AI in", "click → board median ms", "p95 ms"], rows)


def run(todo: list[tuple], workers: int, report: Callable[[dict], None]) -> list[dict]:
    """Plays the games of ``todo`` in ``workers`` processes; ``report`` sees each result as it comes."""
    results: list[dict] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for res in pool.map(play_one, *zip(*todo, strict=True), chunksize=1):
                results.append(res)
                report(res)
    else:
        for job in todo:
            results.append(play_one(*job))
            report(results[-1])
    return results


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench ai", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(sorted(GAMES))})")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: every count)")
    parser.add_argument("--games", dest="n", type=int, default=20, help="games per match-up (default 20)")
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help=f"strong AI thinking budget in seconds' worth of work (default {DEFAULT_BUDGET})",
    )
    parser.add_argument(
        "--only",
        nargs="*",
        choices=["easy", "normal", "strong"],
        help="only the match-ups seating these strengths alone (e.g. --only strong normal)",
    )
    parser.add_argument("--seed", type=int, default=10_000, help="the first game's seed (default 10000)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, repeatable (e.g. --option map=matrix --option artifacts=3)",
    )
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default 2)")
    parser.add_argument(
        "--latency", action="store_true", help="click latency in one game while other games' strong AIs think"
    )
    parser.add_argument(
        "--against",
        nargs="?",
        const="",
        metavar="REF",
        help="also play the same games on REF (default: the merge-base with main) and print both side by side",
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.latency:
        print(latency_table(clicks=40))
        return
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (choose from {', '.join(sorted(GAMES))})")
    cases = []
    for game_id in args.games or sorted(GAMES):
        engine = GAMES[game_id]
        counts = range(engine.min_players, engine.max_players + 1)
        cases += [(game_id, n) for n in counts if not args.players or n in args.players]
    options = dict(o.partition("=")[::2] for o in args.option) or None
    for game_id, players in cases:
        try:
            GAMES[game_id].check_options(players, options)
        except RuleError as e:
            parser.error(f"{GAMES[game_id].title}, {players} players, {' '.join(args.option)}: {t(e.message, 'en')}")
    shown = f", options {' '.join(args.option)}" if options else ""
    if args.against is not None:
        from . import against

        commit, named = against.resolve(args.against or None)
        sub = [a for a in argv if a != "--against" and not a.startswith("--against=")]
        if args.against and args.against in sub:
            sub.remove(args.against)
        print(
            f"strong budget {args.budget} s worth of work{shown}; before = {named}, after = this tree",
            flush=True,
        )
        with against.tree(commit) as ref_root:
            before = against.run_side(ref_root, ["ai", *sub])
        after = against.run_side(against.HERE, ["ai", *sub])
        head = [h for h in HEADER if h != "0 points"]  # the comparison leaves that column out
        print(table(head, compare(cast(list, before), cast(list, after))))
        return
    todo = jobs(cases, args.n, args.budget, args.only, options, args.seed)
    if args.json:
        print(json.dumps(figures(run(todo, args.workers, lambda res: None))))
        return
    print(
        f"{len(todo)} games, strong budget {args.budget} s worth of work, {args.workers} processes{shown}\n",
        flush=True,
    )
    t0 = time.perf_counter()
    done: list[dict] = []

    def progress(res: dict) -> None:  # each match-up's rows as soon as its games are in
        done.append(res)
        group = [
            r for r in done if (r["game"], r["players"], r["match"]) == (res["game"], res["players"], res["match"])
        ]
        if len(group) == args.n:
            print("\n".join(table(HEADER, summarize(group)).split("\n")[2:]), flush=True)

    results = run(todo, args.workers, progress)
    print("\nAll match-ups:\n" + table(HEADER, summarize(results)))
    print(f"\n{time.perf_counter() - t0:.0f} s")
