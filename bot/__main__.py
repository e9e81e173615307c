"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays a game with AI seats offline."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from .settings import VARIABLES, Settings, SettingsError


class Fatal(Exception):
    """The bot cannot run; the message is the one line its operator reads."""


async def run_bot(settings: Settings) -> None:
    """Logs in first (a refused token leaves no database file behind), then opens the database and connects."""
    import aiohttp
    import discord

    from .app import MesaBot
    from .storage import Database, DatabaseError

    async with MesaBot(settings, None) as bot:
        try:
            await bot.login(settings.token or "")
        except discord.LoginFailure as exc:
            raise Fatal(f"the token was refused: {exc}") from None
        except (aiohttp.ClientError, OSError, discord.HTTPException) as exc:
            raise Fatal(f"cannot reach Discord: {exc}") from None
        try:
            db = await Database.open(settings.database)
        except DatabaseError as exc:
            raise Fatal(str(exc)) from None
        bot.use_database(db)
        _stop_on_sigterm(bot)
        try:
            await bot.connect()
        finally:
            await bot.close()
            await db.close()


def _stop_on_sigterm(bot) -> None:
    """SIGTERM (a host restarting the bot) stops it cleanly: moves under way finished, database closed."""
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    except (NotImplementedError, RuntimeError):  # Windows: no signal handlers in the event loop
        pass


def _parser() -> argparse.ArgumentParser:
    width = max(len(name) for name, _, _ in VARIABLES)
    settings = "\n".join(
        f"  {name:<{width}}  {what}" + (f" (default: {default})" if default else "")
        for name, what, default in VARIABLES
    )
    return argparse.ArgumentParser(
        prog="python -m bot",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run the Mesa Discord bot (settings come from the environment).",
        epilog="commands:\n"
        "  python -m bot                  run the bot (needs DISCORD_TOKEN)\n"
        "  python -m bot demo GAME ...    play a whole game with AI seats, offline, a picture per move\n"
        "                                 (python -m bot demo --help lists the games and their options)\n"
        "  python -m bot replay-file FILE --out DIR\n"
        "                                 draw a game file written by /game export: a picture per move and the GIF\n"
        f"\nsettings (environment variables):\n{settings}\n",
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "demo":
        from .demo import main as demo_main

        return demo_main(argv[1:])
    if argv and argv[0] == "replay-file":
        from .replay_file import main as replay_file_main

        return replay_file_main(argv[1:])
    _parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print(
            "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, then\n"
            "  DISCORD_TOKEN=... python -m bot\n"
            "Without a token you can still watch a game: python -m bot demo atlandice --players 3",
            file=sys.stderr,
        )
        return 2
    try:
        asyncio.run(run_bot(settings))
    except Fatal as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
