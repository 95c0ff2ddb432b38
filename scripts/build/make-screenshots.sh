#!/usr/bin/env bash
# Renders the menu screenshots of docs/simulator.md with the simulator itself (headless, virtual
# clock), one per layout, into docs/screenshots/. Run after changing how the menu looks.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release >/dev/null
bin=.build/release/pixelwheel
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Settings → scroll to Supersample: shows the title bar, a highlighted row, chevrons and the scroll bar.
printf '0.2 rotate +3\n0.4 select\n0.6 rotate +3\n' > "$work/menu.txt"
shoot() {  # size scale name
    rm -rf "$work/f" && mkdir "$work/f"
    "$bin" sim --no-tty --size "$1" --fps 5 --seconds 1 --script "$work/menu.txt" --frames-out "$work/f" \
        --scale "$2" --state "$work/state.conf" >/dev/null
    cp "$work/f/frame-000005.png" "docs/screenshots/$3.png"
}
shoot 128x64 5 menu-128x64-list
shoot 64x32 8 menu-64x32-list
shoot 32x16 10 menu-32x16-compact
shoot 32x8 10 menu-32x8-marquee
shoot 8x8 16 menu-8x8-marquee
echo "screenshots written to docs/screenshots/"
