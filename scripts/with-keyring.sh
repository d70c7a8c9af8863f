#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throw-away gnome-keyring (Secret Service),
# so keychain tests talk to a real keyring without touching the user's own. Cleans up after itself.
set -euo pipefail

if [ -z "${ZW_IN_KEYRING_SESSION:-}" ]; then
  export ZW_IN_KEYRING_SESSION=1
  exec dbus-run-session -- bash "$0" "$@"
fi

tmp=$(mktemp -d -t zonewatch-keyring.XXXXXX)
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run" HOME="$tmp/home"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" "$HOME"
chmod 700 "$XDG_RUNTIME_DIR"

printf 'zonewatch-test' | gnome-keyring-daemon --foreground --unlock --components=secrets >"$tmp/daemon.log" 2>&1 &
daemon=$!
cleanup() { kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  if dbus-send --session --dest=org.freedesktop.DBus --type=method_call --print-reply \
       /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
       | grep -q 'boolean true'; then
    break
  fi
  sleep 0.1
done
if ! kill -0 "$daemon" 2>/dev/null; then
  echo "with-keyring: gnome-keyring-daemon did not start:" >&2; cat "$tmp/daemon.log" >&2; exit 1
fi

export ZW_KEYRING_AVAILABLE=1
# Keep the caller's working directory and node_modules/.bin on PATH.
"$@"
