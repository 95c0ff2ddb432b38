#!/usr/bin/env bash
# E1.31 multicast into `pixelwheel sim`, proven between two network namespaces.
#
#   test-multicast.sh BINARY PYTHON FRAMES_DIR [any|link|sync|link-sync]
#
# With `sync` the sender uses `sacn`'s E1.31 sync: the data names sync universe 63999 (not one
# of the panel's), and once its first sync packet, multicast to that universe's group, has
# arrived, each frame is shown only on the next: the receiver must join that group when the
# data asks for it. `link-sync` is the same with the receiver on its link's address alone, so
# the sync group must be joined on that interface; the script then also checks the group in
# the receiver's /proc/net/igmp while the stream plays.
#
# With `link` the receiver listens on its link's address (10.78.0.2) instead of 0.0.0.0, so the
# groups are joined on that interface alone, and a second link joins the receiver's namespace
# to a second sender (10.78.1.1) multicasting an inverted picture to the same groups, shown by
# a second `sim` listening on 10.78.1.2 (FRAMES_DIR-other). Both allow 10.78.0.0/16, so only
# the interface keeps the streams apart: each receiver's frames, from its first stream frame
# on, must all be its own sender's picture, never the other's nor a mix.
#
# Makes two namespaces joined by a veth pair (sender 10.78.0.1, receiver 10.78.0.2, each with a
# route for 239.255.0.0/16 on the link). In the receiver's, `pixelwheel sim --no-tty
# --real-time` shows a 128x64 panel (49 universes: more groups than Linux's default 20 a
# socket) listening on 0.0.0.0, the stream holding the display 10 s so the last frame is the
# stream's, and records what it shows into FRAMES_DIR. In the sender's, PyPI's `sacn` (run by PYTHON, which must have it)
# sends scripts/peers/send-network-stream.py's test picture as multicast E1.31 to 239.255.0.1…49. The
# caller compares the last frame with the picture.
#
# Exits 77 (skipped) without root or `ip netns`, 1 when a run fails. Bounded: every process runs
# under `timeout`; the namespaces are removed on exit however the script ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/netns-pair.sh
binary=$(realpath "$1"); python=$2; frames=$3; where=${4:-any}
tag="pwm$$"
netns_require "$tag"
work=$(mktemp -d)
cleanup() {
    netns_remove "$tag" s r s2
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

in_ns() { local ns=$1; shift; ip netns exec "$tag-$ns" "$@"; }
netns_pair "$tag" s 10.78.0.1/24 r 10.78.0.2/24
in_ns s ip route add 239.255.0.0/16 dev "${tag}a"
in_ns r ip route add 239.255.0.0/16 dev "${tag}b"

case "$where" in
    any) listen=0.0.0.0; allow=10.78.0.1/32 ;;
    link) listen=10.78.0.2; allow=10.78.0.0/16 ;;
    sync) listen=0.0.0.0; allow=10.78.0.1/32 ;;
    link-sync) listen=10.78.0.2; allow=10.78.0.1/32 ;;
    *) echo "the fourth argument must be any, link, sync or link-sync"; exit 2 ;;
esac
kind=e131-multicast
case "$where" in *sync) kind=e131-multicast-sync ;; esac
receive() {  # receive ADDRESS FRAMES LOG: a 128x64 E1.31 receiver in the background
    cp "$work/state.conf" "$work/state-$3.conf"
    in_ns r timeout 20 "$binary" sim --no-tty --real-time --seconds 4 --size 128x64 --network e131 --network-timeout 10 \
        --network-listen "$1" --network-allow "$allow" --frames-out "$2" --state "$work/state-$3.conf" \
        > "$work/$3.log" 2>&1 &
    receivers+=($!)
}
printf 'brightness = 100\n' > "$work/state.conf"
receivers=()
receive "$listen" "$frames" receiver
if [ "$where" = link ]; then
    # The second sender, on a link of its own into the receiver's namespace.
    netns_pair "$tag" s2 10.78.1.1/24 r 10.78.1.2/24 c d
    in_ns s2 ip route add 239.255.0.0/16 dev "${tag}c"
    mkdir -p "$frames-other"
    receive 10.78.1.2 "$frames-other" other
fi
sleep 1
if [ "$where" = link ]; then
    PIXELWHEEL_PICTURE=inverted in_ns s2 timeout 20 "$python" scripts/peers/send-network-stream.py e131-multicast 5568 128 64 2 10.78.1.1 \
        > "$work/sender2.log" 2>&1 &
    second=$!
fi
if [ "$where" = link-sync ]; then
    # 63999 is 0xF9FF: group 239.255.249.255, in /proc/net/igmp as FFF9FFEF (network order, read as hex).
    ( sleep 1.5; in_ns r cat /proc/net/igmp > "$work/igmp" ) &
    igmp_reader=$!
fi
in_ns s timeout 20 "$python" scripts/peers/send-network-stream.py "$kind" 5568 128 64 2 10.78.0.1 > "$work/sender.log" 2>&1 \
    || { echo "the sacn sender failed:"; cat "$work/sender.log"; exit 1; }
if [ "$where" = link-sync ]; then
    wait "$igmp_reader"
    grep -qi "FFF9FFEF" "$work/igmp" || { echo "the sync universe's group 239.255.249.255 was not joined:"; cat "$work/igmp"; exit 1; }
    echo "multicast: the sync group 239.255.249.255 was joined on ${tag}b"
fi
if [ "$where" = link ]; then
    wait "$second" || { echo "the second sacn sender failed:"; cat "$work/sender2.log"; exit 1; }
fi
status=0
for pid in "${receivers[@]}"; do wait "$pid" || status=$?; done
cat "$work"/receiver.log
[ "$status" = 0 ] || { echo "pixelwheel sim failed (status $status):"; cat "$work"/*.log; exit 1; }
echo "multicast: sent from 10.78.0.1 to 239.255.0.1-49, received on $listen"
if [ "$where" = link ]; then
    /usr/bin/python3 - "$frames" "$frames-other" <<'PYTHON' || exit 1
import importlib, os, sys
sys.path.insert(0, "scripts/peers")
picture = importlib.import_module("send-network-stream").picture
read_png = importlib.import_module("check-wall-frames").read_png
mine = picture(128, 64)
theirs = bytes(255 - value for value in mine)
failed = False
for folder, own, other in ((sys.argv[1], mine, theirs), (sys.argv[2], theirs, mine)):
    shown = [b"".join(read_png(os.path.join(folder, name))[2]) for name in sorted(os.listdir(folder)) if name.endswith(".png")]
    first = next((index for index, frame in enumerate(shown) if frame == own), None)
    strays = [] if first is None else [index for index, frame in enumerate(shown[first:], first) if frame != own]
    crossed = sum(1 for frame in shown if frame == other)
    good = first is not None and not strays and crossed == 0
    failed |= not good
    print(f"{'ok' if good else 'FAILED'}: {os.path.basename(folder)}: own stream from frame {first}, "
          f"{len(strays)} later frames not it, {crossed} frames of the other link's stream")
sys.exit(1 if failed else 0)
PYTHON
fi
