#!/usr/bin/env python3
"""Sends the end-to-end tests' picture to a PixelWheel receiver on loopback with PyPI's
`opclib`, whose `opc.Client` is Fadecandy's own Python client for Open Pixel Control over TCP:
an independent OPC (TCP) sender.

    send-with-opc-client.py opc PORT WIDTH HEIGHT SECONDS

The picture is the one scripts/peers/send-network-stream.py sends, given to `put_pixels` as a list of
(r, g, b) tuples on channel 0, about 20 times a second for SECONDS. The client connects (and
reconnects) by itself on each call, so it may start before the receiver listens. Exit status 3
when the package is missing.
"""

import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
stream = importlib.import_module("send-network-stream")
picture = stream.picture
opc = stream.peer("opclib.opc", "opclib")


def main():
    port, width, height, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    data = picture(width, height)
    pixels = [(data[at], data[at + 1], data[at + 2]) for at in range(0, len(data), 3)]
    client = opc.Client(f"127.0.0.1:{port}")
    end = time.time() + seconds
    sent = 0
    while time.time() < end:
        if client.put_pixels(pixels, channel=0):
            sent += 1
        time.sleep(0.05)
    client.disconnect()
    if sent == 0:
        print("opclib never reached the receiver", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
