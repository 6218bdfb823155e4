#!/usr/bin/env bash
# Installs the system packages Minca needs to build (`build`) or to build
# and run its end-to-end tests (`test`), with apt, only those missing: as
# root directly, otherwise through sudo. Checks Go and Node.js, which it
# does not install.
set -euo pipefail

build_pkgs=(pkg-config gcc libgtk-3-dev libwebkit2gtk-4.1-dev libayatana-appindicator3-dev)
test_pkgs=(xvfb xauth imagemagick xdotool chromium gnome-keyring libsecret-tools dbus-x11 xdg-utils tesseract-ocr tesseract-ocr-eng zbar-tools xclip)

want=("${build_pkgs[@]}")
case "${1:-build}" in
  build) ;;
  test) want+=("${test_pkgs[@]}") ;;
  *) echo "usage: $0 build|test" >&2; exit 2 ;;
esac

need_version() { # name have want: fail unless have >= want (dotted numbers)
  if [ "$(printf '%s\n%s\n' "$3" "$2" | sort -V | head -1)" != "$3" ]; then
    echo "setup: $1 $2 is too old, Minca needs $1 $3 or newer" >&2
    exit 1
  fi
}

command -v go >/dev/null || { echo "setup: Go is missing: install Go 1.26 from go.dev/dl" >&2; exit 1; }
need_version Go "$(go env GOVERSION | sed 's/^go//')" 1.26
command -v node >/dev/null && command -v npm >/dev/null ||
  { echo "setup: Node.js 20.19+ and npm are missing: install them from nodejs.org or your distribution" >&2; exit 1; }
need_version Node.js "$(node --version | sed 's/^v//')" 20.19

if ! command -v dpkg >/dev/null; then
  echo "setup: not a Debian-like system; make sure these are installed: ${want[*]}" >&2
  exit 0
fi

missing=()
for p in "${want[@]}"; do
  dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "setup: missing packages and no sudo; as root run: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
