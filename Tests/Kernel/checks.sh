#!/bin/bash
# The kernel checks, run inside the VM (as root, in a chroot of the host's read-only root):
# PixelWheel's own code paths against the real gpio-sim and i2c-stub drivers. Each check prints
# one line; the last line is "N passed, N failed".
set -u
dir=$1
pw="$dir/.build/kernel-test/pixelwheel"

# The shared root is read-only; /run is the VM's own tmpfs.
work=/run/pw
mkdir -p "$work/tmp"
export HOME="$work" XDG_STATE_HOME="$work/state" TMPDIR="$work/tmp"
passed=0 failed=0
check() {  # NAME then a command: passes when the command succeeds (PW_ONLY=word runs only matching checks)
    local name=$1; shift
    case "$name" in *"${PW_ONLY:-}"*) ;; *) return ;; esac
    if "$@" > "$work/out" 2>&1; then
        echo "PW: ok - $name"; passed=$((passed + 1))
    else
        echo "PW: FAILED - $name"; sed "s/^/PW:     /" "$work/out" | tail -n 20; failed=$((failed + 1))
    fi
}

# Two gpio-sim chips: an unrelated one first (so it gets the lower number), then one labelled
# like a Pi 4's GPIO controller.
cfg=/sys/kernel/config/gpio-sim/pw
mkdir -p $cfg/bank0 $cfg/bank1
echo other-chip > $cfg/bank0/label; echo 8 > $cfg/bank0/num_lines
echo pinctrl-bcm2711 > $cfg/bank1/label; echo 58 > $cfg/bank1/num_lines
echo 1 > $cfg/live
pichip=$(gpiodetect | sed -n 's/^\(gpiochip[0-9]*\) \[pinctrl-bcm2711\].*/\1/p')
sim=$(ls -d /sys/devices/platform/gpio-sim.*/"$pichip")
pull() { echo "$2" > "$sim/sim_gpio$1/pull"; }        # pull LINE pull-up|pull-down
value() { cat "$sim/sim_gpio$1/value"; }

# --- chip discovery and the encoder end to end -------------------------------------------
cat > "$work/encoder.toml" <<TOML
[app]
fps = 10
[encoder]
a = 5
b = 6
switch = 13
TOML
detent() {  # one detent clockwise with contact bounce: 11 → 01 → 00 → 10 → 11
    for step in "5 pull-down" "6 pull-down" "5 pull-up" "6 pull-up"; do
        set -- $step
        pull $1 $2; pull $1 $([ $2 = pull-up ] && echo pull-down || echo pull-up); pull $1 $2   # chatter
        sleep 0.05
    done
}
detent_back() {  # one detent counter-clockwise, without bounce: 11 → 10 → 00 → 01 → 11
    for step in "6 pull-down" "5 pull-down" "6 pull-up" "5 pull-up"; do
        set -- $step; pull $1 $2; sleep 0.05
    done
}
click() {  # the switch, with bounce on the press
    pull 13 pull-down; sleep 0.05; pull 13 pull-up; pull 13 pull-down; sleep 0.15; pull 13 pull-up; sleep 0.3
}
encoder_end_to_end() {
    rm -rf "$work/frames" "$work/reference" "$work/state"; mkdir -p "$work/frames" "$work/reference"
    "$pw" run --config "$work/encoder.toml" --simulate-panels --seconds 20 --frames-out "$work/frames" --state "$work/enc.conf" &
    local run=$!
    for _ in $(seq 1 100); do gpioinfo "$pichip" | grep -q '"pixelwheel"' && break; sleep 0.2; done
    gpioinfo "$pichip" | grep -E "line +(5|6|13):" | grep -q '"pixelwheel"' || { echo "inputs not requested"; kill $run; return 1; }
    gpioinfo other-chip | grep -q pixelwheel && { echo "the other chip was used"; kill $run; return 1; }
    sleep 1; detent; detent; detent; sleep 0.5
    click
    sleep 2; kill -TERM $run; wait $run || { echo "run exited $?"; return 1; }
    printf '0.1 rotate +3\n0.3 select\n' > "$work/ref.script"
    "$pw" sim --no-tty --fps 10 --seconds 1 --script "$work/ref.script" --frames-out "$work/reference" --state "$work/ref.conf" > /dev/null
    last=$(ls "$work/frames" | tail -n 1); ref=$(ls "$work/reference" | tail -n 1)
    cmp "$work/frames/$last" "$work/reference/$ref" || { echo "the last frame is not Extras opened after three detents"; return 1; }
}
check "a chip labelled pinctrl-bcm2711 is found by label; three bouncing detents and a click open Extras" encoder_end_to_end
if [ -x "$dir/.build/kernel-test/pixelwheel-gpiod2" ]; then
    # The same with the build against libgpiod 2.x (make test-gpiod2), whose libgpiod.so.3 the
    # binary finds through its rpath in the shared root.
    encoder_with_gpiod2() {
        local release=$pw
        pw="$dir/.build/kernel-test/pixelwheel-gpiod2"
        "$pw" doctor > /dev/null
        encoder_end_to_end
        local result=$?
        pw=$release
        return $result
    }
    check "libgpiod 2.x: the same encoder check on the build against libgpiod 2.2" encoder_with_gpiod2
