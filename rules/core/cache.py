"""Legal actions remembered per state, safe for states that are mutable pydantic models.

An AI seat asks for a state's legal actions, then ``apply`` looks its choice up in the same list: the
engine would compute it twice.  An entry keeps a private copy of the state as it was when the list
was computed, and is used only for that very state object (a weak reference, so identity cannot be
reused) while the state still equals that copy: a state changed in any way since, however deep,
computes its list again.  ``apply`` takes the copy over as the new state, so the copy costs nothing
in the usual legal_actions-then-apply sequence.  Bounded and thread-safe (the bot runs engines in
worker threads).  Within ``uncached()`` (a search's rollouts, which never ask twice about a state)
nothing is remembered or looked up: the copy an entry keeps would cost more than the list.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .clone import clone_model
from .model import Action

SIZE = 64
S = TypeVar("S")


class _Entry:
    __slots__ = ("actions", "ref", "snapshot")

    def __init__(self, state: Any, snapshot: Any, actions: list[Action]) -> None:
        self.ref = weakref.ref(state)
        self.snapshot = snapshot
        self.actions = actions

    def of(self, state: Any) -> bool:
        """Whether this entry was made for this very state object (not one gone, whose id it took over)."""
        return self.ref() is state

    def fresh(self, state: Any) -> bool:
        """Whether it is this state's entry, and the state has not changed since."""
        return self.of(state) and self.snapshot == state


class LegalCache:
    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[int, int], _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self._local = threading.local()

    @contextlib.contextmanager
    def uncached(self) -> Iterator[None]:
        """Within, this thread's lists are computed each time, neither kept nor looked up."""
        before = getattr(self._local, "off", False)
        self._local.off = True
        try:
            yield
        finally:
            self._local.off = before

    def peek(self, state: Any, seat: int) -> object | None:
        """The entry for ``state`` as it is (fresh or not): to see whether a call stored one."""
        entry = self._entries.get((id(state), seat))
        return entry if entry is not None and entry.of(state) else None

    def get(self, state: Any, seat: int) -> list[Action] | None:
        if getattr(self._local, "off", False):
            return None
        entry = self._entries.get((id(state), seat))
        return entry.actions if entry is not None and entry.fresh(state) else None

    def put(self, state: Any, seat: int, actions: list[Action]) -> None:
        if getattr(self._local, "off", False):
            return
        entry = _Entry(state, clone_model(state), actions)
        with self._lock:
            self._entries[(id(state), seat)] = entry
            self._entries.move_to_end((id(state), seat))
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def take(self, state: Any, seat: int) -> tuple[list[Action] | None, Any | None]:
        """The entry of ``state``, taken out: its legal actions and a private copy of it to mutate
        (``None, None`` when there is none)."""
        with self._lock:
            entry = self._entries.pop((id(state), seat), None)
        if entry is None or not entry.fresh(state):
            return None, None
        return entry.actions, entry.snapshot

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


LEGAL = LegalCache()


def cached_legal(function: Callable[[S, int], list[Action]]) -> Callable[[S, int], list[Action]]:
    """For a game module's ``legal(state, seat)`` that its AI calls directly: the AI's call, the
    engine's ``legal_actions`` and ``apply`` then share one computation (and one copy)."""

    @functools.wraps(function)
    def legal(state: S, seat: int) -> list[Action]:
        actions = LEGAL.get(state, seat)
        if actions is None:
            actions = function(state, seat)
            if actions:
                LEGAL.put(state, seat, actions)
        return list(actions)

    return legal
