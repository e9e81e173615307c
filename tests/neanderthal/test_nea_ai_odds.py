"""The dice odds the NEANDERTHAL solitaire policies weigh hunts with."""

from __future__ import annotations

import itertools

import pytest

from rules.neanderthal.ai_odds import kind_chance


@pytest.mark.parametrize("dice", range(6))
def test_kind_chance_counts_every_throw(dice):
    throws = list(itertools.product(range(6), repeat=dice))
    for k in range(dice + 2):
        hits = sum(1 for t in throws if t and max(map(t.count, t)) >= k)
        assert kind_chance(dice, k) == pytest.approx(hits / len(throws) if k > 1 or not dice else 1.0)


def test_kind_chance_grows_with_the_dice_and_falls_with_the_kind():
    for k in range(2, 6):
        chances = [kind_chance(n, k) for n in range(1, 8)]
        assert chances == sorted(chances)
    for n in range(1, 8):
        chances = [kind_chance(n, k) for k in range(1, n + 2)]
        assert chances == sorted(chances, reverse=True) and chances[-1] == 0.0
