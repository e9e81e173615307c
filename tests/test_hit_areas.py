"""The areas of a picture a click plays an action on (``render.hits``), at random positions of every game:
each is one of the seat's legal actions, lies inside the picture, covers something drawn, and two areas
either are the same thing's (the same shape: the click offers the choice) or do not touch."""

import io
import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from render import render
from render.common import HIGHLIGHT
from render.engis_tiles import hex_points
from render.hits import HitArea, hit_areas, polygon, rect
from rules import GAMES
from rules.core import Rng

NAMES = ["Ana", "Bia", "Caio", "Davi", "Eva"]
LOCALES = ["en", "pt-BR"]
HAND_CHIP = (255, 240, 200)  # the fill of a card of the hand (render.engis_clan)
# every player count, and the variants whose board is laid out otherwise (NEANDERTHAL's matrix)
CASES = [(game, players, {}) for game, e in sorted(GAMES.items()) for players in (e.min_players, e.max_players)]
CASES += [("neanderthal", 1, {"map": "matrix", "artifacts": "3"}), ("neanderthal", 2, {"map": "matrix"})]


def _position(game: str, players: int, options: dict[str, str], seed: int, steps: int):
    """The game after up to ``steps`` random legal moves (fewer if it ends first, or once some area exists past
    half of them, so that the positions with areas are most of those tried)."""
    engine = GAMES[game]
    state = engine.new_game(players, seed, options)
    rng = Rng(seed=seed)
    for step in range(steps):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[0]
        actions = [a.id for a in engine.legal_actions(state, seat)]
        if step >= steps // 2 and hit_areas(game, engine.view(state, seat), seat, actions):
            break
        state = engine.apply(state, seat, rng.choice(actions))
    return engine, state


def _mask(size: tuple[int, int], area: HitArea) -> Image.Image:
    mask = Image.new("1", size, 0)
    ImageDraw.Draw(mask).polygon(area.points(), fill=1)
    return mask


def _covers_something_drawn(picture: Image.Image, area: HitArea) -> bool:
    """A thing is drawn under the area: its own outline runs along the area's (a hex, a card, a panel, even
    one drawn edge to edge with others of its fill, as a territory's empty spaces are), or the area holds
    something on the ground around it (a label)."""
    return _outline_drawn(picture, area) >= 0.9 or _held(picture, area) >= 0.1


def _outline_drawn(picture: Image.Image, area: HitArea, reach: int = 3) -> float:
    """The share of the area's outline (a point every 2 px) where the picture changes colour across it, from
    ``reach`` px inside to ``reach`` px outside: 0 on a plain ground, near 1 along a thing's own edge."""
    pixels, (width, height) = picture.load(), picture.size
    corners = area.points()
    points = edged = 0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        across = ((y1 - y0) / length, (x0 - x1) / length)  # a normal to this side
        for step in range(0, int(length), 2):
            x, y = x0 + (x1 - x0) * step / length, y0 + (y1 - y0) * step / length
            seen = {
                pixels[px, py]
                for d in range(-reach, reach + 1)
                if 0 <= (px := round(x + d * across[0])) < width and 0 <= (py := round(y + d * across[1])) < height
            }
            points += 1
            edged += len(seen) > 1
    return edged / points


def _held(picture: Image.Image, area: HitArea) -> float:
    """The share of the area's pixels that are not the colour the area stands on (the commonest colour of the
    rows 3 px above and below it)."""
    left, top, right, bottom = area.box()
    ring: Counter[tuple[int, int, int]] = Counter()
    for y in (top - 3, bottom + 3):
        if 0 <= y < picture.height:
            row = picture.crop((max(0, left - 3), y, min(picture.width, right + 4), y + 1))
            ring.update({colour: n for n, colour in row.getcolors(row.width)})
    ground = ring.most_common(1)[0][0]
    box = (left, top, right + 1, bottom + 1)
    inside = _mask(picture.size, area).crop(box)
    held = Image.new("RGB", inside.size, ground)
    held.paste(picture.crop(box), (0, 0), inside)  # the area's pixels on the ground
    on_ground = dict((colour, n) for n, colour in held.getcolors(held.width * held.height)).get(ground, 0)
    total = held.width * held.height
    area_pixels = total - inside.histogram()[0]
    return (area_pixels - (on_ground - (total - area_pixels))) / area_pixels


