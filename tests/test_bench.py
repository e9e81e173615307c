"""The benchmarks run from a plain install (no tests/ on the path) and measure what they say."""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from spawned import run

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    """``python -m bench ARGS`` as an installed package runs it (only the project on the path); with
    ``ok``, it must succeed."""
    done = run(
        [sys.executable, "-m", "bench", *args],
        cwd=ROOT,
        timeout=240,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert not ok or done.returncode == 0, done.stderr[-2000:]
    return done


def _bench(*args: str) -> dict | list:
    return json.loads(_run(*args, "--json").stdout.strip().splitlines()[-1])


def test_engine_bench_plays_the_same_games_for_the_same_seeds():
    first, second = (
        _bench("engine", "engis", "--players", "2", "--seconds", "0"),
        _bench("engine", "engis", "--players", "2", "--seconds", "0"),
    )
    assert first[0]["games"] == second[0]["games"] and first[0]["games_per_s"] > 0


@pytest.mark.slow
def test_load_bench_clicks_through_the_bot_in_its_own_process():
    result = _bench("load", "--games", "4", "--rate", "4", "--seconds", "4")
    phase = result["phases"][0]
    assert phase["clicks"] > 0 and phase["errors"] == 0 and result["bot_errors"] == 0
    assert result["moves"] >= phase["clicks"] and result["rss_peak_mb"] > 0 and phase["bot_cpu_ms"] > 0


@pytest.mark.slow
def test_load_bench_clicks_on_the_games_pages_beside_discord():
    result = _bench("load", "--games", "4", "--rate", "4", "--seconds", "6", "--page-clicks", "0.5")
    phase = result["phases"][0]
    assert phase["clicks"] > 0 and phase["page_clicks"] > 0 and phase["errors"] == 0 and result["bot_errors"] == 0
    assert phase["page_click_p95"] > 0 and result["moves"] >= phase["clicks"] + phase["page_clicks"]


@pytest.mark.slow
def test_load_bench_measures_the_clicks_with_and_without_spectator_pages():
    result = _bench(
        "load",
        "--games",
        "4",
        "--rate",
        "4",
        "--seconds",
        "4",
        "--spectators",
        "4",
        "--watched",
        "2",
        "--rounds",
        "2",
        "--control",
    )
    without, watching = result["phases"]
    assert without["spectators"] == 0 and without["page_updates"] == 0
    assert watching["spectators"] == 4 and watching["page_updates"] > 0
    assert len(watching["round_ratios"]) == 2 and all(r > 0 for r in watching["round_ratios"])
    assert len(without["control_ratios"]) == 2 and all(r > 0 for r in without["control_ratios"])  # --control
    assert without["control_p95"] > 0
    assert 0 < watching["interval"][0] <= watching["interval"][1] and without["control_interval"][0] > 0
    assert without["clicks"] == watching["clicks"]  # each round's phases: the same clicks at the same times
    assert watching["picture_p95"] >= watching["page_p95"] > 0
    assert 0 < watching["workers_cpu_ms"] < watching["bot_cpu_ms"]  # the pictures are drawn in its worker
    assert 0 < without["machine_busy"] <= 1 and 0 <= without["machine_steal"] <= without["machine_busy"]
    assert without["errors"] == watching["errors"] == 0 and result["bot_errors"] == 0, result["first_bot_error"]


@pytest.mark.slow
def test_load_bench_measures_the_pages_cost_on_a_commit_and_on_this_tree_in_one_run():
    if not (ROOT / ".git").exists():
        pytest.skip("--against compares git commits")
    small = ["--games", "4", "--rate", "4", "--seconds", "4", "--spectators", "4", "--watched", "2", "--rounds", "1"]
    result = _bench("load", *small, "--against", "HEAD")
    assert set(result) == {"before", "after"}
    for side in result.values():
        without, watching = side["phases"]
        assert without["page_updates"] == 0 < watching["page_updates"] and watching["spectators"] == 4
        assert without["clicks"] == watching["clicks"] > 0 and side["bot_errors"] == 0, side["first_bot_error"]
    assert result["before"]["phases"][0]["clicks"] == result["after"]["phases"][0]["clicks"]  # the same clicks
    done = _run("load", *small, "--against", "HEAD")
    assert "before = HEAD" in done.stdout and "the pages' cost, before → after:" in done.stdout


def test_the_machines_busy_ticks_count_a_process_that_works():
    from bench.load import machine_ticks

    before = machine_ticks()
    spin_until = time.process_time() + 0.3
    while time.process_time() < spin_until:
        pass
    after = machine_ticks()
    all_, busy, stolen = (b - a for a, b in zip(before, after, strict=True))
    assert 0 < busy <= all_ and 0 <= stolen <= busy


def test_a_process_family_holds_the_children_its_other_threads_started():
    """The bot starts its picture workers from a thread: their CPU and memory are the bot's."""
    from bench.load import family

    script = (
        "import subprocess, sys, threading\n"
        "def start():\n"
        "    child = subprocess.Popen([sys.executable, '-c', 'import sys; sys.stdin.read()'], stdin=subprocess.PIPE)\n"
        "    print(child.pid, flush=True)\n"
        "    child.wait()\n"
        "threading.Thread(target=start).start()\n"
        "sys.stdin.read()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    child = None
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert family(parent.pid) == [parent.pid, child]
    finally:
        parent.kill()
        parent.wait()
        if child is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)


def test_the_p95_ratio_interval_follows_the_rounds():
    from bench.load import p95_interval

    def rounds(*clicks: list[float]) -> list[dict]:
        return [{"raw": [{"click_ms": list(c)}]} for c in clicks]

    rng = random.Random(3)
    bases = [[rng.uniform(50, 500) for _ in range(200)] for _ in range(10)]
    doubled = rounds(*([2 * v for v in base] for base in bases))
    assert p95_interval(doubled, rounds(*bases), 0) == pytest.approx((2.0, 2.0))
    # rounds twice as slow in half of them: the interval holds the merged ratio, within the rounds' own
    mixed = rounds(*([(2 if i % 2 else 1) * v for v in base] for i, base in enumerate(bases)))
    low, high = p95_interval(mixed, rounds(*bases), 0)
    every = sorted(v for r in mixed for v in r["raw"][0]["click_ms"])
    merged = every[int(0.95 * len(every))] / sorted(v for b in bases for v in b)[int(0.95 * 2000)]
    assert 1.0 <= low < merged < high <= 2.0
    assert all(math.isnan(v) for v in p95_interval(doubled[:1], rounds(*bases[:1]), 0))  # one round: no spread


def test_render_bench_draws_the_same_pictures_for_the_same_seed():
    args = ("render", "pergamemnon", "atlandice", "--concurrent", "4", "--clicks", "12", "--warmup", "3")
    first = _bench(*args)
    assert first["ms"]["all"] > 0
    assert first["pictures"]["all"] == first["pictures"]["spectator"] + first["pictures"].get("seat", 0) >= 12
    assert set(first["pictures"]) <= {"pergamemnon", "atlandice", "all", "spectator", "seat"}
    assert 0 < first["cache_mb"] <= 48 * 1.048576
    # drawn again, two at once as the bot's worker draws them: the same pictures (whether the threads or the
    # seed changed them, the digest would say so)
    threaded = _bench(*args, "--threads", "2")
    assert threaded["digest"] == first["digest"] and threaded["same_files"] == threaded["pictures"]["all"]
    assert threaded["per_s"] > 0 and first["per_s"] > 0


@pytest.mark.slow
def test_render_bench_against_a_commit_compares_times_and_pixels():
    if not (ROOT / ".git").exists():
        pytest.skip("--against compares git commits")
    small = ["atlandice", "--concurrent", "2", "--clicks", "4", "--warmup", "1", "--rounds", "1"]
    done = _run("render", *small, "--against", "HEAD")
    assert "before = HEAD" in done.stdout and "pixels that differ:" in done.stdout
    assert any(line.startswith("atlandice ") for line in done.stdout.splitlines())


def test_bench_help_lists_its_commands():
    from bench.__main__ import COMMANDS

    done = _run("--help")
    assert all(f"python -m bench {name} " in done.stdout for name in COMMANDS), done.stdout
    assert "--against" in done.stdout


# The commit before the storage package: this benchmark's load cannot drive that bot (it imports
# bot.storage.is_postgres, reads Database.sql), so --against it runs that commit's own bench.
BEFORE_STORAGE = "270220a"


def _have(commit: str) -> bool:
    if not (ROOT / ".git").exists():
        return False
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], check=False)
    return known.returncode == 0


