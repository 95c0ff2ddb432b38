#!/usr/bin/env bash
# `make test-ola`: PixelWheel against the Open Lighting Architecture (Debian's `ola`), an
# independent implementation of Art-Net, E1.31 and Open Pixel Control, both ways.
#
# Two network namespaces joined by a veth pair, as two machines on a LAN: the Pi (10.80.0.1)
# and a lighting desk running olad (10.80.0.2) with only its Art-Net, E1.31 and OPC plugins on.
#
# 1. OLA sends, PixelWheel shows. Three `pixelwheel sim --network …` receivers run in the Pi's
#    namespace, one a protocol, before olad starts. olad's Art-Net node must find the Art-Net
#    receiver by ArtPoll: it sends ArtDmx only to nodes whose ArtPollReply lists the universe.
#    Its E1.31 output multicasts to 239.255.0.31-33; its OPC client connects to the Pi's port 7890.
#    ola_set_dmx then sets the end-to-end tests' 24x16 picture (scripts/peers/ola-peer.py channels):
#    Art-Net universes 5-7, E1.31 31-33, and the first 170 pixels on OPC channel 0 (one OLA
#    universe). Each receiver's frames must include the picture, byte for byte, and end on it.
# 2. PixelWheel sends, OLA records. `run --simulate` plays the rain on an `artnet` panel
#    (universes 1-3) and an `e131` panel (11-13), both to olad, while ola_recorder records those
#    OLA universes. Every universe OLA received must be part of a frame PixelWheel sent, every
#    frame's universes together a whole frame, and the last frame sent the last received.
#
# Needs root (ip netns) and the `ola` package (installed by `make test-ola`); exits 77 (skipped)
# without them. olad refuses to run as root, so it runs as its package's user `olad`. Bounded:
# every process runs under `timeout`; the namespaces and the temporary folder are removed on exit
# however the script ends. Usage: test-ola.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/netns-pair.sh
binary=$(realpath "${1:-.build/debug/pixelwheel}")
skip() { echo "ola: skipped: $1"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root for ip netns"
command -v ip > /dev/null || skip "no ip command (iproute2)"
command -v olad > /dev/null || skip "no olad (apt-get install ola)"
id olad > /dev/null 2>&1 || skip "no user olad (the ola package makes it)"
[ -x "$binary" ] || { echo "no pixelwheel binary at $binary; build first"; exit 2; }
tag="pwo$$"
work=$(mktemp -d)
chmod 755 "$work"
SECONDS=0
pids=()
cleanup() {
    netns_kill "$tag" pi desk
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    netns_remove "$tag" pi desk
    if [ -n "${KEEP_OLA_FILES:-}" ]; then echo "files kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
in_ns() { local ns=$1; shift; ip netns exec "$tag-$ns" "$@"; }
peer() { /usr/bin/python3 scripts/peers/ola-peer.py "$@"; }

netns_pair "$tag" pi 10.80.0.1/24 desk 10.80.0.2/24
in_ns pi ip route add 239.255.0.0/16 dev "${tag}a"
in_ns desk ip route add 239.255.0.0/16 dev "${tag}b"

# olad's configuration: every other plugin off; Art-Net and E1.31 on the link; the OPC client
# aimed at the Pi. ola-port.conf patches the ports to OLA universes ("PLUGIN-DEVICE-I|O-PORT";
# Art-Net is plugin 2, E1.31 11, OPC 21). An Art-Net port's address is the OLA universe modulo 16
# (net and subnet 0), an E1.31 port's universe the OLA universe itself.
conf="$work/ola"
mkdir -p "$conf"
for plugin in dummy espnet ftdidmx gpio karate kinet milinst opendmx osc pathport renard sandnet \
    shownet spi stageprofi uartdmx usbdmx usbserial dmx4linux; do
    echo "enabled = false" > "$conf/ola-$plugin.conf"
done
printf 'enabled = true\nip = %s\nnet = 0\nsubnet = 0\nalways_broadcast = false\n' "${tag}b" > "$conf/ola-artnet.conf"
printf 'enabled = true\nip = %s\ninput_ports = 5\noutput_ports = 5\n' "${tag}b" > "$conf/ola-e131.conf"
printf 'enabled = true\ntarget = 10.80.0.1:7890\ntarget_10.80.0.1:7890_channel = 0\n' > "$conf/ola-openpixelcontrol.conf"
{
    printf '2-1-O-%d = %d\n' 0 5 1 6 2 7          # sends Art-Net 5-7
    printf '11-1-O-%d = %d\n' 0 31 1 32 2 33      # sends E1.31 31-33
    printf '21-10.80.0.1:7890-O-0 = 41\n'         # sends OPC channel 0
    printf '2-1-I-%d = %d\n' 0 1 1 2 2 3          # receives Art-Net 1-3
    printf '11-1-I-%d = %d\n' 0 11 1 12 2 13      # receives E1.31 11-13
} > "$conf/ola-port.conf"
chown -R olad "$conf"

# 1. OLA sends, PixelWheel shows.
printf 'brightness = 100\n' > "$work/state.conf"
receive() {  # receive PROTOCOL FIRST_UNIVERSE
    mkdir -p "$work/shown-$1"
    cp "$work/state.conf" "$work/state-$1.conf"
    in_ns pi timeout 30 "$binary" sim --no-tty --real-time --seconds 9 --size 24x16 --network "$1" \
        --network-listen 0.0.0.0 --network-allow 10.80.0.2/32 --network-timeout 10 --universe "$2" \
        --frames-out "$work/shown-$1" --state "$work/state-$1.conf" > "$work/receive-$1.log" 2>&1 &
    pids+=($!)
}
receive artnet 5
receive e131 31
receive opc 1
sleep 1
start_olad() {  # start_olad LOG: olad in the desk's namespace, until it answers
    # setpriv, not runuser or su: olad itself gets timeout's SIGTERM.
    in_ns desk timeout 40 setpriv --reuid=olad --regid=nogroup --clear-groups \
        olad --config-dir "$conf" --no-http --no-register-with-dns-sd --log-level 3 > "$1" 2>&1 &
    olad=$!
    pids+=("$olad")
    for _ in $(seq 50); do in_ns desk ola_uni_info > /dev/null 2>&1 && break; sleep 0.1; done
    in_ns desk ola_uni_info > /dev/null 2>&1 || { echo "ola: FAILED olad did not start:"; tail -n 5 "$1"; exit 1; }
}
start_olad "$work/olad-sending.log"
channels=()
for n in 0 1 2; do
    values=$(peer channels 24 16 $n) || { echo "ola: FAILED scripts/peers/ola-peer.py channels"; exit 1; }
    channels+=("$values")
done
set_dmx() {  # set_dmx UNIVERSE VALUES
    in_ns desk ola_set_dmx --universe "$1" --dmx "$2" > "$work/set-dmx.log" 2>&1 \
        || { echo "ola: FAILED ola_set_dmx for universe $1:"; tail -n 3 "$work/set-dmx.log"; exit 1; }
}
for _ in $(seq 10); do
    for n in 0 1 2; do
        set_dmx $((5 + n)) "${channels[$n]}"
        set_dmx $((31 + n)) "${channels[$n]}"
    done
    set_dmx 41 "${channels[0]}"
    sleep 0.5
done
status=0
for pid in "${pids[@]}"; do [ "$pid" = "$olad" ] || wait "$pid" || status=$?; done
pids=("$olad")
[ "$status" = 0 ] || { echo "ola: FAILED a pixelwheel receiver failed:"; tail -n 3 "$work"/receive-*.log; exit 1; }
result=0
echo -n "OLA's Art-Net output (found by ArtPoll), universes 5-7: "; peer shown "$work/shown-artnet" 24 16 1152 || result=1
echo -n "OLA's E1.31 output (multicast), universes 31-33: "; peer shown "$work/shown-e131" 24 16 1152 || result=1
echo -n "OLA's OPC client, channel 0 (170 pixels): "; peer shown "$work/shown-opc" 24 16 510 || result=1

# 2. PixelWheel sends, OLA records, in a new olad: olad 0.10.9 ends itself (SIGTERM, after
# "Descriptor … already in read set") when an OPC server it is connected to closes, as the
# receivers just did; a plain Python server closing does the same, so it is OLA's, not ours.
netns_kill "$tag" desk    # olad and its timeout
wait "$olad" 2> /dev/null || true
for _ in $(seq 50); do in_ns desk ola_uni_info > /dev/null 2>&1 || break; sleep 0.1; done
pids=()
start_olad "$work/olad-receiving.log"
cat > "$work/send.toml" <<TOML
[app]
fps = 20
start = "rain"

[[panel]]
type = "artnet"
host = "10.80.0.2"
universe = 1
width = 24
height = 16

[[panel]]
type = "e131"
host = "10.80.0.2"
universe = 11
width = 24
height = 16
TOML
mkdir -p "$work/sent"
in_ns desk timeout 20 ola_recorder --record "$work/ola.show" --universes 1,2,3,11,12,13 --duration 6 \
    > "$work/recorder.log" 2>&1 &
recorder=$!
pids+=("$recorder")
sleep 1
in_ns pi timeout 20 "$binary" run --config "$work/send.toml" --simulate --no-tty --real-time --seconds 3 \
    --state "$work/state.conf" --frames-out "$work/sent" > "$work/send.log" 2>&1 \
    || { echo "ola: FAILED the sending run failed:"; tail -n 3 "$work/send.log"; exit 1; }
wait "$recorder" || true
[ -s "$work/ola.show" ] || { echo "ola: FAILED ola_recorder wrote nothing:"; tail -n 3 "$work/recorder.log"; exit 1; }
echo "OLA's Art-Net (1-3) and E1.31 (11-13) inputs, from PixelWheel's artnet and e131 panels:"
peer recorded "$work/ola.show" "$work/sent" 1,11 || result=1
if [ "$result" = 0 ]; then echo "ola: passed in $SECONDS s"; else echo "ola: FAILED in $SECONDS s"; fi
exit "$result"
