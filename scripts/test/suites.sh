#!/usr/bin/env bash
# The Swift Testing suite of `make test`, run from the built test bundle in shards, one after
# another, and beside them (WITH_WEB=1) the web simulator's tests, module after module. Most of its tests wait on something — a child pixelwheel, a socket, a third-party
# peer — rather than compute, and in one process the waiting tests hold its few concurrency
# threads (two on a 2-core machine) while the rest queue: one `swift test` took 265 s here at
# about 60 % of the cores, the same tests in these shards about 140 s, with no more load at
# any moment (all shards and the web tests side by side made timing-sensitive network and
# web tests fail, so only two lanes run at once: the Swift shards, and the web modules). Every test runs exactly once: the last shard skips what the others select.
# Logs are printed as they come, then the sum: "Test run with N tests in M suites passed
# after S seconds." `SHARDS=quick` runs only the shards without the end-to-end runs of the
# binary (`make test-quick`). Needs `swift build --build-tests` first.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift=${SWIFT:-swift}
bundle="$($swift build --show-bin-path)/PixelWheelPackageTests.xctest"
[ -x "$bundle" ] || { echo "no test bundle at $bundle: run '$swift build --build-tests' first" >&2; exit 1; }

# The end-to-end suites (the binary with real sockets, peers and namespaces) and the device
# models get shards of their own; `rest` is everything the others do not select.
runtime='^PixelRuntimeTests\.'
streams='^PixelRuntimeTests\.NetworkStreamEndToEndTests/'
sessions='^PixelRuntimeTests\.(RunSessionTests|SetupFormatsTests|NetworkArtPollTests)/'
models='^(PixelLinuxTests|PixelSimulatorTests)\.'
shards=(
    "rest --skip $runtime --skip $models"
    "models --filter $models"
)
[ "${SHARDS:-all}" = quick ] || shards+=(
    "runtime --filter $runtime --skip $streams --skip $sessions"
    "sessions --filter $sessions"
    "streams --filter $streams"
)

log=$(mktemp) web_log=$(mktemp)
web_pid=
trap 'rm -f "$log" "$web_log"; [ -z "$web_pid" ] || kill "$web_pid" 2>/dev/null || true' EXIT
started=$(date +%s)
if [ "${WITH_WEB:-}" = 1 ]; then
    scripts/test/test-web.sh --packages-only
    SWIFT="$swift" SKIP_BUILD=1 scripts/test/test-web.sh >"$web_log" 2>&1 &
    web_pid=$!
fi
tests=0 suites=0
for shard in "${shards[@]}"; do
    read -r name args <<<"$shard"
    echo "== Swift Testing, shard $name"
    # shellcheck disable=SC2086  # the shard's options
    if ! "$bundle" --testing-library swift-testing $args 2>&1 | tee "$log"; then
        echo "shard $name FAILED after $(( $(date +%s) - started )) s; its log is above"
        exit 1
    fi
    line=$(grep -a 'Test run with [0-9]* tests\{0,1\} in [0-9]* suites\{0,1\} passed after' "$log" | tail -n 1 || true)
    [ -n "$line" ] || { echo "shard $name printed no passing summary"; exit 1; }
    tests=$(( tests + $(sed 's/.*Test run with \([0-9]*\) test.*/\1/' <<<"$line") ))
    suites=$(( suites + $(sed 's/.* in \([0-9]*\) suite.*/\1/' <<<"$line") ))
done
echo "Swift Testing, ${#shards[@]} shards: Test run with $tests tests in $suites suites passed after $(( $(date +%s) - started )) seconds."
if [ -n "$web_pid" ]; then
    status=0
    wait "$web_pid" || status=$?
    web_pid=
    cat "$web_log"
    [ "$status" -eq 0 ] || { echo "the web simulator's tests FAILED after $(( $(date +%s) - started )) s; their log is above"; exit 1; }
fi
