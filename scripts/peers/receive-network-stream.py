#!/usr/bin/env python3
"""Receives what a PixelWheel sending panel sends, as an independent receiver for the tests.

    receive-network-stream.py PROTOCOL PORT WIDTH HEIGHT SECONDS OUT [UNIVERSE]

Listens on 127.0.0.1:PORT (or the address in PIXELWHEEL_RECEIVE_ADDRESS) for SECONDS and
writes every whole frame it received to OUT, one line of hex RGB (row-major from the
top-left) per frame, a frame repeated back-to-back written once.

- e131: PyPI's `sacn` receiver (an independent implementation). It calls back when a
  universe's data changes; a frame is written once every universe of the picture has data.
  Exit status 3 when `sacn` is missing.
- ddp: PyPI's `python-led-ddp` parses every datagram (`ddp.packet.Packet.from_bytes`: the
  10- or 14-byte header, push flag, offset, length, data); this script only places the data
  at its offset and writes the frame on push. Exit status 3 when the package is missing.
- artnet: no receiver from PyPI is used. The parsing below was written from the protocol's
  description (Art-Net 4: ArtDmx opcode 0x5000, port address Net << 8 | SubUni, 170 RGB pixels
  per universe; ArtSync 0x5200 shows the frame), not from PixelWheel's Swift code. OLA's
  Art-Net node receives the artnet panel too, in `make test-ola` (scripts/test/test-ola.sh).
"""

import importlib
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
peer = importlib.import_module("send-network-stream").peer


class Frames:
    def __init__(self, path):
        self.out = open(path, "w")
        self.last = None

    def write(self, frame):
        line = bytes(frame).hex()
        if line != self.last:
            self.out.write(line + "\n")
            self.out.flush()
            self.last = line


def datagrams(sock, deadline):
    """Every datagram that arrives before `deadline`."""
    while time.time() < deadline:
        try:
            yield sock.recv(65536)
        except socket.timeout:
            continue


def receive_ddp(sock, size, frames, deadline):
    Packet = peer("ddp.packet", "python-led-ddp").Packet
    buffer = bytearray(size)
    for data in datagrams(sock, deadline):
        try:
            packet = Packet.from_bytes(data)
        except Exception:  # the library's own reading of a datagram it cannot parse
            continue
        if packet.header.packet_type.version != 1:
            continue
        offset = packet.header.offset
        payload = packet.data[:packet.header.length]
        end = min(size, offset + len(payload))
        if offset < end:
            buffer[offset:end] = payload[:end - offset]
        if packet.header.packet_type.push:
            frames.write(buffer)


def receive_artnet(sock, size, universe, frames, deadline):
    buffer = bytearray(size)
    for data in datagrams(sock, deadline):
        if len(data) < 12 or data[:8] != b"Art-Net\x00":
            continue
        opcode = data[8] | data[9] << 8
        if opcode == 0x5200:
            frames.write(buffer)
        elif opcode == 0x5000 and len(data) >= 18:
            port = data[15] << 8 | data[14]
            length = int.from_bytes(data[16:18], "big")
            start = (port - universe) * 510
            if start < 0:
                continue
            channels = data[18:18 + length][:510]
            end = min(size, start + len(channels))
            if start < end:
                buffer[start:end] = channels[:end - start]


def receive_e131(address, port, size, universe, frames, seconds):
    sacn = peer("sacn", "sacn")
    count = (size + 509) // 510
    latest = {}
    receiver = sacn.sACNreceiver(bind_address=address, bind_port=port)

    def listen(number):
        @receiver.listen_on("universe", universe=number)
        def callback(packet):
            latest[number] = bytes(packet.dmxData[:510])
            if len(latest) == count:
                frame = b"".join(latest[universe + i] for i in range(count))
                frames.write(frame[:size])

    for index in range(count):
        listen(universe + index)
    receiver.start()
    time.sleep(seconds)
    receiver.stop()


def main():
    protocol, port, width, height, seconds, out = sys.argv[1:7]
    universe = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    port, seconds = int(port), float(seconds)
    size = int(width) * int(height) * 3
    address = os.environ.get("PIXELWHEEL_RECEIVE_ADDRESS", "127.0.0.1")
    frames = Frames(out)
    if protocol == "e131":
        receive_e131(address, port, size, universe, frames, seconds)
        return
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    sock.bind((address, port))
    sock.settimeout(0.1)
    deadline = time.time() + seconds
    if protocol == "ddp":
        receive_ddp(sock, size, frames, deadline)
    elif protocol == "artnet":
        receive_artnet(sock, size, universe, frames, deadline)
    else:
        sys.exit("protocol must be ddp, e131 or artnet")


if __name__ == "__main__":
    main()