def check_areas(game: str, view, seat: int, legal: list[str], locale: str, names: list[str]) -> list[HitArea]:
    areas = hit_areas(game, view, seat, legal, locale=locale)
    picture = Image.open(io.BytesIO(render(game, view, locale=locale, names=names))).convert("RGB")
    assert [a.action for a in areas] == [a for a in legal if a in {area.action for area in areas}]
    for area in areas:
        left, top, right, bottom = area.box()
        assert 0 <= left < right < picture.width and 0 <= top < bottom < picture.height, area
        assert _covers_something_drawn(picture, area), area
    taken = Image.new("1", picture.size, 0)  # the areas of the shapes seen so far
    for shape, coords in dict.fromkeys((a.shape, a.coords) for a in areas):
        mine = _mask(picture.size, HitArea("", shape, coords))
        assert ImageChops.logical_and(taken, mine).getbbox() is None, "two things' areas overlap"
        taken = ImageChops.logical_or(taken, mine)
    return areas


@pytest.mark.parametrize(("game", "players", "options"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 400), locale=st.sampled_from(["en", "pt-BR"]))
def test_every_area_is_a_legal_action_on_a_thing_drawn_apart_from_the_others(
    game, players, options, seed, steps, locale
):
    engine, state = _position(game, players, options, seed, steps)
    for seat in engine.to_act(state):
        legal = [a.id for a in engine.legal_actions(state, seat)]
        for viewer in (seat, None):
            check_areas(game, engine.view(state, viewer), seat, legal, locale, NAMES[:players])


def test_an_empty_engis_space_among_empty_spaces_is_an_area_on_a_thing_drawn():
    """An empty space of a territory drawn edge to edge with other empty spaces of its fill (ENGIS, 4 players,
    seed 102 after 96 moves: B1) is found under its area by its own outline."""
    engine, state = _position("engis", 4, {}, 102, 96)
    seat = engine.to_act(state)[0]
    legal = [a.id for a in engine.legal_actions(state, seat)]
    view = engine.view(state, None)
    (space,) = [a for a in check_areas("engis", view, seat, legal, "en", NAMES[:4]) if a.action == "put-b1"]
    picture = Image.open(io.BytesIO(render("engis", view, names=NAMES[:4]))).convert("RGB")
    assert _held(picture, space) < 0.1  # the rows above and below it are the spaces' fill: no ground to tell
    assert _outline_drawn(picture, space) >= 0.9


def test_an_area_on_nothing_is_found_out_and_one_on_a_tiled_or_written_thing_is_not():
    """The check of the property test above fails for an area on plain ground, and holds for a hex among
    hexes of its own fill drawn edge to edge (no ground around it) and for a word on the ground."""
    ground, fill, edge = (250, 246, 236), (236, 229, 214), (190, 180, 160)
    picture = Image.new("RGB", (400, 300), ground)
    draw = ImageDraw.Draw(picture)
    r, centres = 30, [(100 + 45 * i, 80 + 26 * (i % 2) + 52 * j) for i in range(3) for j in range(3)]
    for cx, cy in centres:
        draw.polygon(hex_points(cx, cy, r), fill=fill, outline=edge, width=2)
    draw.text((260, 240), "Movement 2", fill=(30, 30, 30), font_size=14)
    middle = polygon("put-b1", hex_points(*centres[4], r - 2))
    assert _covers_something_drawn(picture, middle)
    assert _covers_something_drawn(picture, rect("skill", (258, 238, 340, 258)))
    for nothing in (polygon("put-x", hex_points(320, 80, r - 2)), rect("skill", (258, 180, 340, 200))):
        assert not _covers_something_drawn(picture, nothing), nothing


# the moves whose thing the next board marks as the last move (render.common.HIGHLIGHT): a hex put on a
# territory, a sector a die is taken from, a biome a Hunter is sent to
MARKED = {"engis": ("put-",), "atlandice": ("visit.", "neutral."), "neanderthal": ("h-", "ha-", "hr-")}


@pytest.mark.parametrize("game", sorted(MARKED))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 300), data=st.data())
def test_the_board_after_a_click_marks_the_thing_in_the_area_clicked(game, seed, steps, data):
    """A click plays its action on the thing under it: where the next board marks the last move's thing,
    the mark is in the area clicked, more than in any other area of the decision."""
    players = GAMES[game].max_players
    engine, state = _position(game, players, {}, seed, steps)
    for seat in engine.to_act(state)[:1]:
        legal = [a.id for a in engine.legal_actions(state, seat)]
        areas = [a for a in hit_areas(game, engine.view(state, seat), seat, legal) if a.action.startswith(MARKED[game])]
        if not areas:
            continue
        area = data.draw(st.sampled_from(areas))
        after = engine.apply(state, seat, area.action)
        picture = Image.open(io.BytesIO(render(game, engine.view(after, seat), names=NAMES[:players]))).convert("RGB")
        marks = {other.coords: _marked(picture, other) for other in areas}
        assert marks[area.coords] > 0 and marks[area.coords] == max(marks.values()), (area, marks)


