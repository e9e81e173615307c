"""The pages' connections, kept within what the process can hold.

Every connection costs an open file, and the process shares its open-files limit with its database,
its workers and (in the bot's process) its Discord connections: once they are all taken, nothing
more is accepted, for anyone. So the connections open at once are limited per address (an IPv6
address counts as its /64, what one subscriber is given) and in all, below that limit
(``connection_limits``); a connection past a limit is dropped as soon as it is accepted, before any
byte of it is read, and the log says how many were once a minute. A connection that sends no whole
request for ``MESA_WEB_IDLE`` seconds (from its start, or since its last answer) is closed by aiohttp
(its ``keepalive_timeout`` counts both, from aiohttp 3.14.4).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from collections.abc import Callable

log = logging.getLogger(__name__)

# The open files the process keeps for itself beside the pages' connections (its database's, its
# workers' pipes, Discord's, its logs): a quarter of its limit, and this many at least.
KEPT_FILES = 64
# How often the log says how many connections were refused (seconds).
REFUSALS_EVERY = 60.0


def raise_open_files() -> int:
    """Raises the process's soft limit of open files to its hard one (systemd gives 1,024 and 524,288:
    each page view open costs one); returns the soft limit now."""
    try:
        import resource
    except ImportError:  # (Windows: no such limit)
        return 1 << 16
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == resource.RLIM_INFINITY or soft >= hard:
        return soft if soft != resource.RLIM_INFINITY else 1 << 20
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError) as exc:
        log.info("the open-files limit stays %s (%s)", soft, exc)
        return soft
    log.info("open files: the limit was raised from %s to %s", soft, hard)
    return hard


def open_files() -> int:
    """The process's soft limit of open files now."""
    try:
        import resource
    except ImportError:
        return 1 << 16
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def connection_limit(asked: int | None) -> int:
    """The connections the pages may hold open at once, in all: ``asked`` (None: as many as can be), but
    below the open-files limit, leaving the process its own files."""
    limit = open_files()
    most = max(1, limit - max(KEPT_FILES, limit // 4))
    if asked is not None and asked > most:
        log.warning(
            "MESA_WEB_CONNECTIONS=%s is more than the open-files limit (%s) allows: %s at most", asked, limit, most
        )
    return most if asked is None else min(asked, most)


def address_group(address: str) -> str:
    """What one visitor's address counts as: an IPv4 address itself (an IPv4-mapped IPv6 one too), an IPv6
    address its /64 (the least a subscriber or a server is given); anything else as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Gate:
    """The protocol factory of the pages' listening socket: admits a connection within the limits (and
    hands it to aiohttp's handler), drops it at once past them. ``per_address`` None: no limit per address
    (behind a proxy every connection comes from the proxy)."""

    def __init__(self, handler: Callable[[], asyncio.Protocol], total: int, per_address: int | None) -> None:
        self.handler = handler
        self.total, self.per_address = total, per_address
        self.open: Counter[str] = Counter()
        self.count = 0  # connections open now
        self.refused = 0  # refused since the log last said so
        self._summary: asyncio.TimerHandle | None = None  # the next line about them, while some are refused

    def __call__(self) -> asyncio.Protocol:
        return _Admission(self)

    def admit(self, address: str) -> bool:
        if self.count < self.total and (self.per_address is None or self.open[address] < self.per_address):
            self.count += 1
            self.open[address] += 1
            return True
        self.refused += 1
        if self._summary is None:  # (the first of a while: said at once, the next ones a minute later)
            self._say()
        return False

    def _say(self) -> None:
        """Says how many connections were refused since the last such line, and again a minute later if more are."""
        if not self.refused:
            self._summary = None
            return
        log.warning(
            "refused %s connection(s) to the pages %s: past %s open at once from one address, or %s in all",
            self.refused,
            "in the last minute" if self._summary is not None else "just now",
            "any number" if self.per_address is None else self.per_address,
            self.total,
        )
        self.refused = 0
        self._summary = asyncio.get_running_loop().call_later(REFUSALS_EVERY, self._say)

    def close(self) -> None:
        if self._summary is not None:
            self._summary.cancel()
            self._summary = None

    def release(self, address: str) -> None:
        self.count -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class _Admission(asyncio.Protocol):
    """One accepted connection: past the gate's limits it is aborted before anything of it is read; else
    everything goes to aiohttp's handler."""

    __slots__ = ("address", "gate", "inner")

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.inner: asyncio.Protocol | None = None
        self.address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = address_group(str(peer[0]) if isinstance(peer, tuple) and peer else "?")
        if not self.gate.admit(self.address):
            transport.abort()  # type: ignore[attr-defined]
            return
        self.inner = self.gate.handler()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is not None:
            self.gate.release(self.address)
            self.inner.connection_lost(exc)
            self.inner = None