def test_against_a_commit_this_bench_cannot_drive_measures_it_with_its_own_bench():
    if not _have(BEFORE_STORAGE):
        pytest.skip(f"--against needs the git history down to {BEFORE_STORAGE}")
    from bench import against

    old, _ = against.resolve(BEFORE_STORAGE)
    with against.side(old, "load") as found:
        assert found.own_bench and not (found.root / "bench").is_symlink()
        theirs = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{old}:bench/load.py"], capture_output=True, text=True, check=True
        )
        assert (found.root / "bench" / "load.py").read_text() == theirs.stdout
        assert not (found.root / "bot" / "storage").exists()  # that commit's bot, not this tree's
        # and nothing of the installed checkout fills in a module that commit lacks
        lacking = subprocess.run(
            [sys.executable, "-c", "import bot.workers"],
            cwd=found.root,
            env={**os.environ, **against.environment(found.root)},
            capture_output=True,
            text=True,
            check=False,
        )
        assert lacking.returncode == 1 and "No module named 'bot.workers'" in lacking.stderr
        assert "its own bench" in found.note("REF")
    recent, _ = against.resolve("HEAD")
    with against.side(recent, "load") as found:
        assert not found.own_bench and (found.root / "bench").resolve() == ROOT / "bench"
        assert found.note("REF") == ""


