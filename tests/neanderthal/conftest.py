"""Shared fixtures of the NEANDERTHAL tests: the helpers' folder on the path and loaded dice."""

import sys
from pathlib import Path

import pytest

from rules.core import Rng

sys.path.insert(0, str(Path(__file__).parent))


class Loaded(list):
    """Loaded dice: once faces are added, every roll must take the next one (and none is left over)."""

    armed = False

    def __iadd__(self, faces):
        self.armed = True
        return super().__iadd__(faces)


@pytest.fixture
def dice(monkeypatch):
    faces = Loaded()
    real = Rng.die

    def die(self, sides=6):
        return faces.pop(0) if faces.armed else real(self, sides)

    monkeypatch.setattr(Rng, "die", die)
    return faces
