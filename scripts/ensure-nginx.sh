#!/usr/bin/env bash
# Makes sure Debian's nginx is present for `npm run scale` and the scale-out test.
set -euo pipefail
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
[ -x "$nginx" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "› installing Debian's nginx for the scaled-out system…"
  # policy-rc.d 101: the package must not start its own nginx on port 80.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null) || true
  rm -f /usr/sbin/policy-rc.d
  [ -x "$nginx" ] && exit 0
fi
echo "nginx is missing at $nginx. Install it with: sudo apt-get install -y nginx (or set NGINX_PATH)." >&2
exit 1