else
    echo "PW: (no libgpiod 2.x build: run make test-gpiod2 first to check the encoder on it too)"
fi

# --- HUB75 outputs and their consumer ----------------------------------------------------
cat > "$work/hub75.toml" <<TOML
[app]
fps = 5
[[panel]]
type = "hub75"
rows = 16
cols = 32
pwm-bits = 2
TOML
hub75_outputs() {
    "$pw" run --config "$work/hub75.toml" --seconds 60 --state "$work/hub.conf" > "$work/first.log" 2>&1 &
    local run=$!
    for _ in $(seq 1 100); do gpioinfo "$pichip" | grep -E "line +17:" | grep -q '"pixelwheel"' && break; sleep 0.2; done
    for line in 4 17 18 22 23 24 11 27 7 8 9 10; do
        gpioinfo "$pichip" | grep -E "line +$line:" | grep -q '"pixelwheel" *output' || {
            echo "GPIO $line is not a pixelwheel output"; gpioinfo "$pichip" | grep -E "line +(4|17|27):"; echo "run said:"; cat "$work/first.log"; kill $run; return 1; }
    done
    if "$pw" run --config "$work/hub75.toml" --seconds 1 --state "$work/hub2.conf" > "$work/second.log" 2>&1; then
        echo "a second run on the same lines succeeded"; kill $run; return 1
    fi
    grep -q "is in use by 'pixelwheel'" "$work/second.log" || { echo "second run said:"; cat "$work/second.log"; kill $run; return 1; }
    [ "$(grep -c . "$work/second.log")" -le 2 ] || { echo "more than two lines:"; cat "$work/second.log"; kill $run; return 1; }
    kill -TERM $run; wait $run || { echo "SIGTERM: exit $?"; cat "$work/first.log"; return 1; }
    gpioinfo "$pichip" | grep -E "line +17:" | grep -q unused || { echo "GPIO 17 still held after SIGTERM"; return 1; }
}
check "HUB75 lines are outputs held by 'pixelwheel'; a second run names the consumer; SIGTERM releases them" hub75_outputs

