#!/usr/bin/env python3
"""Sends one test picture to a PixelWheel receiver on loopback, for the end-to-end tests.

    send-network-stream.py PROTOCOL PORT WIDTH HEIGHT SECONDS [BIND_ADDRESS]

The picture is pixel (x, y) = ((x * 37 + 11) % 256, (y * 53 + 7) % 256, (x * y * 13 + 5) % 256),
row-major from the top-left; the test rebuilds it and compares the recorded PNG byte for byte.
It is sent about 20 times a second for SECONDS; with PIXELWHEEL_PICTURE=inverted, every byte
is 255 minus the picture's (a second stream that must not be mistaken for the first).

- e131: the `sacn` package from PyPI (an independent sender: LedFx and many scripts use it),
  unicast to 127.0.0.1. `sacn` always sends to E1.31's standard port, so its module constant
  for that port is set to PORT; its packets are built and sent by the library unchanged.
  With PIXELWHEEL_UNIVERSE_SIZE=N each universe carries N channels of the picture's bytes (default
  510, 170 pixels), one run of channels across them: with 512 a pixel may begin in one universe
  and end in the next, as xLights and FPP number channels for 512-channel universes.
- e131-multicast: the same `sacn` sender, but multicast to each universe's group
  239.255.hi.lo from BIND_ADDRESS (scripts/test/test-multicast.sh runs it in a network namespace).
- e131-multicast-sync: the same, with `sacn`'s sync: every universe names sync universe 63999,
  and a sync packet follows each frame, multicast to that universe's group.
- e131-sync-never: E1.31 data written from the standard's description, unicast to 127.0.0.1,
  every packet naming sync universe 7000 and no sync packet ever sent (as a receiver beyond a
  router sees a sender whose syncs are multicast): E1.31-2018 says it is shown as it comes.
- ddp, wled-udp, tpm2, opc (TCP), opc-udp (one OPC message a datagram), flaschen: the bytes are
  written from the protocols' descriptions (docs/network.md) with plain sockets. DDP packets
  carry PIXELWHEEL_DDP_BYTES bytes each (default 1440), so a frame may split inside a pixel. LedFx's own
  code sends DDP, WLED UDP and OPC datagrams too, in scripts/peers/send-with-ledfx.py.

Exit status 3 when the `sacn` package is missing.
"""

import os
import importlib
import socket
import sys
import time


