"""``python -m bench outage``: how long the games stay stuck after a failure of the database, and the clicks
that did not count.

It runs the suite's outage tests (``tests/test_outage.py`` and the web process's in
``tests/test_web_outages.py``, each on a real PostgreSQL server of its own, through the real bot and the
fake Discord) ``--runs`` times, with ``--slow`` their 10 s and 60 s variants too, and reads the figure each
test prints (``OUTAGE-FIGURE``): the seconds from the database being back to the current board having its
controls (for the web process: its page answering again), and to the games moving again (a move stored and
its board posted; for the web process: an open stream hearing the next move). Beside them, what issue 37
reported of the code before the outage work (commit 270220a), as reported, not measured here.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .tables import table

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/test_outage.py", "tests/test_web_outages.py::test_python_m_bot_web_rides_out_a_postgres_outage"]
MARK = "OUTAGE-FIGURE "

# What issue 37 reported of the bot before the outage work (270220a), by failure: reported, not measured.
REPORTED = {
    ("PostgreSQL stopped", 1): "games stuck until a restart (48 of 75 kills: no board clickable for 15 s)",
    ("PostgreSQL's postmaster SIGKILLed after a commit (the move kept)", 1): "no board with controls 20 s after (3/3)",
    ("PostgreSQL's postmaster SIGKILLed after a commit (the move lost)", 1): "stuck 20 s after (3/3), live board ahead",
    ("PostgreSQL stopped", 2): "both processes exited (0.2 s outage); offline until restarted",
    ("PostgreSQL's postmaster SIGKILLed", 2): "both processes exited; offline until restarted",
    ("PostgreSQL restarted under python -m bot web", "web"): "pages never followed the games again (> ~1 s)",
    ("PostgreSQL stopped while a reminder and a clock deadline fell due", 1): "not reported",
}


def reported(failure: str, processes: object) -> str:
    for (start, count), text in REPORTED.items():
        if failure.startswith(start) and count == processes:
            return text
    return "not reported"


def run_tests(slow: bool, only: str | None = None) -> tuple[list[dict], str]:
    """Runs the outage tests once (``only``: those pytest's ``-k`` picks); returns the figures they printed, and
    pytest's last line."""
    argv = [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:randomly", "-s", "-q", *TESTS]
    if slow:
        argv.append("--runslow")
    if only:
        argv += ["-k", only]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    # (a figure's line may follow the progress dots of the tests before it)
    figures = [json.loads(line.split(MARK, 1)[1]) for line in lines if MARK in line]
    if done.returncode:
        print(done.stdout, done.stderr, file=sys.stderr)
    summary = next((line for line in reversed(lines) if " passed" in line or " failed" in line), "")
    return figures, f"pytest exited with {done.returncode}: {summary}"


def main(argv: list[str]) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench outage", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="times the outage tests are run (the sample size)")
    parser.add_argument("--slow", action="store_true", help="with the 10 s and 60 s outages (--runslow)")
    parser.add_argument("--only", metavar="EXPR", help="only the tests pytest's -k EXPR picks (two_processes, say)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows: dict[tuple[str, object, str], list[dict]] = {}
    for run in range(args.runs):
        figures, last = run_tests(args.slow, args.only)
        print(f"run {run + 1} of {args.runs}: {last}", file=sys.stderr)
        for figure in figures:
            rows.setdefault((figure["failure"], figure["processes"], figure["commit"]), []).append(figure)

    def seconds(found: list[dict], key: str) -> str:
        values = [f[key] for f in found]
        return f"{statistics.median(values):.2f} (max {max(values):.2f})" if len(values) > 1 else f"{values[0]:.2f}"

    lines = [
        [
            failure,
            str(processes),
            commit,
            str(len(found)),
            seconds(found, "controls_back_s"),
            seconds(found, "moving_again_s"),
            f"{sum(f['not_counted'] for f in found)} / {sum(f['told'] for f in found)}",
            reported(failure, processes),
        ]
        for (failure, processes, commit), found in rows.items()
    ]
    header = [
        "failure",
        "processes",
        "synchronous_commit",
        "n",
        "board right (s)",
        "moving again (s)",
        "not counted / told",
        "before (issue 37, reported)",
    ]
    print(table(header, lines))
    print(
        "Seconds after the database was back (median and max over n): the current board with its controls (web: "
        "the page answering again), a move stored and its board posted (web: an open stream hearing it). "
        f"The whole run took {time.perf_counter() - started:.0f} s."
    )
