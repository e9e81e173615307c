"""The catalogue: every text in both languages with the same placeholders, command names Discord accepts."""

import re
import string

import bot.texts  # noqa: F401  (registers the bot's texts)
from rules import GAMES
from rules.core import CATALOGUE

ENGINES = list(GAMES.values())  # imports every engine, which registers its texts


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