@pytest.mark.slow
def test_load_bench_against_a_commit_older_than_the_storage_package():
    if not _have(BEFORE_STORAGE):
        pytest.skip(f"--against needs the git history down to {BEFORE_STORAGE}")
    done = _run("load", "--games", "4", "--rate", "2", "--seconds", "4", "--against", BEFORE_STORAGE)
    assert "== before" in done.stdout and "== after" in done.stdout and "its own bench" in done.stdout
    tables = [block for block in done.stdout.split("== ")[1:]]
    for block in tables:  # each side clicked, with no error, and said how many moves its bot stored
        row = block.splitlines()[3].split()
        assert int(row[2]) > 0 and row[8] == "0", block
        assert "errors logged by the bot: 0" in block
    refused = _run("load", "--database", "postgresql://nowhere/none", "--against", BEFORE_STORAGE, ok=False)
    assert refused.returncode == 1 and "takes no --database" in refused.stderr and "Traceback" not in refused.stderr


@pytest.mark.slow
def test_render_and_engine_benches_against_a_commit_older_than_the_storage_package():
    if not _have(BEFORE_STORAGE):
        pytest.skip(f"--against needs the git history down to {BEFORE_STORAGE}")
    small = ["atlandice", "--concurrent", "2", "--clicks", "4", "--warmup", "1", "--rounds", "1"]
    done = _run("render", *small, "--against", BEFORE_STORAGE)
    assert f"before = {BEFORE_STORAGE}" in done.stdout and "pixels that differ:" in done.stdout
    done = _run("engine", "engis", "--seconds", "0.1", "--against", BEFORE_STORAGE)
    assert f"before = {BEFORE_STORAGE}" in done.stdout and "ENGIS 4p" in done.stdout


def test_replay_bench_draws_a_whole_game_under_discords_limit():
    (row,) = _bench("replay", "engis", "--players", "1")
    assert row["frames"] >= 2 and row["frames"] <= row["moves"] + 1 and 0 < row["mb"] < 8


def test_bench_names_an_unknown_game_and_a_player_count_out_of_range():
    for args, expected in (
        (["replay", "chess"], "unknown game 'chess'"),
        (["replay", "engis", "--players", "9"], "1 to 4"),
    ):
        done = _run(*args, ok=False)
        assert done.returncode == 2 and expected in done.stderr and "Traceback" not in done.stderr


