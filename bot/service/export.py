"""A game taken out of the bot as a file, and brought back: the file, its checks and its replay.

A finished game's file (``/game export``) holds what replays it exactly: the game, its rules version,
its options, its seed, its players and the moves that count (those taken back are left out), plus a
fingerprint of the position they lead to. A running game's file shows only what the channel knows
(the game, its options, its players, how many moves were played): its seed, its moves and that
fingerprint, which would tell every hand and the cards to come, travel sealed (``seal``): encrypted
and authenticated with AES-GCM (``cryptography``) under a key only this deployment holds
(``MESA_SECRET_KEY``, or one drawn once and kept in its database). Only that deployment opens it
again (``unseal``); another one refuses the file and says why.

A file is taken back (``/game import``, ``python -m bot replay-file``) only if it was written under
the same rules version and every move replays, to that very position; otherwise the refusal names
the move where the log broke.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, ValidationError

from rules import GAMES
from rules.core import LEVELS, Engine, GameState, RuleError

from ..storage import GameRow, Move, Seat
from .games import UserError

FORMAT: Literal["mesa-game"] = "mesa-game"
FORMAT_VERSION = 2  # 2: a running game's seed and moves are sealed
READS = (1, 2)  # format 1: every file in the clear
# A file larger than this is refused unread (a long game's file is a few hundred kilobytes).
MAX_FILE_BYTES = 8 * 1024 * 1024

# Discord ids are 64-bit: written as strings, as Discord writes them, so that no JSON reader rounds them.
Snowflake = Annotated[int, PlainSerializer(str, return_type=str, when_used="json")]


class FileSeat(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int = Field(ge=0)
    name: str = Field(max_length=100)
    user_id: Snowflake | None = None  # the Discord user who held the seat (None: an AI seat from the start)
    ai: bool = False  # played by the AI when the file was written
    level: str = "normal"  # the AI's strength for that seat


class FileMove(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int = Field(ge=0)
    action: str = Field(max_length=64)
    by: Snowflake | None = None  # who clicked (None: the AI)


class GameFile(BaseModel):
    """A game as ``/game export`` writes it."""

    format: Literal["mesa-game"] = FORMAT
    format_version: int = FORMAT_VERSION
    game: str
    title: str = ""
    rules_version: int
    id: int | None = None  # the game's number in the bot it came from
    status: str = ""
    locale: str = "en"
    options: dict[str, str] = Field(default_factory=dict)
    players: list[FileSeat]
    moves_played: int = 0  # how many moves count: the moves themselves are sealed while the game runs
    # In the clear once the game is over (None and [] while it runs: they are in ``sealed``).
    seed: int | None = None
    moves: list[FileMove] = Field(default_factory=list)
    state_sha256: str | None = None  # the position the moves lead to: a replay must end there
    # A running game: the whole file, seed and moves in it, encrypted under the deployment's key
    # (base64 of a 12-byte nonce and AES-GCM's ciphertext), and which key that is (``key_id``).
    sealed: str | None = None
    key_id: str | None = None
    exported_at: float = 0.0

    @property
    def is_sealed(self) -> bool:
        return self.sealed is not None


def fingerprint(state_json: str) -> str:
    return hashlib.sha256(state_json.encode()).hexdigest()


def export(game: GameRow, moves: list[dict[str, Any]], secret: str | None = None) -> GameFile:
    """The file of a started game; ``moves`` are the stored moves that count (``moves_that_count``).

    A game whose rules say it is over is written in full; one still running is sealed with ``secret``
    (``seal``), and without a secret it is refused."""
    if game.state is None or game.seed is None:
        raise UserError("error.no_game_here")
    engine = GAMES[game.game]
    full = GameFile(
        game=game.game,
        title=engine.title,
        rules_version=engine.rules_version,
        id=game.id,
        status=game.status,
        locale=game.locale,
        options=game.options,
        seed=game.seed,
        players=[FileSeat(seat=s.seat, name=s.name, user_id=s.user_id, ai=s.is_ai, level=s.level) for s in game.seats],
        moves_played=len(moves),
        moves=[FileMove(seat=m["seat"], action=m["action_id"], by=m["user_id"]) for m in moves],
        state_sha256=fingerprint(game.state),
        exported_at=time.time(),
    )
    if engine.is_over(engine.load(game.state)):
        return full
    if secret is None:
        raise ValueError("a running game's file is sealed: a secret is needed")
    return seal(full, secret)


_AAD = b"mesa-game/2"  # what the ciphertext is bound to: a sealed file of this format


def _derived(secret: str, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=purpose).derive(secret.encode())


def key_id(secret: str) -> str:
    """A short name of the key, which tells nothing of it: a file sealed elsewhere is told apart from a
    damaged one."""
    return _derived(secret, b"mesa game file key id")[:8].hex()


def new_secret() -> str:
    """A deployment's key when ``MESA_SECRET_KEY`` names none: drawn once, then kept in its database."""
    return secrets.token_urlsafe(32)


