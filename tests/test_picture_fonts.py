"""The pictures draw with the fonts Mesa ships (DejaVu Sans, render/fonts), never the system's: the same
glyphs on a machine without any font, and every character a picture can draw is in them."""

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot import texts as _bot_texts  # noqa: F401  (registers the bot's catalogue)
from render import lettering, render
from rules import GAMES
from rules.core import play
from rules.core.i18n import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_FONT_FOLDERS = ["/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts", "~/.local/share/fonts"]

# Every game at its largest table, a board from the middle of a game and the final one, in both languages.
DIGESTS = """
import hashlib, sys
from render import render
from rules import GAMES
from rules.core import play
for game, engine in sorted(GAMES.items()):
    states = []
    play(engine, engine.max_players, seed=4, on_step=lambda b, a, s, i: states.append(a))
    for state in (states[len(states) // 2], states[-1]):
        for locale in ("en", "pt-BR"):
            png = render(game, engine.view(state, None), locale=locale, names=["Ana", "Bia", "Caio", "Davi", "Eva"])
            print(game, locale, hashlib.sha256(png).hexdigest())
"""


def _hidden_fonts_command() -> list[str]:
    """A shell that mounts an empty folder over every system font folder (in a mount namespace of its own,
    so that nothing outside it sees the change), then runs the pictures."""
    folders = [os.path.expanduser(f) for f in SYSTEM_FONT_FOLDERS]
    mounts = " && ".join(f"mount -t tmpfs none {f}" for f in folders if os.path.isdir(f)) or "true"
    return ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", f'{mounts} && exec "$0" -c "$1"']


def _can_hide_fonts() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run([*_hidden_fonts_command(), sys.executable, "pass"], capture_output=True, timeout=60)
    return probe.returncode == 0


def test_every_game_draws_the_same_pictures_with_the_systems_fonts_hidden():
    """With the system's font folders hidden, every game's pictures are the very files drawn here."""
    if not _can_hide_fonts():
        pytest.skip("this machine cannot hide folders in a mount namespace (unshare)")
    result = subprocess.run(
        [*_hidden_fonts_command(), sys.executable, DIGESTS],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    hidden = result.stdout.split("\n")
    here = []
    for game, engine in sorted(GAMES.items()):
        states: list = []
        play(engine, engine.max_players, seed=4, on_step=lambda b, a, s, i, states=states: states.append(a))
        for state in (states[len(states) // 2], states[-1]):
            for locale in ("en", "pt-BR"):
                png = render(game, engine.view(state, None), locale=locale, names=["Ana", "Bia", "Caio", "Davi", "Eva"])
                here.append(f"{game} {locale} {hashlib.sha256(png).hexdigest()}")
    assert hidden[:-1] == here


def _drawable_characters() -> set[str]:
    """Every character of the texts pictures draw (the games' and the shared catalogue, the replay's
    caption; both languages) and of the picture modules' own strings."""
    chars: set[str] = set()
    assert len(list(GAMES.values())) == 4  # every engine imported, so every game's texts are registered
    drawn = (*(f"{game}." for game in GAMES), "core.", "replay.")
    for key, entry in CATALOGUE.items():
        if key.startswith(drawn):
            for value in entry.values():
                chars |= set(value)
    for module in (ROOT / "render").glob("*.py"):
        chars |= set(module.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and not c.isspace()}


def test_the_fonts_mesa_ships_draw_every_character_of_the_pictures():
    """No character a picture can draw falls back to the font's empty box (its .notdef glyph)."""
    for bold in (False, True):
        f = lettering.font(20, bold)
        assert Path(f.path).resolve().parent == (ROOT / "render" / "fonts").resolve()
        empty_box = bytes(f.getmask("\uffff"))
        missing = sorted(c for c in _drawable_characters() if bytes(f.getmask(c)) == empty_box)
        assert missing == [], f"no glyph in {f.path} for {missing}"


def test_the_fonts_and_their_licence_are_package_data():
    """``pip install .`` carries the fonts and their licence: pyproject's package data names them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["render"]
    shipped = {p.relative_to(ROOT / "render") for pattern in patterns for p in (ROOT / "render").glob(pattern)}
    assert {f.relative_to(ROOT / "render") for f in lettering.FONT_FILES.values()} <= shipped
    assert Path("fonts/LICENSE") in shipped
    assert "Bitstream Vera" in (ROOT / "render" / "fonts" / "LICENSE").read_text()
