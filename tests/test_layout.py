"""The layering, read from the source: every import counts, those under TYPE_CHECKING or in a function too.

bot → render → rules → rules.core: ``rules`` imports nothing from discord, ``bot`` or ``render``;
``render`` nothing from ``bot``. Inside ``bot`` a click enters at ``bot.ui`` and a move is stored by
``bot.storage``: bot.app → bot.ui → bot.service → bot.workers / bot.storage, imports pointing down
only, and nothing under ``bot.service``, ``bot.workers`` or ``bot.storage`` touches discord. The
spectator pages (``bot.web``) sit beside ``bot.ui``: they serve with aiohttp but import nothing of
discord and nothing of ``bot.ui``, so they show only what the service's spectator view gives. The
modules of ``bot``, of its layers, and of each engine package import each other one way only (no cycle).
No module of ``bot``, ``rules`` or ``render`` is longer than 800 lines, no function longer than 80.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "rules", "render")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The modules ``name`` imports: ``from pkg import mod`` names the module ``pkg.mod`` when there is one."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in MODULES)
    return found


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def test_the_walk_finds_every_package():
    """The check reads the real tree: each layer and each engine package is there."""
    for name in (
        "bot.app",
        "bot.ui.handlers",
        "bot.service.games",
        "bot.storage",
        "bot.workers.thinking",
        "bot.web.server",
        "render.common",
        "rules.core",
        "rules.engis.engine",
        "rules.pergamemnon.engine",
        "rules.atlandice.engine",
        "rules.neanderthal.engine",
    ):
        assert name in MODULES, name
    assert "bot.service.games" in IMPORTS["bot.app"]
    assert "bot.storage" in IMPORTS["bot.service.games"]
    assert set(BOT_LAYERS) <= {_layer(name) for name in MODULES if _within(name, "bot")}


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("rules", ("discord", "aiohttp", "aiosqlite", "bot", "render", "PIL", "bench", "fakediscord")),
        ("render", ("discord", "bot", "bench", "fakediscord")),
        ("bot", ("bench", "fakediscord")),  # the development tools are not installed with the bot
    ],
)
def test_lower_layers_never_import_upper_ones(layer, forbidden):
    wrong = sorted(
        f"{name} imports {imported}"
        for name, imported_set in IMPORTS.items()
        if _within(name, layer)
        for imported in imported_set
        if any(_within(imported, f) for f in forbidden)
    )
    assert not wrong


DISCORD = ("discord", "aiohttp")
# Each of bot's layers and what it may import from the bot; the modules right under ``bot`` (the
# settings, the catalogue, the shards, the demo, ``__main__``) are their own layer each, below ``bot.app``.
BOT_LAYERS: dict[str, tuple[str, ...]] = {
    "bot.app": (
        "bot.ui",
        "bot.web",
        "bot.service",
        "bot.workers",
        "bot.storage",
        "bot.settings",
        "bot.texts",
        "bot.shards",
        "bot.discord_internals",
    ),
    "bot.ui": ("bot.service", "bot.workers", "bot.storage", "bot.settings", "bot.discord_internals"),
    "bot.web": ("bot.service", "bot.workers", "bot.storage", "bot.settings", "bot.texts"),
    "bot.service": ("bot.workers", "bot.storage", "bot.settings"),
    "bot.workers": (),
    "bot.storage": (),
}
WITHOUT_DISCORD = ("bot.service", "bot.workers", "bot.storage", "bot.settings", "bot.texts")


def _layer(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _upward_imports(imports: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{name} imports {imported}"
        for name, imported_set in imports.items()
        if _layer(name) in BOT_LAYERS
        for imported in imported_set
        if _within(imported, "bot")
        and imported != "bot"
        and _layer(imported) != _layer(name)
        and not any(_within(imported, allowed) for allowed in BOT_LAYERS[_layer(name)])
    )


def test_bot_layers_import_downward_only():
    """ui → service → workers and storage: the storage knows no game service, the service no button."""
    assert not _upward_imports(IMPORTS)


def test_the_layer_check_can_fail():
    """An import up the layers (the storage reaching for the service) is seen."""
    imports = {name: set(imported) for name, imported in IMPORTS.items()}
    imports["bot.storage.database"].add("bot.service.games")
    imports["bot.service.games"].add("bot.ui.handlers")
    assert _upward_imports(imports) == [
        "bot.service.games imports bot.ui.handlers",
        "bot.storage.database imports bot.service.games",
    ]


@pytest.mark.parametrize("layer", WITHOUT_DISCORD)
def test_below_the_ui_no_discord(layer):
    wrong = sorted(
        f"{name} imports {imported}"
        for name, imported_set in IMPORTS.items()
        if _within(name, layer)
        for imported in imported_set
        if any(_within(imported, f) for f in DISCORD)
    )
    assert not wrong


def test_the_web_pages_know_nothing_of_discord_or_its_ui():
    """The pages import aiohttp, never discord nor ``bot.ui`` (whose messages may carry a player's secrets)."""
    web = {name: imported for name, imported in IMPORTS.items() if _within(name, "bot.web")}
    assert "bot.web.server" in web and any(_within(i, "aiohttp") for i in web["bot.web.server"])
    wrong = sorted(
        f"{name} imports {imported}"
        for name, imported_set in web.items()
        for imported in imported_set
        if any(_within(imported, f) for f in ("discord", "bot.ui", "bot.app"))
    )
    assert not wrong


def _cycle(prefix: str) -> tuple[str, ...] | None:
    """One import cycle among the modules right under ``prefix`` (sub-packages are one node each)."""
    depth = prefix.count(".") + 2

    def node(module: str) -> str:
        return ".".join(module.split(".")[:depth])

    graph: dict[str, set[str]] = {}
    for name, imported_set in IMPORTS.items():
        if _within(name, prefix) and name != prefix:
            graph.setdefault(node(name), set()).update(
                node(i) for i in imported_set if _within(i, prefix) and i != prefix and node(i) != node(name)
            )
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        return tuple(error.args[1])
    return None


def _packages_with_modules() -> list[str]:
    return sorted(
        {
            name.rpartition(".")[0]
            for name in MODULES
            if name.startswith("rules.") and MODULES[name].name != "__init__.py"
        }
        | {name.rpartition(".")[0] for name in MODULES if name.startswith("bot.")}
        | {"bot", "render", "rules"}
    )


@pytest.mark.parametrize("prefix", _packages_with_modules())
def test_no_import_cycle(prefix):
    assert _cycle(prefix) is None


def test_the_cycle_check_can_fail():
    """A cycle put into the graph is seen (so the tests above can fail)."""
    IMPORTS["bot.storage"].add("bot.app")
    try:
        assert _cycle("bot") is not None
    finally:
        IMPORTS["bot.storage"].discard("bot.app")


LONGEST = 80  # lines a function may have, its docstring included
LONGEST_FILE = 800  # lines a module may have


def _long_functions(name: str, source: str) -> list[str]:
    return [
        f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(source, name))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > LONGEST
    ]


def _long_file(name: str, source: str) -> list[str]:
    lines = len(source.splitlines())
    return [f"{name}: {lines} lines"] if lines > LONGEST_FILE else []


def test_no_function_is_longer_than_80_lines():
    """A function reads on one screen: a long decision chain is a table of small handlers (see
    rules/neanderthal/phases.py), a long message is built by helpers each saying what part they make."""
    assert not [long for name, path in MODULES.items() for long in _long_functions(name, path.read_text("utf-8"))]


def test_no_module_is_longer_than_800_lines():
    """A module holds one concern, small enough to read whole: a longer one is split by what its parts hold."""
    assert not [long for name, path in MODULES.items() for long in _long_file(name, path.read_text("utf-8"))]


def test_the_length_checks_can_fail():
    body = "".join(f"    x{i} = {i}\n" for i in range(LONGEST))
    assert _long_functions("m", f"def long():\n{body}") == ["m.long: 81 lines"]
    assert _long_functions("m", f"def short():\n{body[: -len(body.splitlines(True)[-1])]}") == []
    assert _long_file("m", "x = 1\n" * (LONGEST_FILE + 1)) == ["m: 801 lines"]
    assert _long_file("m", "x = 1\n" * LONGEST_FILE) == []
