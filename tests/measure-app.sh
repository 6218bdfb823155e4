#!/usr/bin/env bash
# Measures the app's resident figures against ../shared/PERFORMANCE-TARGETS.md
# ("The app"): the tray process owning the node, idle (RSS, split into
# anonymous and file-backed, CPU over a window, whether a GL driver got
# loaded), and the window with WebKit's helper processes (PSS summed over
# the process tree). Runs under Xvfb and a private D-Bus session with a
# throwaway HOME; the account's keys in a passphrase vault.
#
# With --floor it first measures the floor the same way: tests/cmd/baretray
# (a bare getlantern/systray icon) as built, and linking WebKitGTK as minca
# does, each with GDK left alone and with GDK_GL=disable as the tray sets it.
# Each process measured is the first GTK client of a display of its own:
# that one is where GDK, on X11, loads a GL driver to pick its visuals.
#
#   MINCA_BIN=/abs/path/minca tests/measure-app.sh [--floor] [idle-seconds]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# rss PID: "RSS n MB (anon a, file f)" and whether a GL driver is mapped.
rss() {
  awk '/^VmRSS:/ {r=$2} /^RssAnon:/ {a=$2} /^RssFile:/ {f=$2}
       END {printf "RSS %d MB (anon %d, file %d)", r/1024, a/1024, f/1024}' "/proc/$1/status"
  local gl
  gl=$(awk '$6 ~ /_dri\.so$|\/libGLX_[a-z]+\.so/ {n=split($6, p, "/"); print p[n]}' "/proc/$1/maps" | sort -u | tr '\n' ' ')
  echo ", GL driver: ${gl:-none}"
}

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# cpu TICKS SECONDS: "CPU n ms (p%)".
cpu() {
  local hz
  hz=$(getconf CLK_TCK)
  echo "CPU $(( $1 * 1000 / hz )) ms ($(awk -v t="$1" -v hz="$hz" -v s="$2" 'BEGIN {printf "%.2f", 100 * t / hz / s}')%)"
}

inside_app() {
  local idle=$1
  export MINCA_KEYCHAIN=none MINCA_PASSPHRASE=measure-passphrase
  "$MINCA_BIN" account create --name Measure >/dev/null
  "$MINCA_BIN" space create "Garden club" >/dev/null
  tree() { # pid and its descendants
    echo "$1"
    for c in $(pgrep -P "$1" || true); do tree "$c"; done
  }
  pss_kb() { local sum=0 p v; for p in $(tree "$1"); do
      v=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0); sum=$((sum + ${v:-0})); done; echo "$sum"; }
  "$MINCA_BIN" tray >/dev/null 2>&1 & tray=$!
  sleep 5
  t0=$(ticks "$tray"); sleep "$idle"; t1=$(ticks "$tray")
  echo "tray: idle ${idle}s: $(cpu $((t1 - t0)) "$idle"), $(rss "$tray")"
  "$MINCA_BIN" >/dev/null 2>&1 & win=$!
  sleep 8
  echo "window (with WebKit helpers): PSS $(( $(pss_kb "$win") / 1024 )) MB over $(tree "$win" | wc -l) processes"
  kill "$win" "$tray" 2>/dev/null || true
  wait 2>/dev/null || true
}

# inside_bare NAME BIN IDLE [ENV...]: a bare tray, idle as long as the tray.
inside_bare() {
  local name=$1 bin=$2 idle=$3
  shift 3
  env "$@" "$bin" >/dev/null 2>&1 & pid=$!
  sleep 5
  t0=$(ticks "$pid"); sleep "$idle"; t1=$(ticks "$pid")
  echo "floor: $name${1:+ ($*)}: idle ${idle}s: $(cpu $((t1 - t0)) "$idle"), $(rss "$pid")"
  kill "$pid"
  wait 2>/dev/null || true
}

if [ "${1:-}" = --inside ]; then
  shift
  what=$1
  shift
  "inside_$what" "$@"
  exit 0
fi

floor=
if [ "${1:-}" = --floor ]; then floor=1; shift; fi
idle=${1:-20}
: "${MINCA_BIN:?set MINCA_BIN to an absolute path of a built minca}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ -n "$floor" ]; then # built before HOME moves, with the usual Go caches
  (cd "$here/.." && go build -o "$tmp/baretray" ./tests/cmd/baretray &&
    go build -tags baretray_webkit -o "$tmp/baretray-webkit" ./tests/cmd/baretray)
fi
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_DATA_HOME=$tmp/home/.local/share \
  XDG_STATE_HOME=$tmp/home/.local/state XDG_CACHE_HOME=$tmp/home/.cache XDG_RUNTIME_DIR=$tmp/run
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY GDK_GL
export MINCA_BIN
# on_display ARGS...: this script's --inside ARGS, first on a fresh display.
on_display() {
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$0" --inside "$@" \
    2> >(grep -v 'dbus-daemon\|SpiRegistry' >&2)
}
if [ -n "$floor" ]; then
  for b in baretray baretray-webkit; do
    on_display bare "$b" "$tmp/$b" "$idle"
    on_display bare "$b" "$tmp/$b" "$idle" GDK_GL=disable
  done
fi
on_display app "$idle"
