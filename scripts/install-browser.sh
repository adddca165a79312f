#!/usr/bin/env bash
# Installs Debian's chromium, the headless browser `tests/browser.rs` loads
# the HTML replay page in. Idempotent: does nothing when `chromium` is
# already on the PATH. Runs as root (CI containers) or through sudo; any
# failure stops it with a non-zero exit code and says why.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1; then
  run=(sudo)
else
  echo "install-browser: chromium is missing, and installing it needs root or sudo" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: chromium is missing and there is no apt-get to install it" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-browser: installing chromium with apt-get" >&2
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null

if ! command -v chromium >/dev/null 2>&1; then
  echo "install-browser: apt-get ran, but there is still no chromium on the PATH" >&2
  exit 1
fi
