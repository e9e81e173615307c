"""Commands the tests run: each in a process group of its own, which is ended with all it left behind.

A timeout is a guard against a hang, given for an idle machine and stretched by the machine's load.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import tempfile
from collections.abc import Sequence
from typing import Any

from fakediscord.timing import stretched


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def run(argv: Sequence[str], *, timeout: float, check: bool = False, **popen: Any) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(argv, capture_output=True, text=True)``, with the command and whatever processes it
    started SIGKILLed on a timeout, on an error, and once it is done (workers it left behind). The output
    goes through files: a worker left holding a pipe would keep a reader waiting."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, text=True, start_new_session=True, **popen)
        try:
            proc.wait(timeout=stretched(timeout))
        except subprocess.TimeoutExpired as hung:
            kill_group(proc.pid)
            proc.wait()
            out.seek(0), err.seek(0)
            raise subprocess.TimeoutExpired(argv, hung.timeout, out.read(), err.read()) from None
        finally:
            kill_group(proc.pid)
            proc.wait()
        out.seek(0), err.seek(0)
        stdout, stderr = out.read(), err.read()
    if check and proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, argv, stdout, stderr)
    return subprocess.CompletedProcess(argv, proc.returncode, stdout, stderr)


async def end(proc: asyncio.subprocess.Process, grace: float = 5.0) -> None:
    """Ends a process started in a group of its own (``start_new_session=True``) and what it started: SIGTERM,
    SIGKILL after ``grace`` seconds (stretched by the load) if it is still running, and SIGKILL to whatever
    is left of its group in any case."""
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(proc.wait(), stretched(grace))
    kill_group(proc.pid)
    await proc.wait()
