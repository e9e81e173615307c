"""A fast deep copy of game states: plain data (pydantic models, lists, dicts, scalars).

``model_copy(deep=True)`` goes through ``copy.deepcopy``: a memo dictionary, a keep-alive list and a
dispatch per object, for states that hold no shared or cyclic references.  ``clone_model`` copies
each model class with a function written for its fields' declared types (``list[str]`` is a slice,
``dict[str, int]`` a dict copy, ``list[Player]`` a loop over Player's own copier) and shares what
cannot change (scalars, tuples and NamedTuples of scalars, frozen models).  A value that is not of its declared
container type goes through ``clone``, which dispatches on the value's own type and falls back to
``copy.deepcopy``.  The one trust placed in the declarations: the items of a ``list[str]`` (say) are
strings, as in any state that survives its JSON round-trip (which the contract tests check).
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_ATOMS: frozenset[Any] = frozenset({int, str, bool, float, type(None), bytes})
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
    if isinstance(value, tuple) and hasattr(kind, "_fields"):  # a NamedTuple record
        return kind(*(x if type(x) in _ATOMS else clone(x) for x in value))
    return copy.deepcopy(value)


def clone_model(model: M, **replace: Any) -> M:
    """A deep copy of a pydantic model, with the fields in ``replace`` set (copied too), as
    ``model_copy(update=replace, deep=True)`` would."""
    cls = type(model)
    if not replace:
        cloner: Callable[[M], M] = _CLONERS.get(cls) or _compile_cloner(cls)
        return cloner(model)
    copier = _COPIERS.get(cls) or _compile(cls)
    fields = {**model.__dict__, **replace}
    try:
        values = copier(fields)
    except Exception:  # a value not of its declared type: copy it by its own type
        values = _by_value(fields)
    return _assemble(model, values, model.__pydantic_fields_set__ | replace.keys())


def _by_value(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: (x if type(x) in _ATOMS else clone(x)) for k, x in fields.items()}


def _assemble(model: M, values: dict[str, Any], fields_set: set[str]) -> M:
    cls = type(model)
    new = cls.__new__(cls)
    _set(new, "__dict__", values)
    _set(new, "__pydantic_fields_set__", fields_set)
    extra, private = model.__pydantic_extra__, model.__pydantic_private__
    _set(new, "__pydantic_extra__", None if extra is None else clone(extra))
    _set(new, "__pydantic_private__", None if private is None else clone(private))
    return new


def _clone_by_value(model: M) -> M:
    return _assemble(model, _by_value(model.__dict__), set(model.__pydantic_fields_set__))


_COPIERS: dict[type, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _atomic(annotation: Any) -> bool:
    """Values of this type are never changed in place (so a copy may share them)."""
    if annotation in _ATOMS or annotation is None:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_atomic(a) for a in typing.get_args(annotation))
    if origin is tuple:
        return all(a is Ellipsis or _atomic(a) for a in typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, tuple) and hasattr(annotation, "_fields"):
        return all(_atomic(a) for a in typing.get_type_hints(annotation).values())  # a NamedTuple record
    return (
        isinstance(annotation, type)
        and issubclass(annotation, BaseModel)
        and bool(annotation.model_config.get("frozen"))
    )


def _expression(annotation: Any, value: str, names: dict[str, Any], depth: int = 0, call: str = "_clone_model") -> str:
    """Python source copying ``value`` (an expression) of the declared type ``annotation``; a model of
    the declared class is copied by ``call(value)`` (``{name}`` in ``call``: the class's name there)."""
    if _atomic(annotation):
        return value
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    item = f"x{depth}"
    if origin is list and len(args) == 1:
        if _atomic(args[0]):
            return f"({value}[:] if type({value}) is list else _clone({value}))"
        inner = _expression(args[0], item, names, depth + 1, call)
        return f"([{inner} for {item} in {value}] if type({value}) is list else _clone({value}))"
    if origin is dict and len(args) == 2 and _atomic(args[0]):
        if _atomic(args[1]):
            return f"({value}.copy() if type({value}) is dict else _clone({value}))"
        inner = _expression(args[1], item, names, depth + 1, call)
        return (
            f"({{k{depth}: {inner} for k{depth}, {item} in {value}.items()}} if type({value}) is dict"
            f" else _clone({value}))"
        )
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return f"(None if {value} is None else {_expression(inner, value, names, depth, call)})"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        name = f"model_{len(names)}"
        names[name] = annotation
        return f"({call.format(name=name)}({value}) if type({value}) is {name} else _clone({value}))"
    return f"_clone({value})"


def _compile(cls: type[BaseModel]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    names: dict[str, Any] = {"_clone": clone, "_clone_model": clone_model}
    lines = [
        f"    {name!r}: {_expression(field.annotation, f'd[{name!r}]', names)},"
        for name, field in cls.model_fields.items()
    ]
    source = "def copy_fields(d):\n    return {\n" + "\n".join(lines) + "\n    }\n"
    exec(compile(source, f"<clone of {cls.__qualname__}>", "exec"), names)
    copier: Callable[[dict[str, Any]], dict[str, Any]] = names["copy_fields"]

    def copy_fields(fields: dict[str, Any]) -> dict[str, Any]:
        if len(fields) != len(cls.model_fields):  # keys besides the fields: copy them all by type
            raise KeyError("unexpected keys")
        return copier(fields)

    _COPIERS[cls] = copy_fields
    return copy_fields


_CLONERS: dict[type, Callable[[Any], Any]] = {}


def _compile_cloner(cls: type[BaseModel]) -> Callable[[Any], Any]:
    """One function copying a whole ``cls`` model: its fields' copies written out (see ``_expression``)
    and the models inside copied by their own such functions, called directly."""
    names: dict[str, Any] = {
        "_clone": clone,
        "_clone_model": clone_model,
        "_set": _set,
        "_cls": cls,
        "_by_value": _clone_by_value,
    }
    _CLONERS[cls] = clone_model  # while compiling: a model inside itself is copied the generic way
    lines = [
        f"        {name!r}: {_expression(field.annotation, f'd[{name!r}]', names, call='copy_{name}')},"
        for name, field in cls.model_fields.items()
    ]
    for key, value in list(names.items()):  # each model class inside: its own copier, called directly
        if key.startswith("model_"):
            names[f"copy_{key}"] = _CLONERS.get(value) or _compile_cloner(value)
    source = (
        "\n".join(
            [
                "def clone_it(m):",
                "    d = m.__dict__",
                f"    if len(d) != {len(cls.model_fields)}:",
                "        return _by_value(m)",
                "    try:",
                "        values = {",
                *lines,
                "        }",
                "    except Exception:",
                "        return _by_value(m)",
                "    new = _cls.__new__(_cls)",
                "    _set(new, '__dict__', values)",
                "    _set(new, '__pydantic_fields_set__', m.__pydantic_fields_set__.copy())",
                "    extra, private = m.__pydantic_extra__, m.__pydantic_private__",
                "    _set(new, '__pydantic_extra__', None if extra is None else _clone(extra))",
                "    _set(new, '__pydantic_private__', None if private is None else _clone(private))",
                "    return new",
            ]
        )
        + "\n"
    )
    exec(compile(source, f"<whole clone of {cls.__qualname__}>", "exec"), names)
    cloner: Callable[[Any], Any] = names["clone_it"]
    _CLONERS[cls] = cloner
    return cloner
