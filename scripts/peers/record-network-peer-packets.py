#!/usr/bin/env python3
"""Records packets built by independent third-party senders as fixtures for PixelNetwork's parsers.

The senders run unmodified and nothing goes on the network: each library builds its packet bytes
as it would before sending them, and the script writes them, as hex, one packet per file, under
Tests/Fixtures/network/:

- `sacn` (PyPI), the E1.31 sender that LedFx and many scripts use: a data packet for universe 1
  (510 channels, channel n = n mod 256, priority 120, sequence 17), one for universe 2 held for
  sync universe 7 (24 channels 200..223), one with the stream-terminated option, and a sync
  packet for universe 7 (sequence 3); source name "PixelWheel peer", CID 0x00..0x0f;
- `stupidArtnet` (PyPI), an Art-Net sender: ArtDmx for net 1, sub-net 2, universe 3
  (port address 0x0123), 30 channels 10..39, and its ArtSync;
- `tpm2net.py` from github.com/sneu14/tpm2net (commit bd4e8f5), a small TPM2.net sender for
  WLED and the only independent TPM2.net sender found (nothing in PyPI or Debian's archive
  sends it): run unmodified with its socket and sleep swapped for recorders, it sends 29
  packets of 29 channels, packet i lighting channel i; packets 0 and 10 are kept. Give its path
  with `--tpm2net-script PATH` (a copy from the repository above); without it those fixtures are
  left as they are.

Tests/PixelNetworkTests/PeerPacketTests.swift parses the committed files and checks those
values; nothing here runs at test time. To regenerate, in a virtual environment outside the
repository:

    python3 -m venv /tmp/pw-peers
    /tmp/pw-peers/bin/pip install sacn stupidartnet
    /tmp/pw-peers/bin/python scripts/peers/record-network-peer-packets.py [--tpm2net-script PATH]
"""

import os
import runpy
import socket
import sys
import time

from sacn.messages.data_packet import DataPacket
from sacn.messages.sync_packet import SyncPacket
from stupidArtnet import StupidArtnet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "Tests", "Fixtures", "network")
CID = tuple(range(16))


def write(name, packet, library):
    """Writes one packet as a line of hex after a comment naming the library and its version."""
    with open(os.path.join(FOLDER, name + ".hex"), "w", encoding="ascii") as file:
        file.write(f"# built by {library}; regenerate with scripts/peers/record-network-peer-packets.py\n")
        file.write(bytes(packet).hex() + "\n")


def version(distribution):
    from importlib.metadata import version as installed
    return f"{distribution} {installed(distribution)}"


def record_sacn():
    library = version("sacn")
    data = DataPacket(CID, "PixelWheel peer", 1, tuple(n % 256 for n in range(1, 511)), priority=120, sequence=17)
    write("sacn-data-universe1", data.getBytes(), library)
    held = DataPacket(CID, "PixelWheel peer", 2, tuple(range(200, 224)), sequence=18, sync_universe=7)
    write("sacn-data-universe2-sync7", held.getBytes(), library)
    ended = DataPacket(CID, "PixelWheel peer", 1, (1, 2, 3), sequence=19, streamTerminated=True)
    write("sacn-data-terminated", ended.getBytes(), library)
    write("sacn-sync7", SyncPacket(CID, 7, sequence=3).getBytes(), library)


def record_stupid_artnet():
    library = version("stupidArtnet")
    sender = StupidArtnet("127.0.0.1", universe=3, packet_size=30, fps=30)
    sender.set_simplified(False)
    sender.set_net(1)
    sender.set_subnet(2)
    sender.set_universe(3)
    sender.set(bytearray(range(10, 40)))
    write("stupidartnet-dmx-0123", sender.packet_header + sender.buffer, library)
    sender.make_artsync_header()
    write("stupidartnet-sync", sender.artsync_header, library)
    sender.close()


def record_tpm2net(script):
    """Runs `script` (sneu14/tpm2net's tpm2net.py) with every datagram it sends captured and
    its sleeps skipped; nothing reaches the network."""
    sent = []

    class CapturingSocket:
        def __init__(self, *args, **kwargs):
            pass

        def sendto(self, data, address):
            sent.append(bytes(data))
            return len(data)

    real_socket, real_sleep = socket.socket, time.sleep
    socket.socket, time.sleep = CapturingSocket, lambda seconds: None
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        socket.socket, time.sleep = real_socket, real_sleep
    library = "sneu14/tpm2net tpm2net.py (github, commit bd4e8f5)"
    write("sneu14-tpm2net-packet0", sent[0], library)
    write("sneu14-tpm2net-packet10", sent[10], library)


if __name__ == "__main__":
    os.makedirs(FOLDER, exist_ok=True)
    record_sacn()
    record_stupid_artnet()
    if "--tpm2net-script" in sys.argv:
        record_tpm2net(sys.argv[sys.argv.index("--tpm2net-script") + 1])
