#!/usr/bin/env bash
# `make test-raspi`: the arm64 package on an emulated Raspberry Pi (QEMU's raspi3b, Debian
# trixie's QEMU 10.0), booted from an SD-card image with Debian's own arm64
# kernel, so the SoC's GPIO, SPI and I2C controllers are driven by the kernel's own
# pinctrl-bcm2835, spi-bcm2835 and i2c-bcm2835 drivers.
#
# On each board (RASPI_MACHINES, default "raspi3b"; raspi4b does not boot Debian's kernel from
# the SD card on this QEMU, see docs/testing.md), Tests/Raspi/check.sh installs the
# package with apt, checks the device nodes' groups and doctor, shows a picture on a HUB75
# panel, a MAX7219 chain and an HT16K33 with `pixelwheel show --hardware` as the service's user,
# then enables and starts the service, kills it, lets systemd restart it and stops it; a second
# boot checks that the enabled service starts by itself. QEMU records every store to the GPIO,
# SPI0 and BSC1 registers while that runs; here they become bus traces
# (scripts/test/raspi/qemu-trace-to-bus.py) that `pixelwheel decode` must turn into exactly the
# picture `pixelwheel show` gives on each panel's model, and that must end with every panel
# dark after `systemctl stop`. The evidence stays in out/raspi/MACHINE/. Prints
# "raspi: N passed, N failed" and exits non-zero on a failure.
#
# RASPI_DEB=FILE uses that arm64 package instead of `make deb-arm64`'s. Caches (the board root,
# the SD image, the QEMU root) live in ~/.cache/pixelwheel. Needs root, as the trixie roots do.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$(pwd)
started=$SECONDS
[ "$(id -u)" -eq 0 ] || { echo "error: make test-raspi needs root (debootstrap, chroot and the image's files)" >&2; exit 1; }
scripts/build/install-system-packages.sh python3 mtools >&2
machines=${RASPI_MACHINES:-raspi3b}
work="$src/.build-raspi"
mkdir -p "$work"

# The host's pixelwheel: the pictures expected and the decoder.
swift build --product pixelwheel >&2
host_bin="$src/.build/debug/pixelwheel"

# The package, cross-compiled with Debian's Swift (make deb-arm64).
if [ -n "${RASPI_DEB:-}" ]; then
    deb=$RASPI_DEB
else
    rm -rf "$work/deb"
    make --no-print-directory deb-arm64 OUT="$work/deb" >&2
    deb=$(ls "$work"/deb/pixelwheel_*_arm64.deb | head -n 1)
fi
[ -f "$deb" ] || { echo "error: no arm64 package at '$deb'" >&2; exit 1; }
image=$(scripts/test/raspi/make-sd-image.sh | tail -n 1)
boot_offset=$(sed -n 's/^boot_offset=//p' "$image/partitions")
kernel=$(sed -n 's/^kernel=//p' "$image/partitions")
prepared=$((SECONDS - started))

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok $1"; }
flunk() { failed=$((failed + 1)); echo "not ok $1: $2"; }

