#!/usr/bin/env bash
# Measures the app's resident figures against ../shared/PERFORMANCE-TARGETS.md
# ("The app"): the tray process owning the node, idle (RSS, CPU over a
# window), and the window with WebKit's helper processes (PSS summed over
# the process tree). Runs under Xvfb and a private D-Bus session with a
# throwaway HOME; the account's keys in a passphrase vault.
#
#   MINCA_BIN=/abs/path/minca tests/measure-app.sh [idle-seconds]
set -euo pipefail
if [ "${1:-}" = --inside ]; then
  shift
  idle=${1:-20}
  export MINCA_KEYCHAIN=none MINCA_PASSPHRASE=measure-passphrase
  "$MINCA_BIN" account create --name Measure >/dev/null
  "$MINCA_BIN" space create "Garden club" >/dev/null
  tree() { # pid and its descendants
    echo "$1"
    for c in $(pgrep -P "$1" || true); do tree "$c"; done
  }
  pss_kb() { local sum=0 p v; for p in $(tree "$1"); do
      v=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0); sum=$((sum + ${v:-0})); done; echo "$sum"; }
  ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
  "$MINCA_BIN" tray >/dev/null 2>&1 & tray=$!
  sleep 5
  t0=$(ticks "$tray"); sleep "$idle"; t1=$(ticks "$tray")
  hz=$(getconf CLK_TCK)
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$tray/status")
  echo "tray: idle ${idle}s: CPU $(( (t1 - t0) * 1000 / hz )) ms ($(awk -v t=$((t1 - t0)) -v hz="$hz" -v s="$idle" 'BEGIN {printf "%.2f", 100 * t / hz / s}')%), RSS $((rss / 1024)) MB"
  "$MINCA_BIN" >/dev/null 2>&1 & win=$!
  sleep 8
  echo "window (with WebKit helpers): PSS $(( $(pss_kb "$win") / 1024 )) MB over $(tree "$win" | wc -l) processes"
  kill "$win" "$tray" 2>/dev/null || true
  wait 2>/dev/null || true
  exit 0
fi
: "${MINCA_BIN:?set MINCA_BIN to an absolute path of a built minca}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_DATA_HOME=$tmp/home/.local/share \
  XDG_STATE_HOME=$tmp/home/.local/state XDG_CACHE_HOME=$tmp/home/.cache XDG_RUNTIME_DIR=$tmp/run
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
export MINCA_BIN
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$0" --inside "$@" 2> >(grep -v dbus-daemon >&2)