def seal(full: GameFile, secret: str) -> GameFile:
    """The running game's file as it leaves the bot: what the channel sees in the clear, the whole file
    (seed, moves, the position's fingerprint) encrypted and authenticated under ``secret``."""
    nonce = secrets.token_bytes(12)
    inner = full.model_dump_json().encode()
    box = AESGCM(_derived(secret, b"mesa game file key")).encrypt(nonce, inner, _AAD)
    return full.model_copy(
        update={
            "seed": None,
            "moves": [],
            "state_sha256": None,
            "sealed": base64.b64encode(nonce + box).decode(),
            "key_id": key_id(secret),
        }
    )


def unseal(file: GameFile, secret: str | None) -> GameFile:
    """The whole file inside a sealed one; UserError if this deployment did not seal it, or it was
    changed since. A file in the clear is returned as it is."""
    if file.sealed is None:
        return file
    if secret is None:
        raise UserError("import.sealed")
    if file.key_id != key_id(secret):
        raise UserError("import.other_deployment")
    try:
        raw = base64.b64decode(file.sealed, validate=True)
        inner = AESGCM(_derived(secret, b"mesa game file key")).decrypt(raw[:12], raw[12:], _AAD)
        return GameFile.model_validate_json(inner)
    except (binascii.Error, ValueError, InvalidTag, ValidationError):
        raise UserError("import.bad_field", field="sealed") from None


def dumps(file: GameFile) -> bytes:
    return json.dumps(file.model_dump(mode="json"), ensure_ascii=False, indent=1).encode()


def read(data: bytes) -> GameFile:
    """The game file in ``data``, or UserError saying why it is not one this bot reads."""
    if len(data) > MAX_FILE_BYTES:
        raise UserError("import.too_big", mb=MAX_FILE_BYTES // (1024 * 1024))
    try:
        raw = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise UserError("import.not_a_file") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise UserError("import.not_a_file")
    if raw.get("format_version") not in READS:
        raise UserError("import.format_version", theirs=str(raw.get("format_version")), ours=FORMAT_VERSION)
    try:
        return GameFile.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise UserError("import.bad_field", field=where) from None


@dataclass
class Replayed:
    """A file's game replayed: its engine, the final state, and the moves as the bot stores them."""

    file: GameFile
    engine: Engine[Any]
    state: GameState
    moves: list[Move]
    states: list[GameState] = field(default_factory=list)  # every position, with ``keep_states``

    def seats(self) -> list[Seat]:
        """The seats as the bot stores them (a seat no one held is the AI's)."""
        return [Seat(p.seat, p.user_id, p.name, p.ai or p.user_id is None, p.level) for p in self.file.players]


def replay(file: GameFile, *, keep_states: bool = False) -> Replayed:
    """Replays a file's moves from its seed, checking each; UserError names what is wrong and where.

    Refused: a sealed file (``unseal`` it first), a game this bot does not know, another rules
    version, players or options the game does not take, a move the rules refuse at that point (its
    number, its seat and why), and a log that replays but not to the position the file recorded.
    """
    if file.is_sealed or file.seed is None or file.state_sha256 is None:
        raise UserError("import.sealed")
    engine = GAMES.get(file.game)
    if engine is None:
        raise UserError("error.unknown_game", game=file.game)
    if file.rules_version != engine.rules_version:
        raise UserError("import.rules_version", game=engine.title, theirs=file.rules_version, ours=engine.rules_version)
    if [p.seat for p in file.players] != list(range(len(file.players))):
        raise UserError("import.bad_field", field="players")
    if any(p.level not in LEVELS for p in file.players):
        raise UserError("import.bad_field", field="players.level")
    try:
        state = engine.new_game(len(file.players), file.seed, file.options)
    except RuleError as error:
        raise UserError("import.setup", why=error.message) from None
    states = [state] if keep_states else []
    moves: list[Move] = []
    for n, move in enumerate(file.moves, start=1):
        try:
            new = engine.apply(state, move.seat, move.action)
        except RuleError as error:
            raise UserError("import.broken", n=n, seat=move.seat + 1, action=move.action, why=error.message) from None
        moves.append(
            Move(
                move.seat,
                move.action,
                move.by,
                [e.model_dump(mode="json") for e in new.events],
                engine.reveals(state, new),
            )
        )
        state = new
        if keep_states:
            states.append(state)
    if fingerprint(engine.dump(state)) != file.state_sha256:
        raise UserError("import.elsewhere", n=len(file.moves))
    return Replayed(file, engine, state, moves, states)
