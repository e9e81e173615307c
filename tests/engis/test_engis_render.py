"""The picture: a valid PNG of the right size for every player count, private parts only in
the owner's view."""

import io
import re
from collections import Counter

from engis_helpers import new, territory
from PIL import Image

from render import caches, common, engis_clan
from render.engis import render
from rules.core import play
from rules.engis import ENGINE, data


def test_render_is_pure_and_private_view_differs():
    state = new(3, seed=4)
    public = render(ENGINE.view(state, None), locale="en", names=["A", "B", "C"])
    assert public == render(ENGINE.view(state, None), locale="en", names=["A", "B", "C"])
    private = render(ENGINE.view(state, 0), locale="en", names=["A", "B", "C"])
    assert private != public


def test_render_finished_game_and_missing_names():
    final, _ = play(ENGINE, 4, seed=1)
    png = render(ENGINE.view(final, None), locale="pt-BR", names=[])
    assert Image.open(io.BytesIO(png)).size[0] == 1500


def _drawn(view, monkeypatch, locale="en"):
    """The key texts a board draws, every part drawn afresh (none pasted from an earlier board)."""
    monkeypatch.setattr(caches.PARTS, "budget", 0)
    with common.key_texts() as texts:
        png = render(view, locale=locale, names=["Ana", "Bia", "Caio", "Davi"])
    return Image.open(io.BytesIO(png)).width, texts


def test_each_clans_columns_say_whether_they_defend_their_hardships_by_a_mark(monkeypatch):
    """Under each column of a clan's hexes, a ✓ or a ✗ per hardship of that column, in the order of the
    columns: a Forest in column 2 defends Avalanche there, no Lake in column 3 fails Wildfire, and of two
    cave cards under column 4 (the Era Glacial example) one cave defends only the first."""
    state = new(2, seed=3)
    state.weather, state.weather_columns = (
        ["virus", "avalanche", "incendio", "tempestade", "eraglacial"],
        [1, 2, 3, 4, 4],
    )
    territory(state, 0, {"a1": "F1", "b1": "F4", "c1": "M3", "d1": "C2"}, ["a1"])  # F1 has a plant
    territory(state, 1, {"a1": "M2", "b1": "S4", "c1": "L3", "d1": "C3", "d2": "C4"}, ["a1"])  # M2: a plant
    view = ENGINE.view(state, None)
    assert [pv.defended for pv in view.clans] == [[True, True, False, True, False], [True, False, True, True, True]]
    width, texts = _drawn(view, monkeypatch, "pt-BR")
    marks = [k for k in texts if k.role == "defence"]
    assert "".join(k.value for k in marks) == "✓✓✗✓✗" + "✓✗✓✓✓"
    assert all(k.size * 550 / width >= 9 for k in marks)


def test_a_hexs_meeple_count_reads_at_discords_preview(monkeypatch):
    """Every hex with two meeples or more draws its count at 9 px at least once the board is scaled to 550 px
    wide, at every player count (the clans' panels are laid out three ways)."""
    for players in (1, 2, 3, 4):
        state = new(players, seed=5)
        for seat in range(players):
            territory(state, seat, dict(state.clans[seat].hexes), [*state.clans[seat].meeples, "a1", "a1", "c1"][:4])
        view = ENGINE.view(state, None)
        width, texts = _drawn(view, monkeypatch)
        counts = sorted(int(k.value) for k in texts if k.role == "meeples")
        wanted = sorted(n for pv in view.clans for n in Counter(pv.meeples).values() if n > 1)
        assert counts == wanted and wanted, players
        assert all(k.size * 550 / width >= 9 for k in texts if k.role == "meeples"), players


def test_a_finished_clans_breakdown_adds_up_to_its_score_and_fits():
    """At the end each clan's score by source adds up to its score, the hardships at −4 for each one it
    failed (Survival's cancelled one aside), and the breakdown fits its three lines in both languages."""
    for players, seed in ((2, 3), (3, 5), (4, 1)):
        final, _ = play(ENGINE, players, seed=seed)
        for pv in ENGINE.view(final, None).clans:
            failed = [c for c in pv.failed if not c.startswith("!")]
            for locale in ("en", "pt-BR"):
                line = engis_clan.breakdown(pv, locale)
                numbers = [int(n.replace("−", "-")) for n in re.findall(r"(?<![×(])\s(−?\d+)(?!\s×)", line)]
                assert sum(numbers) == pv.score and numbers[-1] == -4 * len(failed), (line, pv.score)
                assert common.fits(common.Box(engis_clan.AREA_W, 15, bold=True, lines=3), line), line


def test_each_clans_wood_and_stone_are_its_hexes_icons():
    final, _ = play(ENGINE, 3, seed=5)
    for pv in ENGINE.view(final, None).clans:
        hexes = [data.ALL_HEXES[h] for h in pv.hexes.values()]
        for resource, terrain in (("wood", data.FOREST), ("stone", data.MOUNTAIN)):
            assert getattr(pv, resource) == sum(h.icons for h in hexes if h.terrain == terrain)


def test_the_alt_text_names_the_columns_each_clan_leaves_open():
    """The ✗ under a clan's columns are in the picture's words too: a clan and the columns it does not defend."""
    from render.engis import describe

    state = new(2, seed=3)
    state.weather, state.weather_columns = ["virus", "avalanche", "incendio", "tempestade"], [1, 2, 3, 4]
    territory(state, 0, {"a1": "F1", "b1": "F4", "c1": "L3", "d1": "C2"}, ["a1"])  # defends every column
    territory(state, 1, {"a1": "M3", "b1": "S4", "c1": "L3", "d1": "C3"}, ["a1"])  # no plant, no Forest
    assert "Columns not defended: Bia 1, 2" in describe(ENGINE.view(state, None), "en", ["Ana", "Bia"])
    assert "Colunas sem defesa: Bia 1, 2" in describe(ENGINE.view(state, 1), "pt-BR", ["Ana", "Bia"])
