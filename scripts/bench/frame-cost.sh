#!/usr/bin/env bash
# Prints what a frame costs, in instructions, for every effect and panel encoder: the table
# docs/performance.md's "Frame cost" section quotes.
#
# Method: a release build of `pixelwheel bench`, run under callgrind with collection switched
# on only inside one stage function (Benchmark.renderStage, downsampleStage, colourStage,
# EncodeBenchmark.encodeStage). A stage's cost per frame is the difference between a 90-frame
# and a 30-frame run divided by 60, so start-up and first-call costs cancel.
#
# Environment: SIZES (default "64x32 128x64"), SUPERSAMPLE (default 4), EFFECTS (default every
# effect and mode), PANELS (default both HUB75 sizes and one of each other panel type),
# NETWORK=0 to leave out the network table (each stream parser's instructions per packet, and
# a 128x64 frame through the receiver, from `bench --network-row`, stage parseStage).
# Needs valgrind. Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZES=${SIZES:-"64x32 128x64"}
SUPERSAMPLE=${SUPERSAMPLE:-4}
EFFECTS=${EFFECTS:-"bounce|starfield objects|starfield shader|rain|fan"}
PANELS=${PANELS:-"hub75:rows=32,cols=64,pwm-bits=11 hub75:rows=64,cols=128,pwm-bits=11 ws2812:width=16,height=16,serpentine apa102:width=16,height=16 max7219:chips=4 ht16k33 is31fl3731"}

command -v valgrind >/dev/null || { echo "frame-cost.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
# The Makefile's release flags, so this reuses (and leaves) the build `make run` uses.
release_flags=(-c release --static-swift-stdlib -Xlinker -lcurl)
nice -n 10 swift build "${release_flags[@]}" --product pixelwheel >&2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A copy without debug info: valgrind 3.19 (Debian 12) cannot read the DWARF some builds carry
# and stops; the symbol names the stage filters match stay in the symbol table.
bin="$tmp/pixelwheel"
objcopy --strip-debug "$(swift build "${release_flags[@]}" --show-bin-path)/pixelwheel" "$bin"

# instructions STAGE BENCH-ARGS…: instructions spent inside STAGE per frame.
instructions() {
    local stage=$1; shift
    local n totals=()
    for n in 30 90; do
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect="*${stage}*" \
            --callgrind-out-file="$tmp/cg" "$bin" bench "$@" --frames "$n" >/dev/null 2>"$tmp/log" \
            || { cat "$tmp/log" >&2; exit 1; }
        totals+=("$(awk '/^totals:/ { print $2 }' "$tmp/cg")")
    done
    echo $(( (totals[1] - totals[0]) / 60 ))
}

# human N: 1234567 → "1.23 M", 45678 → "45.7 K".
human() {
    awk -v n="$1" 'BEGIN {
        if (n >= 1e6) printf "%.2f M", n / 1e6; else if (n >= 1e3) printf "%.1f K", n / 1e3; else printf "%d", n }'
}

echo "Instructions per frame (callgrind, x86-64 release build, (90-frame run − 30-frame run) / 60), S = $SUPERSAMPLE"
echo
printf '| %-17s | %-7s | %9s | %10s | %17s | %9s | %14s |\n' effect size render downsample "render+downsample" colour "colour/channel"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' "-------------------" "---------" "----------:" "-----------:" "------------------:" "----------:" "---------------:"
IFS='|' read -r -a effects <<<"$EFFECTS"
for size in $SIZES; do
    channels=$(( ${size%x*} * ${size#*x} * 3 ))
    for effect in "${effects[@]}"; do
        args=(--effect "$effect" --sizes "$size" --supersample "$SUPERSAMPLE")
        render=$(instructions renderStage "${args[@]}")
        down=$(instructions downsampleStage "${args[@]}")
        colour=$(instructions colourStage "${args[@]}")
        perChannel=$(awk -v c="$colour" -v n="$channels" 'BEGIN { printf "%.1f", c / n }')
        printf '| %-17s | %-7s | %9s | %10s | %17s | %9s | %14s |\n' "$effect" "$size" "$(human "$render")" \
            "$(human "$down")" "$(human $((render + down)))" "$(human "$colour")" "$perChannel"
    done
done
echo
printf '| %-40s | %20s |\n' "panel encoder (frame to output)" "instructions / frame"
printf '|%s|%s|\n' "------------------------------------------" "---------------------:"
for panel in $PANELS; do
    printf '| %-40s | %20s |\n' "$panel" "$(human "$(instructions encodeStage --panel "$panel")")"
done

[ "${NETWORK:-1}" = 0 ] && exit 0
echo
printf '| %-45s | %22s | %20s |\n' "network (bench --network-row)" "instructions / packet" "instructions / frame"
printf '|%s|%s|%s|\n' "-----------------------------------------------" "-----------------------:" "---------------------:"
# Parse rows run 20 packets an iteration; the frame rows one frame of PACKETS packets.
for row in "E1.31 data packet:1:20" "ArtDmx packet:1:20" "DDP packet:1:20" "WLED DRGB packet:1:20" "E1.31 128x64 frame:49:1" "DDP 128x64 frame:18:1" \
    "OPC message:1:20" "TPM2.net packet:1:20" "Flaschen-Taschen PPM:1:20"; do
    IFS=: read -r name packets repeat <<<"$row"
    per_iteration=$(instructions parseStage --network-row "$name")
    per_packet=$(( per_iteration / repeat / packets ))
    frame="–"
    [ "$packets" -gt 1 ] && frame=$(human "$per_iteration")
    printf '| %-45s | %22s | %20s |\n' "$name" "$(human "$per_packet")" "$frame"
done
