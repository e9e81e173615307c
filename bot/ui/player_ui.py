"""A player's own commands, on every server and in a direct message with the bot: ``/mygames``,
``/settings``."""

from __future__ import annotations

import discord

from rules.core import t

from ..service import players as players_mod
from ..service.games import UserError, engine_of
from ..service.mygames import Table, tables_of
from .notify import DM_CLOSED, board_link
from .ports import Mesa
from .presenter import COLOUR, seat_label
from .replies import plain, reply, user_locale

MAX_LINES = 40  # an embed's description holds 4096 characters


class PlayerUI:
    def __init__(self, bot: Mesa) -> None:
        self.bot = bot

    async def my_games(self, interaction: discord.Interaction) -> None:
        """Every running game of the player, on every server: where it is their turn first, oldest wait
        first, each with a link to its board; then the others and whose turn they wait on."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = user_locale(interaction)
        tables = await tables_of(self.bot.service, interaction.user.id)
        mine = [self._line(interaction, table, locale) for table in tables if table.mine]
        others = [self._line(interaction, table, locale) for table in tables if not table.mine]
        parts = []
        if mine:
            parts.append(f"**{t('mygames.your_turn', locale)}**\n" + "\n".join(mine[:MAX_LINES]))
        if others:
            parts.append(f"**{t('mygames.others', locale)}**\n" + "\n".join(others[:MAX_LINES]))
        embed = discord.Embed(
            title=t("mygames.title", locale),
            colour=COLOUR,
            description="\n\n".join(parts)[:4096] or t("mygames.none", locale),
        )
        await reply(interaction, "", embed=embed)

    def _line(self, interaction: discord.Interaction, table: Table, locale: str) -> str:
        game = table.game
        guild = interaction.client.get_guild(game.guild_id) if game.guild_id else None
        name = f"{engine_of(game).title} #{game.id}"
        since = f"<t:{int(table.since)}:R>"
        server = plain(guild.name) if guild else "?"
        if table.mine:
            return t("mygames.turn", locale, game=name, server=server, since=since, link=board_link(game))
        who = ", ".join(seat_label(game, seat, locale) for seat in table.to_act)
        return t("mygames.waiting", locale, game=name, server=server, who=who, since=since, link=board_link(game))

    # -- /settings -------------------------------------------------------------------------
    async def settings(
        self,
        interaction: discord.Interaction,
        *,
        turns: str | None = None,
        quiet: str | None = None,
        zone: str | None = None,
        reminders: str | None = None,
        language: str | None = None,
    ) -> None:
        """Changes what the player gave and shows them all; with nothing given, shows them."""
        players = self.bot.service.players
        user = interaction.user
        current = await players.get(user.id)
        changes: dict[str, object] = {}
        try:
            if zone is not None:  # an unknown name is refused
                changes["zone"] = players_mod.time_zone(zone).key
            if quiet is not None:
                changes["quiet"] = players_mod.parse_quiet(quiet)
        except players_mod.SettingError as error:
            raise UserError(error.key, **{k: str(v) for k, v in error.params.items()}) from None
        if turns is not None:
            changes["delivery"] = turns
            changes["dm_refused"] = False  # asked again: a direct message is tried again
        if reminders is not None:
            changes["reminders"] = reminders == "on"
        if language is not None:
            changes["locale"] = None if language == "discord" else language
        await interaction.response.defer(ephemeral=True, thinking=True)
        updated = await players.save(current.with_changes(**changes)) if changes else current
        locale = user_locale(interaction)
        note = ""
        if turns in (players_mod.DM, players_mod.BOTH):  # a first direct message tells at once if Discord refuses
            try:
                await user.send(t("settings.dm_hello", locale))
            except discord.HTTPException as exc:
                if exc.code == DM_CLOSED:
                    updated = await players.save(updated.with_changes(dm_refused=True))
                    note = t("settings.dm_closed", locale)
        await reply(interaction, note, embed=self.settings_embed(updated, locale))

    @staticmethod
    def settings_embed(s: players_mod.PlayerSettings, locale: str) -> discord.Embed:
        turns = t(f"settings.turns.{s.delivery}", locale)
        if s.dm_refused and s.delivery != players_mod.MENTION:
            turns = t("settings.turns.refused", locale, turns=turns)
        quiet = (
            t("settings.quiet.none", locale)
            if s.quiet is None
            else t("settings.quiet.hours", locale, hours=players_mod.format_quiet(s.quiet), zone=s.zone)
        )
        away = (
            t("settings.away.none", locale)
            if s.away_until is None
            else t(f"settings.away.{s.away_mode}", locale, until=f"<t:{int(s.away_until)}:f>")
        )
        lines = [
            t("settings.line.turns", locale, value=turns),
            t("settings.line.quiet", locale, value=quiet),
            t("settings.line.zone", locale, value=s.zone),
            t("settings.line.reminders", locale, value=t("settings.on" if s.reminders else "settings.off", locale)),
            t("settings.line.language", locale, value=t(f"settings.language.{s.locale or 'discord'}", locale)),
            t("settings.line.away", locale, value=away),
        ]
        return discord.Embed(title=t("settings.title", locale), colour=COLOUR, description="\n".join(lines))

    # -- /away -----------------------------------------------------------------------------
    async def away(self, interaction: discord.Interaction, until: str | None, mode: str | None) -> None:
        """Away until a date: the AI plays the player's seats (on every table, or only where a clock runs
        when they would rather the others wait); without a date, back now."""
        service = self.bot.service
        user = interaction.user
        current = await service.players.get(user.id)
        now = service.clock()
        if until is None:
            updated = current.with_changes(away_until=None)
        else:
            try:
                stamp = players_mod.parse_date(until, current.zone, now)
            except players_mod.SettingError as error:
                raise UserError(error.key, **{k: str(v) for k, v in error.params.items()}) from None
            updated = current.with_changes(away_until=stamp, away_mode=mode or players_mod.AWAY_AI)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.players.save(updated)
        locale = user_locale(interaction)
        tables = await tables_of(service, user.id)
        if updated.away(now) and updated.away_mode == players_mod.AWAY_PAUSE:  # the tables that wait are told
            for table in tables:
                if not table.game.turn_limit:
                    waits = t(
                        "away.table_waits",
                        table.game.locale,
                        who=user.mention,
                        until=f"<t:{int(updated.away_until or 0)}:f>",
                    )
                    await self.bot.handlers.say(table.game, waits)
        for table in tables:  # the tables waiting on them now
            if not table.mine:
                continue
            game = table.game
            if updated.away(now) and (updated.away_mode == players_mod.AWAY_AI or game.turn_limit):
                await service.nudge(game.id, then=self.bot.handlers.publish)
            else:  # their pings wait for their return, or come now that they are back
                when = service.later_for(updated) or now
                for seat in game.seats_of(user.id):
                    if seat in table.to_act:
                        await service.db.postpone_reminder(game.id, seat, when)
        self.bot.wake_reminders()
        text = t("away.back" if until is None else "away.set", locale)
        await reply(interaction, text, embed=self.settings_embed(updated, locale))
