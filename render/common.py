"""What a game's picture module draws with, in one import: colours and palettes (``render.colours``), the
canvas and shapes (``render.drawing``), text (``render.lettering``), the caches (``render.caches``), the
kept parts (``render.parts``), the PNG (``render.png``), the panels' tabs (``render.tabs``) and the words
(``render.wording``)."""

from __future__ import annotations

from .caches import IMAGES, image_cache, paletted_cache
from .colours import BACKGROUND, HIGHLIGHT, INK, MUTED, NEUTRAL_COLOUR, SEAT_COLOURS, Colour, Palette, seat_colour
from .drawing import Drawing, canvas, paste_image, rounded_rectangle
from .lettering import Box, KeyText, fit_text, fits, font, key_texts, put_boxed, put_text, text, text_width, wrap
from .parts import Parts, parts_png
from .png import to_png
from .tabs import TAB_H, WINNER, Tab, draw_tabs, player_tabs
from .wording import ALT_TEXT_MAX, alt_text, goal_headline, joined, scores_line, translate, winners_headline

__all__ = [
    "ALT_TEXT_MAX",
    "BACKGROUND",
    "HIGHLIGHT",
    "IMAGES",
    "INK",
    "MUTED",
    "NEUTRAL_COLOUR",
    "SEAT_COLOURS",
    "TAB_H",
    "WINNER",
    "Box",
    "Colour",
    "Drawing",
    "KeyText",
    "Palette",
    "Parts",
    "Tab",
    "alt_text",
    "canvas",
    "draw_tabs",
    "fit_text",
    "fits",
    "font",
    "goal_headline",
    "image_cache",
    "joined",
    "key_texts",
    "paletted_cache",
    "parts_png",
    "paste_image",
    "player_tabs",
    "put_boxed",
    "put_text",
    "rounded_rectangle",
    "scores_line",
    "seat_colour",
    "text",
    "text_width",
    "to_png",
    "translate",
    "winners_headline",
    "wrap",
]
