"""``python -m bot`` runs the bot; ``python -m bot web`` serves the spectator pages beside it;
``python -m bot demo GAME`` plays a game with AI seats offline."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .settings import VARIABLES, Settings, SettingsError

if TYPE_CHECKING:  # the bot itself is imported when it runs (--help imports no discord)
    from .app import MesaBot
    from .storage import Database


class Fatal(Exception):
    """The bot cannot run; the message is the one line its operator reads."""


def settle_heap() -> None:
    """Takes what the start-up made (the modules, discord.py's and the bot's objects, the commands)
    out of the garbage collector's way, once it is done: a full collection then looks only at what the
    process made since, and no longer stops the bot's event loop to walk every object it holds (tens of
    milliseconds under load; ``python -m bench load`` shows the longest collection). The garbage of the
    start-up is collected first, so that none of it is kept for good."""
    gc.collect()
    gc.freeze()


async def run_bot(settings: Settings) -> None:
    """Opens the database first (a database the bot cannot use stops it before it logs in), then logs
    in and connects; a refused token leaves behind no SQLite file that this start created."""
    import aiohttp
    import discord

    from .app import MesaBot
    from .storage import DatabaseError, is_postgres

    new_file = None if is_postgres(str(settings.database)) else Path(settings.database)
    if new_file is not None and new_file.exists():
        new_file = None
    db = await _opened(settings.database)
    try:
        async with MesaBot(settings, db) as bot:
            try:
                await bot.login(settings.token or "")
            except discord.LoginFailure as exc:
                raise Fatal(f"the token was refused: {exc}") from None
            except DatabaseError as exc:  # MESA_SHARDS=auto on SQLite, the lock connection refused
                raise Fatal(str(exc)) from None
            except (aiohttp.ClientError, OSError, discord.HTTPException) as exc:
                raise Fatal(f"cannot reach Discord: {exc}") from None
            _stop_on_sigterm(bot)
            settle_heap()
            try:
                await bot.connect()
            finally:
                await bot.close()
    except Fatal:
        await db.close()
        if new_file is not None:  # made by this start alone: nothing of it is worth keeping
            for path in (new_file, *(new_file.with_name(new_file.name + end) for end in ("-wal", "-shm"))):
                path.unlink(missing_ok=True)
        raise
    await db.close()


async def _opened(target: str | Path) -> Database:
    """The database, once it can be reached: a server that is down or still starting up is waited for (one
    line in the log, a try every few seconds at most), anything else wrong with it stops the bot (Fatal)."""
    from .storage import Database, DatabaseAway, DatabaseError

    wait, said = 0.25, False
    while True:
        try:
            return await Database.open(target)
        except DatabaseAway as exc:
            if not said:
                logging.getLogger("bot").warning("%s; waiting for it", exc)
                said = True
        except DatabaseError as exc:
            raise Fatal(str(exc)) from None
        await asyncio.sleep(wait)
        wait = min(wait * 2, 5.0)


async def run_web(settings: Settings, ready: asyncio.Event | None = None) -> None:
    """Serves the spectator pages from the bot's database until SIGTERM or SIGINT (the bot runs elsewhere)."""
    from .storage import Database, DatabaseError, is_postgres
    from .web import WebServer

    if not is_postgres(settings.database) and not Path(settings.database).exists():
        raise Fatal(
            f"no database at {settings.database}: the pages read the bot's own (MESA_DATABASE, or "
            "DATABASE_URL for PostgreSQL); a process on a disk of its own needs the bot's PostgreSQL"
        )
    try:
        db = await Database.open(settings.database)
    except DatabaseError as exc:
        raise Fatal(str(exc)) from None
    server = WebServer(lambda: db, settings)
    try:
        try:
            await server.start()  # the moves are made by another process: the pages follow the database
        except OSError as exc:
            raise Fatal(f"cannot serve on {settings.web_host}:{settings.web_port}: {exc.strerror or exc}") from None
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C still ends asyncio.run
                pass
        settle_heap()
        if ready is not None:
            ready.set()
        await stop.wait()
    finally:
        await server.stop()
        await db.close()


def _stop_on_sigterm(bot: MesaBot) -> None:
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
        "  python -m bot web              serve the spectator pages beside the bot (needs MESA_WEB_PORT or PORT)\n"
        "  python -m bot demo GAME ...    play a whole game with AI seats, offline, a picture per move\n"
        "                                 (python -m bot demo --help lists the games and their options)\n"
        "  python -m bot migrate --from A --to B\n"
        "                                 copy every game from one database to another (SQLite file or\n"
        "                                 postgresql:// URL), checked by replaying each game\n"
        "  python -m bot forget USER_ID   forget a player (what /privacy delete does): settings, absence and\n"
        '                                 ratings deleted, their name in stored games "Former player"\n'
        "  python -m bot replay-file FILE --out DIR\n"
        "                                 draw a game file written by /game export: a picture per move and the GIF\n"
        f"\nsettings (environment variables):\n{settings}\n",
    )


def forget_main(argv: list[str]) -> int:
    """``python -m bot forget USER_ID``: what ``/privacy delete`` does, for an admin, on the database of
    ``MESA_DATABASE`` (SQLite or PostgreSQL)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot forget",
        description="Forget a player: their settings, absence and ratings deleted, their name in stored games "
        "replaced by 'Former player', their Discord id taken out of every game (PRIVACY.md).",
    )
    parser.add_argument("user_id", help="the player's Discord user id (a number such as 123456789012345678)")
    args = parser.parse_args(argv)
    if not args.user_id.isascii() or not args.user_id.isdigit() or int(args.user_id) == 0:
        print(f"mesa forget: {args.user_id!r} is not a Discord user id", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 2

    from .service import privacy
    from .storage import Database, DatabaseError

    async def run() -> tuple[dict[str, int], list[int]]:
        db = await Database.open(settings.database)
        try:
            return await privacy.forget(db, int(args.user_id))
        finally:
            await db.close()

    try:
        changed, running = asyncio.run(run())
    except DatabaseError as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 1
    done = ", ".join(f"{what.replace('_', ' ')}: {count}" for what, count in changed.items())
    print(f"forgot user {args.user_id} ({done}); the AI plays their seats in running games: {len(running)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "demo":
        from .demo import main as demo_main

        return demo_main(argv[1:])
    if argv and argv[0] == "migrate":
        from .migrate import main as migrate_main

        return migrate_main(argv[1:])
    if argv and argv[0] == "forget":
        return forget_main(argv[1:])
    if argv and argv[0] == "replay-file":
        from .replay_file import main as replay_file_main

        return replay_file_main(argv[1:])
    web = bool(argv) and argv[0] == "web"
    _parser().parse_args(argv[1:] if web else argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"mesa: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from .web.gate import raise_open_files

    raise_open_files()  # (each open page view costs a file)
    if web:
        if settings.web_port is None:
            print("mesa: set MESA_WEB_PORT (or PORT) to the port the spectator pages are served on", file=sys.stderr)
            return 2
        try:
            asyncio.run(run_web(settings))
        except Fatal as exc:
            print(f"mesa: {exc}", file=sys.stderr)
            return 1
        return 0
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