def test_ai_bench_plays_a_variant_chosen_by_its_options():
    args = ["ai", "neanderthal", "--players", "1", "--games", "1", "--only", "normal", "--workers", "1"]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = run(
        [sys.executable, "-m", "bench", *args, "--option", "map=matrix", "--option", "artifacts=2"],
        cwd=ROOT,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "options map=matrix artifacts=2" in done.stdout and "normal alone" in done.stdout
    bad = run(
        [sys.executable, "-m", "bench", *args, "--option", "map=hexes"],
        cwd=ROOT,
        timeout=60,
        env=env,
    )
    assert bad.returncode == 2 and "map=hexes" in bad.stderr and "Traceback" not in bad.stderr


def test_ai_bench_counts_a_won_co_op_game_for_the_whole_team_and_times_each_decision():
    """The Eve (M) is won or lost by both players together: a won game is a win for each seat, a lost one
    for none. The games are the first won and the first lost from seed 10000, whichever seeds those are."""
    from bench.ai import play_one
    from rules import GAMES

    engine, options = GAMES["neanderthal"], {"map": "matrix"}

    def team_won(seed: int) -> bool:
        state = engine.new_game(2, seed, options)
        while engine.to_act(state):
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.ai_action(state, seat))
        outcome = engine.outcome(state)
        assert outcome is not None and outcome.goal is not None  # played against the game
        assert outcome.winners in ([], [0, 1])  # together
        return outcome.winners == [0, 1]

    found: dict[bool, int] = {}
    for seed in range(10_000, 10_200):
        found.setdefault(team_won(seed), seed)
        if len(found) == 2:
            break
    assert len(found) == 2, f"the normal AI team won or lost all of 200 games of The Eve: {found}"
    for won, seed in found.items():
        game = play_one("neanderthal", 2, seed, ("normal", "normal"), 0.0, "normal only", options)
        assert game["team"] and [row["win"] for row in game["seats"]] == ([1.0, 1.0] if won else [0.0, 0.0])
    args = ["neanderthal", "--players", "2", "--games", "1", "--seed", str(found[True]), "--only", "normal"]
    (row,) = _bench("ai", *args, "--workers", "1", "--option", "map=matrix")
    assert row["match"] == "normal only" and row["games"] == 1
    assert row["won"] == 1.0  # the won game: a win for each seat, not half a win
    assert row["decisions"] > 0 and 0 < row["cpu_mean_ms"] <= row["cpu_max_ms"]
    assert row["cpu_p95_ms"] <= row["cpu_max_ms"]


def test_load_phases_of_one_schedule_get_their_clicks_at_the_same_times():
    from bench.load import arrivals

    first, again, other = arrivals(1, 0, 50, 20), arrivals(1, 0, 50, 20), arrivals(1, 1, 50, 20)
    assert first == again and first != other
    assert first == sorted(set(first)) and 0 < first[0] and first[-1] < 20
    for times in (first, other):  # a Poisson process at 50 a second: about 1,000 clicks in 20 s
        assert 850 < len(times) < 1150


def test_database_bench_compares_each_round_with_the_sqlite_round_before_it():
    from bench.__main__ import round_ratios

    def run(*p95: float) -> dict:
        return {"phases": [{"p95": value} for value in p95]}

    sqlite = [run(100, 200), run(400, 100), run(100, 300)]
    postgres = [run(150, 100), run(200, 400), run(120, 300)]
    again = [run(200, 200), run(200, 200), run(200, 200)]  # --control: SQLite once more in each round
    runs = {("sqlite", 1): sqlite, ("postgresql", 1): postgres, ("postgresql", 2): sqlite, ("sqlite again", 1): again}
    lines = round_ratios(runs, [30, 50])
    at_30 = [
        p[0]["p95"] / s[0]["p95"]
        for p, s in zip([r["phases"] for r in postgres], [r["phases"] for r in sqlite], strict=True)
    ]
    assert lines[0].startswith("postgresql, 1 process at 30 clicks/s")
    assert ", ".join(f"{r:.2f}" for r in at_30) in lines[0] and f"median {sorted(at_30)[1]:.2f}" in lines[0]
    assert lines[2].startswith("postgresql, 2 processes at 30") and "1.00, 1.00, 1.00 (median 1.00)" in lines[2]
    assert lines[4].startswith("sqlite again, 1 process at 30") and "2.00, 0.50, 2.00 (median 2.00)" in lines[4]
    assert len(lines) == 6


