#!/usr/bin/env bash
# The web simulator's tests: its protocol as browsers and hostile pages use it
# (Tests/Web/test_web_server.py), then the page in a real browser, Chromium headless driven
# through chromedriver by selenium (Tests/Web/test_browser.py), and the page as a remote for
# `run --simulate` with a password (Tests/Web/test_remote.py). Screenshots go to .build/web-test.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Debian names the browser chromium; Raspberry Pi OS and older Ubuntu name it chromium-browser.
policy=$(apt-cache policy chromium-driver 2>/dev/null || true)
if dpkg-query -W -f='${Status}' chromium-driver 2>/dev/null | grep -q "install ok installed" || [[ $policy == *"Candidate: "[0-9]* ]]; then
    browser=(chromium chromium-driver)
else
    browser=(chromium-browser chromium-chromedriver)
fi
scripts/build/install-system-packages.sh "${browser[@]}" python3-selenium python3-pil python3-websocket
# --build-tests: the same flags as `swift test`, so nothing is compiled twice; `make test` has
# built already and says so with SKIP_BUILD=1.
[ -n "${SKIP_BUILD:-}" ] || ${SWIFT:-swift} build --build-tests
export PIXELWHEEL="$PWD/.build/debug/pixelwheel"
export WEB_ARTEFACTS="$PWD/.build/web-test"
mkdir -p "$WEB_ARTEFACTS"
cd Tests/Web
export PYTHONDONTWRITEBYTECODE=1
# Debian's python3 and its packages, whatever python3 comes first on PATH.
/usr/bin/python3 -m unittest -v test_web_server test_wled_api test_browser test_remote