# --- driven values: `wiring` holds one signal high through the same libgpiod backend -----
wiring_values() {
    "$pw" wiring --config "$work/hub75.toml" > "$work/table" || return 1
    grep GPIO "$work/table" > "$work/rows"
    for signal in R1 OE A B2; do
        local gpio=$(awk -v s=$signal '$1 == s { print $3 }' "$work/table")
        "$pw" wiring --config "$work/hub75.toml" --line $signal --seconds 60 > "$work/wiring.log" 2>&1 &
        local run=$!
        for _ in $(seq 1 100); do gpioinfo "$pichip" | grep -E "line +$gpio:" | grep -q '"pixelwheel"' && break; sleep 0.2; done
        # Every line of the wiring, read back from gpio-sim: only the signal's own is high.
        while read -r other _ line _; do
            local want=0; [ "$line" = "$gpio" ] && want=1
            [ "$(value $line)" = $want ] || { echo "$signal held: $other (GPIO $line) reads $(value $line), not $want"; cat "$work/wiring.log"; kill $run; return 1; }
        done < "$work/rows"
        grep -q "^$signal is high on GPIO $gpio" "$work/wiring.log" || { cat "$work/wiring.log"; kill $run; return 1; }
        kill -TERM $run; wait $run || { echo "wiring exited $?"; return 1; }
        gpioinfo "$pichip" | grep -E "line +$gpio:" | grep -q unused || { echo "GPIO $gpio still held"; return 1; }
    done
    [ "$(wc -l < "$work/rows")" = 12 ] || { echo "not 12 lines (16 rows: OE CLK LAT A B C and six colours):"; cat "$work/table"; return 1; }
}
check "driven values: 'wiring --line' holds R1, OE, A and B2 high in turn, every other HUB75 line reads low in gpio-sim" wiring_values

# --- permissions -------------------------------------------------------------------------
no_permission() {  # as nobody, with no groups: the device nodes are root's, mode 0600
    if setpriv --reuid=65534 --regid=65534 --clear-groups "$pw" run --config "$work/encoder.toml" --simulate-panels \
        --seconds 1 --state /run/pw/nobody.conf > "$work/nobody.log" 2>&1; then
        echo "run succeeded without access to the GPIO chips"; return 1
    fi
    cat "$work/nobody.log"
    grep -q "no permission to open /dev/gpiochip" "$work/nobody.log" && grep -q "usermod -aG gpio" "$work/nobody.log" \
        && [ "$(grep -c . "$work/nobody.log")" -le 2 ] || return 1
    # doctor says the same. The VM is no Pi, so it reads a root that says it is one (model,
    # groups) with this VM's /dev, where the chips now belong to group gpio, mode 0660.
    local fake="$work/pi-root"
    mkdir -p "$fake/proc/device-tree" "$fake/etc"
    printf 'Raspberry Pi 4 Model B Rev 1.5\0' > "$fake/proc/device-tree/model"
    echo "gpio:x:997:" > "$fake/etc/group"
    ln -sfn /dev "$fake/dev"
    chgrp 997 /dev/gpiochip*; chmod 0660 /dev/gpiochip*
    setpriv --reuid=65534 --regid=65534 --clear-groups "$pw" doctor --root "$fake" > "$work/doctor.log" 2>&1
    local status=$?
    chgrp 0 /dev/gpiochip*; chmod 0600 /dev/gpiochip*
    cat "$work/doctor.log"
    [ $status = 1 ] && grep -A1 "/dev/$pichip (GPIO.*group gpio, and you are not in it" "$work/doctor.log" | grep -q "fix: sudo usermod -aG gpio"
}
check "permissions: a user without access is told, in one line, the device node and the group to join; doctor says the same" no_permission

