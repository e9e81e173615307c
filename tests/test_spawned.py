"""The processes the tests start end with the test, on a busy machine too: a command that hangs, ignores
SIGTERM or leaves workers behind is ended with all of them; waits stretch with the machine's load."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import pytest
from spawned import alive, end, run

from fakediscord import FakeDiscord
from fakediscord.timing import patience, stretched

# A parent that ignores SIGTERM, starts a child that ignores it too, prints both ids and waits forever.
STUBBORN = (
    "import os, signal, subprocess, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
    "child = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
    "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)']);"
    "print(os.getpid(), child.pid, flush=True); time.sleep(3600)"
)


def _ended(*pids: int) -> bool:
    """Whether the processes are gone, given the moment a SIGKILL takes to land."""
    deadline = time.monotonic() + stretched(10)
    while any(map(alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.01)
    return not any(map(alive, pids))


def test_a_command_that_hangs_is_ended_with_what_it_started(monkeypatch):
    monkeypatch.setenv("FAKEDISCORD_PATIENCE", "1")
    with pytest.raises(subprocess.TimeoutExpired) as hung:
        run([sys.executable, "-c", STUBBORN], timeout=2)
    parent, child = map(int, hung.value.output.split())
    assert _ended(parent, child)


def test_a_command_s_leftover_workers_are_ended_when_it_is_done():
    script = (
        "import subprocess, sys; print(subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)']).pid)"
    )
    done = run([sys.executable, "-c", script], timeout=60, check=True)
    assert _ended(int(done.stdout))


async def test_a_process_that_ignores_sigterm_is_killed_after_the_grace_period(monkeypatch):
    monkeypatch.setenv("FAKEDISCORD_PATIENCE", "1")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", STUBBORN, stdout=asyncio.subprocess.PIPE, start_new_session=True
    )
    try:
        parent, child = map(int, (await asyncio.wait_for(proc.stdout.readline(), stretched(60))).split())
    finally:
        await end(proc, grace=0.5)
    assert proc.returncode < 0 and _ended(parent, child)


async def test_waits_stretch_with_the_load_per_core(monkeypatch, fake_discord: FakeDiscord):
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    monkeypatch.delenv("FAKEDISCORD_PATIENCE", raising=False)
    assert patience() >= max(1.0, load * 0.5)  # the one-minute load moves a little meanwhile
    monkeypatch.setenv("FAKEDISCORD_PATIENCE", "4")
    assert stretched(0.1) == pytest.approx(0.4)
    start = time.monotonic()
    # Met after 0.15 s: too late for 0.05 s on an idle machine, in time four times as patient.
    assert await fake_discord.wait_for(lambda: time.monotonic() - start >= 0.15, timeout=0.05)
