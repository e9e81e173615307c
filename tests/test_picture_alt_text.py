"""Every board picture carries its description (Discord's alt text, at most 1,024 characters, in the
reader's language): who must act or who won, the scores, the key position."""

from __future__ import annotations

import pytest
from test_bot_e2e import ANA, BRUNO, _started

from bot.storage import Database
from bot.ui.presenter import seat_names
from fakediscord.botkit import last_board, mesa
from render import describe
from render.common import ALT_TEXT_MAX
from rules import GAMES
from rules.core import play

NAMES = ["Ana", "Bia", "Caio", "Davi", "Eva"]
CASES = [
    ("atlandice", 2, {}),
    ("atlandice", 4, {}),
    ("engis", 1, {}),
    ("engis", 4, {}),
    ("pergamemnon", 5, {}),
    ("neanderthal", 1, {"map": "matrix"}),
    ("neanderthal", 3, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_board_has_an_alt_text_naming_who_acts_and_the_scores(game, players, options):
    """Along a whole game, in both languages, for the channel and a seat: the description names who must
    act, every player (with the scores once over), fits Discord's 1,024 characters, and reads Portuguese
    in pt-BR."""
    engine = GAMES[game]
    states = []
    final, _ = play(engine, players, seed=3, options=options, on_step=lambda b, a, s, i: states.append(a))
    names = NAMES[:players]
    for state in [*states[:: max(1, len(states) // 12)], final]:
        texts = {}
        for locale in ("en", "pt-BR"):
            for viewer in (None, 0):
                text = describe(game, engine.view(state, viewer), locale=locale, names=names)
                assert 0 < len(text) <= ALT_TEXT_MAX
                assert all(name in text for name in names), text
                for seat in engine.to_act(state)[:1]:  # the second sentence: who must act
                    assert names[seat] in text.split(".")[1], text
                texts[locale] = text
        assert texts["en"] != texts["pt-BR"]
    outcome = engine.outcome(final)
    assert outcome is not None
    text = describe(game, engine.view(final, None), locale="en", names=names)
    for result in outcome.results:
        if result.seat is not None:  # each player's score follows the player's name
            assert f"{names[result.seat]} {result.score}" in text, text


def test_a_long_description_is_cut_at_a_word_within_discords_limit():
    from render.common import alt_text

    text = alt_text("GAME", "word " * 400)
    assert len(text) <= ALT_TEXT_MAX and text.endswith("…") and not text.endswith(" …")


async def test_the_board_posted_in_discord_carries_its_alt_text(fake_discord, tmp_path):
    """The channel's board and a player's private view are posted with the description of the very
    state they show, in the reader's language."""
    fake = fake_discord
    db_path = tmp_path / "mesa.sqlite3"
    async with mesa(fake, db_path):
        thread, game_id = await _started(fake)
        board = last_board(fake, thread)
        db = await Database.open(db_path)
        try:
            game = await db.get_game(game_id)
        finally:
            await db.close()
        engine = GAMES[game.game]
        state = engine.load(game.state)
        expected = describe(
            game.game, engine.view(state, None), locale=game.locale, names=seat_names(game, game.locale)
        )
        assert board.attachments[0]["description"] == expected
        me = next(c for c in board.custom_ids() if c.endswith(":~me"))
        private = {}
        for user in (ANA, BRUNO):
            inter = await fake.click(user, board, me)
            await inter.wait_response()
            messages = await fake.wait_for(lambda i=inter: [m for m in i.messages if m.files()])
            private[user] = messages[-1].attachments[0]["description"]
        seat = next(s.seat for s in game.seats if s.user_id == BRUNO)
        assert private[BRUNO] == describe(
            game.game, engine.view(state, seat), locale="en", names=seat_names(game, "en")
        )
        assert private[ANA] != private[BRUNO]  # Ana reads Portuguese
