from typing import NamedTuple

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from rules.core import Msg, Rng, StoredModel, missing_keys, msg, normalize_locale, register, t
from rules.core.clone import clone_model


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


class _Inner(BaseModel):
    tags: list[str] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)


class _Outer(BaseModel):
    name: str
    inner: _Inner
    maybe: _Inner | None = None
    many: list[_Inner] = Field(default_factory=list)
    by_key: dict[str, list[int]] = Field(default_factory=dict)
    loose: list[list] = Field(default_factory=list)
    label: Msg | None = None


def _containers(value, found):
    if isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        found.add(id(value))
        for item in value.__dict__.values():
            _containers(item, found)
    elif isinstance(value, list | dict):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def test_clone_model_is_deep_equal_and_shares_nothing_mutable():
    original = _Outer(
        name="a",
        inner=_Inner(tags=["x"], counts={"y": 1}),
        maybe=_Inner(tags=["z"]),
        many=[_Inner(), _Inner(tags=["w"])],
        by_key={"k": [1, 2]},
        loose=[[1, "a", [2]]],
        label=msg("core.pass"),
    )
    copied = clone_model(original, name="b")
    assert copied.model_dump() == {**original.model_dump(), "name": "b"}
    assert not _containers(copied, set()) & _containers(original, set())
    assert copied.model_fields_set == original.model_fields_set | {"name"}
    copied.many[1].tags.append("v")
    copied.loose[0][2].append(3)
    assert original.many[1].tags == ["w"] and original.loose == [[1, "a", [2]]]


def test_clone_model_copies_values_not_of_their_declared_type():
    odd = _Outer(name="a", inner=_Inner())
    odd.inner.counts = None  # not a dict: copied by its own type
    odd.by_key = {"k": ([1], 2)}
    copied = clone_model(odd)
    assert copied == odd and copied.by_key["k"][0] is not odd.by_key["k"][0]


class _Loss(NamedTuple):
    seat: int
    kind: str
    tribesmen: int


class _Kill(NamedTuple):
    seat: int
    movers: list[str]


class _Board(StoredModel):
    wife_disc: str = Field("", alias="hdisc")
    losses: list[_Loss] = Field(default_factory=list)
    kills: list[_Kill] = Field(default_factory=list)


class _Stored(StoredModel):
    boards: list[_Board] = Field(alias="ps")


def test_a_renamed_field_reads_and_writes_its_stored_key():
    stored = '{"ps":[{"hdisc":"O","losses":[[1,"hunt",2]],"kills":[[0,["Y"]]]}]}'
    state = _Stored.model_validate_json(stored)
    assert state.boards[0].wife_disc == "O"
    assert state.boards[0].losses[0].kind == "hunt" and state.boards[0].kills[0].movers == ["Y"]
    assert state.model_dump_json() == stored
    built = _Stored(boards=[_Board(wife_disc="O", losses=[_Loss(1, "hunt", 2)], kills=[_Kill(0, ["Y"])])])
    assert built == state and built.model_dump_json() == stored


def test_clone_shares_records_of_plain_values_and_copies_the_others():
    original = _Stored(boards=[_Board(losses=[_Loss(1, "hunt", 2)], kills=[_Kill(0, ["Y"])])])
    copied = clone_model(original)
    assert copied == original
    assert copied.boards[0].losses[0] is original.boards[0].losses[0]
    assert type(copied.boards[0].kills[0]) is _Kill
    copied.boards[0].kills[0].movers.append("R")
    assert original.boards[0].kills[0].movers == ["Y"]