def _marked(picture: Image.Image, area: HitArea) -> int:
    """How many pixels of the last move's mark are in the area or within 4 px of it (a mark may ring a card)."""
    left, top, right, bottom = area.box()
    around = picture.crop((left - 4, top - 4, right + 5, bottom + 5))
    return dict((colour, n) for n, colour in around.getcolors(1 << 16)).get(HIGHLIGHT, 0)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), skip=st.integers(0, 3), locale=st.sampled_from(LOCALES))
def test_an_engis_hand_s_cards_are_clicked_on_their_own_chips_in_their_owner_s_picture(seed, players, skip, locale):
    """When a clan may score a card, each card of its hand is an area over that card's chip (drawn in the
    hand's colour) in its owner's picture; the public picture draws no hand, so it offers none."""
    engine, rng = GAMES["engis"], Rng(seed=seed)
    state = engine.new_game(players, seed, {})
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        actions = [a.id for a in engine.legal_actions(state, seat)]
        cards = [a for a in actions if a.startswith("card-")]
        if cards and (skip := skip - 1) < 0:
            break
        state = engine.apply(state, seat, rng.choice(actions))
    if engine.is_over(state):
        return
    own, public = engine.view(state, seat), engine.view(state, None)
    picture = Image.open(io.BytesIO(render("engis", own, locale=locale, names=NAMES[:players]))).convert("RGB")
    areas = {a.action: a for a in hit_areas("engis", own, seat, actions, locale=locale)}
    assert set(cards) <= set(areas)
    for card in cards:
        left, top, right, bottom = areas[card].box()
        inside = [picture.getpixel((x, y)) for x in range(left, right) for y in range(top, bottom)]
        assert Counter(inside).most_common(1)[0][0] == HAND_CHIP, card
    assert not [a for a in hit_areas("engis", public, seat, actions, locale=locale) if a.action.startswith("card-")]


ELDER_OR_SUITOR = ("e-", "ea-", "s-", "sa-")  # NEANDERTHAL: an Elder made, a Suitor sent (rules.neanderthal.moves)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 3), skip=st.integers(0, 6), data=st.data())
def test_neanderthal_s_elder_ranks_and_daughters_are_clicked_where_the_elder_or_the_suitor_goes(
    seed, players, skip, data
):
    """When a species may make an Elder or send a Suitor, each such choice has an area, over the rank's box in
    its own panel or over the daughter's place in her species' panel, in its own picture and the public one
    (the areas meeting the checks above); and the next picture draws the Elder or the Suitor in the area
    clicked (an Elder: there more than in any other rank's area)."""
    engine, rng = GAMES["neanderthal"], Rng(seed=seed)
    state = engine.new_game(players, seed, {})
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = [a.id for a in engine.legal_actions(state, seat)]
        if any(a.startswith(ELDER_OR_SUITOR) for a in legal) and (skip := skip - 1) < 0:
            break
        state = engine.apply(state, seat, rng.choice(legal))
    if engine.is_over(state):
        return
    locale, names = data.draw(st.sampled_from(LOCALES)), NAMES[:players]
    wanted = [a for a in legal if a.startswith(ELDER_OR_SUITOR)]
    for viewer in (seat, None):
        areas = check_areas("neanderthal", engine.view(state, viewer), seat, legal, locale, names)
        assert set(wanted) <= {a.action for a in areas}, (wanted, areas)
    areas = [a for a in hit_areas("neanderthal", engine.view(state, seat), seat, legal, locale=locale)]
    chosen = data.draw(st.sampled_from([a for a in areas if a.action in wanted]))
    before = render("neanderthal", engine.view(state, seat), locale=locale, names=names)
    after = render(
        "neanderthal", engine.view(engine.apply(state, seat, chosen.action), seat), locale=locale, names=names
    )
    change = ImageChops.difference(*(Image.open(io.BytesIO(png)).convert("RGB") for png in (before, after)))
    kind = chosen.action.split("-")[0].rstrip("a")
    changed = {a.coords: _changed_in(change, a) for a in areas if a.action.split("-")[0].rstrip("a") == kind}
    assert changed[chosen.coords] > 0, (chosen, changed)
    if kind == "e":
        assert changed[chosen.coords] == max(changed.values()), (chosen, changed)


def _changed_in(change: Image.Image, area: HitArea) -> int:
    """How many pixels of the area a difference picture says changed."""
    left, top, right, bottom = area.box()
    inside = change.crop((left, top, right + 1, bottom + 1)).convert("L").point(lambda v: 255 if v else 0)
    return inside.histogram()[255]
