#!/usr/bin/env bash
# Makes sure the Chromium builds the e2e suite drives are installed: Debian's `chromium`
# and `chromium-headless-shell` (most specs run in the lighter headless shell, the push
# journeys in the full browser; playwright.config.ts). Playwright's own browser download
# does not work on our machines (see docs/architecture.md, "Known pitfalls").
# Never skips silently: either the browsers are there, get installed, or this script
# fails with one line saying what to do.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ -x "$CHROMIUM_PATH" ]]; then exit 0; fi
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file; point it at a Chromium binary or unset it to use Debian's chromium." >&2
  exit 1
fi

full=/usr/bin/chromium
shell=/usr/lib/chromium/chromium-headless-shell
missing=()
[[ -x "$full" ]] || missing+=(chromium)
[[ -x "$shell" ]] || missing+=(chromium-headless-shell)
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
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
  echo "ensure-chromium: missing ${missing[*]}; install with 'sudo apt-get install -y ${missing[*]}' or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi

echo "ensure-chromium: installing Debian's ${missing[*]} (takes a few minutes)..." >&2
export DEBIAN_FRONTEND=noninteractive
# Another apt run holding the lock is waited for rather than failing at once.
"${apt[@]}" -o DPkg::Lock::Timeout=600 update -qq
# Both together, so they come at the same version.
"${apt[@]}" -o DPkg::Lock::Timeout=600 install -y -qq chromium chromium-headless-shell >&2

if [[ ! -x "$full" || ! -x "$shell" ]]; then
  echo "ensure-chromium: installing did not produce $full and $shell; install them with 'sudo apt-get install -y chromium chromium-headless-shell' or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$full" --version 2>/dev/null || echo chromium) and its headless shell" >&2