def peer(module, package):
    """Imports `module` of PyPI's `package`, the independent peer a test script runs with; exits
    with status 3 (the tests' "peer missing"), naming the pip command, when it is not there."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        print(f"{package} is missing ({error}): pip install {package}", file=sys.stderr)
        sys.exit(3)


def picture(width, height):
    data = bytearray()
    for y in range(height):
        for x in range(width):
            data += bytes(((x * 37 + 11) % 256, (y * 53 + 7) % 256, (x * y * 13 + 5) % 256))
    return bytes(data)


def send_e131(port, pixels, seconds, bind_address="127.0.0.1", multicast=False, synced=False):
    sacn = peer("sacn", "sacn")
    peer("sacn.sending.sender_socket_udp", "sacn").DEFAULT_PORT = port
    sender = sacn.sACNsender(bind_address=bind_address, bind_port=0, source_name="PixelWheel test",
                             fps=20, universeDiscovery=False)
    sender.start()
    if synced:
        # sacn's own sync: flush() sends every universe naming sync universe 63999, then a
        # sync packet multicast to that universe's group (239.255.249.255).
        sender.manual_flush = True
    size = int(os.environ.get("PIXELWHEEL_UNIVERSE_SIZE", "510"))
    universes = [pixels[i:i + size] for i in range(0, len(pixels), size)]
    for index, channels in enumerate(universes):
        sender.activate_output(index + 1)
        if multicast:
            sender[index + 1].multicast = True
        else:
            sender[index + 1].destination = "127.0.0.1"
        sender[index + 1].dmx_data = tuple(channels)
    if synced:
        end = time.time() + seconds
        while time.time() < end:
            sender.flush()
            time.sleep(0.05)
    else:
        time.sleep(seconds)
    sender.stop()


def send_datagrams(port, packets, seconds):
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    end = time.time() + seconds
    while time.time() < end:
        for packet in packets:
            out.sendto(packet, ("127.0.0.1", port))
        time.sleep(0.05)


def e131_data(universe, sequence, channels, sync_universe):
    """An E1.31 data packet (ANSI E1.31-2018 §4-7): root, framing and DMP layers, start code 0."""
    length = 126 + len(channels)
    root = ((0x0010).to_bytes(2, "big") + bytes(2) + b"ASC-E1.17\0\0\0"
            + (0x7000 | (length - 16)).to_bytes(2, "big") + (4).to_bytes(4, "big") + bytes(range(16)))
    framing = ((0x7000 | (length - 38)).to_bytes(2, "big") + (2).to_bytes(4, "big")
               + b"PixelWheel test".ljust(64, b"\0") + bytes([100]) + sync_universe.to_bytes(2, "big")
               + bytes([sequence & 0xFF, 0]) + universe.to_bytes(2, "big"))
    dmp = ((0x7000 | (length - 115)).to_bytes(2, "big") + bytes([0x02, 0xA1]) + (0).to_bytes(2, "big")
           + (1).to_bytes(2, "big") + (len(channels) + 1).to_bytes(2, "big") + bytes([0]) + channels)
    return root + framing + dmp


def send_e131_never_synced(port, pixels, seconds):
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    universes = [pixels[i:i + 510] for i in range(0, len(pixels), 510)]
    end, sequence = time.time() + seconds, 0
    while time.time() < end:
        for index, channels in enumerate(universes):
            out.sendto(e131_data(index + 1, sequence, channels, 7000), ("127.0.0.1", port))
        sequence += 1
        time.sleep(0.05)


def ddp_packets(pixels, size=1440):
    packets = []
    for offset in range(0, len(pixels), size):
        chunk = pixels[offset:offset + size]
        last = offset + size >= len(pixels)
        flags = 0x40 | (0x01 if last else 0)
        packets.append(bytes([flags, 0, 0x0B, 1]) + offset.to_bytes(4, "big") + len(chunk).to_bytes(2, "big") + chunk)
    return packets


def send_opc(port, pixels, seconds):
    end = time.time() + seconds
    while time.time() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
                while time.time() < end:
                    connection.sendall(bytes([0, 0]) + len(pixels).to_bytes(2, "big") + pixels)
                    time.sleep(0.05)
        except OSError:
            time.sleep(0.1)


def main():
    kind, port, width, height, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    pixels = picture(width, height)
    if os.environ.get("PIXELWHEEL_PICTURE") == "inverted":  # a second, different stream
        pixels = bytes(255 - value for value in pixels)
    if kind == "e131":
        send_e131(port, pixels, seconds)
    elif kind == "e131-multicast":
        send_e131(port, pixels, seconds, bind_address=sys.argv[6], multicast=True)
    elif kind == "e131-multicast-sync":
        send_e131(port, pixels, seconds, bind_address=sys.argv[6], multicast=True, synced=True)
    elif kind == "e131-sync-never":
        send_e131_never_synced(port, pixels, seconds)
    elif kind == "ddp":
        send_datagrams(port, ddp_packets(pixels, int(os.environ.get("PIXELWHEEL_DDP_BYTES", "1440"))), seconds)
    elif kind == "wled-udp":
        send_datagrams(port, [bytes([2, 5]) + pixels], seconds)
    elif kind == "tpm2":
        send_datagrams(port, [bytes([0x9C, 0xDA]) + len(pixels).to_bytes(2, "big") + bytes([1, 1]) + pixels + bytes([0x36])], seconds)
    elif kind == "flaschen":
        send_datagrams(port, [b"P6\n%d %d\n255\n" % (width, height) + pixels], seconds)
    elif kind == "opc":
        send_opc(port, pixels, seconds)
    elif kind == "opc-udp":
        send_datagrams(port, [bytes([0, 0]) + len(pixels).to_bytes(2, "big") + pixels], seconds)
    else:
        print("unknown protocol " + kind, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
