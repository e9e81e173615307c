"""Slash commands: ``/play`` opens a lobby; ``/game ...`` acts on the game of this channel."""

from __future__ import annotations

import math
from typing import Protocol, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str

from rules import GAMES
from rules.core import CATALOGUE, t

from ..service.games import UserError, engine_of
from ..service.players import AWAY_MODES, DELIVERIES, zone_choices
from ..storage import ABANDONED, ACTIVE, LOBBY, GameRow
from . import ports
from .export_ui import ExportUI
from .handlers import Handlers
from .player_ui import PlayerUI
from .presenter import Presenter
from .privacy_ui import PrivacyUI
from .replay_ui import ReplayUI
from .replies import channel_locale, message_names, release, reply, user_locale
from .stats_ui import StatsUI
from .table_lines import resigned_line
from .undo_ui import UndoUI


class Mesa(ports.Mesa, Protocol):
    """The bot as the commands see it: every service, by its class (``app.MesaBot`` implements it)."""

    @property
    def handlers(self) -> Handlers: ...

    @property
    def undo(self) -> UndoUI: ...

    @property
    def presenter(self) -> Presenter: ...

    @property
    def replays(self) -> ReplayUI: ...

    @property
    def stats(self) -> StatsUI: ...

    @property
    def exports(self) -> ExportUI: ...

    @property
    def players(self) -> PlayerUI: ...

    @property
    def privacy(self) -> PrivacyUI: ...

    def wake_reminders(self) -> None: ...


