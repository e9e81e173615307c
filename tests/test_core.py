from hypothesis import given
from hypothesis import strategies as st

from rules.core import Msg, Rng, missing_keys, msg, normalize_locale, register, t


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=500))
def test_rng_position_roundtrips(seed, skip):
    rng = Rng(seed=seed)
    for _ in range(skip % 20):
        rng.die()
    copy = Rng.model_validate_json(rng.model_dump_json())
    assert [rng.die() for _ in range(10)] == [copy.die() for _ in range(10)]


@given(st.integers(min_value=1, max_value=50), st.integers(min_value=0, max_value=10**9))
def test_rng_below_in_range(n, seed):
    rng = Rng(seed=seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_rng_dice_are_roughly_uniform():
    rng = Rng(seed=42)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_shuffle_is_a_permutation():
    rng = Rng(seed=3)
    items = list(range(30))
    assert sorted(rng.shuffled(items)) == items


def test_translation_nests_and_falls_back():
    register({"test.take": ("Take {what}", "Pegue {what}"), "test.gem": ("a gem", "uma joia")})
    m = msg("test.take", what=msg("test.gem"))
    assert t(m, "en") == "Take a gem"
    assert t(m, "pt-BR") == "Pegue uma joia"
    assert t(Msg(key="test.unknown"), "en") == "test.unknown"
    assert missing_keys([m]) == set()
    assert missing_keys([msg("test.take", what=msg("nope"))]) == {"nope"}


def test_locale_normalization():
    assert normalize_locale("pt-BR") == "pt-BR"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale(None) == "en"
