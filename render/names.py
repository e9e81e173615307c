"""The players' names as the pictures, the alt texts and every other surface show them.

A name is whatever its player typed (or a game file says): it may hold bidirectional controls that
reverse the text after it, control characters, letters of any script and emoji, and be of any length.

- ``plain_name``: the name without bidirectional controls (U+202A–202E, U+2066–2069, U+200E/F, U+061C)
  or other control characters; a name in a right-to-left script is isolated (U+2068 … U+2069), so that
  it cannot turn the sentence around it either. Every surface that writes a name starts from it.
- ``drawn_name``: what a picture draws of a name: its plain form with neither controls nor isolates
  (the picture lays out the name alone), each run of characters the shipped fonts (DejaVu Sans) have
  no glyph for written as its readable Latin transliteration by ``anyascii`` (the kana of "sakura" are
  drawn "sakura", a dragon emoji ":dragon:") rather than as empty boxes, cut with an ellipsis at
  ``NAME_WIDTH`` pixels of 20 px text (a picture's own boxes may cut it shorter).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from anyascii import anyascii

from .lettering import fit_text, font

# Bidirectional embeddings, overrides and isolates, and the marks (LRM, RLM, ALM).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
ISOLATE, END_ISOLATE = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
# Joiners and variation selectors belong to the character before them (an emoji sequence, a ligature).
_JOINING = re.compile(r"[\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef\U0001f3fb-\U0001f3ff]")
NAME_WIDTH = 260  # pixels at 20 px: about twenty letters
NAME_SIZE = 20


def _unwanted(char: str) -> bool:
    return char in BIDI_CONTROLS or unicodedata.category(char) == "Cc"


def _right_to_left(name: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in name)


@lru_cache(maxsize=1024)
def bare_name(name: str) -> str:
    """The name without bidirectional or other control characters (a line break becomes a space)."""
    return " ".join("".join(" " if c in "\n\r\t" else c for c in name if c in "\n\r\t" or not _unwanted(c)).split())


@lru_cache(maxsize=1024)
def plain_name(name: str) -> str:
    """The name as text anywhere: ``bare_name``, isolated when it holds right-to-left letters."""
    bare = bare_name(name)
    return f"{ISOLATE}{bare}{END_ISOLATE}" if _right_to_left(bare) else bare


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    regular = font(NAME_SIZE)
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or char == " ":
        return True  # marks and format characters draw nothing of their own
    return bytes(regular.getmask(char)) != _empty_box() and bytes(font(NAME_SIZE, True).getmask(char)) != _empty_box(
        True
    )


@lru_cache(maxsize=2)
def _empty_box(bold: bool = False) -> bytes:
    return bytes(font(NAME_SIZE, bold).getmask("\uffff"))


def _readable(name: str) -> str:
    """Each run of characters without a glyph as its transliteration (with the joiners inside it)."""
    out: list[str] = []
    missing = ""
    for char in name:
        if missing and _JOINING.match(char):
            missing += char
        elif _has_glyph(char):
            if missing:
                out.append(anyascii(missing) or "?")
                missing = ""
            out.append(char)
        else:
            missing += char
    if missing:
        out.append(anyascii(missing) or "?")
    return "".join(out)


@lru_cache(maxsize=1024)
def drawn_name(name: str) -> str:
    """What a picture draws of the name (see the module's doc): never an empty box, at most ``NAME_WIDTH``."""
    readable = _readable(bare_name(name))
    return fit_text(readable, NAME_WIDTH, NAME_SIZE)


__all__ = ["BIDI_CONTROLS", "NAME_WIDTH", "bare_name", "drawn_name", "plain_name"]
