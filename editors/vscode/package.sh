#!/bin/sh
# Builds the installable extension, editors/vscode/dpend-<version>.vsix:
#   1. npm install (vscode-languageclient, TypeScript, @types/vscode, @vscode/vsce);
#   2. compiles src/ into out/ against those real declarations instead of the stubs in types/
#      (a temporary tsconfig that extends tsconfig.json without its `paths`);
#   3. npx @vscode/vsce package, with this script's arguments (e.g. --out DIR).
#
#   sh editors/vscode/package.sh [vsce package options...]
#
# It needs npm and a reachable npm registry. Without them it builds nothing and says why:
# exit status 1 when npm is not on PATH, 2 when the registry does not answer; otherwise the
# status of the first step that fails. (`tsc -p editors/vscode` compiles the extension
# against types/ without npm, as the tests do, but that is not an installable package.)
set -eu

case $0 in
*/*) cd -- "${0%/*}" ;;
esac
if [ ! -f package.json ] || [ ! -f src/extension.ts ]; then
  echo "package.sh: run it as editors/vscode/package.sh (no package.json and src/extension.ts here)" >&2
  exit 1
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "package.sh: npm is not on PATH: install Node.js and npm to build the .vsix; nothing was built" >&2
  exit 1
fi

registry=$(npm config get registry)
if ! npm ping --fetch-retries=0 --fetch-timeout=20000 >/dev/null 2>&1; then
  echo "package.sh: the npm registry $registry does not answer (npm ping failed), so the extension's" \
    "dependencies cannot be installed; nothing was built" >&2
  exit 2
fi

npm install --no-audit --no-fund

here=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/dpend-vsix.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/tsconfig.json" <<EOF
{
  "extends": "$here/tsconfig.json",
  "compilerOptions": { "paths": {} },
  "include": ["$here/src"]
}
EOF
npx tsc -p "$scratch/tsconfig.json"

npx @vscode/vsce package "$@"
