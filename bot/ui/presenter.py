"""What a game looks like in a message: texts, the board picture and the controls.

Pure of Discord I/O: it builds embeds, files and views; the caller sends them.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import Any

import discord
from discord.ui import DynamicItem

from rules.core import LEVELS, Action, GameState, t
from rules.core.search import level_of

from ..service.choices import grouped
from ..service.games import CLOCK_HOURS, engine_of
from ..service.spectate import (
    RenderCache,
    ai_label,
    event_lines,
    outcome_lines,
    own_turn_line,
    seat_names,
    turn_line,
)
from ..storage import ACTIVE, ENDED, FINISHED, GameRow, Move
from .components import (
    ActionButton,
    ActionSelect,
    LobbyButton,
    LobbyLevel,
    LobbyOption,
    RematchButton,
    SpecialButton,
)
from .replies import closed, message_names, release

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
COLOUR = discord.Colour(0x2B6CB0)
LOG_LINES = 8
LOBBY_ROWS = 5  # a message holds 5 rows of controls: 5 buttons, or one menu, each


def seat_label(game: GameRow, seat: int, locale: str) -> str:
    """A seat in a message: its player's mention, or the AI seat's name (``plain``) with its strength."""
    s = game.seats[seat]
    if s.is_ai:
        return ai_label(message_names(game, locale)[seat], s.level, locale)
    if s.is_open:  # an imported game's seat waiting for its player: the file's name, never a mention
        return t("import.seat_waiting", locale, name=message_names(game, locale)[seat])
    return f"<@{s.user_id}>"


def _choices(
    game: GameRow, version: int, actions: list[Action], locale: str
) -> list[DynamicItem[discord.ui.Item[discord.ui.View]]]:
    """Buttons for up to 20 choices, else select menus of 25 options grouped by ``Action.group``
    (``bot.service.choices.grouped``: a signed-in player's page offers them in the same groups); a message
    holds four menus."""
    items: list[DynamicItem[discord.ui.Item[discord.ui.View]]] = []
    groups = grouped(actions, locale, seat_names(game, locale))
    if groups and not groups[0].menu:
        for i, choice in enumerate(groups[0].choices):
            items.append(
                ActionButton(
                    game.id,
                    version,
                    choice.id,
                    label=choice.label[:80],
                    style=STYLES[choice.style],
                    emoji=choice.emoji,
                    row=i // 5,
                )
            )
        return items
    for n, group in enumerate(groups[:4]):
        options = [discord.SelectOption(label=c.label[:100], value=c.id, emoji=c.emoji) for c in group.choices]
        items.append(ActionSelect(game.id, version, n, options=options, placeholder=(group.title or "")[:150], row=n))
    return items


def choices_view(game: GameRow, state: GameState, seat: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in _choices(game, game.version, engine_of(game).legal_actions(state, seat), locale):
        view.add_item(item)
    return view


def public_choices(game: GameRow, state: GameState) -> tuple[int, list[Action]] | None:
    """The one seat whose choices are shown in the channel, or None (private or several seats)."""
    engine = engine_of(game)
    to_act = engine.to_act(state)
    if len(to_act) != 1 or game.seats[to_act[0]].is_ai:
        return None
    actions = engine.legal_actions(state, to_act[0])
    if any(a.secret for a in actions):
        return None
    return to_act[0], actions


def _add_choices(view: discord.ui.View, game: GameRow, state: GameState, locale: str) -> None:
    """The channel board's controls: the choices of the one seat to act where they are public, and the
    button that opens a player's own view (their private choices, or their view of the public ones)."""
    public = public_choices(game, state)
    if public is not None:
        for item in _choices(game, game.version, public[1], locale):
            view.add_item(item)
    view.add_item(
        SpecialButton(
            game.id,
            game.version,
            "me",
            label=t("board.my_view" if public is not None else "board.private_choice", locale),
            style=discord.ButtonStyle.primary if public is None else discord.ButtonStyle.secondary,
            row=4,
        )
    )


def position_mark(game: GameRow) -> str:
    """A short fingerprint of the game's stored position and where it is played: the boards of two different
    positions never share it, even at the same version number (a move lost by the database and played
    again). It names the board's picture (``board-<mark>.png``), so a board in a channel's history can be
    compared with the stored game, not only by the version its buttons carry.

    Everyone reads a picture's name: it is made from the spectator's view of the position, never from what
    it hides (two positions that differ only there show the same board, and either board serves)."""
    seen = f"{game.play_channel_id}:{game.status}:{game.version}:"
    if game.state is not None:
        engine = engine_of(game)
        seen += engine.view(engine.load(game.state), None).model_dump_json()
    return hashlib.blake2b(seen.encode(), digest_size=8).hexdigest()


def deadline_line(deadline: float, locale: str) -> str:
    """ "⏰ Play by <date> (in 23 hours), or the AI plays this turn": Discord shows the time in each reader's
    own time zone and language."""
    when = int(deadline)
    return t("board.deadline", locale, when=f"<t:{when}:f>", left=f"<t:{when}:R>")


@dataclass
class Payload:
    content: str
    embed: discord.Embed
    file: discord.File | None
    view: discord.ui.View | None
    mentions: discord.AllowedMentions

    def sent(self) -> None:
        """The payload went out, or could not: nothing of it is used again (``release``, ``closed``)."""
        release(self.view)
        closed(self.file)

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"content": self.content, "embed": self.embed, "allowed_mentions": self.mentions}
        if self.file is not None:
            out["file"] = self.file
        if self.view is not None:
            out["view"] = self.view
        return out


