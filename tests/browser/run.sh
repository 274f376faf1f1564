#!/bin/sh
# tests/browser/run.sh TEST VOLLEY OUTDIR -- runs tests/browser/TEST.test.mjs: volley serve's
# page in Debian's Chromium (VOLLEY_CHROMIUM names another), driven headless by playwright-core
# from npm (tests/browser/package-lock.json; `npm ci` here the first time, one at a time, then
# offline). Screenshots go to OUTDIR. Skipped (exit 77, ctest's SKIP_RETURN_CODE) only where no
# Chromium or no Node.js is installed: deps/debian.txt lists both in the group test, so
# `make test` installs them as root.
set -u
here=$(cd "$(dirname "$0")" && pwd)
test=$1
volley=$2
out=$3
chromium=${VOLLEY_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "SKIP: browser.$test: no Chromium at $chromium (Debian: apt-get install chromium)"
  exit 77
fi
if ! command -v node > /dev/null 2>&1; then
  echo "SKIP: browser.$test: no node (Debian: apt-get install nodejs)"
  exit 77
fi
mkdir -p "$out" || exit 1
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
  if ! command -v npm > /dev/null 2>&1; then
    echo "SKIP: browser.$test: no npm to install playwright-core (tests/browser/package.json)"
    exit 77
  fi
  # one npm ci at a time when ctest runs the browser tests side by side ($1: this folder)
  # shellcheck disable=SC2016
  flock "$out/.npm.lock" sh -c '[ -f "$1/node_modules/playwright-core/package.json" ] ||
    (cd "$1" && npm ci --no-audit --no-fund --loglevel=error)' sh "$here" ||
    { echo "FAIL: browser.$test: npm ci in tests/browser did not install playwright-core"; exit 1; }
fi
exec node "$here/$test.test.mjs" "$volley" "$out"