@pytest.mark.slow
def test_database_bench_runs_take_turns_on_the_same_clicks_each_round_begun_by_the_next():
    from bench.load import Setting, interleaved

    turns = interleaved(4, [4.0], 6.0, [Setting("sqlite"), Setting("sqlite again")], rounds=2)
    assert list(turns) == ["sqlite", "sqlite again"]
    first, again = turns["sqlite"], turns["sqlite again"]
    assert len(first) == len(again) == 2
    for mine, theirs in zip(first, again, strict=True):  # a round: the same clicks, on bots of their own
        assert mine["phases"][0]["clicks"] == theirs["phases"][0]["clicks"] > 0
        assert mine["phases"][0]["errors"] == theirs["phases"][0]["errors"] == 0
        assert mine["moves"] >= mine["phases"][0]["clicks"] and mine["bot_errors"] == 0
    began = [[run[r]["raw"][0]["started"] for run in (first, again)] for r in range(2)]
    assert began[0][0] < began[0][1] and began[1][1] < began[1][0]  # the second round begins with the other


async def test_load_bench_leaves_a_database_that_holds_games_as_it_was(postgres_url):
    from bench.load import Load
    from bot.storage import Database

    db = await Database.open(postgres_url)
    try:
        await db.create_lobby("atlandice", 1, 2, 10, "Ana", "pt-BR", {})
        load = Load(2, database=postgres_url)
        with pytest.raises(SystemExit, match="holds games"):
            await load.start()
        await load.close()
        await load.empty()  # as the benchmark's end does, whatever happened
        assert await db.sql.fetchval("SELECT COUNT(*) FROM games") == 1
    finally:
        await db.close()


async def test_a_benchmark_page_reads_its_stream_as_a_browser_does():
    """The load benchmark's page reads the live stream's chunks as an EventSource does (an event may span
    chunks, a chunk hold several events, comments and fields without data dispatch nothing) and takes from
    each event its type, its version and the address of a picture it did not carry."""
    import asyncio
    import base64
    import itertools

    from bench.spectators import Browser

    inline = b'{"version":7,"log":[{"text":"a \\"image\\":\\"x"}],"live":{"image":"data:image/png;base64,'
    inline += base64.b64encode(bytes(range(256)) * 300) + b'","alt":"x"}}'
    events = [
        b": ping\r\n\r\n",
        b"retry: 3000\r\n\r\nid: 7\r\nevent: game\r\ndata: " + inline + b"\r\n\r\n",
        b'id: 8\r\nevent: game\r\ndata: {"version":8,"live":{"image":"t/step/3.png?v=8&lang=en"}}\r\n\r\n',
        b"event: gone\r\ndata: \r\n\r\n",
    ]
    stream = b"".join(events)
    cuts = [0, 5, 40, len(events[0]) + len(events[1]) - 3, len(stream) - 2, len(stream)]
    reader = asyncio.StreamReader()
    for start, end in itertools.pairwise(cuts):
        reader.feed_data(b"%x\r\n" % (end - start) + stream[start:end] + b"\r\n")
    reader.feed_data(b"0\r\n\r\n")
    reader.feed_eof()
    page = Browser(port=0)
    page._stream = (reader, None)  # (what ``stream`` opens; the end of the answer closes nothing here)
    page.close_stream = lambda: setattr(page, "_stream", None)
    read = []
    while (event := await page.event()) is not None:
        read.append(event)
    assert read == [
        ("", -1, ""),
        ("", -1, ""),
        ("game", 7, ""),
        ("game", 8, "t/step/3.png?v=8&lang=en"),
        ("gone", -1, ""),
    ]


