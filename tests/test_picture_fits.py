"""What the pictures write fits where they write it: every card, object, skill and event name of every
game in both languages, the players' names in the headers, the outcome of a finished game in words, and
the layouts players stumbled on (NEANDERTHAL's header, daughters and matrix, PERGAMEMNON's City and its
five players)."""

import importlib
import io

import pytest
from PIL import Image

import render.neanderthal as nea
import render.pergamemnon as perg
from render import render
from render.common import BACKGROUND, fits, text_width
from rules import GAMES
from rules.core import play, seat_msg, t
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


def test_the_atlandice_header_fits_the_players_names_in_its_prompt():
    """ "To play: Ana — Bia: take a resource…": the prompt names the players, never "Player 2"."""
    engine = GAMES["atlandice"]
    states = []
    play(engine, 3, seed=5, on_step=lambda b, a, s, i: states.append(a))
    named = 0
    for state in states:
        if not engine.to_act(state):
            continue
        view = engine.view(state, None)
        for locale in LOCALES:
            headline = render_module("atlandice").headline(view, locale, NAMES[:3])
            assert NAMES[engine.to_act(state)[0]] in headline
            assert not any(t(seat_msg(s), locale) in headline for s in range(3)), headline
        named += "core.seat" in repr(view.prompt)  # a prompt that names a player
    assert named


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


def test_the_matrix_rows_fits_names_of_their_own():
    for locale in LOCALES:
        rows = nea._row_labels(4, locale)
        assert len(set(rows)) == 4
        assert nea._row_labels(2, locale) == [t("neanderthal.ui.north", locale), t("neanderthal.ui.south", locale)]


def test_the_neanderthal_legend_fits_the_home_the_ice_barrier_and_the_tableau():
    for locale in LOCALES:
        legend = t("neanderthal.ui.legend", locale)
        for sign in ("⌂", "✦", t("neanderthal.ui.ice", locale), t("neanderthal.ui.tableau", locale)):
            assert sign in legend
        assert fits(nea.LEGEND, legend)


def test_an_event_panel_fits_each_portal_once():
    """Storyteller has two Venus portals (an orange and a black disc): Venus is listed once, with both."""
    from rules.neanderthal import data as D

    for card, daughter in D.DAUGHTERS.items():
        grouped = nea._portals([f"{space}-{colour}" for space, colour in daughter.portals])
        assert len({space for space, _ in grouped}) == len(grouped), card
        assert sum(len(colours) for _, colours in grouped) == len(daughter.portals)


def test_a_daughters_row_fits_its_panel():
    """A daughter with many discs, Suitors and a Husband: her row stays within her species' panel (the
    gaps between the three panels stay blank)."""
    engine = GAMES["neanderthal"]
    states = []
    play(engine, 3, seed=2, on_step=lambda b, a, s, i: states.append(a))
    state = next(s for s in reversed(states) if all(p.wives for p in s.ps))
    view = engine.view(state, None)
    for p in view.ps:
        for wife in p.wives:
            wife.discs = "OWBOWBOWB"
            wife.husband = p.species
        view.suitors[f"{p.seat}-0"] = [f"{p.seat}:{p.species}", f"{p.seat}:{p.species}"]
    image = Image.open(io.BytesIO(render("neanderthal", view, locale="pt-BR", names=NAMES[:3]))).convert("RGB")
    pw = (nea.WIDTH - 20 - 2 * 10) // 3
    top = nea._panel_y(view)
    for gap in (10 + pw + 1, 10 + 2 * pw + 11):
        for x in range(gap, gap + 8):
            column = {image.getpixel((x, y)) for y in range(top, top + nea.PANEL_H)}
            assert column == {BACKGROUND}, f"something is drawn between two panels at x={x}"


def test_the_city_fits_one_charisma_figure():
    """The City's charisma is one figure, the engine's (the Charisma cards under it and its City cards'),
    with its parts; the cards under the City carry no figure of their own."""
    engine = GAMES["pergamemnon"]
    states = []
    play(engine, 5, seed=6, on_step=lambda b, a, s, i: states.append(a))
    seen = 0
    for state in states[::10]:
        view = engine.view(state, None)
        for seat, p in enumerate(view.ps):
            for locale in LOCALES:
                total, parts = perg._city_lines(p, locale)
                assert str(perg_turn.city_charisma(state.ps[seat])) in total
                assert str(p.cha) in parts
            seen += bool(p.city)
    assert seen
    for locale in LOCALES:
        assert not any(ch.isdigit() for ch in t("pergamemnon.ui.under_city", locale))


def test_five_players_areas_fits_two_a_row():
    """With 3 to 5 players the players' areas stand two a row, each wide enough for its name, nation,
    City and four cards; the picture is no taller than a 2-player one with a hand and a battle."""
    engine = GAMES["pergamemnon"]
    for players in (3, 4, 5):
        state, _ = play(engine, players, seed=players)
        view = engine.view(state, None)
        boxes = perg._panel_boxes(view)
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
