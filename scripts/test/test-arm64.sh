#!/usr/bin/env bash
# The whole program compiled for the Pi's CPU: PixelWheel cross-compiled for aarch64 with Debian
# trixie's Swift against the arm64 trixie root (scripts/build/cross-build.sh), run in that root under
# qemu-user, and its output compared byte for byte with this machine's x86-64 build
# (make test-arm64).
#
# Compared: every golden frame digest (golden-frames), a headless `sim` with a script, and every
# example's `run --simulate --no-tty`, each as PNG frames written with --frames-out, plus
# `list` and `run --check` of every example.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
out=.build-arm64-compare
rm -rf "$out" && mkdir -p "$out"
script="$out/script.txt"
printf '0.5 rotate +2\n1.0 select\n2.0 rotate +1\n2.5 menu\n' >"$script"

# Writes every output of the pixelwheel and golden-frames in $1/ into $2/.
cat >"$out/outputs.sh" <<'INNER'
#!/usr/bin/env bash
set -euo pipefail
bin=$1 dest=$2 script=$3
mkdir -p "$dest/sim"
"$bin/golden-frames" >"$dest/golden.txt"
"$bin/pixelwheel" list >"$dest/list.txt"
"$bin/pixelwheel" sim --no-tty --seconds 3 --script "$script" --state "$dest/sim-settings.conf" --frames-out "$dest/sim" >/dev/null
for example in config/*.toml; do
    name=$(basename "$example" .toml)
    "$bin/pixelwheel" run --config "$example" --check >"$dest/$name-check.txt"
    mkdir -p "$dest/$name"
    "$bin/pixelwheel" run --config "$example" --simulate --no-tty --seconds 1 --state "$dest/$name-settings.conf" \
        --frames-out "$dest/$name" >/dev/null
done
rm -f "$dest"/*-settings.conf
INNER
chmod +x "$out/outputs.sh"

echo "x86-64: building with $(swift --version 2>/dev/null | head -n 1)"
swift build -c release --static-swift-stdlib -Xlinker -lcurl --product pixelwheel >/dev/null
swift build -c release --static-swift-stdlib -Xlinker -lcurl --product golden-frames >/dev/null
"$out/outputs.sh" "$(swift build -c release --static-swift-stdlib -Xlinker -lcurl --show-bin-path)" "$out/x86_64" "$script"

echo "arm64: cross-compiling with Debian trixie's Swift against the arm64 trixie root"
build_started=$(date +%s)
TRIXIE_SYSROOT=arm64 scripts/build/trixie-root.sh amd64 run -- \
    scripts/build/cross-build.sh .build-cross-arm64 pixelwheel golden-frames -- ${ARM64_SWIFT_FLAGS:-}
build_seconds=$(($(date +%s) - build_started))
bin=.build-cross-arm64/aarch64-unknown-linux-gnu/release
echo "arm64: running in the arm64 trixie root under qemu-user"
if command -v file >/dev/null; then file "$bin/pixelwheel"; fi
scripts/build/trixie-root.sh arm64 run -- "$out/outputs.sh" "$bin" "$out/aarch64" "$script"

frames=$(find "$out/x86_64" -name '*.png' | wc -l)
if diff -r "$out/x86_64" "$out/aarch64" >"$out/differences.txt"; then
    echo "arm64: PASS: $frames frames, the golden digests, list and every example's check identical to x86-64" \
        "(arm64 build ${build_seconds} s, whole run $(($(date +%s) - started)) s)"
else
    echo "arm64: FAIL: the outputs differ (see $out/differences.txt)" >&2
    head -n 20 "$out/differences.txt" >&2
    exit 1
fi