# --- I2C panels through i2c-stub (SMBus only: the block-write fallback) ------------------
# An HT16K33 at 0x70, and an IS31FL3731 at 0x74 whose registers 0x00–0xB3 are banked by its
# command register 0xFD (page 0 the plain registers, pages 1–7 and the function page 0x0B banks).
stub() { insmod "$dir/.build/kernel-test/i2c-stub.ko" chip_addr=0x70,0x74 bank_reg=0,0xfd bank_mask=0,0x0f bank_start=0,0x00 bank_end=0,0xb3; }
stub
ht16k33_on_the_bus() {
    local image="$dir/docs/screenshots/menu-8x8-marquee.png"
    "$pw" show "$image" --panel ht16k33:device=/dev/i2c-0 --hardware || return 1
    ht16k33_ram "$work/from-chip.png" || return 1
    "$pw" show "$image" --panel ht16k33 --raw --out "$work/expected.png" > /dev/null || return 1
    cmp "$work/from-chip.png" "$work/expected.png" || { echo "the chip's RAM shows another picture (RAM $ram)"; return 1; }
}
ht16k33_ram() {  # the chip's display RAM back through i2c-tools, decoded by the HT16K33 model into $1
    ram=$(/usr/sbin/i2cget -y 0 0x70 0 i 16 | sed 's/0x//g; s/ //g')   # one SMBus block read: never half a frame
    printf '{"bus":"i2c","address":"0x70","bytes":"21"}\n{"bus":"i2c","address":"0x70","bytes":"81"}\n{"bus":"i2c","address":"0x70","bytes":"ef"}\n{"bus":"i2c","address":"0x70","bytes":"00%s"}\n' "$ram" > "$work/ram.jsonl"
    "$pw" decode --panel ht16k33 --trace "$work/ram.jsonl" --raw --out "$1" > /dev/null
}
check "HT16K33 at 0x70 on /dev/i2c-0: the RAM read back with i2c-tools decodes to the picture shown" ht16k33_on_the_bus


is31fl3731_on_the_bus() {
    local image="$dir/docs/screenshots/menu-64x32-list.png"
    "$pw" show "$image" --panel is31fl3731:device=/dev/i2c-0 --hardware || return 1
    # What the chip holds, read back page by page, replayed as a trace the IS31FL3731 model decodes:
    # the function page's mode, frame and shutdown registers, then frame 0's LED enables and PWM.
    /usr/sbin/i2cset -y 0 0x74 0xfd 0x0b
    local mode=$(/usr/sbin/i2cget -y 0 0x74 0x00 b) frame=$(/usr/sbin/i2cget -y 0 0x74 0x01 b) shutdown=$(/usr/sbin/i2cget -y 0 0x74 0x0a b)
    [ "$shutdown" = 0x01 ] || { echo "the chip is left in shutdown ($shutdown)"; return 1; }
    /usr/sbin/i2cset -y 0 0x74 0xfd 0x00
    local page=""
    for start in 0 30 60 90 120 150; do
        page="$page$(/usr/sbin/i2cget -y 0 0x74 $start i 30 | sed 's/0x//g; s/ //g')"
    done
    byte() { printf '%02x' "$1"; }
    printf '{"bus":"i2c","address":"0x74","bytes":"fd0b"}\n{"bus":"i2c","address":"0x74","bytes":"00%s"}\n{"bus":"i2c","address":"0x74","bytes":"01%s"}\n{"bus":"i2c","address":"0x74","bytes":"0a%s"}\n{"bus":"i2c","address":"0x74","bytes":"fd00"}\n{"bus":"i2c","address":"0x74","bytes":"00%s"}\n' \
        "$(byte $mode)" "$(byte $frame)" "$(byte $shutdown)" "${page:0:360}" > "$work/is31.jsonl"
    "$pw" decode --panel is31fl3731 --trace "$work/is31.jsonl" --raw --out "$work/is31-chip.png" > /dev/null || return 1
    "$pw" show "$image" --panel is31fl3731 --raw --out "$work/is31-expected.png" > /dev/null || return 1
    # (Without the banks the function page's writes would land in frame 0's LED enables.)
    cmp "$work/is31-chip.png" "$work/is31-expected.png" || { echo "the chip's frame 0 shows another picture"; return 1; }
}
check "IS31FL3731 at 0x74, its pages banked by i2c-stub: frame 0 and the function page read back decode to the picture shown" is31fl3731_on_the_bus