# The picture: colour bars over a grey ramp, 64×32, made here so it is the same everywhere.
python3 - "$work/picture.ppm" <<'PY'
import sys
w, h = 64, 32
bars = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0)]
rows = []
for y in range(h):
    for x in range(w):
        if y < h * 2 // 3:
            rows.append(bars[x * len(bars) // w])
        else:
            v = x * 255 // (w - 1)
            rows.append((v, v, v))
with open(sys.argv[1], "wb") as f:
    f.write(b"P6\n%d %d\n255\n" % (w, h) + bytes(c for p in rows for c in p))
PY
printf 'P6\n1 1\n255\n\0\0\0' >"$work/black.ppm"

# The panels: the configuration's, with their devices; OE is GPIO 4 on the bonnet's wiring.
declare -A panel=(
    [hub75]="hub75:cols=32,rows=16,wiring=adafruit-hat,pwm-bits=1"
    [max7219]="max7219:chips=4,device=/dev/spidev0.0"
    [ht16k33]="ht16k33:layout=16x8,device=/dev/i2c-1,address=0x70"
)
declare -A bus=([hub75]=gpio [max7219]=spi [ht16k33]=i2c)
# Each controller's offset in the peripherals, as its addresses' middle digits (BCM2837 and BCM2711).
declare -A base=([gpio]=200 [spi]=204 [i2c]=804)
oe_pin=4
# One refresh of that panel: 8 row pairs (rows=16) × 1 bit plane, each ending with OE rising.
refresh_stretches=8

# BUS.jsonl from the traces of phases "$@" (a missing phase counts as no traffic): the
# controller's stores picked out with grep first (the GPIO trace of a few seconds of HUB75
# refresh is millions of lines), and of HUB75's only the last 200,000 lines, whole rows.
convert() {
    local run=$1 name=$2 out=$3
    shift 3
    local traces=() phase
    for phase in "$@"; do
        [ -f "$run/trace-$phase.log" ] && traces+=("$run/trace-$phase.log")
    done
    [ ${#traces[@]} -gt 0 ] || { : >"$out"; return 0; }
    local options=()
    [ "${bus[$name]}" = gpio ] && options=(--oe-pin "$oe_pin" --window 200000 --levels "${out%.jsonl}.levels" ${HUB75_DROP:+--drop "$HUB75_DROP" --whole "${out%.jsonl}.whole.jsonl"})
    { grep -a -h -E "addr 0x[0-9a-f]*${base[${bus[$name]}]}[0-9a-f]{3} " "${traces[@]}" || true; } |
        python3 scripts/test/raspi/qemu-trace-to-bus.py --bus "${bus[$name]}" "${options[@]}" - >"$out" 2>"${out%.jsonl}.convert.txt" || true
}

for machine in $machines; do
    echo "== $machine (Debian's kernel $kernel)"
    run="$work/$machine"
    evidence="$src/out/raspi/$machine"
    rm -rf "$run" "$evidence"
    mkdir -p "$run" "$evidence"
    cp "$image/vmlinuz" "$image/initrd.img" "$image/rpi-3-b.dtb" "$image/rpi-4-b.dtb" "$run/"
    cp --sparse=always "$image/sd.img" "$run/sd.img"
    card="$run/sd.img@@$boot_offset"
    stage="$run/raspi"
    mkdir -p "$stage"
    cp Tests/Raspi/check.sh Tests/Raspi/board.toml "$deb" "$stage/"
    "$host_bin" show "$work/picture.ppm" --size 64x32 --raw --out "$stage/picture.png" >/dev/null
    for name in "${!panel[@]}"; do printf '%s\n' "${panel[$name]}" >"$stage/$name.panel"; done
    mcopy -s -i "$card" "$stage" ::/
    boot_started=$SECONDS
    python3 scripts/test/raspi/run-board.py --machine "$machine" --dir "$run" --timeout "${RASPI_BOOT_TIMEOUT:-2400}" | tee "$run/boot1.txt" || true
    boot1=$((SECONDS - boot_started))
    boot_started=$SECONDS
    mkdir -p "$run/boot1" && mv "$run"/console.txt "$run"/trace-*.log "$run/boot1/" 2>/dev/null || true
    python3 scripts/test/raspi/run-board.py --machine "$machine" --dir "$run" --timeout "${RASPI_BOOT_TIMEOUT:-2400}" | tee "$run/boot2.txt" || true
    boot2=$((SECONDS - boot_started))
    mkdir -p "$run/boot2" && mv "$run"/console.txt "$run"/trace-*.log "$run/boot2/" 2>/dev/null || true
    mcopy -s -n -i "$card" ::/raspi-out "$run/" 2>/dev/null || true
    cp -r "$run/raspi-out/." "$evidence/" 2>/dev/null || true
    cp "$run/boot1/console.txt" "$evidence/console-boot1.txt" 2>/dev/null || true
    cp "$run/boot2/console.txt" "$evidence/console-boot2.txt" 2>/dev/null || true
    cp "$stage/picture.png" "$evidence/picture.png"

    # The board's own checks.
    grep -h -a -o '\] \(not \)\{0,1\}ok .*' "$run/boot1.txt" "$run/boot2.txt" /dev/null | sed 's/^\] //' >"$run/guest-checks.txt" || true
    while IFS= read -r line; do
        case "$line" in
            "ok "*) pass "$machine ${line#ok }" ;;
            "not ok "*) rest=${line#not ok }; flunk "$machine ${rest%%:*}" "${rest#*: }" ;;
        esac
    done <"$run/guest-checks.txt"
    if grep -q '\] done$' "$run/boot2.txt"; then pass "$machine both boots finished"; else
        flunk "$machine both boots finished" "the board did not finish (console: $run/boot1/console.txt, $run/boot2/console.txt)"
    fi

    # Each panel's picture from the SoC's registers equals show's on the panel's model.
    for name in hub75 max7219 ht16k33; do
        b=${bus[$name]}
        printf '%s\n' "${panel[$name]}" >"$evidence/$b.panel"
        # What the panel's model shows dark, for the checks after a stop.
        "$host_bin" show "$work/black.ppm" --panel "${panel[$name]}" --raw --out "$run/$name-black.png" >/dev/null
        # A HUB75 show ends (SIGTERM) with one refresh of black: the picture is the refresh
        # before it, and the whole trace must end dark.
        if [ "$b" = gpio ]; then
            HUB75_DROP=$refresh_stretches convert "$run/boot1" "$name" "$evidence/$b.jsonl" "$name-show"
            mv "$evidence/$b.whole.jsonl" "$run/$name-show-whole.jsonl" 2>/dev/null || true
            if [ -s "$run/$name-show-whole.jsonl" ] && "$host_bin" decode --panel "${panel[$name]}" --trace "$run/$name-show-whole.jsonl" --raw --out "$run/$name-show-whole.png" >/dev/null 2>&1 \
                && cmp -s "$run/$name-black.png" "$run/$name-show-whole.png" \
                && python3 -c "import json,sys; sys.exit(0 if $oe_pin in json.load(open(sys.argv[1])) else 1)" "$evidence/$b.levels"; then
                pass "$machine $name blank after show --hardware's SIGTERM (a black refresh, OE high)"
            else
                flunk "$machine $name blank after show --hardware's SIGTERM" "the last refresh is not black or OE is low ($run/$name-show-whole.png)"
            fi
        else
            convert "$run/boot1" "$name" "$evidence/$b.jsonl" "$name-show"
        fi
        # Expected: the file the board showed, through show on the panel's model.
        "$host_bin" show "$stage/picture.png" --panel "${panel[$name]}" --raw --out "$run/$name-expected.png" >/dev/null
        if [ ! -s "$evidence/$b.jsonl" ]; then
            flunk "$machine $name picture" "no $b traffic was recorded while show ran"
        elif "$host_bin" decode --panel "${panel[$name]}" --trace "$evidence/$b.jsonl" --raw --out "$evidence/$b-decoded.png" >"$run/$name-decode.txt" 2>&1 \
            && cmp -s "$run/$name-expected.png" "$evidence/$b-decoded.png"; then
            pass "$machine $name picture from the registers equals show's ($(wc -l <"$evidence/$b.jsonl") transactions)"
        else
            flunk "$machine $name picture" "decoded picture differs from show's ($(tail -n 1 "$run/$name-decode.txt"); $evidence/$b-decoded.png)"
        fi
        # The QEMU lines behind it, as recorded (the first 2000 of this controller's stores).
        grep -a -h -E "addr 0x[0-9a-f]*${base[$b]}[0-9a-f]{3} " "$run/boot1/trace-$name-show.log" 2>/dev/null | head -n 2000 >"$evidence/$b.qemu-trace.txt" || true

        # The service: its traffic fits the panels and lights them, and after `systemctl stop`
        # (on the first boot, and on the second, where systemd started it) they are dark.
        convert "$run/boot1" "$name" "$run/$name-service.jsonl" service
        if [ -s "$run/$name-service.jsonl" ] && "$host_bin" decode --panel "${panel[$name]}" --trace "$run/$name-service.jsonl" --raw --out "$run/$name-service.png" >"$run/$name-service.txt" 2>&1 \
            && ! cmp -s "$run/$name-black.png" "$run/$name-service.png"; then
            pass "$machine $name service traffic decodes to a lit picture ($(wc -l <"$run/$name-service.jsonl") transactions)"
        else
            flunk "$machine $name service traffic" "nothing lit or a misfit: $(tail -n 1 "$run/$name-service.txt" 2>/dev/null || echo 'none recorded')"
        fi
        for stop in boot1:service,kill,stop boot2:boot2; do
            dir=${stop%%:*} phases=${stop#*:}
            label="$name-$dir-stopped"
            # shellcheck disable=SC2086
            convert "$run/$dir" "$name" "$run/$label.jsonl" ${phases//,/ }
            if [ "$b" = gpio ]; then
                levels=$(cat "$run/$label.levels" 2>/dev/null || echo '?')
                if [ -s "$run/$label.jsonl" ] && python3 -c "import json,sys; sys.exit(0 if $oe_pin in json.load(open(sys.argv[1])) else 1)" "$run/$label.levels"; then
                    pass "$machine $name dark after systemctl stop ($dir: OE high; lines high at the end: $levels)"
                else
                    flunk "$machine $name dark after systemctl stop ($dir)" "OE (GPIO $oe_pin) is not high at the end (lines high: $levels)"
                fi
            elif [ -s "$run/$label.jsonl" ] && "$host_bin" decode --panel "${panel[$name]}" --trace "$run/$label.jsonl" --raw --out "$run/$label.png" >/dev/null 2>&1 \
                && cmp -s "$run/$name-black.png" "$run/$label.png"; then
                pass "$machine $name dark after systemctl stop ($dir)"
            else
                flunk "$machine $name dark after systemctl stop ($dir)" "the decoded panel is not dark ($run/$label.png)"
            fi
        done
    done
    # The traces are gigabytes; what decodes again is in the evidence.
    [ -n "${RASPI_KEEP_TRACES:-}" ] || rm -f "$run"/boot*/trace-*.log "$run/sd.img"
    echo "$machine: boot 1 (install, pictures, service) ${boot1} s, boot 2 ${boot2} s"
done

echo "raspi: set-up ${prepared} s, whole run $((SECONDS - started)) s"
echo "raspi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
