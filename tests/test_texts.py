"""The catalogue: every text in both languages with the same placeholders, command names Discord accepts."""

import re
import string

import bot.texts  # noqa: F401  (registers the bot's texts)
import rules  # noqa: F401  (registers every game's texts)
from rules.core import CATALOGUE


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
