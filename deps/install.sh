#!/bin/sh
# deps/install.sh GROUP... -- install the Debian packages deps/debian.txt lists for these groups
# that dpkg-query says are missing. As root: apt-get update once, then a non-interactive install.
# Otherwise: print the exact command to run and exit 1.
set -eu
here=$(dirname "$0")
[ $# -gt 0 ] || { echo "usage: deps/install.sh GROUP..." >&2; exit 2; }
want=""
for g in "$@"; do
  want="$want $(awk -v g="$g" '!/^[ \t]*#/ && NF>1 { for (i = 2; i <= NF; i++) if ($i == g) print $1 }' "$here/debian.txt")"
done
missing=""
for p in $(echo "$want" | tr ' ' '\n' | sort -u); do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = installed ] || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
cmd="DEBIAN_FRONTEND=noninteractive apt-get install -y$missing"
if [ "$(id -u)" -ne 0 ]; then
  echo "volley needs these Debian packages:$missing" >&2
  echo "run as root:  apt-get update && $cmd" >&2
  exit 1
fi
echo "installing:$missing" >&2
apt-get update -q >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >&2
