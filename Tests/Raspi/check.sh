#!/bin/sh
# `make test-raspi`, on the emulated Raspberry Pi (raspi-check.service runs it from the boot
# partition once the board has booted). What a Pi user does after writing the card: install the
# arm64 package with apt, show a picture on each panel, start the service and stop it.
#
# It prints "RASPI: ok NAME", "RASPI: not ok NAME: WHY" and "RASPI: note TEXT" lines, and
# "RASPI-PHASE begin|end NAME" around each stretch whose bus traffic the host records (it waits
# a moment after each, so the host can switch QEMU's trace on or off before the traffic starts).
# What the host decodes or reads afterwards goes to /boot/firmware/raspi-out. The first boot
# ends with a reboot (QEMU's -no-reboot turns it into an exit); the host then boots the card a
# second time, with the service enabled, and this script's second part checks that boot.
set -u
here=/boot/firmware/raspi
out=/boot/firmware/raspi-out
mkdir -p "$out"
say() { echo "RASPI: $*"; }
ok() { say "ok $1"; }
fail() { say "not ok $1: $2"; }
check() { # NAME WHY COMMAND...: ok when COMMAND succeeds
    name=$1 why=$2
    shift 2
    if "$@"; then ok "$name"; else fail "$name" "$why"; fi
}
phase() { echo "RASPI-PHASE $1 $2"; sleep "${3:-3}"; }
# The service's user with its groups, exec'd in place (runuser would stay the parent, catch the
# SIGTERM and exit with 143 whatever pixelwheel did).
as_service_user() { setpriv --reuid=pixelwheel --regid=pixelwheel --init-groups -- "$@"; }
panel_hub75=$(cat "$here/hub75.panel")
panel_max7219=$(cat "$here/max7219.panel")
panel_ht16k33=$(cat "$here/ht16k33.panel")

state=$(systemctl is-system-running --wait)
say "note booted: $state, $(uptime -p)"

if [ -e /var/lib/raspi-check/first-boot-done ]; then
    # The second boot: the service was enabled, so systemd started it at boot.
    check second-boot-service-active "the service did not start at boot" systemctl is-active --quiet pixelwheel
    # Its line once the panels are open may come a little after systemd's "Started".
    for _ in $(seq 60); do
        journalctl -b -u pixelwheel --no-pager -o short-monotonic >"$out/journal-boot2.txt"
        grep -q 'pixelwheel: GPIO: ' "$out/journal-boot2.txt" && break
        sleep 1
    done
    # The service's first line (its panels are open), in seconds since the kernel started.
    started=$(grep -m 1 'pixelwheel\[[0-9]*\]: pixelwheel: GPIO: ' "$out/journal-boot2.txt" | sed 's/^\[ *\([0-9.]*\)\].*/\1/')
    echo "$started" >"$out/boot-to-start.txt"
    check second-boot-panels-open "no line from the service with its panels open within a minute" test -n "$started"
    say "note boot to the service's panels open: ${started:-?} s since the kernel started (emulated)"
    # A few seconds of what it shows, then the stop.
    phase begin boot2 1
    sleep 3
    systemctl stop pixelwheel
    phase end boot2 1
    check second-boot-stopped "the service did not stop" sh -c '! systemctl is-active --quiet pixelwheel'
    sync
    say "done"
    systemctl reboot
    exit 0
fi

# What the board is.
{
    echo "model: $(tr -d '\0' </proc/device-tree/model)"
    echo "kernel: $(uname -r) ($(uname -m))"
    echo "compatible: $(tr '\0' ' ' </proc/device-tree/compatible)"
} >"$out/board.txt"
say "note $(head -n 1 "$out/board.txt"); $(sed -n 2p "$out/board.txt")"
check model-is-a-pi "no Raspberry Pi model in the device tree" grep -q 'Raspberry Pi' "$out/board.txt"
check kernel-is-aarch64 "the kernel is not aarch64" test "$(uname -m)" = aarch64
ls -l /dev/gpiochip* /dev/spidev* /dev/i2c-* >"$out/nodes-before.txt" 2>&1

# The package, as a user installs it: apt, from the file (its dependencies are on the card).
deb=$(ls "$here"/pixelwheel_*_arm64.deb | head -n 1)
cp "$deb" /var/tmp/
if (cd /var/tmp && apt-get install -y "./${deb##*/}") >"$out/apt.txt" 2>&1; then
    ok apt-install
else
    fail apt-install "apt could not install ${deb##*/} (see apt.txt)"
fi
install -m 644 "$here/board.toml" /etc/pixelwheel/pixelwheel.toml

# The device nodes: Debian's udev rules give none of them a group; the package's rules must.
udevadm settle
ls -l /dev/gpiochip* /dev/spidev* /dev/i2c-* >"$out/nodes.txt" 2>&1
id pixelwheel >>"$out/nodes.txt"
node_group() { test "$(stat -c '%G %a' "$1")" = "$2 660"; }
check gpiochip-group "/dev/gpiochip0 is not gpio 660: $(stat -c '%G %a' /dev/gpiochip0)" node_group /dev/gpiochip0 gpio
check spidev-group "/dev/spidev0.0 is not spi 660: $(stat -c '%G %a' /dev/spidev0.0 2>&1)" node_group /dev/spidev0.0 spi
check i2c-group "/dev/i2c-1 is not i2c 660: $(stat -c '%G %a' /dev/i2c-1 2>&1)" node_group /dev/i2c-1 i2c
check user-groups "pixelwheel is not in gpio, spi and i2c: $(id pixelwheel)" \
    sh -c 'id -nG pixelwheel | tr " " "\n" | grep -cx -e gpio -e spi -e i2c | grep -qx 3'

