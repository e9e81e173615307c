"""What the pictures write fits where they write it: every card, object, skill and event name of every
game in both languages, the players' names in the headers, the outcome of a finished game in words, and
the layouts players stumbled on (NEANDERTHAL's header, daughters and matrix, PERGAMEMNON's City and its
five players)."""

import functools
import importlib
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

import render.neanderthal as nea
import render.neanderthal_tribe as nea_tribe
import render.pergamemnon as perg
from render import render
from render.common import BACKGROUND, fits, text_width
from rules import GAMES
from rules.core import play, seat_msg, t, told_to_all
from rules.pergamemnon import turn as perg_turn

LOCALES = ("en", "pt-BR")
NAMES = ["Ana", "Bia", "Caio", "Davi", "Eva"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_name_fits_its_box_in_both_languages(game):
    """Each picture module lists every card, object, skill and event name it draws with the box it draws
    it in (width, size, lines): each fits, whole, in English and in Portuguese."""
    module = importlib.import_module(f"render.{game}")
    for locale in LOCALES:
        named = list(module.named_texts(locale))
        assert len(named) >= 20
        cut = [(what, value) for what, value, box in named if not fits(box, value)]
        assert cut == [], f"{game} ({locale}): these do not fit their boxes"


# every way a game ends: ranked players, two players beside a neutral one, solo and co-op against a goal
ENDINGS = [
    ("atlandice", 2, {}),
    ("atlandice", 4, {}),
    ("engis", 1, {}),
    ("engis", 3, {}),
    ("pergamemnon", 5, {}),
    ("neanderthal", 1, {}),
    ("neanderthal", 1, {"map": "matrix"}),
    ("neanderthal", 2, {"map": "matrix"}),
    ("neanderthal", 3, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), ENDINGS)
def test_a_final_picture_fits_the_outcome_in_words(game, players, options):
    """The header of a finished game names its winners (never the neutral player) or, alone or together
    against the game, says won or lost against the goal, as the engine's outcome has it."""
    engine = GAMES[game]
    module = importlib.import_module(f"render.{game}")
    for seed in (1, 2):
        final, _ = play(engine, players, seed=seed, options=options)
        outcome = engine.outcome(final)
        assert outcome is not None
        for locale in LOCALES:
            headline = module.headline(engine.view(final, None), locale, NAMES[:players])
            if outcome.goal is not None:
                key = "core.result.won" if outcome.winners else "core.result.lost"
                assert t(key, locale, goal="").split("(")[0] in headline
            else:
                assert outcome.winners
                for seat in range(players):
                    assert (NAMES[seat] in headline) == (seat in outcome.winners), headline
            neutral = [r.name for r in outcome.results if r.seat is None and r.name is not None]
            assert not any(t(name, locale) in headline for name in neutral)


def test_the_atlandice_header_names_the_player_to_act_once():
    """ "To play: Ana — Take a resource…": the players are named, never "Player 2", and the prompt does not
    name again the player it is put to."""
    engine = GAMES["atlandice"]
    states = []
    play(engine, 3, seed=5, on_step=lambda b, a, s, i: states.append(a))
    asked = 0
    for state in states:
        if not engine.to_act(state):
            continue
        view = engine.view(state, None)
        for locale in LOCALES:
            headline = render_module("atlandice").headline(view, locale, NAMES[:3])
            assert headline.count(NAMES[engine.to_act(state)[0]]) == 1, headline
            assert not any(t(seat_msg(s), locale) in headline for s in range(3)), headline
        asked += view.prompt is not None and view.prompt.key == "atlandice.prompt.take"
    assert asked


def render_module(game):
    return importlib.import_module(f"render.{game}")


def test_the_neanderthal_header_fits_its_title_and_status_on_lines_of_their_own():
    """On the L map the title ("… · L · artifacts activated 0/3") and the status ("To play: …") no longer
    share a line: each fits the picture's width, in both languages, along a whole game."""
    engine = GAMES["neanderthal"]
    states = []
    play(engine, 1, seed=3, options={"map": "matrix"}, on_step=lambda b, a, s, i: states.append(a))
    for state in [*states[:: max(1, len(states) // 40)], states[-1]]:
        view = engine.view(state, None)
        for locale in LOCALES:
            assert text_width(nea._title(view, locale), 22, True) <= nea.WIDTH - 28
            assert fits(nea.STATUS, nea.headline(view, locale, NAMES[:1]))


@pytest.mark.parametrize(
    ("players", "options"), [(1, {}), (2, {}), (3, {}), (1, {"map": "matrix"}), (3, {"map": "matrix"})]
)
def test_the_neanderthal_status_fits_its_question_with_every_number(players, options):
    """The status line reads the question the player to act answers as the engine asks it, its numbers,
    colours, cards and players in full (never "…"), on the header's line, for the channel and the player."""
    engine = GAMES["neanderthal"]
    states = []
    play(engine, players, seed=2, options=options, on_step=lambda b, a, s, i: states.append(a))
    numbered = set()
    for state in states:
        if not engine.to_act(state):
            continue
        asked = engine.prompt(state, state.actor)
        for seat in (state.actor, None):
            view = engine.view(state, seat)
            for locale in LOCALES:
                line = nea.headline(view, locale, NAMES[:players])
                assert "…" not in line and fits(nea.STATUS, line), line
                if seat is not None or not state.terms:  # the channel reads the question in words for all
                    question = asked if seat is not None else told_to_all(asked)
                    assert t(question, locale, names=NAMES[:players]) in line
        if any(isinstance(v, int) for v in asked.params.values()):
            numbered.add(asked.key)
    assert numbered


def test_the_matrix_rows_fits_names_of_their_own():
    for locale in LOCALES:
        rows = nea._row_labels(4, locale)
        assert len(set(rows)) == 4
        assert nea._row_labels(2, locale) == [t("neanderthal.ui.north", locale), t("neanderthal.ui.south", locale)]


def test_the_neanderthal_legend_draws_every_sign_of_the_cards_and_the_map():
    """The legend explains each sign a card or the map carries, the climate's blue number, ♥, ⚠ and ◡ too,
    each drawn as the board draws it, beside its meaning."""
    from rules.neanderthal import data as nea_data

    keys = [key for key, _ in nea.LEGEND_SIGNS]
    for sign in ("climate", "babies", "predator", "basket", "ferocity", "freezing", "prereq", "trophy", "hand"):
        assert f"neanderthal.legend.{sign}" in keys
    for sign in ("home", "artifact", "ice", "token", "alpha", "last", "inexperienced"):
        assert f"neanderthal.legend.{sign}" in keys
    assert len(set(keys)) == len(keys)
    for locale in LOCALES:  # beside the matrix, the legend ends by the matrix's foot
        from render.common import Drawing

        img = Image.new("RGB", (nea.WIDTH, 1200), BACKGROUND)
        end = nea._side_legend(img, Drawing(img), locale)
        assert end <= nea.ROWS_Y + nea_data.GRID_ROWS * (nea.CARD_H + nea.GAP), locale


def test_an_event_panel_fits_each_portal_once():
    """Storyteller has two Venus portals (an orange and a black disc): Venus is listed once, with both."""
    from rules.neanderthal import data as nea_data

    for card, daughter in nea_data.DAUGHTERS.items():
        grouped = nea._portals([f"{space}-{colour}" for space, colour in daughter.portals])
        assert len({space for space, _ in grouped}) == len(grouped), card
        assert sum(len(colours) for _, colours in grouped) == len(daughter.portals)


def test_a_daughters_row_fits_its_panel():
    """A daughter with many discs, Suitors and a Husband: her row stays within her species' panel (the
    gaps between the three panels stay blank)."""
    engine = GAMES["neanderthal"]
    states = []
    play(engine, 3, seed=2, on_step=lambda b, a, s, i: states.append(a))
    state = next(s for s in reversed(states) if all(p.wives for p in s.tribes))
    view = engine.view(state, None)
    for p in view.tribes:
        for wife in p.wives:
            wife.discs = "OWBOWBOWB"
            wife.husband = p.species
        view.suitors[f"{p.seat}-0"] = [f"{p.seat}:{p.species}", f"{p.seat}:{p.species}"]
    image = Image.open(io.BytesIO(render("neanderthal", view, locale="pt-BR", names=NAMES[:3]))).convert("RGB")
    pw = nea._panel_w(3)
    top = nea._panel_y(view)
    for gap in (10 + pw + 1, 10 + 2 * pw + 11):
        for x in range(gap, gap + 8):
            column = {image.getpixel((x, y)) for y in range(top, top + nea._panel_h(view, pw, "pt-BR"))}
            assert column == {BACKGROUND}, f"something is drawn between two panels at x={x}"


def _nea_view(players: int, options: dict, viewer: int | None):
    """A view of a game half played (a fresh copy each time)."""
    return _nea_views(players, tuple(sorted(options.items())), viewer).model_copy(deep=True)


@functools.cache
def _nea_views(players: int, options: tuple, viewer: int | None):
    engine = GAMES["neanderthal"]
    states = []
    play(engine, players, seed=4, options=dict(options), on_step=lambda b, a, s, i: states.append(a))
    return engine.view(states[len(states) // 2], viewer)


def _crowd(view, p, daughters, discs: str, hand) -> None:
    """Player ``p`` of ``view`` holding ``daughters`` (each with ``discs`` bid on her, a Husband with a Hunter
    assimilated and a disc under him, and a Suitor of every seat and of the foreign species), an Elder with
    his disc at every rank, every kind of Hunter unassigned, the discs on the placard, six portal discs and
    a seventh (N1), ``hand`` in hand, and every trophy and tool on the tableau."""
    from rules.neanderthal import data as nea_data
    from rules.neanderthal.state import Tool, Wife

    species = [q.species for q in view.tribes]
    p.wives = [Wife(card=c, discs=discs, husband=p.species, husband_disc="O", assimilated=p.species) for c in daughters]
    for i in range(len(daughters)):
        view.suitors[f"{p.seat}-{i}"] = [f"{s}:{species[s]}a" for s in range(len(species))] + ["f:G", "f:G"]
    p.elders = {str(r): [p.species + "a", "B"] for r in nea_data.RANKS}
    p.pool = [f"{c}{a}" for c in "GYR" for a in ("", "a")] * 3
    p.parental_discs = "OWB"
    p.portals = [f"{space}-{c}" for space, colours in nea_data.PORTALS.items() for c in colours] + ["venus-O"]
    p.trophies = [c for c, b in nea_data.BIOMES.items() if b.troph]
    p.tools = [Tool(card=c, disc="W") for c, b in nea_data.BIOMES.items() if b.hand]
    p.hand_count = len(hand)
    p.hand = list(hand) if view.viewer == p.seat else None
    p.tribal = True


def _longest(names, locale: str, k: int) -> list[int]:
    return sorted(names, key=lambda c: -text_width(t(f"neanderthal.card.{c}", locale), 14, True))[:k]


def _parts_stay_in_their_panel(view, locale: str) -> None:
    """Each part of each player's panel, drawn alone, inks only within the panel's inside, between where
    it starts and where the next part starts; the last ends inside the panel."""
    from PIL import ImageChops

    from render.common import Drawing

    w = nea._panel_w(len(view.tribes))
    h = nea._panel_h(view, w, locale)
    blank = Image.new("RGB", (w + 20, h + 100), BACKGROUND)
    for p in view.tribes:
        y = nea_tribe.PANEL_TOP
        for part in nea_tribe.PANEL_PARTS:
            img = blank.copy()
            end = part(img, Drawing(img), view, p, 10, y, w, locale)
            box = ImageChops.difference(img, blank).getbbox()
            where = f"{part.__name__} of seat {p.seat} ({locale})"
            if box is None:  # a part with nothing to show (the final score's breakdown in play) takes no room
                assert end == y, where
                continue
            assert 10 + 5 <= box[0] and box[2] <= 10 + w - 5, f"{where} runs out of its panel sideways: {box}"
            assert y <= box[1] and box[3] <= end, f"{where} inks {box} outside its band {y}-{end}"
            y = end
        assert y <= h - 5, f"seat {p.seat}'s panel ({locale}) ends at {y}, past its height {h}"


PANEL_CASES = [(1, {}), (1, {"map": "matrix"}), (2, {}), (3, {})]


@pytest.mark.parametrize(("players", "options"), PANEL_CASES)
@pytest.mark.parametrize("viewer", [None, 0])
def test_a_species_panel_fits_the_largest_counts_the_rules_allow(players, options, viewer):
    """Every daughter of the game (21) on one board, each with ten discs bid (two colours of bid media,
    five discs each), a Husband with his assimilated Hunter and disc, and Suitors of every seat and of the
    foreign species; an Elder at every rank; all the trophies, tools, portals, and six cards in hand (six
    experienced Elders): every part of every panel stays inside it, the panel growing as it must."""
    from rules.neanderthal import data as nea_data
    from rules.neanderthal.scoring import CATEGORIES

    hand_cards = [c for c, b in nea_data.BIOMES.items() if b.hand]
    for locale in LOCALES:
        view = _nea_view(players, options, viewer)
        for p in view.tribes:
            _crowd(view, p, list(nea_data.DAUGHTERS), "OOOOOWWWWW", _longest(hand_cards, locale, 6))
        _parts_stay_in_their_panel(view, locale)
        png = render("neanderthal", view, locale=locale, names=NAMES[: len(view.tribes)])
        image = Image.open(io.BytesIO(png))
        assert image.height == nea._panel_y(view) + nea._panel_h(view, nea._panel_w(players), locale) + nea.legend_h(
            nea._rows(view)
        )
        # the game over, each panel ends with the score from every source
        view.phase = "over"
        for p in view.tribes:
            p.points = {f"neanderthal.score.{k}": 10 + i for i, k in enumerate(CATEGORIES)}
        _parts_stay_in_their_panel(view, locale)


@given(data=st.data())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_species_panel_fits_any_counts(data):
    """Any number of daughters (with any discs, Husbands and Suitors), trophies, tools and hand cards, in
    any language and at any player count: every part of every panel stays inside it."""
    from rules.neanderthal import data as nea_data

    players, options = data.draw(st.sampled_from(PANEL_CASES))
    viewer = data.draw(st.sampled_from([None, 0]))
    locale = data.draw(st.sampled_from(LOCALES))
    view = _nea_view(players, options, viewer)
    cards = st.lists(st.sampled_from(sorted(nea_data.DAUGHTERS)), unique=True, max_size=len(nea_data.DAUGHTERS))
    for p in view.tribes:
        daughters = data.draw(cards)
        discs = data.draw(st.text(alphabet="OWB", max_size=10))
        hand = data.draw(st.lists(st.sampled_from([c for c, b in nea_data.BIOMES.items() if b.hand]), max_size=6))
        _crowd(view, p, daughters, discs, hand)
        p.trophies = data.draw(
            st.lists(st.sampled_from([c for c, b in nea_data.BIOMES.items() if b.troph]), unique=True)
        )
        for i, wife in enumerate(p.wives):
            wife.husband = data.draw(st.sampled_from(["", p.species]))
            if not wife.husband:
                wife.assimilated = wife.husband_disc = ""
            view.suitors[f"{p.seat}-{i}"] = view.suitors[f"{p.seat}-{i}"][: data.draw(st.integers(0, 5))]
    _parts_stay_in_their_panel(view, locale)


def test_the_city_fits_one_charisma_figure():
    """The City's charisma is one figure, the engine's (the Charisma cards under it and its City cards'),
    with its parts; the cards under the City carry no figure of their own."""
    engine = GAMES["pergamemnon"]
    states = []
    play(engine, 5, seed=6, on_step=lambda b, a, s, i: states.append(a))
    seen = 0
    for state in states[::10]:
        view = engine.view(state, None)
        for seat, p in enumerate(view.nations):
            for locale in LOCALES:
                total, parts = perg._city_lines(p, locale)
                assert str(perg_turn.city_charisma(state.nations[seat])) in total
                assert str(p.charisma) in parts
            seen += bool(p.city)
    assert seen
    for locale in LOCALES:
        assert not any(ch.isdigit() for ch in t("pergamemnon.ui.under_city", locale))


def test_five_players_areas_fits_two_a_row():
    """With 4 or 5 players the players' areas stand two a row, each wide enough for its name, nation,
    City and four cards; the picture is no taller than 1,500 px (with 2 or 3, an area a row draws the
    Nation and City cards, the deck and the hand)."""
    engine = GAMES["pergamemnon"]
    for players in (4, 5):
        state, _ = play(engine, players, seed=players)
        view = engine.view(state, None)
        boxes = perg.panel_boxes(view)
        assert len({dy for _, dy, _ in boxes}) == (players + 1) // 2
        for x, _, w in boxes:
            assert x + w <= perg.WIDTH - perg.MARGIN
            assert w >= perg.INFO_W + 4 * (perg.SMALL_W + 6)
        png = render("pergamemnon", view, locale="en", names=NAMES[:players])
        assert Image.open(io.BytesIO(png)).height <= 1500


def test_every_picture_function_fits_80_lines():
    """No function under render/ is longer than 80 lines: a picture is drawn by parts, each in a function
    a reader takes in at once."""
    import ast
    from pathlib import Path

    long = []
    for path in sorted((Path(__file__).parent.parent / "render").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > 80:
                    long.append(f"{path.name}:{node.name} ({lines} lines)")
    assert long == []


def test_an_engis_hexs_meeples_fit_inside_it_beside_its_plant_or_knowledge():
    """Five meeples on a hex with a plant or knowledge, at both sizes of the hexes: the pawn and its count
    ink only inside the hex, and every pixel of the plant or the star stays in sight."""
    import itertools

    from PIL import ImageChops, ImageDraw

    import render.engis_clan as engis_clan
    import render.engis_tiles as engis_tiles
    from render.common import Drawing
    from rules.engis import data

    for (hid, h), r in itertools.product(data.ALL_HEXES.items(), (engis_clan.WIDE_R, engis_clan.TALL_R)):
        if not (h.plant or h.know):
            continue
        colour = (engis_tiles.PLANT if h.plant else engis_tiles.KNOW)[1]
        tile = engis_tiles.hex_tile(hid, r, "en")
        board = Image.new("RGB", (tile.width + 40, tile.height + 40), BACKGROUND)
        cx, cy = board.width / 2, board.height / 2
        engis_tiles.paste_tile(board, tile, cx, cy)
        drawn = board.copy()
        engis_clan.hex_meeples(drawn, Drawing(drawn), cx, cy, r, (230, 120, 30), 5)
        inside = Image.new("L", board.size, 0)
        ImageDraw.Draw(inside).polygon(engis_tiles.hex_points(cx, cy, r), fill=255)
        changed = ImageChops.difference(board, drawn).convert("L").point(lambda v: 255 if v else 0)
        outside = ImageChops.subtract(changed, inside)
        assert outside.getbbox() is None, f"{hid}: the meeples ink outside the hex at {outside.getbbox()}"
        icon = [xy for xy in _pixels(board) if board.getpixel(xy) == colour]
        assert icon, hid
        assert all(drawn.getpixel(xy) == colour for xy in icon), f"{hid}: the meeples cover its plant or knowledge"


def _pixels(image):
    return ((x, y) for y in range(image.height) for x in range(image.width))


def _wcag_contrast(a, b) -> float:
    def luminance(colour):
        lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("species", ["G", "Y", "R"])
def test_a_neanderthal_tokens_number_fits_inside_it_and_reads_on_its_colour(species):
    """A token of meeples (up to the 18 of a species, the Alpha's "A3"): its number's ink stays within the
    token's outline on every row, and its lightest or darkest pixel stands out from the species' colour
    (WCAG contrast 4 at least; white on the yellow species read 2.7)."""
    from render.common import Drawing

    outside, outline = (0, 0, 255), (30, 30, 30)
    fill = nea.SPECIES_COLOUR[species]
    for n, alpha in [(1, False), (7, False), (13, False), (18, False), (1, True), (3, True)]:
        img = Image.new("RGB", (80, 50), outside)
        nea._meeple(Drawing(img), img, 40, 25, species, n, alpha)
        for y in range(img.height):
            row = [img.getpixel((x, y)) for x in range(img.width)]
            edge = [x for x, c in enumerate(row) if c == outline]
            inked = [x for x, c in enumerate(row) if c != outside]
            if inked:
                assert edge and edge[0] <= inked[0] and inked[-1] <= edge[-1], (n, alpha, y)
        label = {img.getpixel(xy) for xy in _pixels(img)} - {outside, outline, fill}
        assert label, (n, alpha)
        assert max(_wcag_contrast(c, fill) for c in label) >= 4, (species, n, alpha)
