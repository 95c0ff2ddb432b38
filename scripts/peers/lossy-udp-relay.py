#!/usr/bin/env python3
"""A UDP relay that loses, delays and reorders datagrams as `tc qdisc … netem` would, for
`make test-wall` on kernels built without netem (CONFIG_NET_SCH_NETEM).

    lossy-udp-relay.py LISTEN_ADDR LISTEN_PORT TO_ADDR TO_PORT SECONDS [SEED]

Every datagram to LISTEN_ADDR:LISTEN_PORT is dropped with probability 5 %; otherwise 10 % go
on at once and the rest after 5 ms ± 2 ms (uniform), which reorders them as netem's
`loss 5% delay 5ms 2ms reorder 10%` does. Stops after SECONDS; at most 10 000 datagrams wait
(more are dropped). Prints `relay: N in, N lost, N reordered, N dropped (full)` at the end.
"""

import heapq
import random
import select
import socket
import sys
import time

LOSS, REORDER, DELAY, JITTER, MAXIMUM_WAITING = 0.05, 0.10, 0.005, 0.002, 10_000


def main():
    listen_addr, listen_port, to_addr, to_port, seconds = sys.argv[1:6]
    rng = random.Random(int(sys.argv[6]) if len(sys.argv) > 6 else 1)
    inbound = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    inbound.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    inbound.bind((listen_addr, int(listen_port)))
    outbound = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    target = (to_addr, int(to_port))
    waiting, order = [], 0
    received = lost = reordered = full = 0
    deadline = time.monotonic() + float(seconds)
    while time.monotonic() < deadline:
        now = time.monotonic()
        while waiting and waiting[0][0] <= now:
            outbound.sendto(heapq.heappop(waiting)[2], target)
        timeout = max(0.0, min(0.05, (waiting[0][0] - now) if waiting else 0.05))
        ready, _, _ = select.select([inbound], [], [], timeout)
        if not ready:
            continue
        data = inbound.recv(65536)
        received += 1
        if rng.random() < LOSS:
            lost += 1
        elif rng.random() < REORDER:
            reordered += 1
            outbound.sendto(data, target)
        elif len(waiting) >= MAXIMUM_WAITING:
            full += 1
        else:
            order += 1
            heapq.heappush(waiting, (time.monotonic() + DELAY + rng.uniform(-JITTER, JITTER), order, data))
    print(f"relay: {received} in, {lost} lost, {reordered} reordered, {full} dropped (full)")


if __name__ == "__main__":
    main()
