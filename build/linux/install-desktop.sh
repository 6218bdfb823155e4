#!/usr/bin/env bash
# Registers Minca with the desktop for the current user: the launcher
# (build/linux/minca.desktop, with Exec pointing at the given binary), its
# icon, and minca: links (x-scheme-handler/minca) opened by `minca %u`.
#
#   build/linux/install-desktop.sh [--quiet] /abs/path/to/minca
#
# `make run` calls it with --quiet before each start (it is idempotent:
# each run rewrites the same files); --quiet leaves out the closing line.
# Writes under $XDG_DATA_HOME (default ~/.local/share); runs
# update-desktop-database and `xdg-mime default` when they are installed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
quiet=
if [ "${1:-}" = --quiet ]; then quiet=1; shift; fi
bin=${1:?usage: $0 [--quiet] /abs/path/to/minca}
case "$bin" in /*) ;; *) echo "install-desktop: the binary path must be absolute" >&2; exit 2 ;; esac
# The path goes into an Exec line: refuse what that line would read
# differently (quotes, $, `, \, %, white space is quoted below).
case "$bin" in *[\"\$\`\\%]*) echo "install-desktop: $bin holds a character an Exec line cannot carry" >&2; exit 2 ;; esac

data=${XDG_DATA_HOME:-$HOME/.local/share}
apps=$data/applications
icons=$data/icons/hicolor/64x64/apps
mkdir -p "$apps" "$icons"
while IFS= read -r line; do
  if [ "$line" = "Exec=minca %u" ]; then printf 'Exec="%s" %%u\n' "$bin"; else printf '%s\n' "$line"; fi
done <"$here/minca.desktop" >"$apps/minca.desktop.tmp"
mv "$apps/minca.desktop.tmp" "$apps/minca.desktop"
cp "$here/../../assets/tray.png" "$icons/minca.png"

if command -v update-desktop-database >/dev/null; then
  update-desktop-database -q "$apps" || true
fi
if command -v xdg-mime >/dev/null; then
  xdg-mime default minca.desktop x-scheme-handler/minca
else
  echo "install-desktop: xdg-mime not found; minca: links are registered through the MimeType line only" >&2
fi
[ -n "$quiet" ] || echo "install-desktop: $apps/minca.desktop"
