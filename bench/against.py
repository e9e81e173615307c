"""Before and after in one run: the same measurement on this tree and on another commit.

``--against REF`` extracts ``rules/``, ``render/`` and ``bot/`` of REF (``git archive``) into a temporary
folder, next to links to this tree's ``bench/`` and ``fakediscord/``, so both sides run the very same
measuring code and differ only in the code measured.  Each measurement runs in its own subprocess
(``--json``), the two sides taking turns, so that a noisy neighbour slows both alike.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MEASURED = ("rules", "render", "bot")
MEASURING = ("bench", "fakediscord")


class CompareError(Exception):
    """The reference could not be set up; the message says why, in one sentence."""


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", "-C", str(HERE), *args], capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise CompareError("--against needs git, which is not installed") from exc
    if done.returncode != 0:
        raise CompareError(f"git {' '.join(args)}: {done.stderr.strip() or 'failed'}")
    return done.stdout.strip()


def resolve(ref: str | None) -> tuple[str, str]:
    """(commit, how it was named): REF, or by default the merge-base of HEAD with main."""
    if not (HERE / ".git").exists():
        raise CompareError(f"--against compares git commits, and {HERE} is not a git checkout")
    if ref is None:
        commit = _git("merge-base", "HEAD", "main")
        return commit, f"merge-base with main ({commit[:8]})"
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    return commit, f"{ref} ({commit[:8]})"


@contextlib.contextmanager
def tree(commit: str) -> Iterator[Path]:
    """A folder to run ``python -m bench`` in: REF's measured packages, this tree's measuring ones."""
    with tempfile.TemporaryDirectory(prefix="mesa-bench-") as folder:
        root = Path(folder)
        archive = subprocess.run(
            ["git", "-C", str(HERE), "archive", "--format=tar", commit, *MEASURED], capture_output=True, check=False
        )
        if archive.returncode != 0:
            raise CompareError(f"git archive {commit[:8]}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)
        for name in MEASURING:
            (root / name).symlink_to(HERE / name, target_is_directory=True)
        yield root


def environment(root: Path | str) -> dict[str, str]:
    """What a process run in ``root`` (a ``tree``) needs in its environment to import that tree's code."""
    return {"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}


def run_side(root: Path, argv: list[str]) -> dict:
    """``python -m bench ARGV --json`` in ``root``; its JSON answer."""
    env = {**os.environ, **environment(root)}
    done = subprocess.run(
        [sys.executable, "-m", "bench", *argv, "--json"], cwd=root, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise CompareError(f"the measurement failed in {root}:\n{tail}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def ratio(after: float, before: float, higher_is_better: bool) -> str:
    if not before or not after:
        return "-"
    return f"{(after / before if higher_is_better else before / after):.2f}×"
