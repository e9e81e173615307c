"""A fast deep copy of game states: plain data (pydantic models, lists, dicts, scalars).

``model_copy(deep=True)`` goes through ``copy.deepcopy``: a memo dictionary, a keep-alive list and a
dispatch per object, for states that hold no shared or cyclic references.  ``clone`` copies the same
values by type, shares what cannot change (scalars, tuples of scalars, frozen models) and falls back
to ``copy.deepcopy`` for any other type, so the copy is always as deep as pydantic's.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_ATOMS: frozenset[type] = frozenset({int, str, bool, float, type(None), bytes})
_set = object.__setattr__


def clone(value: Any) -> Any:
    """A deep copy of ``value``; equal to it, and sharing nothing mutable with it."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [x if type(x) in _ATOMS else clone(x) for x in value]
    if kind is dict:
        return {k: (x if type(x) in _ATOMS else clone(x)) for k, x in value.items()}
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return value
        return clone_model(value)
    if kind is tuple:
        return tuple(x if type(x) in _ATOMS else clone(x) for x in value)
    return copy.deepcopy(value)


def clone_model(model: M, **replace: Any) -> M:
    """A deep copy of a pydantic model, with the fields in ``replace`` set as given (not copied), as
    ``model_copy(update=replace, deep=True)`` would, without copying the values it replaces."""
    cls = type(model)
    new = cls.__new__(cls)
    fields = model.__dict__
    _set(new, "__dict__", {k: (replace[k] if k in replace else x if type(x) in _ATOMS else clone(x))
                           for k, x in fields.items()})
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | replace.keys())
    extra, private = model.__pydantic_extra__, model.__pydantic_private__
    _set(new, "__pydantic_extra__", None if extra is None else clone(extra))
    _set(new, "__pydantic_private__", None if private is None else clone(private))
    return new
