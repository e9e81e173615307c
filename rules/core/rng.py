"""Deterministic chance whose whole position is two integers stored in the game state.

Each draw is SplitMix64 of (seed, draw number): no hidden generator state, so a state that
round-trips through JSON continues with exactly the same dice and shuffles.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng(BaseModel):
    seed: int
    draws: int = 0

    def next64(self) -> int:
        value = _splitmix64((_splitmix64(self.seed & _MASK) + self.draws * 0xD1B54A32D192ED03) & _MASK)
        self.draws += 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
