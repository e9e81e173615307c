"""``python -m bench.spectators PORT``: the load benchmark's spectators, browsers on the live pages the bot
serves on PORT, in a process of their own.

Their browsers are not on the bot's machine in use, and not inside Discord: here they run on the bot's
machine, but not in the benchmark's process, whose fake Discord times the boards the bot posts (an
event loop busy reading pages would delay the boards it times, not the bot), and at the lowest CPU
priority (``nice`` 19): they take the CPU the bot and the benchmark leave, as browsers on other machines
take none of it. Their delays still count in the pages' figures (move→page), not in the clicks'.

The benchmark says, on stdin, one command a line:

- ``open N TAG PATH``: page N opens the live stream at PATH (closing the one it had), as its stream TAG;
- ``close N``: page N closes its stream.

and is told, on stdout, one a line:

- ``opened N TAG`` once the stream answered, or ``failed N TAG WHY``;
- ``event N TAG VERSION ARRIVED PICTURED`` for each position the stream sends: when its event was read,
  and when its picture was there (fetched if the event gave its address), in seconds of ``time.perf_counter``
  (the system's monotonic clock, the benchmark's too);
- ``closed N`` once the stream is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time


class Browser:
    """A page's connections as a browser keeps them: its live stream on one, its pictures on another, each a
    bare HTTP/1.1 GET. They cost the machine as little as they can: with aiohttp's client they cost about as
    much CPU as the bot spent serving the pages. Of a stream's event only its type, its id (the position's
    version) and its picture's address are read; a picture the event carries is not fetched."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._pictures: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._events = bytearray()

    async def picture(self, path: str) -> bytes:
        """The body of the answer to ``GET path`` (whatever its status, as a browser's ``img`` takes it)."""
        try:
            return await self._picture(path)
        except (OSError, asyncio.IncompleteReadError):  # the server closed the kept connection meanwhile
            _close(self._pictures)
            self._pictures = None
            return await self._picture(path)

    async def _picture(self, path: str) -> bytes:
        if self._pictures is None:
            self._pictures = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self._pictures
        fields = await self._get(reader, writer, path)
        body = await reader.readexactly(int(fields.get("content-length", "0")))
        if fields.get("connection", "").lower() == "close":
            _close(self._pictures)
            self._pictures = None
        return body

    async def _get(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> dict[str, str]:
        """Asks for ``path``; the answer's status (``status``) and header fields, lowercase."""
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        fields = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in head[1:])}
        fields["status"] = head[0].split()[1]
        return fields

    async def stream(self, path: str) -> None:
        """Opens the live stream at ``path``: a chunked answer, or a RuntimeError that says what came instead."""
        self.close_stream()
        self._stream = await asyncio.open_connection("127.0.0.1", self.port)
        fields = await self._get(*self._stream, path)
        if fields["status"] != "200" or fields.get("transfer-encoding") != "chunked":
            self.close_stream()
            raise RuntimeError(f"the page's stream answered {fields['status']} ({fields.get('transfer-encoding')})")

    async def event(self) -> tuple[str, int, str] | None:
        """The stream's next event: its type, its id and its picture's address ("" if the event carried the
        picture, or has none); None once the stream ended or broke."""
        while (end := _blank_line(self._events)) < 0:
            if self._stream is None:
                return None
            reader = self._stream[0]
            try:
                size = int(await reader.readuntil(b"\r\n"), 16)
                if size == 0:
                    raise EOFError
                self._events += await reader.readexactly(size + 2)
                del self._events[-2:]  # (the chunk's end)
            except (OSError, ValueError, EOFError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                self.close_stream()
                return None
        events, kind, version, image, at = self._events, "", -1, "", 0
        while at < end:  # its fields up to its data, which is not read through
            line_end = events.find(b"\r", at)
            name, _, value = bytes(events[at:line_end]).partition(b":")
            if name == b"event":
                kind = value.strip().decode()
            elif name == b"id":
                version = int(value)
            elif name == b"data":
                found = events.find(b'"image":"', at, end)  # (the live position's: the snapshot's only picture)
                if found >= 0 and not events.startswith(b"data:", found + 9):
                    image = events[found + 9 : events.index(b'"', found + 9)].decode()
                break
            at = line_end + 2
        del self._events[: end + 4]
        return kind, version, image

    def close_stream(self) -> None:
        _close(self._stream)
        self._stream = None
        self._events.clear()

    def close(self) -> None:
        self.close_stream()
        _close(self._pictures)
        self._pictures = None


def _blank_line(events: bytearray) -> int:
    """Where the first event of ``events`` ends (its blank line), or -1. A line ends in a CR (of a CR LF here)
    and a field's data holds none, so the search goes from one line to the next, never through an event's
    data, a page's picture within it (``bytes.find`` of a longer string would)."""
    at = events.find(b"\r")
    while at >= 0:
        if events.startswith(b"\r\n\r\n", at):
            return at
        at = events.find(b"\r", at + 2)
    return -1


def _close(connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None) -> None:
    if connection is not None:
        connection[1].close()


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def page(port: int, n: int, tag: str, path: str) -> None:
    """Page ``n``'s stream ``tag``: opened, then each position it is sent, with its picture."""
    browser = Browser(port)
    try:
        try:
            await browser.stream(path)
        except (OSError, RuntimeError, asyncio.IncompleteReadError) as exc:
            _say(f"failed {n} {tag} {type(exc).__name__}: {exc}")
            return
        _say(f"opened {n} {tag}")
        while (event := await browser.event()) is not None:
            kind, version, image = event
            if kind != "game":
                continue  # a ping (a comment: no field), the stream's retry, or the link replaced
            arrived = time.perf_counter()
            if image:
                await browser.picture("/g/" + image)  # (its address is relative to the page)
            _say(f"event {n} {tag} {version} {arrived!r} {time.perf_counter()!r}")
    finally:
        browser.close()


async def serve(port: int) -> None:
    """Follows the benchmark's commands until its end of stdin."""
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    pages: dict[int, asyncio.Task[None]] = {}

    async def close(n: int) -> None:
        task = pages.pop(n, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async for raw in commands:
        what, number, *rest = raw.decode().strip().split(maxsplit=3)
        n = int(number)
        await close(n)
        if what == "open":
            tag, path = rest
            pages[n] = asyncio.create_task(page(port, n, tag, path))
        else:
            _say(f"closed {n}")
    for n in list(pages):
        await close(n)


def main() -> None:
    os.nice(19)  # (see above: the browsers take what CPU the bot leaves)
    asyncio.run(serve(int(sys.argv[1])))


if __name__ == "__main__":
    main()
