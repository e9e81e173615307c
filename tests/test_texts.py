"""The catalogue: every text in both languages with the same placeholders, command names Discord accepts,
plural forms chosen by each language's CLDR rule, numbers written as each language writes them."""

import re
import string

import pytest
from babel import Locale
from babel.numbers import format_decimal
from hypothesis import given
from hypothesis import strategies as st

import bot.texts  # noqa: F401  (registers the bot's texts)
from rules import GAMES
from rules.core import CATALOGUE, msg, number, t
from rules.core.i18n import PLURAL_RULES, PLURALS, form_key, missing_keys, register

ENGINES = list(GAMES.values())  # imports every engine, which registers its texts
BABEL = {"en": "en", "pt-BR": "pt_BR"}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_text_has_both_languages_with_the_same_placeholders():
    assert CATALOGUE
    for key, entry in CATALOGUE.items():
        assert entry["en"].strip() and entry["pt-BR"].strip(), key
        assert _fields(entry["en"]) == _fields(entry["pt-BR"]), key


def test_command_names_and_descriptions_fit_discord():
    for key, entry in CATALOGUE.items():
        if not key.startswith("cmd."):
            continue
        for text in entry.values():
            if key.endswith(".desc"):
                assert 1 <= len(text) <= 100, key
            else:
                assert re.fullmatch(r"[-_a-z0-9\u00e0-\u00ff]{1,32}", text), (key, text)


@pytest.mark.parametrize("locale", sorted(PLURAL_RULES))
def test_plural_rules_are_cldr_s_for_counts(locale):
    """Our rule says what CLDR's (as Babel ships it) says for every count a player can meet; CLDR's
    Portuguese "many" (exact millions, "1 milhão de partidas") is read as "other"."""
    cldr = Locale.parse(BABEL[locale]).plural_form
    counts = [*range(2_001), 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 2_000_000, 10**9]
    for n in counts:
        expected = cldr(n)
        assert PLURAL_RULES[locale](n) == ("other" if expected == "many" else expected), (locale, n)


def test_plural_texts_say_one_for_the_counts_each_language_calls_one():
    """A count's form follows its language: 1 game / 2 games; 0 e 1 partida / 2 partidas; an exact-zero
    form where a text has one ("no wins", "nenhuma vitória")."""
    for locale in ("en", "pt-BR"):
        cldr = Locale.parse(BABEL[locale]).plural_form
        for n in range(4):
            games = t(msg("count.games", n=n), locale)
            word = games.split(" ", 1)[1]
            assert games.startswith(f"{n} ")
            assert word == CATALOGUE[form_key("count.games", cldr(n))][locale].split(" ", 1)[1], (locale, n)
            wins = t(msg("count.wins", n=n), locale)
            assert (wins == CATALOGUE[form_key("count.wins", "=0")][locale]) == (n == 0)
        assert t(msg("count.games", n=1), locale) != t(msg("count.games", n=2), locale).replace("2", "1")


def test_sentences_with_counts_read_whole_in_both_languages():
    """The texts that once read "1 games", "1 vitórias", "1 desfeitas ao todo": no plural noun after 1."""
    stats = t(
        "stats.line",
        "pt-BR",
        games=msg("count.games", n=1),
        wins=msg("count.wins", n=1),
        rating=number(12.25, "pt-BR"),
        place=1,
        of=2,
    )
    assert stats.startswith("1 partida, 1 vitória, rating 12,2")
    assert "1 desfeitas" not in t("undo.done", "pt-BR", who="Ana", n=1)
    assert "(2 desfeitas ao todo)" in t("undo.done", "pt-BR", who="Ana", n=2)
    assert "1 more answers" not in t("undo.noted_yes", "en", n=1)
    assert not missing_keys([msg("undo.done", who="x", n=1), msg("count.wins", n=0)])
    assert missing_keys([msg("count.wins")])  # a plural text needs its count


# "carta(s)", "disc(s)", "Baby(ies)", "ancião(ões)", "caçador(es)": a plural guessed in parentheses
GUESSED_PLURAL = re.compile(r"\w\((?:s|es|ies|ões|ns)\)")


