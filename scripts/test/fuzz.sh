#!/usr/bin/env bash
# Builds the libFuzzer binary (Tests/Fuzz/pixelfuzz, instrumented with -sanitize=fuzzer,address
# into .build/fuzz) and runs every fuzz target on its seed corpus in Tests/Fuzz/corpus/TARGET.
#
#   scripts/test/fuzz.sh smoke        each target for FUZZ_RUNS inputs (default 2000), seed 1: `make test`
#   scripts/test/fuzz.sh long         each target for FUZZ_SECONDS seconds (default 60): `make fuzz`
#
# FUZZ_TARGETS narrows the list. New inputs found by `long` go to .build/fuzz/corpus/TARGET (copy
# the interesting ones into Tests/Fuzz/corpus); a crashing input is written to
# .build/fuzz/crashes/TARGET-crash-…, and the script exits non-zero after the other targets ran.
# Replay one with the plain build: swift run pixelfuzz TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-smoke}
targets=${FUZZ_TARGETS:-bdf image photo script settings trace panel params keys devices config web e131 artnet ddp opc flaschen tpm2 wledudp ledflags json login presets photoname}
swift=${SWIFT:-swift}

mkdir -p .build/fuzz/crashes
# (gold warns about every ASan helper symbol it cannot export; those lines are dropped.)
if ! $swift build --product pixelfuzz --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DPIXELFUZZ >.build/fuzz/build.log 2>&1; then
    grep -v "Cannot export local symbol" .build/fuzz/build.log >&2
    echo "error: the fuzzer did not build" >&2
    exit 1
fi
fuzzer=.build/fuzz/debug/pixelfuzz

case $mode in
    smoke) limit=(-runs="${FUZZ_RUNS:-2000}" -seed=1) ;;
    long) limit=(-max_total_time="${FUZZ_SECONDS:-60}") ;;
    *) echo "usage: scripts/test/fuzz.sh smoke|long" >&2; exit 2 ;;
esac

failed=()
for target in $targets; do
    seeds=Tests/Fuzz/corpus/$target
    [ -d "$seeds" ] || { echo "error: no seed corpus $seeds" >&2; exit 1; }
    if [ "$mode" = smoke ]; then
        work=$(mktemp -d)  # what the smoke pass finds is thrown away: the repository's seeds stay as they are
    else
        work=.build/fuzz/corpus/$target; mkdir -p "$work"
    fi
    log=.build/fuzz/$target.log
    start=$(date +%s%N)
    # Each input must finish within 10 s and 2 GB. Leaks are not checked (the Swift runtime's
    # caches look like leaks to LeakSanitizer), and Swift's backtracer is off so ASan reports.
    if PIXELFUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$fuzzer" "$work" "$seeds" "${limit[@]}" \
        -timeout=10 -rss_limit_mb=2048 -max_len=16384 -artifact_prefix=.build/fuzz/crashes/"$target"- >"$log" 2>&1; then
        runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -1 | cut -d' ' -f2)
        ms=$(( ($(date +%s%N) - start) / 1000000 ))
        printf 'fuzz %-8s %8s runs in %3d.%01d s\n' "$target" "${runs:-?}" $((ms / 1000)) $((ms % 1000 / 100))
    else
        echo "fuzz $target: FAILED (log: $log; the input is in .build/fuzz/crashes/)"
        grep -m 3 -E 'ERROR|Fatal error|panic|SUMMARY' "$log" || tail -5 "$log"
        failed+=("$target")
    fi
    [ "$mode" = smoke ] && rm -rf "$work"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]}" >&2
    exit 1
fi
