"""Mesa: board games for Discord."""
