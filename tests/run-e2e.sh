#!/usr/bin/env bash
# Runs the end-to-end tests against the real `minca` binary: the Go tests
# tagged e2e in tests/ and the Playwright tests in tests/ui/, all under
# Xvfb and a private D-Bus session with a Secret Service (gnome-keyring),
# with HOME and the XDG directories in a temporary directory.
#
#   MINCA_BIN=/abs/path/minca tests/run-e2e.sh   # use a built binary
#   tests/run-e2e.sh                             # build one with make
#
# MINCA_E2E_ARTIFACTS, if set, is where tests leave screenshots.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

inside() {
  # A Secret Service for the keychain tests, unlocked with a throwaway
  # password; killed on the way out (it would outlive the bus otherwise).
  local env_file="$E2E_TMP/keyring.env"
  printf 'minca-e2e' | gnome-keyring-daemon --foreground --unlock --components=secrets >"$env_file" 2>"$E2E_TMP/keyring.log" &
  keyring=$!
  trap 'kill $keyring 2>/dev/null || true' EXIT
  for _ in $(seq 50); do [ -s "$env_file" ] && break; sleep 0.1; done
  set -a; . "$env_file"; set +a

  local status=0
  # app/tray's tests run real tray processes: they need this display and bus.
  echo "== go test -tags e2e ./tests/... ./app/tray/..."
  go test -tags e2e -count=1 -timeout 20m ./tests/... ./app/tray/... || status=1
  echo "== Playwright (tests/ui)"
  (cd tests && node --test ui/) || status=1
  return $status
}

if [ "${1:-}" = --inside ]; then
  inside
  exit
fi

if [ -z "${MINCA_BIN:-}" ]; then
  make --no-print-directory build
  MINCA_BIN=$root/bin/minca
fi
[ -x "$MINCA_BIN" ] || { echo "run-e2e: MINCA_BIN=$MINCA_BIN is not an executable" >&2; exit 1; }
case "$MINCA_BIN" in /*) ;; *) echo "run-e2e: MINCA_BIN must be absolute" >&2; exit 1 ;; esac
export MINCA_BIN

# Keep Go's caches where they are, or a new HOME would mean a cold build.
export GOCACHE=$(go env GOCACHE) GOMODCACHE=$(go env GOMODCACHE) GOPATH=$(go env GOPATH)
E2E_TMP=$(mktemp -d "${TMPDIR:-/tmp}/minca-e2e.XXXXXX")
export E2E_TMP
trap 'rm -rf "$E2E_TMP"' EXIT
export HOME=$E2E_TMP/home
export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share XDG_CACHE_HOME=$HOME/.cache \
  XDG_STATE_HOME=$HOME/.local/state XDG_RUNTIME_DIR=$E2E_TMP/run
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export MINCA_E2E_ARTIFACTS=${MINCA_E2E_ARTIFACTS:-$E2E_TMP/artifacts}
mkdir -p "$MINCA_E2E_ARTIFACTS"
unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY

xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$0" --inside
