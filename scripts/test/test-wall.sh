#!/usr/bin/env bash
# `make test-wall`: a wall of three simulated Pis driven by a fourth over DDP, through lossy links.
#
# Makes one network namespace per simulated Pi (a sender, three receivers), each receiver joined
# to the sender by its own veth pair, with `tc netem` on the sender's end of every link (5 % loss,
# 5 ms ± 2 ms delay, 10 % reordered). The sender, `pixelwheel run --simulate --no-tty --real-time`,
# plays the digital rain on a 96x32 canvas of three 32x32 `ddp` tiles, one per receiver; each
# receiver, the same command with `--network ddp`, records what it shows with --frames-out (on a
# kernel without netem, scripts/peers/lossy-udp-relay.py does the same to the datagrams). The
# third receiver starts 4 s late. scripts/peers/check-wall-frames.py then checks every frame a receiver
# showed against the frames the sender sent for its tile: never mixed, joined within 15 frames.
#
# WALL_NEEDS_NETEM=1 fails rather than use the relay (the kernel-test VM sets it: its kernel has
# netem). Needs root (ip netns, tc). Bounded: every process runs under `timeout`; the namespaces and the
# temporary folder are removed on exit however the script ends. Usage: test-wall.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/netns-pair.sh
binary=$(realpath "${1:-.build/debug/pixelwheel}")
[ "$(id -u)" = 0 ] || { echo "test-wall needs root: ip netns and tc"; exit 2; }
[ -x "$binary" ] || { echo "no pixelwheel binary at $binary; build first"; exit 2; }
tag="pww$$"
work=$(mktemp -d)
SECONDS=0
pids=()

cleanup() {
    netns_kill "$tag" s r1 r2 r3
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    netns_remove "$tag" s r1 r2 r3
    if [ -n "${KEEP_WALL_FILES:-}" ]; then echo "files kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

in_ns() { local ns=$1; shift; ip netns exec "$tag-$ns" "$@"; }

# The namespaces and links: sender 10.77.N.1 (link TAGaN) <-> receiver N 10.77.N.2 (TAGbN).
for n in 1 2 3; do netns_pair "$tag" s "10.77.$n.1/24" "r$n" "10.77.$n.2/24" "a$n" "b$n"; done
# netem on the sender's end of each link; a kernel without it (CONFIG_NET_SCH_NETEM unset) gets
# the same loss, delay and reordering from a relay in each receiver's namespace instead: it takes
# the datagrams on the link's address and hands them to the receiver on the namespace's loopback.
relay=no
for n in 1 2 3; do
    if ! in_ns s tc qdisc add dev "${tag}a$n" root netem loss 5% delay 5ms 2ms reorder 10% 2> "$work/netem.err"; then
        relay=yes
    fi
done
if [ "$relay" = yes ] && [ -n "${WALL_NEEDS_NETEM:-}" ]; then
    echo "netem: $(cat "$work/netem.err"); WALL_NEEDS_NETEM is set, so no relay stands in for it"
    exit 1
fi
if [ "$relay" = yes ]; then
    echo "netem: $(cat "$work/netem.err"); using scripts/peers/lossy-udp-relay.py (the same loss 5%, delay 5ms 2ms, reorder 10%)"
fi

# The set-ups: the sender's three tiles, and one receiver's plain 32x32 picture.
printf 'brightness = 100\n' > "$work/state.conf"
{
    printf '[app]\nfps = 30\nstart = "rain"\n'
    for n in 1 2 3; do
        printf '\n[[panel]]\ntype = "ddp"\nhost = "10.77.%d.2"\nwidth = 32\nheight = 32\nx = %d\n' "$n" $(((n - 1) * 32))
    done
} > "$work/sender.toml"
printf '[app]\nfps = 30\nsize = "32x32"\n' > "$work/receiver.toml"

receive() {  # receive N SECONDS: receiver N in the background
    local n=$1 seconds=$2
    mkdir -p "$work/r$n"
    cp "$work/state.conf" "$work/r$n.conf"
    local listen=("--network-listen" "10.77.$n.2")
    if [ "$relay" = yes ]; then
        in_ns "r$n" timeout $((seconds + 10)) python3 scripts/peers/lossy-udp-relay.py "10.77.$n.2" 4048 127.0.0.1 4048 \
            "$((seconds + 1))" "$n" > "$work/relay$n.log" 2>&1 &
        pids+=($!)
        listen=("--network-listen" "127.0.0.1")
    fi
    in_ns "r$n" timeout $((seconds + 10)) "$binary" run --config "$work/receiver.toml" --simulate --no-tty --real-time \
        --seconds "$seconds" --network ddp "${listen[@]}" --network-allow "10.77.$n.1/32" --network-allow 127.0.0.1/32 --network-timeout 5 \
        --state "$work/r$n.conf" --frames-out "$work/r$n" > "$work/r$n.log" 2>&1 &
    pids+=($!)
}

receive 1 16
receive 2 16
sleep 1
mkdir -p "$work/s"
in_ns s timeout 30 "$binary" run --config "$work/sender.toml" --simulate --no-tty --real-time --seconds 12 \
    --state "$work/state.conf" --frames-out "$work/s" > "$work/s.log" 2>&1 &
sender=$!
pids+=("$sender")
sleep 4
receive 3 9
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
pids=()
if [ "$status" != 0 ]; then
    echo "a pixelwheel run failed (status $status):"
    tail -n 5 "$work"/*.log
    exit 1
fi
if [ "$relay" = yes ]; then
    for n in 1 2 3; do echo "link $n $(cat "$work/relay$n.log")"; done
else
    for n in 1 2 3; do
        in_ns s tc -s qdisc show dev "${tag}a$n" | sed -n 's/^ *Sent \([0-9]*\) bytes \([0-9]*\) pkt (dropped \([0-9]*\).*/link '"$n"': \2 packets, \3 dropped by netem/p'
    done
fi
result=0
python3 scripts/peers/check-wall-frames.py "$work/s" 32 32 "$work/r1" "$work/r2" "$work/r3:late" || result=$?
if [ "$result" = 0 ]; then echo "wall: passed in $SECONDS s"; else echo "wall: FAILED in $SECONDS s"; fi
exit "$result"
