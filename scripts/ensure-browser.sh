#!/usr/bin/env bash
# End-to-end tests need a Chromium. Playwright cannot download its own browser offline, so on
# Debian we install the distribution's one (as root), unless one is already there.
set -euo pipefail
if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ] && [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if ls "${HOME}/.cache/ms-playwright"/chromium* >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium found. Install one (e.g. 'sudo apt-get install chromium' or 'npx playwright install chromium')," >&2
echo "or set PLAYWRIGHT_CHROMIUM_PATH." >&2
exit 1
