#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here).
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium (once)…"
  (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/tmp/chromium-install.log 2>&1 && exit 0
  echo "apt-get failed; see /tmp/chromium-install.log"
fi
echo "Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium"
exit 1
