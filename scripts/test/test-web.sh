#!/usr/bin/env bash
# The web simulator's tests: its protocol as browsers and hostile pages use it
# (Tests/Web/test_web_server.py), then the page in a real browser, Chromium headless driven
# through chromedriver by selenium (Tests/Web/test_browser.py), and the page as a remote for
# `run --simulate` with a password (Tests/Web/test_remote.py). Screenshots go to .build/web-test.
# Each module runs in a Python process of its own (together in one, they took 154 s here
# instead of 97 s). WEB_MODULES="test_browser …" runs only those; `--packages-only` installs
# what the tests need and stops.
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
[ "${1:-}" != --packages-only ] || exit 0
# --build-tests: the same flags as `swift test`, so nothing is compiled twice; `make test` has
# built already and says so with SKIP_BUILD=1.
[ -n "${SKIP_BUILD:-}" ] || ${SWIFT:-swift} build --build-tests
export PIXELWHEEL="$PWD/.build/debug/pixelwheel"
export WEB_ARTEFACTS="$PWD/.build/web-test"
mkdir -p "$WEB_ARTEFACTS"
cd Tests/Web
export PYTHONDONTWRITEBYTECODE=1
# Debian's python3 and its packages, whatever python3 comes first on PATH.
# One line of the modules' total, in unittest's words, for CI: "Ran N tests in Ss", then "OK".
ran=0 started=$(date +%s)
for module in ${WEB_MODULES:-test_web_server test_wled_api test_browser test_remote}; do
    log=$(mktemp)
    status=0
    /usr/bin/python3 -m unittest -v "$module" 2>&1 | tee "$log" || status=$?
    count=$(sed -n 's/^Ran \([0-9][0-9]*\) tests\{0,1\} in .*/\1/p' "$log" | tail -n 1)
    grep -qx 'OK' "$log" || status=1
    rm -f "$log"
    [ "$status" -eq 0 ] || { echo "web simulator tests: $module FAILED (its log is above)"; exit 1; }
    ran=$(( ran + count ))
done
echo "Web simulator, every module:"
echo "Ran $ran tests in $(( $(date +%s) - started ))s"
echo
echo "OK"