async def test_the_benchmarks_browsers_in_their_own_process_tell_what_each_page_was_sent():
    """``bench.spectators``, the load benchmark's browsers in a process of their own: a page opens its stream,
    is told each position it is sent (when, on the benchmark's clock, with the picture fetched when the event
    gave its address), leaves a stream for another, and says so when a stream does not open or is closed."""
    import asyncio
    import time

    from aiohttp import web
    from aiohttp_sse import sse_response

    more = asyncio.Event()
    fetched: list[str] = []

    async def events(request: web.Request) -> web.StreamResponse:
        async with sse_response(request) as stream:
            await stream.send('{"live":{"image":"data:image/png;base64,AAAA"}}', id="3", event="game")
            await more.wait()
            await stream.send('{"live":{"image":"t/step/4.png?v=4"}}', id="4", event="game")
            await stream.wait()
        return stream

    async def picture(request: web.Request) -> web.Response:
        fetched.append(request.path_qs)
        return web.Response(body=b"png", content_type="image/png")

    app = web.Application()
    app.router.add_get("/g/t/events", events)
    app.router.add_get("/g/t/step/4.png", picture)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    browsers = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.spectators",
        str(port),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    assert browsers.stdin is not None and browsers.stdout is not None

    async def told() -> list[str]:
        return (await asyncio.wait_for(browsers.stdout.readline(), 30)).decode().split()

    try:
        began = time.perf_counter()
        browsers.stdin.write(b"open 5 a /g/t/events\n")
        assert await told() == ["opened", "5", "a"]
        what, page, tag, version, arrived, pictured = await told()
        assert (what, page, tag, version) == ("event", "5", "a", "3") and fetched == []
        assert began < float(arrived) <= float(pictured) < time.perf_counter()
        more.set()
        what, page, tag, version, arrived, pictured = await told()
        assert (what, page, tag, version) == ("event", "5", "a", "4") and fetched == ["/g/t/step/4.png?v=4"]
        assert float(arrived) < float(pictured)
        browsers.stdin.write(b"open 5 b /g/elsewhere/events\n")
        what, page, tag, *why = await told()
        assert (what, page, tag) == ("failed", "5", "b") and "404" in " ".join(why)
        browsers.stdin.write(b"open 6 c /g/t/events\n")
        assert await told() == ["opened", "6", "c"]
        assert (await told())[:4] == ["event", "6", "c", "3"]
        assert (await told())[:4] == ["event", "6", "c", "4"]
        browsers.stdin.write(b"close 6\n")
        assert await told() == ["closed", "6"]
        browsers.stdin.close()
        assert await asyncio.wait_for(browsers.wait(), 30) == 0
    finally:
        if browsers.returncode is None:
            browsers.kill()
            await browsers.wait()
        await runner.cleanup()


def test_the_pages_ratio_is_also_given_over_the_rounds_the_host_left_undisturbed():
    """A round in which the host took CPU from any setting's phase is left out of the undisturbed ratio: its
    stall lands in whichever setting had its turn then."""
    from bench.__main__ import _spectator_summary
    from bench.load import AGAIN, WITH, WITHOUT, Phase, pages_compared, undisturbed

    def turn(clicks: list[float], stolen: float = 0.0) -> dict:
        phase = Phase(50, 1.0, click_ms=clicks, machine=(1000, 500, int(stolen * 1000)))
        return {
            "phases": [{**phase.figures(), "rss_mb": 100.0}],
            "raw": [phase.raw()],
            "moves": len(clicks),
            "bot_errors": 0,
            "first_bot_error": "",
            "rss_start_mb": 100.0,
            "rss_peak_mb": 100.0,
            "setup_s": 0.0,
        }

    calm = [float(v) for v in range(1, 101)]
    parts = {
        WITHOUT: [turn(calm), turn(calm), turn(calm)],
        WITH: [turn([v * 1.1 for v in calm]), turn([v * 30 for v in calm], stolen=0.2), turn([v * 1.1 for v in calm])],
        AGAIN: [turn(calm), turn(calm, stolen=0.001), turn(calm)],
    }
    assert undisturbed(parts, 0) == [0, 2]
    result = pages_compared(parts, [50.0], watched=2)
    watching = result["phases"][1]
    assert watching["p95"] / result["phases"][0]["p95"] > 20  # the stalled round dominates the merged p95
    assert (watching["undisturbed"], watching["rounds"]) == (2, 3)
    assert watching["undisturbed_ratio"] == pytest.approx(1.1) and watching["undisturbed_control"] == 1.0
    line = next(line for line in _spectator_summary(result) if "undisturbed" in line or "2 of 3" in line)
    assert "2 of 3 rounds" in line and "1.10×" in line and "twice: 1.00×" in line
