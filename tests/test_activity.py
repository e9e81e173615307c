"""The game's page as a Discord Activity: the Embedded App SDK's copy, the Activity's routes and their
headers, its sign-in (the code the SDK's authorize gives, exchanged by the web server), the game found
from the Activity's channel, and the board's "Play here" button."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SDK_TOOL = ROOT / "tools" / "discord-sdk"
STATIC = ROOT / "bot" / "web" / "static"


def test_the_committed_sdk_is_the_pinned_package_with_its_licences() -> None:
    pinned = json.loads((SDK_TOOL / "package.json").read_text())["dependencies"]["@discord/embedded-app-sdk"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "the SDK is pinned to one exact version"
    lock = json.loads((SDK_TOOL / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@discord/embedded-app-sdk"]["version"] == pinned
    assert lock["node_modules/@discord/embedded-app-sdk"]["integrity"].startswith("sha512-")
    bundle = (STATIC / "discord-sdk.js").read_text()
    esbuild = lock["node_modules/esbuild"]["version"]
    assert bundle.startswith(f"/* @discord/embedded-app-sdk {pinned} ") and f"esbuild {esbuild} */" in bundle
    licences = (STATIC / "discord-sdk.LICENSE.txt").read_text()
    assert f"== @discord/embedded-app-sdk {pinned}" in licences and "Copyright (c) 2024 Discord Inc." in licences
    for name in ("zod", "uuid", "eventemitter3", "big-integer"):
        assert f"== {name} (" in licences


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm (apt-get install npm)")
def test_the_committed_sdk_is_what_the_build_makes() -> None:
    """What .ci/run checks: the pinned package, bundled again, gives the committed file byte for byte."""
    done = subprocess.run([SDK_TOOL / "build.sh", "--check"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
