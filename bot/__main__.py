"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays a game with AI seats offline."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from .settings import Settings


async def run_bot(settings: Settings) -> None:
    from .app import MesaBot
    from .storage import Database

    db = await Database.open(settings.database)
    try:
        async with MesaBot(settings, db) as bot:
            await bot.start(settings.token)
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "demo":
        from .demo import main as demo_main

        return demo_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Mesa Discord bot.")
    parser.parse_args(argv)
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print("DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, then\n"
              "  DISCORD_TOKEN=... python -m bot\n"
              "Without a token you can still watch a game: python -m bot demo atlandice --players 3",
              file=sys.stderr)
        return 2
    asyncio.run(run_bot(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
