"""Work done in processes beside the bot's event loop: ``thinking`` (the AI seats) and
``renderpool`` (the board pictures). No discord, no database."""
