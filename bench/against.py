"""Before and after in one run: the same measurement on this tree and on another commit.

``--against REF`` extracts ``rules/``, ``render/`` and ``bot/`` of REF (``git archive``) into a temporary
folder, next to links to this tree's ``bench/`` and ``fakediscord/``, so both sides run the very same
measuring code and differ only in the code measured.  Each measurement runs in its own subprocess
(``--json``), the two sides taking turns, so that a noisy neighbour slows both alike.

This tree's measuring code reads some of the bot's own parts (its storage, to set up the games and count
the moves).  Where REF's are not what it reads (a commit older than the storage package), ``side`` says
so: REF is then measured by its own ``bench/`` and ``fakediscord/``, and the two sides' tables are
compared as each side's bench wrote them.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
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


def _extract(commit: str, root: Path, names: tuple[str, ...]) -> None:
    archive = subprocess.run(
        ["git", "-C", str(HERE), "archive", "--format=tar", commit, *names], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise CompareError(f"git archive {commit[:8]}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)


# Written into a tree: Python runs it at start-up. An editable install of the project (``pip install -e``)
# finds its packages' modules by name wherever the path put the package, so a module REF lacks would come
# from the installed checkout; without its finder, REF's code is all there is of them.
ONLY_THIS_TREE = f"""\
import sys

sys.meta_path[:] = [
    finder
    for finder in sys.meta_path
    if not set(getattr(sys.modules.get(getattr(finder, "__module__", "")), "MAPPING", {{}})).intersection({MEASURED!r})
]
"""


@contextlib.contextmanager
def tree(commit: str) -> Iterator[Path]:
    """A folder to run ``python -m bench`` in: REF's measured packages, this tree's measuring ones."""
    with tempfile.TemporaryDirectory(prefix="mesa-bench-") as folder:
        root = Path(folder)
        _extract(commit, root, MEASURED)
        (root / "sitecustomize.py").write_text(ONLY_THIS_TREE)
        for name in MEASURING:
            (root / name).symlink_to(HERE / name, target_is_directory=True)
        yield root


def drives(root: Path, command: str) -> bool:
    """Whether this tree's ``bench <command>`` can measure the code in ``root`` (a ``tree``): its module
    imports there, and its ``probe()``, if it has one, finds the parts of the bot it reads."""
    probe = "import importlib, sys; getattr(importlib.import_module('bench.' + sys.argv[1]), 'probe', lambda: None)()"
    done = subprocess.run(
        [sys.executable, "-c", probe, command],
        cwd=root,
        env={**os.environ, **environment(root)},
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0


@dataclass(frozen=True)
class Side:
    """Where REF is measured: ``root`` holds its code; ``own_bench``: by its own ``bench/`` (this tree's
    cannot drive its bot), so its figures are its bench's, clicks and all."""

    root: Path
    own_bench: bool

    def note(self, named: str) -> str:
        """What the figures' reader must know about the before side, if anything."""
        if not self.own_bench:
            return ""
        return (
            f"{named} is measured by its own bench/ and fakediscord/ (this benchmark cannot drive that bot's "
            "storage): the same options and seeds, each side's clicks drawn by its own code."
        )


@contextlib.contextmanager
def side(commit: str, command: str) -> Iterator[Side]:
    """REF's tree for ``python -m bench COMMAND``: measured by this tree's bench where it can drive REF's code
    (``drives``), by REF's own bench and fake Discord otherwise."""
    with tree(commit) as root:
        if drives(root, command):
            yield Side(root, own_bench=False)
            return
        for name in MEASURING:
            (root / name).unlink()
        _extract(commit, root, MEASURING)
        yield Side(root, own_bench=True)


def require_options(found: Side, command: str, options: list[str]) -> None:
    """Refuses, in one sentence, options REF's own bench does not take (its ``--help`` does not name them)."""
    if not found.own_bench or not options:
        return
    done = subprocess.run(
        [sys.executable, "-m", "bench", command, "--help"],
        cwd=found.root,
        env={**os.environ, **environment(found.root)},
        capture_output=True,
        text=True,
        check=False,
    )
    missing = [option for option in options if option not in done.stdout]
    if done.returncode != 0 or missing:
        raise CompareError(
            f"REF is measured by its own bench, whose `{command}` takes no {', '.join(missing) or 'such options'}"
        )


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
