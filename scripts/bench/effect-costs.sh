#!/usr/bin/env bash
# Prints every effect's cost per frame, render plus downsample at S = 4, in instructions, at
# 64x32, 128x64 and 256x128, against the budget (at most 1.0 M at 64x32 and 1.5 M at 128x64),
# and its peak resident memory at 128x64: the table docs/performance.md's "Every effect" quotes.
#
# Method: a release build of `pixelwheel bench --effect NAME --sizes WxH --frames N`, run under
# callgrind with counting switched on only inside Benchmark.renderStage and downsampleStage
# (both at once, as issue 31 measures it); the figure is (90-frame run − 30-frame run) / 60, so
# start-up and first-call costs cancel. The memory is `bench`'s own peak RSS column (VmHWM),
# from a run without valgrind.
#
# Environment: SIZES (default "64x32 128x64 256x128"), EFFECTS (default every row `bench`
# measures, separated by |). Exits 1 when an effect is over budget. Needs valgrind; takes about
# a quarter of an hour on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZES=${SIZES:-"64x32 128x64 256x128"}
command -v valgrind >/dev/null || { echo "effect-costs.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
release_flags=(-c release --static-swift-stdlib -Xlinker -lcurl)
nice -n 10 swift build "${release_flags[@]}" --product pixelwheel >&2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Without debug info: valgrind 3.19 cannot read the DWARF some builds carry (frame-cost.sh).
bin="$tmp/pixelwheel"
objcopy --strip-debug "$(swift build "${release_flags[@]}" --show-bin-path)/pixelwheel" "$bin"

# Every label `bench` measures, in its order: the seed effects (both starfield modes), then the rest.
if [ -z "${EFFECTS:-}" ]; then
    EFFECTS="bounce|starfield objects|starfield shader|rain|fan"
    for name in $("$bin" list | sed -n 's/^\([a-z-]*\) — .*/\1/p'); do
        case $name in bounce|starfield|rain|fan) ;; *) EFFECTS="$EFFECTS|$name" ;; esac
    done
fi

# cost EFFECT SIZE: instructions per frame inside render and downsample.
cost() {
    local n totals=()
    for n in 30 90; do
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*renderStage*' --toggle-collect='*downsampleStage*' \
            --callgrind-out-file="$tmp/cg" "$bin" bench --effect "$1" --sizes "$2" --frames "$n" >/dev/null 2>"$tmp/log" \
            || { cat "$tmp/log" >&2; exit 1; }
        totals+=("$(awk '/^totals:/ { print $2 }' "$tmp/cg")")
    done
    echo $(( (totals[1] - totals[0]) / 60 ))
}

# rss EFFECT: bench's peak RSS column at 128x64, in MiB.
rss() {
    "$bin" bench --effect "$1" --sizes 128x64 --frames 30 --json | awk -F'"peak_rss_kib":' 'NF > 1 { split($2, a, /[,}]/); printf "%.1f", a[1] / 1024; exit }'
}

human() {
    awk -v n="$1" 'BEGIN { if (n >= 1e6) printf "%.2f M", n / 1e6; else if (n >= 1e3) printf "%.0f K", n / 1e3; else printf "%d", n }'
}

echo "Render + downsample, instructions per frame (callgrind, x86-64 release build, S = 4), and peak RSS at 128x64"
echo
header="| effect |" rule="|---|"
for size in $SIZES; do header="$header $size |"; rule="$rule---:|"; done
echo "$header budget | peak RSS 128x64 |"
echo "$rule:---:|---:|"
over=0
IFS='|' read -r -a effects <<<"$EFFECTS"
for effect in "${effects[@]}"; do
    row="| $effect |" within="yes"
    for size in $SIZES; do
        n=$(cost "$effect" "$size")
        row="$row $(human "$n") |"
        case $size in
            64x32) [ "$n" -le 1000000 ] || within="**no**" ;;
            128x64) [ "$n" -le 1500000 ] || within="**no**" ;;
        esac
    done
    [ "$within" = yes ] || over=1
    echo "$row $within | $(rss "$effect") MiB |"
done
exit $over
