"""Colour is never the only carrier of meaning: every game's colours that a player must tell apart (the
players', species', terrains', nations', resources' colours, as ``render.<game>.palettes`` lists the tables
the pictures draw from) stay apart for deuteranopes and protanopes, or carry marks that tell them apart.

Colour vision is simulated by Machado, Oliveira and Fernandes (2009) at full severity, and colours are
compared by CIEDE2000, both through ColorAide."""

import importlib
import itertools

import pytest
from coloraide import Color

from rules import GAMES

# The least CIEDE2000 between two colours a player must tell apart by colour alone
LEAST = 20
DEFICIENCIES = ("deutan", "protan")


def seen(rgb: tuple[int, int, int], deficiency: str | None) -> Color:
    colour = Color("srgb", [v / 255 for v in rgb])
    return colour if deficiency is None else colour.filter(deficiency, method="machado")


def difference(a: tuple[int, int, int], b: tuple[int, int, int], deficiency: str | None) -> float:
    return seen(a, deficiency).delta_e(seen(b, deficiency), method="2000")


def confused(game: str, locale: str) -> list[str]:
    """The pairs of a game's palettes a colour-blind player can tell apart neither by colour nor by mark."""
    out = []
    for palette in importlib.import_module(f"render.{game}").palettes(locale):
        for (ka, a), (kb, b) in itertools.combinations(palette.colours.items(), 2):
            if palette.marks.get(ka, "") != palette.marks.get(kb, ""):
                continue
            for deficiency in DEFICIENCIES:
                if (d := difference(a, b, deficiency)) < LEAST:
                    out.append(f"{palette.name}: {ka} / {kb} ΔE {d:.1f} ({deficiency})")
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_colours_a_player_tells_apart_stay_apart_for_colour_blind_players(game):
    for locale in ("en", "pt-BR"):
        assert confused(game, locale) == []


def test_the_simulation_finds_what_deuteranopes_confuse():
    """The check can fail: red and green as deuteranopes see them are close, told apart by lightness they are
    not; and a pair of equal marks does not tell them apart."""
    assert difference((200, 70, 20), (0, 140, 100), None) > 50
    assert difference((200, 70, 20), (0, 140, 100), "deutan") < LEAST
    assert difference((200, 70, 20), (0, 140, 100), "protan") < LEAST
    assert difference((130, 25, 25), (245, 205, 50), "deutan") > LEAST


def test_neanderthals_species_differ_by_colour_and_by_the_letter_of_their_name():
    """The species apart by colour alone too, and each token's letter is an initial of its species' name
    in both languages."""
    from render import neanderthal as nea
    from rules.core import t

    for a, b in itertools.combinations(nea.SPECIES_COLOUR.values(), 2):
        for deficiency in (None, *DEFICIENCIES):
            assert difference(a, b, deficiency) >= LEAST
    assert len(set(nea.SPECIES_MARK.values())) == len(nea.SPECIES_MARK)
    for species, letter in nea.SPECIES_MARK.items():
        for locale in ("en", "pt-BR"):
            name = t(f"neanderthal.sp.{species}", locale)
            assert letter in [word[0] for word in name.replace("-", " ").split()], (name, letter)
