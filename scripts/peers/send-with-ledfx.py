#!/usr/bin/env python3
"""Sends the end-to-end tests' picture to a PixelWheel receiver on loopback with LedFx's own
packet code (PyPI's `ledfx`, the music visualiser people point at WLED and DDP displays): an
independent sender for the protocols that have no other one here.

    send-with-ledfx.py PROTOCOL PORT WIDTH HEIGHT SECONDS

PROTOCOL is one of:
- ddp: `DDPDevice.send_out`, as LedFx's DDP device sends each frame (split at 480 pixels a
  packet, the push flag on the last, sequence 1-15);
- warls, drgb, drgbw, dnrgb: LedFx's `build_*_packet` for WLED's UDP realtime protocols, sent as
  its UDP realtime device sends them (DNRGB in chunks of 489 pixels from their start index);
- opc: `OpenPixelControl.send_out`, LedFx's OPC device, which sends each message as one UDP
  datagram.

The picture is the one scripts/peers/send-network-stream.py sends, about 20 times a second for
SECONDS. LedFx's functions take the pixels as a NumPy array of RGB rows, as its devices get
them. Exit status 3 when `ledfx` is missing.
"""

import importlib
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
stream = importlib.import_module("send-network-stream")
picture = stream.picture
np = stream.peer("numpy", "ledfx")
packets = stream.peer("ledfx.devices.packets", "ledfx")
DDPDevice = stream.peer("ledfx.devices.ddp", "ledfx").DDPDevice
OpenPixelControl = stream.peer("ledfx.devices.open_pixel_control", "ledfx").OpenPixelControl

TIMEOUT = 2  # seconds, WLED UDP's timeout byte


class OPCConfig:
    """What LedFx's OPC `send_out` reads of its device: channel and pixel count."""

    def __init__(self, count):
        self.config = {"channel": 0, "pixel_count": count}


def frames_sender(kind, port, rows, out):
    """One function that sends a whole frame the way LedFx's device of `kind` does."""
    count = len(rows)
    if kind == "ddp":
        state = {"frame": 0}

        def send():
            DDPDevice.send_out(out, "127.0.0.1", port, rows, state["frame"], 1)
            state["frame"] += 1
        return send
    if kind == "opc":
        device = OPCConfig(count)
        return lambda: OpenPixelControl.send_out(device, out, "127.0.0.1", port, rows)
    if kind == "dnrgb":
        chunks = [(start, rows[start:start + 489]) for start in range(0, count, 489)]
        built = [bytes(packets.build_dnrgb_packet(chunk, TIMEOUT, start)) for start, chunk in chunks]
    elif kind == "warls":
        built = [bytes(packets.build_warls_packet(rows, TIMEOUT, None))]
    elif kind == "drgb":
        built = [bytes(packets.build_drgb_packet(rows, TIMEOUT))]
    elif kind == "drgbw":
        built = [bytes(packets.build_drgbw_packet(rows, TIMEOUT))]  # LedFx sets white to 0
    else:
        raise SystemExit(f"unknown protocol {kind}")
    return lambda: [out.sendto(packet, ("127.0.0.1", port)) for packet in built]


def main():
    kind, port, width, height, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    flat = np.frombuffer(picture(width, height), dtype=np.uint8)
    rows = flat.reshape((width * height, 3)).astype(np.float64)
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    send = frames_sender(kind, port, rows, out)
    end = time.time() + seconds
    while time.time() < end:
        send()
        time.sleep(0.05)


if __name__ == "__main__":
    main()