def L(key: str) -> locale_str:
    """A command text whose English is the catalogue's and whose other languages the translator gives."""
    return locale_str(CATALOGUE[key]["en"], key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or key not in CATALOGUE or not locale.value.startswith("pt"):
            return None
        return CATALOGUE[key]["pt-BR"]


def _bot(interaction: discord.Interaction) -> Mesa:
    return cast(Mesa, interaction.client)


async def _game_here(interaction: discord.Interaction) -> GameRow:
    game = await _bot(interaction).service.db.game_in_channel(interaction.channel_id or 0)
    if game is None or game.status == LOBBY:
        raise UserError("error.no_game_here")
    return game


async def _game_by_id(interaction: discord.Interaction, game_id: int | None) -> GameRow:
    """The game a host names (from any channel of the server), else the game of this channel."""
    if game_id is None:
        return await _game_here(interaction)
    game = await _bot(interaction).service.db.get_game(game_id)
    if game is None or game.status == LOBBY:
        raise UserError("error.no_such_game", id=game_id)
    if game.guild_id != interaction.guild_id:
        raise UserError("error.other_server")
    return game


async def _my_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete: the running or stopped games this user hosts in this server, newest first."""
    locale = user_locale(interaction)
    games = await _bot(interaction).service.db.games_of_host(
        interaction.guild_id or 0, interaction.user.id, (ACTIVE, ABANDONED)
    )
    choices = []
    for g in games:
        name = f"{engine_of(g).title} #{g.id} — {t(f'status.{g.status}', locale)}"
        if current.strip().lstrip("#") in name:
            choices.append(app_commands.Choice(name=name[:100], value=g.id))
    return choices[:25]


@app_commands.command(name=L("cmd.play"), description=L("cmd.play.desc"))
@app_commands.rename(game=L("cmd.play.game"))
@app_commands.describe(game=L("cmd.play.game.desc"))
@app_commands.choices(game=[app_commands.Choice(name=e.title, value=gid) for gid, e in GAMES.items()])
@app_commands.guild_only()
async def play(interaction: discord.Interaction, game: str) -> None:
    bot = _bot(interaction)
    locale = channel_locale(interaction)
    row = await bot.service.create_lobby(
        game,
        interaction.guild_id,
        interaction.channel_id or 0,
        interaction.user.id,
        interaction.user.display_name,
        locale,
    )
    embed, view = bot.presenter.lobby(row, locale)
    try:
        await interaction.response.send_message(embed=embed, view=discord.utils.MISSING if view is None else view)
    finally:
        release(view)
    message = await interaction.original_response()
    await bot.service.db.update_game(row.id, lobby_message_id=message.id)


class GameGroup(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name=L("cmd.game"), description=L("cmd.game.desc"), guild_only=True)

    @app_commands.command(name=L("cmd.board"), description=L("cmd.board.desc"))
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = _bot(interaction)
        locale = user_locale(interaction)
        game = await _game_here(interaction)
        state = bot.service.state_of(game)
        posted = await bot.handlers.recover_board(game)  # a board that failed to go out goes out now
        text = (
            ""
            if posted is None
            else t("board.reposted", locale)
            if posted
            else t("board.still_blocked", locale, where=f"<#{game.play_channel_id}>")
        )
        payload = await bot.presenter.board(game, state, locale=locale, controls=False)
        await bot.handlers.send_private(interaction, payload, text)

    @app_commands.command(name=L("cmd.me"), description=L("cmd.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await _game_here(interaction)
        await _bot(interaction).handlers.show_private(interaction, game)

    @app_commands.command(name=L("cmd.log"), description=L("cmd.log.desc"))
    async def log(self, interaction: discord.Interaction) -> None:
        from rules.core import Event

        bot = _bot(interaction)
        locale = user_locale(interaction)
        game = await _game_here(interaction)
        names = message_names(game, locale)
        viewer = set(game.seats_of(interaction.user.id))
        lines = []
        for row in await bot.service.db.action_log(game.id, limit=15):
            texts = [
                t(ev.text, locale, names=names)
                for ev in map(Event.model_validate, row["events"])
                if ev.seats is None or viewer & set(ev.seats)
            ]
            if texts:
                line = t("log.line", locale, n=row["version"], what=" · ".join(texts))
                lines.append(line if row["undone_at"] is None else t("log.undone", locale, line=line))
        embed = discord.Embed(
            title=t("log.title", locale, game=f"{engine_of(game).title} #{game.id}"),
            description="\n".join(lines)[-4000:] or t("log.empty", locale),
        )
        await reply(interaction, "", embed=embed)

    @app_commands.command(name=L("cmd.link"), description=L("cmd.link.desc"))
    @app_commands.rename(reset=L("cmd.link.reset"))
    @app_commands.describe(reset=L("cmd.link.reset.desc"))
    async def link(self, interaction: discord.Interaction, reset: bool = False) -> None:
        bot = _bot(interaction)
        locale = user_locale(interaction)
        game = await _game_here(interaction)
        if bot.presenter.web_url is None:
            await reply(interaction, t("link.off", locale))
            return
        title = f"{engine_of(game).title} #{game.id}"
        if reset:
            await bot.service.reset_web_token(game.id, interaction.user.id)
        else:
            await bot.service.web_token(game.id)
        game = await bot.service.load(game.id)
        url = bot.presenter.web_link(game)
        await reply(interaction, t("link.reset" if reset else "link.here", locale, game=title, url=url))
        if reset:  # the board's "Watch in browser" opens the new link
            await bot.handlers.refresh_controls(game.id)

    @app_commands.command(name=L("cmd.undo"), description=L("cmd.undo.desc"))
    async def undo(self, interaction: discord.Interaction) -> None:
        game = await _game_here(interaction)
        await _bot(interaction).undo.on_undo(interaction, game.id, None)

    @app_commands.command(name=L("cmd.replay"), description=L("cmd.replay.desc"))
    async def replay(self, interaction: discord.Interaction) -> None:
        game = await _game_here(interaction)
        await interaction.response.defer(thinking=True)
        await _bot(interaction).replays.post(interaction, game)

    @app_commands.command(name=L("cmd.export"), description=L("cmd.export.desc"))
    async def export(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).exports.export(interaction, await _game_here(interaction))

    @app_commands.command(name=L("cmd.import"), description=L("cmd.import.desc"))
    @app_commands.rename(file=L("cmd.import.file"))
    @app_commands.describe(file=L("cmd.import.file.desc"))
    async def import_file(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        await _bot(interaction).exports.import_file(interaction, file)

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @app_commands.rename(player=L("cmd.history.player"))
    @app_commands.describe(player=L("cmd.history.player.desc"))
    async def history(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await _bot(interaction).stats.history(interaction, player)

    @app_commands.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        game = await _game_here(interaction)
        engine = engine_of(game)
        embed = discord.Embed(
            title=t("rules.title", locale, game=engine.title),
            description="\n\n".join(t(m, locale) for m in engine.rules_summary())[:4096],
        )
        await reply(interaction, "", embed=embed)

    @app_commands.command(name=L("cmd.resign"), description=L("cmd.resign.desc"))
    async def resign(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        game = await _game_here(interaction)
        await bot.service.hand_to_ai(
            game.id, interaction.user.id, user_id=interaction.user.id, then=bot.handlers.publish
        )
        await interaction.response.send_message(resigned_line(game, interaction.user.id))

    @app_commands.command(name=L("cmd.ai"), description=L("cmd.ai.desc"))
    @app_commands.rename(player=L("cmd.ai.player"))
    @app_commands.describe(player=L("cmd.ai.player.desc"))
    async def ai(self, interaction: discord.Interaction, player: discord.User) -> None:
        bot = _bot(interaction)
        game = await _game_here(interaction)
        await bot.service.hand_to_ai(game.id, interaction.user.id, user_id=player.id, then=bot.handlers.publish)
        await interaction.response.send_message(t("board.now_ai", game.locale, who=player.mention))

    @app_commands.command(name=L("cmd.end"), description=L("cmd.end.desc"))
    @app_commands.rename(game=L("cmd.end.game"))
    @app_commands.describe(game=L("cmd.end.game.desc"))
    @app_commands.autocomplete(game=_my_games)
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = _bot(interaction)
        before = await _game_by_id(interaction, game)
        row = await bot.service.end(before.id, interaction.user.id)
        text = t("board.ended", row.locale)
        elsewhere = interaction.channel_id != row.play_channel_id
        await interaction.response.send_message(f"{engine_of(row).title} #{row.id}: {text}" if elsewhere else text)
        if elsewhere and before.status == ACTIVE:  # the players hear it where they play
            await bot.handlers.say(row, text)
        await bot.handlers.strip_board(row)
        if before.status == ACTIVE:
            await bot.handlers.mark_ended(row)

    @app_commands.command(name=L("cmd.move"), description=L("cmd.move.desc"))
    @app_commands.rename(game=L("cmd.end.game"))
    @app_commands.describe(game=L("cmd.end.game.desc"))
    @app_commands.autocomplete(game=_my_games)
    async def move(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await _bot(interaction).handlers.move_game(interaction, await _game_by_id(interaction, game))

    @app_commands.command(name=L("cmd.reminders"), description=L("cmd.reminders.desc"))
    @app_commands.rename(hours=L("cmd.reminders.hours"))
    @app_commands.describe(hours=L("cmd.reminders.hours.desc"))
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 168]) -> None:
        bot = _bot(interaction)
        game = await _game_here(interaction)
        game = await bot.service.set_reminders(game.id, interaction.user.id, hours)
        text = t("remind.set", game.locale, hours=f"{hours:g}") if hours else t("remind.off", game.locale)
        await interaction.response.send_message(text)
        bot.wake_reminders()

    @app_commands.command(name=L("cmd.list"), description=L("cmd.list.desc"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        locale = user_locale(interaction)
        games = await bot.service.db.games_of_guild(interaction.guild_id or 0, (LOBBY, ACTIVE, ABANDONED))
        lines = [
            t(
                "list.line",
                locale,
                game=engine_of(g).title,
                id=g.id,
                where=f"<#{g.play_channel_id}>",
                status=t(f"status.{g.status}", locale),
            )
            for g in games
        ]
        embed = discord.Embed(
            title=t("list.title", locale), description="\n".join(lines)[:4096] or t("list.empty", locale)
        )
        await reply(interaction, "", embed=embed)


@app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
@app_commands.rename(player=L("cmd.stats.player"))
@app_commands.describe(player=L("cmd.stats.player.desc"))
@app_commands.guild_only()
async def stats(interaction: discord.Interaction, player: discord.User | None = None) -> None:
    await _bot(interaction).stats.player_stats(interaction, player or interaction.user)


@app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
@app_commands.rename(game=L("cmd.leaderboard.game"))
@app_commands.describe(game=L("cmd.leaderboard.game.desc"))
@app_commands.choices(game=[app_commands.Choice(name=e.title, value=gid) for gid, e in GAMES.items()])
@app_commands.guild_only()
async def leaderboard(interaction: discord.Interaction, game: str) -> None:
    await _bot(interaction).stats.leaderboard(interaction, game)


@app_commands.command(name=L("cmd.mygames"), description=L("cmd.mygames.desc"))
async def mygames(interaction: discord.Interaction) -> None:
    await _bot(interaction).players.my_games(interaction)


async def _zones(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=zone, value=zone) for zone in zone_choices(current)]


@app_commands.command(name=L("cmd.settings"), description=L("cmd.settings.desc"))
@app_commands.rename(
    turns=L("cmd.settings.turns"),
    quiet=L("cmd.settings.quiet"),
    zone=L("cmd.settings.zone"),
    reminders=L("cmd.settings.reminders"),
    language=L("cmd.settings.language"),
)
@app_commands.describe(
    turns=L("cmd.settings.turns.desc"),
    quiet=L("cmd.settings.quiet.desc"),
    zone=L("cmd.settings.zone.desc"),
    reminders=L("cmd.settings.reminders.desc"),
    language=L("cmd.settings.language.desc"),
)
@app_commands.choices(
    turns=[app_commands.Choice(name=L(f"settings.turns.{d}"), value=d) for d in DELIVERIES],
    reminders=[app_commands.Choice(name=L(f"settings.{v}"), value=v) for v in ("on", "off")],
    language=[app_commands.Choice(name=L(f"settings.language.{v}"), value=v) for v in ("discord", "en", "pt-BR")],
)
@app_commands.autocomplete(zone=_zones)
async def settings(
    interaction: discord.Interaction,
    turns: str | None = None,
    quiet: str | None = None,
    zone: str | None = None,
    reminders: str | None = None,
    language: str | None = None,
) -> None:
    await _bot(interaction).players.settings(
        interaction, turns=turns, quiet=quiet, zone=zone, reminders=reminders, language=language
    )


@app_commands.command(name=L("cmd.away"), description=L("cmd.away.desc"))
@app_commands.rename(until=L("cmd.away.until"), mode=L("cmd.away.mode"))
@app_commands.describe(until=L("cmd.away.until.desc"), mode=L("cmd.away.mode.desc"))
@app_commands.choices(mode=[app_commands.Choice(name=L(f"away.mode.{m}"), value=m) for m in AWAY_MODES])
async def away(interaction: discord.Interaction, until: str | None = None, mode: str | None = None) -> None:
    await _bot(interaction).players.away(interaction, until, mode)


class PrivacyGroup(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name=L("cmd.privacy"), description=L("cmd.privacy.desc"))

    @app_commands.command(name=L("cmd.privacy.show"), description=L("cmd.privacy.show.desc"))
    async def show(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).privacy.show(interaction)

    @app_commands.command(name=L("cmd.privacy.delete"), description=L("cmd.privacy.delete.desc"))
    async def delete(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).privacy.ask_delete(interaction)


def _acceptable(parameter: app_commands.Parameter, value: object) -> bool:
    """Whether ``value`` is one a Discord client could send for ``parameter``: of its type, among its
    choices, within its bounds. Discord checks none of this for a forged interaction, nor does discord.py
    (it stores a choice as given, and a number it cannot read fails in its hands, unanswered)."""
    kind = parameter.type
    if kind is discord.AppCommandOptionType.string:
        if not isinstance(value, str):
            return False
        if parameter.min_value is not None and len(value) < parameter.min_value:
            return False
        if parameter.max_value is not None and len(value) > parameter.max_value:
            return False
    elif kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        numeric = int if kind is discord.AppCommandOptionType.integer else (int, float)
        if isinstance(value, bool) or not isinstance(value, numeric) or not math.isfinite(value):
            return False
        if parameter.min_value is not None and value < parameter.min_value:
            return False
        if parameter.max_value is not None and value > parameter.max_value:
            return False
    elif kind is discord.AppCommandOptionType.boolean:
        if not isinstance(value, bool):
            return False
    elif not (isinstance(value, str) and value.isascii() and value.isdigit()):  # a user, channel, file: an id
        return False
    return not parameter.choices or any(choice.value == value for choice in parameter.choices)


def forged_option(interaction: discord.Interaction) -> str | None:
    """The name of the first option of a slash command that no Discord client sends (a value outside the
    option's type, choices or bounds, an option the command does not have), or None."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    data = cast(dict[str, object], interaction.data or {})
    options = cast(list[dict[str, object]], data.get("options", []))
    while options and options[0].get("type") in (1, 2):  # a subcommand (group): its own options
        options = cast(list[dict[str, object]], options[0].get("options", []))
    parameters = {parameter.display_name: parameter for parameter in command.parameters}
    for option in options:
        name = str(option.get("name"))
        parameter = parameters.get(name)
        if parameter is None or not _acceptable(parameter, option.get("value")):
            return name
    return None


class MesaTree(app_commands.CommandTree):
    """Answers every command error with the ephemeral sentence it carries (or a generic one), and every
    command whose options no Discord client sends (forged) with a sentence that says so, before it runs."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if await _bot(interaction).handlers.fenced(interaction):
            return False
        if _bot(interaction).handlers.stopping:
            if interaction.type is discord.InteractionType.application_command:
                await reply(interaction, t("error.restarting", user_locale(interaction)))
            return False
        if interaction.type is discord.InteractionType.application_command:
            forged = forged_option(interaction)
            if forged is not None:
                command = interaction.command
                name = command.qualified_name if command is not None else "?"
                await reply(
                    interaction, t("error.command_value", user_locale(interaction), command=name, option=forged)
                )
                return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)

        async def rethrow() -> None:
            raise original

        await _bot(interaction).handlers.guarded(interaction, rethrow())


def setup(tree: app_commands.CommandTree) -> None:
    tree.add_command(play)
    tree.add_command(GameGroup())
    tree.add_command(stats)
    tree.add_command(leaderboard)
    tree.add_command(mygames)
    tree.add_command(settings)
    tree.add_command(away)
    tree.add_command(PrivacyGroup())


__all__ = ["CatalogueTranslator", "MesaTree", "setup"]
