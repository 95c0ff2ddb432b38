#!/usr/bin/env bash
# E1.31 multicast into `pixelwheel sim`, proven between two network namespaces.
#
#   test-multicast.sh BINARY PYTHON FRAMES_DIR [any|link]
#
# With `link` the receiver listens on its link's address (10.78.0.2) instead of 0.0.0.0: the
# groups are then joined on that interface alone, each on a socket bound to the group.
#
# Makes two namespaces joined by a veth pair (sender 10.78.0.1, receiver 10.78.0.2, each with a
# route for 239.255.0.0/16 on the link). In the receiver's, `pixelwheel sim --no-tty
# --real-time` shows a 128x64 panel (49 universes: more groups than Linux's default 20 a
# socket) listening on 0.0.0.0, the stream holding the display 10 s so the last frame is the
# stream's, and records what it shows into FRAMES_DIR. In the sender's, PyPI's `sacn` (run by PYTHON, which must have it)
# sends scripts/send-network-stream.py's test picture as multicast E1.31 to 239.255.0.1…49. The
# caller compares the last frame with the picture.
#
# Exits 77 (skipped) without root or `ip netns`, 1 when a run fails. Bounded: every process runs
# under `timeout`; the namespaces are removed on exit however the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "$1"); python=$2; frames=$3; where=${4:-any}
[ "$(id -u)" = 0 ] || { echo "skipped: needs root for ip netns"; exit 77; }
command -v ip > /dev/null || { echo "skipped: no ip command (iproute2)"; exit 77; }
tag="pwm$$"
ip netns add "$tag-probe" 2> /dev/null || { echo "skipped: ip netns add is not allowed here"; exit 77; }
ip netns del "$tag-probe"
work=$(mktemp -d)
cleanup() {
    ip netns del "$tag-s" 2> /dev/null || true
    ip netns del "$tag-r" 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

in_ns() { local ns=$1; shift; ip netns exec "$tag-$ns" "$@"; }
. scripts/netns-pair.sh
netns_pair "$tag" s 10.78.0.1/24 r 10.78.0.2/24
in_ns s ip route add 239.255.0.0/16 dev "${tag}a"
in_ns r ip route add 239.255.0.0/16 dev "${tag}b"

case "$where" in
    any) listen=0.0.0.0 ;;
    link) listen=10.78.0.2 ;;
    *) echo "the fourth argument must be any or link"; exit 2 ;;
esac
printf 'brightness = 100\n' > "$work/state.conf"
in_ns r timeout 20 "$binary" sim --no-tty --real-time --seconds 4 --size 128x64 --network e131 --network-timeout 10 \
    --network-listen "$listen" --network-allow 10.78.0.1/32 --frames-out "$frames" --state "$work/state.conf" \
    > "$work/receiver.log" 2>&1 &
receiver=$!
sleep 1
in_ns s timeout 20 "$python" scripts/send-network-stream.py e131-multicast 5568 128 64 2 10.78.0.1 > "$work/sender.log" 2>&1 \
    || { echo "the sacn sender failed:"; cat "$work/sender.log"; exit 1; }
status=0
wait "$receiver" || status=$?
cat "$work/receiver.log"
[ "$status" = 0 ] || { echo "pixelwheel sim failed (status $status)"; exit 1; }
echo "multicast: sent from 10.78.0.1 to 239.255.0.1-49, received on $listen"