# --- a device that vanishes: i2c-stub removed and inserted again during a run --------------
cat > "$work/vanish.toml" <<TOML
[app]
fps = 5
[[panel]]
type = "ht16k33"
device = "/dev/i2c-0"
[encoder]
a = 5
b = 6
switch = 13
TOML
vanish() {
    rm -rf "$work/vframes" "$work/vanish.conf"; mkdir -p "$work/vframes"
    "$pw" run --config "$work/vanish.toml" --seconds 120 --frames-out "$work/vframes" --state "$work/vanish.conf" > "$work/vanish.log" 2>&1 &
    local run=$!
    for _ in $(seq 1 100); do [ "$(ls "$work/vframes" | wc -l)" -gt 3 ] && break; sleep 0.2; done
    ht16k33_ram "$work/before.png"; [ "$ram" != 00000000000000000000000000000000 ] || { echo "nothing on the chip"; kill $run; return 1; }
    # PixelWheel holds /dev/i2c-0 only while it writes a frame, so the module can go.
    local removed=no
    for _ in $(seq 1 50); do rmmod i2c_stub 2> /dev/null && { removed=yes; break; }; sleep 0.1; done
    [ $removed = yes ] && [ ! -e /dev/i2c-0 ] || { echo "i2c-stub could not be removed"; kill $run; return 1; }
    # While it is gone (more than two probe intervals): Settings → Brightness, two steps down.
    sleep 1; detent; detent; detent; detent; click; click; detent_back; detent_back; sleep 6
    kill -0 $run || { echo "run ended while the device was gone"; cat "$work/vanish.log"; return 1; }
    stub
    # Back: within a probe interval the chip is started again and its whole display rewritten.
    # The RAM must hold one of the frames sent around the time it is read.
    # (A frame may go out as several writes, so a read can fall between two: up to 3 tries.)
    touch "$work/mark"; sleep 5
    local match=no
    for _ in 1 2 3; do
        ht16k33_ram "$work/after.png" || { kill $run; return 1; }
        sleep 0.5
        for frame in $(find "$work/vframes" -newer "$work/mark" -name '*.png' | sort | tail -n 8); do
            "$pw" show "$frame" --panel ht16k33 --dither none --raw --out "$work/candidate.png" > /dev/null
            cmp -s "$work/candidate.png" "$work/after.png" && { match=yes; break 2; }
        done
    done
    [ $match = yes ] || { echo "the RAM after coming back (RAM $ram) is none of the frames sent"; kill $run; return 1; }
    kill -TERM $run; wait $run || { echo "run exited $?"; cat "$work/vanish.log"; return 1; }
    cat "$work/vanish.log"
    [ "$(grep -c 'went away' "$work/vanish.log")" = 1 ] || { echo "not reported missing exactly once"; return 1; }
    [ "$(grep -c 'is back; its display was rewritten' "$work/vanish.log")" = 1 ] || { echo "not reported back exactly once"; return 1; }
    sed 's/^/PW:     /' "$work/vanish.log" > /dev/console
    # The encoder was answered all along: brightness 60 → 50 %, turned while the chip was gone.
    grep -qx "brightness = 50" "$work/vanish.conf" || { echo "settings:"; cat "$work/vanish.conf"; return 1; }
}
check "a vanishing I2C device: i2c-stub removed mid-run is reported once, the menu answers the encoder meanwhile, and on its return the display is rewritten" vanish

# --- the wall of scripts/test/test-wall.sh under the kernel's own netem ----------------------------
# The build machines' kernels have no sch_netem, so on the host `make test-wall` puts a relay on
# each link; this kernel has netem, network namespaces and veth, so here the same wall runs with
# netem's loss, delay and reordering on the sender's end of every link, as the issue asks.
wall_under_netem() {
    WALL_NEEDS_NETEM=1 bash "$dir/scripts/test/test-wall.sh" "$pw" > "$work/wall.out" 2>&1
    local status=$?
    cat "$work/wall.out"
    return $status
}
check "a wall of three receivers fed DDP by a sender through netem (5 % loss, 5 ms ± 2 ms, 10 % reordered): never mixed, late joiner joins" wall_under_netem
# What netem dropped on each link and what each receiver showed, passed or not.
[ -f "$work/wall.out" ] && grep -E '^(link|receiver|wall)' "$work/wall.out" | sed 's/^/PW:     /'

echo "PW: $passed passed, $failed failed"