# doctor, as the service's user: what it says this board has and lacks.
as_service_user pixelwheel doctor --config /etc/pixelwheel/pixelwheel.toml >"$out/doctor.txt" 2>&1
echo "exit $?" >>"$out/doctor.txt"
check doctor-model "doctor did not name the model" grep -q 'model: Raspberry Pi' "$out/doctor.txt"
# Its advice must fit this board: config.txt already has dtparam=audio=off, so a loaded
# snd_bcm2835 needs a blacklist, and no node may send the user to root's group.
check doctor-advice "doctor's advice does not fit this board: $(grep 'fix:' "$out/doctor.txt" | tr '\n' ' ')" \
    sh -c "! grep -q -e 'add dtparam=audio=off' -e 'usermod -aG root' '$out/doctor.txt'"
check doctor-nodes "doctor says the service user cannot use a node" \
    sh -c "grep -q 'gpiochip0 (GPIO.*you can use it' '$out/doctor.txt' && grep -q 'spidev0.0 (SPI.*you can use it' '$out/doctor.txt' && grep -q 'i2c-1 (I2C.*you can use it' '$out/doctor.txt'"

# The picture on each panel with `pixelwheel show --hardware`, as the service's user. HUB75 is
# refreshed until SIGTERM; the chips keep the picture.
phase begin hub75-show
timeout --preserve-status -s TERM 10 setpriv --reuid=pixelwheel --regid=pixelwheel --init-groups -- pixelwheel show "$here/picture.png" --hardware --panel "$panel_hub75" >"$out/show-hub75.txt" 2>&1
status=$?
phase end hub75-show 1
check hub75-show "show --hardware on HUB75 exited with $status: $(tail -n 1 "$out/show-hub75.txt")" test $status -eq 0
phase begin max7219-show
as_service_user pixelwheel show "$here/picture.png" --hardware --panel "$panel_max7219" >"$out/show-max7219.txt" 2>&1
status=$?
phase end max7219-show 1
check max7219-show "show --hardware on MAX7219 exited with $status: $(tail -n 1 "$out/show-max7219.txt")" test $status -eq 0
phase begin ht16k33-show
as_service_user pixelwheel show "$here/picture.png" --hardware --panel "$panel_ht16k33" >"$out/show-ht16k33.txt" 2>&1
status=$?
phase end ht16k33-show 1
check ht16k33-show "show --hardware on HT16K33 exited with $status: $(tail -n 1 "$out/show-ht16k33.txt")" test $status -eq 0

# The service: enabled and started as a user does, then killed, then stopped.
phase begin service
systemctl enable --now pixelwheel >"$out/enable.txt" 2>&1
sleep 12
check service-active "the service is not running: $(systemctl is-active pixelwheel)" systemctl is-active --quiet pixelwheel
pid=$(systemctl show -p MainPID --value pixelwheel)
user=$(ps -o user= -p "$pid" 2>/dev/null)
check service-user "the service runs as '$user', not pixelwheel" test "$user" = pixelwheel
grep -E '^(Groups|CapEff|CapPrm|CapBnd|CapAmb|VmRSS|VmHWM):' "/proc/$pid/status" >"$out/service-status.txt" 2>&1
say "note service resident memory: $(grep VmRSS "$out/service-status.txt" | tr -s ' \t' ' '), peak $(grep VmHWM "$out/service-status.txt" | tr -s ' \t' ' ')"
check service-capabilities "effective capabilities are not just CAP_SYS_NICE and CAP_NET_BIND_SERVICE" \
    grep -q '^CapEff:[[:space:]]*0000000000800400$' "$out/service-status.txt"
phase end service 1
# SIGKILL cannot be caught: the lines keep their last levels until systemd starts it again.
phase begin kill 1
kill -9 "$pid"
sleep 10
again=$(systemctl show -p MainPID --value pixelwheel)
check service-restarts "no new process after kill -9 (MainPID $again)" sh -c "[ '$again' != 0 ] && [ '$again' != '$pid' ] && systemctl is-active --quiet pixelwheel"
sleep 3
phase end kill 1
phase begin stop 1
systemctl stop pixelwheel
phase end stop 1
check service-stopped "systemctl stop left it $(systemctl is-active pixelwheel)" sh -c '! systemctl is-active --quiet pixelwheel'
journalctl -b -u pixelwheel --no-pager -o short-monotonic >"$out/journal.txt"
# Every line any pixelwheel process wrote (the service, and announce before it as root) that
# says error, and the start line the service prints once its panels are open.
grep -i 'pixelwheel\[[0-9]*\]: .*error' "$out/journal.txt" >"$out/journal-errors.txt"
check journal-start-line "no start line from pixelwheel in the journal" grep -q 'pixelwheel\[[0-9]*\]: pixelwheel: GPIO: ' "$out/journal.txt"
check journal-no-errors "errors in the journal: $(head -n 1 "$out/journal-errors.txt")" test ! -s "$out/journal-errors.txt"

# For the second boot: the service enabled, as a user leaves it.
mkdir -p /var/lib/raspi-check && touch /var/lib/raspi-check/first-boot-done
sync
say "done"
systemctl reboot
