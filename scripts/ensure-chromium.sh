#!/usr/bin/env bash
# Makes sure a Chromium the e2e suite can drive is installed.
# Playwright's own browser download does not work on our machines, so the
# suite runs Debian's `chromium` package (see docs/architecture.md, "Known pitfalls").
# Never skips silently: either a browser is there, gets installed, or this
# script fails with one line saying what to do.
set -euo pipefail

browser="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [[ -x "$browser" ]]; then
  exit 0
fi

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file; point it at a Chromium binary or unset it to use /usr/bin/chromium." >&2
  exit 1
fi

# apt-get is usable when we are root or sudo needs no password.
apt=()
if command -v apt-get >/dev/null 2>&1; then
  if [[ "$(id -u)" -eq 0 ]]; then
    apt=(apt-get)
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    apt=(sudo -n apt-get)
  fi
fi

if [[ ${#apt[@]} -eq 0 ]]; then
  echo "ensure-chromium: no Chromium at /usr/bin/chromium; install it with 'sudo apt-get install -y chromium' or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi

echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package (takes a few minutes)..." >&2
export DEBIAN_FRONTEND=noninteractive
# Another apt run holding the lock is waited for rather than failing at once.
"${apt[@]}" -o DPkg::Lock::Timeout=600 update -qq
"${apt[@]}" -o DPkg::Lock::Timeout=600 install -y -qq chromium >&2

if [[ ! -x "$browser" ]]; then
  echo "ensure-chromium: installing chromium did not produce /usr/bin/chromium; install it with 'sudo apt-get install -y chromium' or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$browser" --version 2>/dev/null || echo chromium)" >&2
