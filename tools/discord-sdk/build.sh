#!/usr/bin/env bash
# Builds the Activity page's copy of Discord's Embedded App SDK, bot/web/static/discord-sdk.js, and its
# licences, bot/web/static/discord-sdk.LICENSE.txt: @discord/embedded-app-sdk as pinned in package.json
# and package-lock.json, bundled by the pinned esbuild into one script that sets the global MesaDiscord.
#   tools/discord-sdk/build.sh           writes both files (commit them)
#   tools/discord-sdk/build.sh --check   builds them aside and fails if the committed ones differ (.ci/run)
# Needs Node.js and npm, and the npm registry.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
static="$here/../../bot/web/static"
out="$static"
if [ "${1:-}" = "--check" ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
cd "$here"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
sdk=node_modules/@discord/embedded-app-sdk
version=$(node -p 'require("./'"$sdk"'/package.json").version')
esbuild_version=$(node -p 'require("./node_modules/esbuild/package.json").version')
./node_modules/.bin/esbuild entry.js --bundle --format=iife --global-name=MesaDiscord --target=es2020 \
    --minify --legal-comments=none --log-level=warning --outfile="$out/discord-sdk.js" \
    --banner:js="/* @discord/embedded-app-sdk $version (MIT; with what it bundles, see discord-sdk.LICENSE.txt), built by tools/discord-sdk/build.sh with esbuild $esbuild_version */"
{
    echo "discord-sdk.js is @discord/embedded-app-sdk $version (https://github.com/discord/embedded-app-sdk),"
    echo "bundled with the libraries it bundles itself (its output/lib). Their licences follow."
    echo
    echo "== @discord/embedded-app-sdk $version"
    echo
    cat "$sdk/LICENSE.md"
    for lib in "$sdk"/output/lib/*; do
        name=$(basename "$lib")
        echo
        if [ -d "node_modules/$name" ]; then
            echo "== $name ($(node -p 'require("./node_modules/'"$name"'/package.json").license'))"
            echo
            cat "node_modules/$name"/LICEN[CS]E*
        else  # (tslib: 0BSD, which asks for no notice; it is not installed on its own)
            echo "== $name (0BSD: no notice required)"
        fi
    done
} >"$out/discord-sdk.LICENSE.txt"
if [ "$out" != "$static" ]; then
    for name in discord-sdk.js discord-sdk.LICENSE.txt; do
        if ! cmp -s "$out/$name" "$static/$name"; then
            echo "bot/web/static/$name is not what tools/discord-sdk/build.sh makes of the pinned SDK: run it" >&2
            exit 1
        fi
    done
    echo "bot/web/static/discord-sdk.js is the pinned SDK $version"
fi
