#!/usr/bin/env bash
# ArtPoll as Art-Net controllers send it, answered by `pixelwheel sim` across two network
# namespaces.
#
#   test-artpoll.sh BINARY
#
# A veth link joins a controller's namespace (10.79.0.1/24) to the receiver's (10.79.0.2/24).
# The receiver shows a 16x8 Art-Net panel listening first on 0.0.0.0, then on 10.79.0.2 alone.
# Each time, the controller (plain Python sockets, the packets written from Art-Net 4's
# description) binds Art-Net's port 6454 and polls three ways: unicast to 10.79.0.2, to the
# link's broadcast address 10.79.0.255 and to 255.255.255.255. Every poll must be answered
# from 10.79.0.2 with one ArtPollReply whose IP Address (bytes 10-13) and BindIp (207-210) are
# 10.79.0.2, which is where the controller then sends its ArtDmx.
#
# Prints one line a case and "artpoll: passed"; exits 77 (skipped) without root or `ip netns`,
# 1 when a case fails. Bounded: every process runs under `timeout`, and the namespaces are
# removed on exit however the script ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/netns-pair.sh
binary=$(realpath "$1")
tag="pwa$$"
netns_require "$tag"
work=$(mktemp -d)
trap 'netns_remove "$tag" c r; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
netns_pair "$tag" c 10.79.0.1/24 r 10.79.0.2/24
controller=(ip netns exec "$tag-c") receiver=(ip netns exec "$tag-r")
"${controller[@]}" ip route add default dev "${tag}a"  # where 255.255.255.255 goes out

failed=0
for listen in 0.0.0.0 10.79.0.2; do
    printf 'brightness = 100\n' > "$work/state.conf"
    "${receiver[@]}" timeout 20 "$binary" sim --no-tty --real-time --seconds 6 --size 16x8 --network artnet \
        --network-listen "$listen" --network-allow 10.79.0.0/24 --state "$work/state.conf" > "$work/receiver.log" 2>&1 &
    pid=$!
    sleep 1.5
    "${controller[@]}" timeout 15 /usr/bin/python3 - "$listen" <<'PYTHON' || failed=1
import socket, sys, time
listen = sys.argv[1]
poll = b"Art-Net\0" + bytes([0x00, 0x20, 0, 14, 0x02, 0x10])  # OpPoll, protocol 14, flags, priority
controller = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
controller.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
controller.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
controller.bind(("0.0.0.0", 6454))
controller.settimeout(0.2)
failed = False
for target in ("10.79.0.2", "10.79.0.255", "255.255.255.255"):
    replies = []
    for attempt in range(3):  # the receiver may still be starting
        controller.sendto(poll, (target, 6454))
        end = time.time() + 1
        while time.time() < end:
            try:
                data, sender = controller.recvfrom(2048)
            except socket.timeout:
                continue
            if data[:8] == b"Art-Net\0" and data[8:10] == bytes([0x00, 0x21]):
                replies.append((sender[0], socket.inet_ntoa(data[10:14]), socket.inet_ntoa(data[207:211]), len(data)))
        if replies:
            break
    good = len(replies) == 1 and replies[0][:3] == ("10.79.0.2",) * 3 and replies[0][3] == 239
    failed |= not good
    print(f"artpoll: {'ok' if good else 'FAILED'}: listening on {listen}, poll to {target}: "
          f"{len(replies)} replies (from, IP Address, BindIp, length) {replies}")
sys.exit(1 if failed else 0)
PYTHON
    wait "$pid" || { echo "pixelwheel sim failed listening on $listen:"; cat "$work/receiver.log"; failed=1; }
done
[ "$failed" = 0 ] || exit 1
echo "artpoll: passed"