class Presenter:
    def __init__(self, web_url: str | None = None, *, sign_in: bool = False, activity: bool = False) -> None:
        self.cache = RenderCache()
        self.web_url = web_url  # the spectator pages' address (None: no "Watch in browser" link)
        self.sign_in = sign_in  # players sign in on the pages and play there (the link says Play here)
        self.activity = activity  # the application has an Activity: Play here opens the page inside Discord

    def web_link(self, game: GameRow) -> str | None:
        """The game's spectator page, if the bot offers pages and the game has one."""
        if self.web_url is None or game.web_token is None:
            return None
        return f"{self.web_url}/g/{game.web_token}"

    async def board(
        self,
        game: GameRow,
        state: GameState,
        moves: list[Move] | None = None,
        *,
        locale: str | None = None,
        viewer: int | None = None,
        controls: bool = True,
        muted: frozenset[int] = frozenset(),
        deadlines: dict[int, float] | None = None,
    ) -> Payload:
        """The channel's message after a move (or a player's private copy with ``viewer``); the ``muted``
        users are named but not @mentioned (their quiet hours, or their turns reach them elsewhere). At a
        table with a clock, each waiting seat's turn line says by when it plays (``deadlines`` by seat)."""
        locale = locale or game.locale
        engine = engine_of(game)
        png = await self.cache.get(game, state, viewer, locale)
        # the picture in words, for whoever cannot see it (Discord's alt text)
        alt = self.cache.words(game, state, viewer, locale)
        title = f"{engine.title} #{game.id} — {t('board.step', locale, n=state.step)}"
        embed = discord.Embed(title=title, colour=COLOUR)
        # the channel's board names its position (``position_mark``); a private view needs no name
        picture = "board.png" if viewer is not None or game.state is None else f"board-{position_mark(game)}.png"
        embed.set_image(url=f"attachment://{picture}")
        names = message_names(game, locale)  # (markdown: the embed's texts)
        lines = event_lines(game, moves or [], viewer, locale, most=LOG_LINES, names=names)
        if lines:
            embed.add_field(name=t("board.last_moves", locale), value="\n".join(lines)[:1024], inline=False)
        to_act = engine.to_act(state)
        content = ""
        ping: list[int] = []
        view = discord.ui.View(timeout=None)
        if game.status == ACTIVE and to_act:
            prompts, ping = self._turn_lines(game, state, viewer, names, locale, deadlines)
            embed.description = "\n".join(prompts)
            content = " ".join(f"<@{u}>" for u in dict.fromkeys(ping))
            if controls:
                _add_choices(view, game, state, locale)
        elif game.status in (FINISHED, ACTIVE):
            outcome = engine.outcome(state)
            if outcome is not None:
                embed.title = f"{engine.title} #{game.id} — {t('board.game_over', locale)}"
                embed.description = "\n".join(outcome_lines(game, outcome, locale, names))[:4096]
                if viewer is None:  # everyone who played hears that the game is over
                    ping = [s.user_id for s in game.seats if s.user_id is not None]
                    content = " ".join(f"<@{u}>" for u in dict.fromkeys(ping))
                    if controls and ping:  # the same table again, in one click each
                        view.add_item(
                            RematchButton(
                                game.id,
                                label=t("rematch.button", locale),
                                emoji="🔁",
                                style=discord.ButtonStyle.success,
                            )
                        )
        elif game.status == ENDED:
            embed.description = t("board.ended", locale)
        if viewer is None:
            self._page_buttons(view, game, locale, controls)
        shown = seat_names(game, locale)  # a footer is plain text, not markdown
        ai_seats = [ai_label(shown[s.seat], s.level, locale) for s in game.seats if s.is_ai]
        if ai_seats:
            embed.set_footer(text=t("board.ai_seats", locale, seats=", ".join(ai_seats))[:2048])
        if muted:
            ping = [u for u in ping if u not in muted]
            content = " ".join(f"<@{u}>" for u in dict.fromkeys(ping))
        return Payload(
            content=content,
            embed=embed,
            file=discord.File(io.BytesIO(png), filename=picture, description=alt),
            view=view if view.children else None,
            mentions=discord.AllowedMentions(users=[discord.Object(u) for u in ping], roles=False, everyone=False),
        )

    def _page_buttons(self, view: discord.ui.View, game: GameRow, locale: str, controls: bool) -> None:
        """The channel's board's way to the game's page (row 4, beside the choices' four rows): **Play here**,
        which opens it inside Discord where the application has an Activity, else a link to it in a browser
        (only where the pages are served), named **Play here** where players can sign in there."""
        link = self.web_link(game)
        playing = game.status == ACTIVE
        if self.activity and playing and controls:
            play = SpecialButton(game.id, game.version, "play", label=t("board.play_here", locale), emoji="🎲", row=4)
            view.add_item(play)
        if link is not None and game.status in (ACTIVE, FINISHED):
            key = "board.play_here" if self.sign_in and playing and not self.activity else "board.watch"
            view.add_item(discord.ui.Button(label=t(key, locale), url=link, emoji="🔭", row=4))

    def _turn_lines(
        self,
        game: GameRow,
        state: GameState,
        viewer: int | None,
        names: list[str],
        locale: str,
        deadlines: dict[int, float] | None,
    ) -> tuple[list[str], list[int]]:
        """The board's line for each seat that must act (with its deadline at a table with a clock), and the
        players to ping."""
        engine = engine_of(game)
        prompts: list[str] = []
        ping: list[int] = []
        spectators = self.cache.view(game, state, None)  # everyone's turn line is made from the spectator's view
        for seat in engine.to_act(state):
            who = seat_label(game, seat, locale)
            if seat == viewer:  # a player's own copy asks them their own question
                prompts.append(own_turn_line(who, engine, state, seat, names, locale))
            else:
                prompts.append(turn_line(who, engine, spectators, seat, names, locale))
            if deadlines and seat in deadlines:
                prompts.append(deadline_line(deadlines[seat], locale))
            if not game.seats[seat].is_ai and (user_id := game.seats[seat].user_id):
                ping.append(user_id)
        return prompts, ping

    async def private(self, game: GameRow, state: GameState, seat: int, locale: str) -> Payload:
        """A player's own view, with their choices when they must act (only they see it)."""
        payload = await self.board(game, state, locale=locale, viewer=seat, controls=False)
        payload.content = ""
        payload.embed.title = f"{engine_of(game).title} #{game.id} — {t('board.private_title', locale)}"
        engine = engine_of(game)
        if game.status == ACTIVE and seat in engine.to_act(state):
            payload.view = choices_view(game, state, seat, locale)
        return payload

    @staticmethod
    def thinking(game: GameRow, state: GameState, moves: list[Move], locale: str | None = None) -> str:
        """The line posted while AI seats think: the moves just stored, in words (or who played, when
        they showed nothing to the channel), and who is thinking."""
        locale = locale or game.locale
        engine = engine_of(game)
        ai = [seat_label(game, s, locale) for s in engine.to_act(state) if game.seats[s].is_ai]
        who = t("board.thinking.one" if len(ai) == 1 else "board.thinking.many", locale, who=", ".join(ai))
        names = message_names(game, locale)
        played = ", ".join(dict.fromkeys(names[m.seat] for m in moves))
        lines = event_lines(game, moves, None, locale, most=LOG_LINES, names=names) or [
            t("board.played", locale, who=played)
        ]
        while lines and len("\n".join([*lines, who])) > 2000:  # Discord's limit for a message's text
            lines.pop(0)
        return "\n".join([*lines, who])

    @staticmethod
    def lobby(game: GameRow, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
        """The lobby: its seats, options and clock, the buttons, and the host's menus where they fit in the
        message beside the buttons (5 rows at most); else a **Table settings** button that opens them
        privately (``lobby_settings``)."""
        engine = engine_of(game)
        seats = "\n".join(f"{i + 1}. " + seat_label(game, i, locale) for i in range(len(game.seats)))
        embed = discord.Embed(title=t("lobby.title", locale, game=engine.title), colour=COLOUR)
        embed.description = t(
            "lobby.body",
            locale,
            host=f"<@{game.host_id}>",
            count=len(game.seats),
            max=engine.max_players,
            min=engine.min_players,
            seats=seats,
        )
        if engine.option_specs:
            chosen = []
            for spec in engine.option_specs:
                label = next((t(m, locale) for v, m in spec.choices if v == game.options.get(spec.key)), "?")
                chosen.append(f"{t(spec.label, locale)}: {label}")
            embed.add_field(name="⚙️", value=t("lobby.options", locale, options="; ".join(chosen)), inline=False)
        clock = (
            t("lobby.clock_off", locale)
            if not game.turn_limit
            else t(
                "lobby.clock_on",
                locale,
                hours=f"{game.turn_limit / 3600:g}",
                level=t(f"ai.level.{level_of(game.stand_in)}", locale),
            )
        )
        embed.add_field(name="⏱", value=clock, inline=False)
        if game.status != "lobby":
            return embed, None
        view = discord.ui.View(timeout=None)
        if game.state is not None:  # an imported game: its players join, the host starts; the table is the file's
            open_seats = sum(s.is_open for s in game.seats)
            embed.add_field(name="📥", value=t("import.lobby_note", locale, open=open_seats), inline=False)
            start = t("import.start_with_ai", locale, open=open_seats) if open_seats else t("lobby.start", locale)
            for what, label, style in [
                ("join", t("lobby.join", locale), discord.ButtonStyle.success),
                ("leave", t("lobby.leave", locale), discord.ButtonStyle.secondary),
                ("start", start[:80], discord.ButtonStyle.primary),
                ("cancel", t("lobby.cancel", locale), discord.ButtonStyle.danger),
            ]:
                view.add_item(LobbyButton(game.id, what, label=label, style=style, row=0))
            return embed, view
        for what, key, style in [
            ("join", "lobby.join", discord.ButtonStyle.success),
            ("leave", "lobby.leave", discord.ButtonStyle.secondary),
            ("ai", "lobby.add_ai", discord.ButtonStyle.secondary),
            ("start", "lobby.start", discord.ButtonStyle.primary),
            ("cancel", "lobby.cancel", discord.ButtonStyle.danger),
        ]:
            view.add_item(LobbyButton(game.id, what, label=t(key, locale), style=style, row=0))
        menus = Presenter.lobby_menus(game, locale)
        if len(menus) < LOBBY_ROWS:
            for row, menu in enumerate(menus, start=1):
                menu.row = row
                view.add_item(menu)
        else:
            settings = t("lobby.settings", locale)[:80]
            view.add_item(
                LobbyButton(game.id, "settings", label=settings, emoji="⚙️", style=discord.ButtonStyle.primary, row=1)
            )
        return embed, view

    @staticmethod
    def lobby_settings(game: GameRow, locale: str) -> tuple[discord.Embed, discord.ui.View]:
        """The host's private table settings: the lobby as it stands and every menu of the lobby."""
        embed, _ = Presenter.lobby(game, locale)
        embed.title = f"{embed.title} — {t('lobby.settings', locale)}"
        view = discord.ui.View(timeout=None)
        for row, menu in enumerate(Presenter.lobby_menus(game, locale)[:LOBBY_ROWS]):
            menu.row = row
            view.add_item(menu)
        return embed, view

    @staticmethod
    def lobby_menus(game: GameRow, locale: str) -> list[DynamicItem[discord.ui.Select[discord.ui.View]]]:
        """The host's menus: one per variant of the game, then the AI seats' strengths with the table's clock
        (one menu: "AI 2: strong", "24 h a turn, then the AI (easy) plays it")."""
        engine = engine_of(game)
        menus: list[DynamicItem[discord.ui.Select[discord.ui.View]]] = []
        for spec in engine.option_specs:
            options = [
                discord.SelectOption(label=t(m, locale)[:100], value=v, default=game.options.get(spec.key) == v)
                for v, m in spec.choices
            ]
            menus.append(LobbyOption(game.id, spec.key, options=options, placeholder=t(spec.label, locale)[:150]))
        names = seat_names(game, locale)
        ai_seats = [s for s in game.seats if s.is_ai]
        options = [
            discord.SelectOption(
                label=t("lobby.ai_level_choice", locale, name=names[s.seat], level=t(f"ai.level.{level}", locale))[
                    :100
                ],
                value=f"{s.seat}.{level}",
                emoji="🤖",
            )
            for s in ai_seats[:5]
            for level in LEVELS
        ]
        options.append(
            discord.SelectOption(label=t("lobby.clock_off", locale)[:100], value="clock.0.normal", emoji="⏱")
        )
        options += [
            discord.SelectOption(
                label=t("lobby.clock_on", locale, hours=hours, level=t(f"ai.level.{level}", locale))[:100],
                value=f"clock.{hours}.{level}",
                emoji="⏱",
            )
            for hours in CLOCK_HOURS[1:]
            for level in LEVELS
        ]
        placeholder = t("lobby.ai_level_clock" if ai_seats else "lobby.clock", locale)
        menus.append(LobbyLevel(game.id, options=options, placeholder=placeholder[:150]))
        return menus


__all__ = ["Payload", "Presenter", "seat_label", "seat_names"]