def test_no_text_guesses_a_plural_in_parentheses():
    """A count reads "1 card" and "2 cards" through the plural forms ("Hand: 0 card(s)" was drawn on the
    NEANDERTHAL board); a second count in a sentence reads as a figure after its noun ("hits: 2")."""
    guessed = {
        f"{key} ({locale})": text
        for key, entry in CATALOGUE.items()
        for locale, text in entry.items()
        if GUESSED_PLURAL.search(text)
    }
    assert guessed == {}
    counted = [
        ("en", "neanderthal.ui.hand_n"),
        ("pt-BR", "neanderthal.ui.hand_n"),
        ("pt-BR", "neanderthal.prompt.alloc"),
        ("pt-BR", "atlandice.pic.stack"),
    ]
    for locale, key in counted:  # "Mão: 1 carta", "Mão: 2 cartas"; "(resta 1)", "(restam 2)"
        assert t(msg(key, n=1), locale).replace("1", "2") != t(msg(key, n=2), locale), (key, locale)


def test_a_plural_text_gives_one_and_other_in_both_languages():
    for key in PLURALS:
        for form in ("one", "other"):
            assert form_key(key, form) in CATALOGUE, key
    with pytest.raises(ValueError):
        register({"test.bad": ({"one": "{n} x", "other": "{n} xs"}, {"other": "{n} xs"})})
    with pytest.raises(ValueError):
        register({"test.bad": ({"one": "{n} x", "other": "{n} xs"}, "{n} xs")})


@given(st.floats(min_value=-10_000, max_value=10_000, allow_nan=False).map(lambda x: round(x, 3)))
def test_numbers_read_as_each_language_writes_them(value):
    """One decimal, the language's decimal mark and grouping (Babel's CLDR data), the same digits."""
    for locale in ("en", "pt-BR"):
        ours = number(value, locale)
        shown = float(f"{value:.1f}")
        cldr = format_decimal(shown, "#,##0.0", locale=BABEL[locale])
        if shown == 0:  # -0.04 reads "-0.0" in both; the sign of a zero is not the point
            ours, cldr = ours.lstrip("-"), cldr.lstrip("-")
        assert ours == cldr, (locale, value)


PORTUGUESE_LETTERS = re.compile("[ãõçáéíóúâêôà]", re.IGNORECASE)
# names spelled alike in both languages
ALIKE = {"Avalanche", "Nefertiti", "Elite", "Xerxes", "Medusa", "Talos", "Kraken"}


def test_english_texts_carry_no_portuguese_word():
    """In English the rules words read in English: no English text of a game (nor the texts the games
    share) has a letter only Portuguese uses. (The bot's own texts may name a language in itself:
    "Português (Brasil)" in a language menu.)"""
    rules_words = (*(f"{game}." for game in GAMES), "core.")
    portuguese = {
        key: entry["en"]
        for key, entry in CATALOGUE.items()
        if key.startswith(rules_words) and PORTUGUESE_LETTERS.search(entry["en"])
    }
    assert portuguese == {}


def test_the_names_of_things_read_english_in_english_and_portuguese_in_pt_br():
    """ENGIS's terrains, cards, skills, objects and intempéries keep the rulebook's Portuguese names in
    pt-BR and read English in English; PERGAMEMNON's units, creatures and cities read Portuguese in pt-BR."""
    groups = ("engis.terrain.", "engis.card.", "engis.skill.", "engis.object.", "engis.weather.")
    groups += ("pergamemnon.cn.", "pergamemnon.city.", "pergamemnon.nation.")
    names = {key: entry for key, entry in CATALOGUE.items() if key.startswith(groups)}
    assert len(names) > 100
    alike = {key for key, entry in names.items() if entry["en"] == entry["pt-BR"]}
    assert {names[key]["en"] for key in alike} <= ALIKE


def test_the_portuguese_texts_about_a_player_assume_no_gender():
    """A text about a player ({who}) never calls them "ele" or "ela" (nor "dele", "dela"): Portuguese
    pronouns have a gender, and the bot does not know the player's."""
    gendered = re.compile(r"\b(ele|ela|dele|dela|nele|nela|eles|elas|deles|delas)\b", re.IGNORECASE)
    about_a_player = {key: entry["pt-BR"] for key, entry in CATALOGUE.items() if "{who}" in entry["pt-BR"]}
    assert "clock.time_up" in about_a_player
    assert {key: text for key, text in about_a_player.items() if gendered.search(text)} == {}
