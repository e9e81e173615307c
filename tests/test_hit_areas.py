"""The areas of a picture a click plays an action on (``render.hits``), at random positions of every game:
each is one of the seat's legal actions, lies inside the picture, covers something drawn, and two areas
either are the same thing's (the same shape: the click offers the choice) or do not touch."""

import io
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from render import render
from render.common import HIGHLIGHT
from render.hits import HitArea, hit_areas
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
    """At least a tenth of the area's pixels are not the colour the area stands on (the commonest colour of
    a frame 3 px around it): a card, a hex, a name is drawn there."""
    left, top, right, bottom = area.box()
    ring = [
        picture.getpixel((x, y))
        for x in range(max(0, left - 3), min(picture.width, right + 4))
        for y in (top - 3, bottom + 3)
        if 0 <= y < picture.height
    ]
    ground = Counter(ring).most_common(1)[0][0]
    inside = _mask(picture.size, area)
    pixels = [picture.getpixel((x, y)) for x in range(left, right + 1) for y in range(top, bottom + 1)]
    held = [
        p
        for p, m in zip(
            pixels,
            (inside.getpixel((x, y)) for x in range(left, right + 1) for y in range(top, bottom + 1)),
            strict=True,
        )
        if m
    ]
    return sum(p != ground for p in held) >= len(held) / 10


def check_areas(game: str, view, seat: int, legal: list[str], locale: str, names: list[str]) -> list[HitArea]:
    areas = hit_areas(game, view, seat, legal, locale=locale)
    picture = Image.open(io.BytesIO(render(game, view, locale=locale, names=names))).convert("RGB")
    assert [a.action for a in areas] == [a for a in legal if a in {area.action for area in areas}]
    for area in areas:
        left, top, right, bottom = area.box()
        assert 0 <= left < right < picture.width and 0 <= top < bottom < picture.height, area
        assert _covers_something_drawn(picture, area), area
    shapes = {(a.shape, a.coords) for a in areas}
    masks = [_mask(picture.size, HitArea("", shape, coords)) for shape, coords in shapes]
    for i, mine in enumerate(masks):
        for other in masks[i + 1 :]:
            both = Image.new("1", picture.size, 0)
            both.paste(mine, (0, 0), other)
            assert both.getbbox() is None, "two things' areas overlap"
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
