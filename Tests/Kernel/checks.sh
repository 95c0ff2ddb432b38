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
        echo "PW: FAILED - $name"; sed 's/^/PW:     /' "$work/out" | head -n 15; failed=$((failed + 1))
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
encoder_end_to_end() {
    rm -rf "$work/frames" "$work/reference" "$work/state"; mkdir -p "$work/frames" "$work/reference"
    "$pw" run --config "$work/encoder.toml" --simulate-panels --seconds 20 --frames-out "$work/frames" --state "$work/enc.conf" &
    local run=$!
    for _ in $(seq 1 100); do gpioinfo "$pichip" | grep -q '"pixelwheel"' && break; sleep 0.2; done
    gpioinfo "$pichip" | grep -E "line +(5|6|13):" | grep -q '"pixelwheel"' || { echo "inputs not requested"; kill $run; return 1; }
    gpioinfo other-chip | grep -q pixelwheel && { echo "the other chip was used"; kill $run; return 1; }
    sleep 1; detent; detent; sleep 0.5
    pull 13 pull-down; sleep 0.05; pull 13 pull-up; pull 13 pull-down; sleep 0.15; pull 13 pull-up   # bounce, press, release
    sleep 2; kill -TERM $run; wait $run || { echo "run exited $?"; return 1; }
    printf '0.1 rotate +2\n0.3 select\n' > "$work/ref.script"
    "$pw" sim --no-tty --fps 10 --seconds 1 --script "$work/ref.script" --frames-out "$work/reference" --state "$work/ref.conf" > /dev/null
    last=$(ls "$work/frames" | tail -n 1); ref=$(ls "$work/reference" | tail -n 1)
    cmp "$work/frames/$last" "$work/reference/$ref" || { echo "the last frame is not Extras opened after two detents"; return 1; }
}
check "a chip labelled pinctrl-bcm2711 is found by label; two bouncing detents and a click open Extras" encoder_end_to_end
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

# --- permissions -------------------------------------------------------------------------
no_permission() {  # as nobody, with no groups: the device nodes are root's, mode 0600
    if setpriv --reuid=65534 --regid=65534 --clear-groups "$pw" run --config "$work/encoder.toml" --simulate-panels \
        --seconds 1 --state /run/pw/nobody.conf > "$work/nobody.log" 2>&1; then
        echo "run succeeded without access to the GPIO chips"; return 1
    fi
    cat "$work/nobody.log"
    grep -q "no permission to open /dev/gpiochip" "$work/nobody.log" && grep -q "usermod -aG gpio" "$work/nobody.log" \
        && [ "$(grep -c . "$work/nobody.log")" -le 2 ]
}
check "permissions: a user without access is told, in one line, the device node and the group to join" no_permission

# --- I2C panels through i2c-stub (SMBus only: the block-write fallback) ------------------
insmod "$dir/.build/kernel-test/i2c-stub.ko" chip_addr=0x70
ht16k33_on_the_bus() {
    local image="$dir/docs/screenshots/menu-8x8-marquee.png"
    "$pw" show "$image" --panel ht16k33:device=/dev/i2c-0 --hardware || return 1
    # The chip's display RAM back through i2c-tools, as a trace the HT16K33 model decodes.
    local ram=""
    for r in $(seq 0 15); do ram="$ram$(/usr/sbin/i2cget -y 0 0x70 $r b | sed 's/0x//')"; done
    printf '{"bus":"i2c","address":"0x70","bytes":"21"}\n{"bus":"i2c","address":"0x70","bytes":"81"}\n{"bus":"i2c","address":"0x70","bytes":"ef"}\n{"bus":"i2c","address":"0x70","bytes":"00%s"}\n' "$ram" > "$work/ram.jsonl"
    "$pw" decode --panel ht16k33 --trace "$work/ram.jsonl" --raw --out "$work/from-chip.png" > /dev/null || return 1
    "$pw" show "$image" --panel ht16k33 --raw --out "$work/expected.png" > /dev/null || return 1
    cmp "$work/from-chip.png" "$work/expected.png" || { echo "the chip's RAM shows another picture (RAM $ram)"; return 1; }
}
check "HT16K33 at 0x70 on /dev/i2c-0: the RAM read back with i2c-tools decodes to the picture shown" ht16k33_on_the_bus

echo "PW: $passed passed, $failed failed"
