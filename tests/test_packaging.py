"""What ``pip install .`` installs: the packages the bot runs, not the development tools beside them."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("bot", "render", "rules")
KEPT_FOR_DEVELOPMENT = ("bench", "fakediscord")


@pytest.fixture(scope="session")
def wheel(tmp_path_factory, worker_id) -> Path:
    """The wheel ``pip install .`` would install, built once for the whole run (the pytest-xdist workers share
    the first one's under a lock: a build takes pip a fresh environment and most of a minute on a busy
    machine)."""
    base = tmp_path_factory.getbasetemp()
    shared = base if worker_id == "master" else base.parent  # (the workers' temporary folders' common parent)
    built = shared / "mesa-wheel"
    with (shared / "mesa-wheel.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            building = shared / "mesa-wheel-building"
            shutil.rmtree(building, ignore_errors=True)
            building.mkdir()
            _build_wheel(building)
            building.rename(built)
    (found,) = built.glob("*.whl")
    return found


def _build_wheel(folder: Path) -> None:
    """Builds in ``folder`` the wheel ``pip install .`` would install, from a copy of the tree."""
    source = folder / "source"  # a copy: building writes into the tree it builds
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for package in SHIPPED + KEPT_FOR_DEVELOPMENT:
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder), str(source)],
        check=True,
        capture_output=True,
        cwd=folder,
    )


def test_the_wheel_holds_the_bot_the_rules_and_the_pictures_only(wheel):
    """``bench`` and ``fakediscord`` stay in the repository; every module of the three packages ships."""
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == set(SHIPPED)
    in_tree = {path.relative_to(ROOT).as_posix() for package in SHIPPED for path in (ROOT / package).rglob("*.py")}
    assert {name for name in names if name.endswith(".py")} == in_tree
    # The spectator page's own script, style and icon ship beside its code.
    static = {path.relative_to(ROOT).as_posix() for path in (ROOT / "bot" / "web" / "static").iterdir()}
    assert static and static <= set(names)


def test_the_wheel_names_its_readme_licence_and_the_mesa_command(wheel, tmp_path):
    """The package's page shows the README; its licence (all rights reserved) and its parts' own licences ship
    with it; ``pip install .`` gives a ``mesa`` command that is ``python -m bot``."""
    archive = zipfile.ZipFile(wheel)
    info = next(name.split("/")[0] for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
    metadata = archive.read(f"{info}/METADATA").decode()
    head, _, body = metadata.partition("\n\n")
    assert "Description-Content-Type: text/markdown" in head
    assert body.strip() == (ROOT / "README.md").read_text().strip()
    assert "License-Expression: LicenseRef-Proprietary" in head
    for licence in ("LICENSE", "render/fonts/LICENSE", "bot/web/static/discord-sdk.LICENSE.txt"):
        assert f"License-File: {licence}" in head
        assert archive.read(f"{info}/licenses/{licence}") == (ROOT / licence).read_bytes()
    entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert "[console_scripts]\nmesa = bot.__main__:main" in entry_points
    # installed beside the environment's own packages, the command runs this wheel's bot
    plain = {"PATH": "/usr/bin:/bin"}  # nothing of this checkout on the path
    venv = tmp_path / "venv"
    # (a venv without a pip of its own, this one's installing into it, spares a pip install a test)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--python", venv / "bin" / "python"]
    subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    done = subprocess.run(
        [venv / "bin" / "mesa", "--help"], capture_output=True, text=True, check=False, cwd=tmp_path, env=plain
    )
    assert done.returncode == 0, done.stderr
    assert "python -m bot demo" in done.stdout and "MESA_DATABASE" in done.stdout
    where = subprocess.run(
        [venv / "bin" / "python", "-c", "import bot; print(bot.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=plain,
    )
    assert where.stdout.startswith(str(venv))
