"""What ``pip install .`` installs: the packages the bot runs, not the development tools beside them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("bot", "render", "rules")
KEPT_FOR_DEVELOPMENT = ("bench", "fakediscord")


def test_the_wheel_holds_the_bot_the_rules_and_the_pictures_only(tmp_path):
    """``bench`` and ``fakediscord`` stay in the repository; every module of the three packages ships."""
    source = tmp_path / "source"  # a copy: building writes into the tree it builds
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in SHIPPED + KEPT_FOR_DEVELOPMENT:
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == set(SHIPPED)
    in_tree = {path.relative_to(ROOT).as_posix() for package in SHIPPED for path in (ROOT / package).rglob("*.py")}
    assert {name for name in names if name.endswith(".py")} == in_tree
    # The spectator page's own script, style and icon ship beside its code.
    static = {path.relative_to(ROOT).as_posix() for path in (ROOT / "bot" / "web" / "static").iterdir()}
    assert static and static <= set(names)
