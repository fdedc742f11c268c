#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the browser tests (never downloads a browser build).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "› installing Debian's chromium for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi
echo "Chromium is missing at $chromium. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
exit 1
