#!/usr/bin/env python3
"""The data side of `make test-ola` (scripts/test/test-ola.sh): what OLA is given to send, and the
checks of what arrived, byte for byte.

    ola-peer.py channels WIDTH HEIGHT N
        the DMX values of universe N (0-based, 510 a universe) of the end-to-end tests' picture
        (scripts/peers/send-network-stream.py), comma-separated, as ola_set_dmx takes them
    ola-peer.py shown FRAMES_DIR WIDTH HEIGHT CHANNELS
        PixelWheel received from OLA: some frame it showed (--frames-out) must be the picture's
        first CHANNELS bytes with the rest black, and so must the last one
    ola-peer.py recorded SHOW_FILE FRAMES_DIR FIRST_UNIVERSE,... 
        OLA received from PixelWheel: SHOW_FILE is ola_recorder's record of the universes
        listed (each list is one sending panel's universes, in order); FRAMES_DIR holds the frames
        the panels sent (--frames-out). Every universe OLA recorded must be that universe's part
        of a frame sent; each time a panel's last universe arrives, its universes together must
        be one whole frame sent (never a mix); the last of each must be the last frame sent.

Prints one line per check and exits 1 when one fails.
"""

import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
picture = importlib.import_module("send-network-stream").picture
read_png = importlib.import_module("check-wall-frames").read_png

UNIVERSE = 510  # 170 RGB pixels


def frames(folder):
    return [b"".join(read_png(os.path.join(folder, name))[2]) for name in sorted(os.listdir(folder)) if name.endswith(".png")]


def shown(folder, width, height, channels):
    want = picture(width, height)[:channels]
    want += bytes(width * height * 3 - len(want))
    got = frames(folder)
    hits = [index for index, frame in enumerate(got) if frame == want]
    ok = bool(hits) and got[-1] == want
    first = f", first at frame {hits[0]}" if hits else ""
    print(f"{'ok' if ok else 'FAILED'}: {len(hits)} of {len(got)} frames are the picture sent{first}"
          + ("" if not got or got[-1] == want else "; the last is not"))
    return ok


def read_show(path):
    """ola_recorder's text: 'OLA Show', then lines 'UNIVERSE v,v,…' between lines of one delay."""
    lines = open(path).read().split("\n")
    if not lines or lines[0] != "OLA Show":
        raise SystemExit(f"{path}: not an ola_recorder show file")
    records = []
    for line in lines[1:]:
        parts = line.split(" ")
        if len(parts) == 2:
            records.append((int(parts[0]), bytes(int(value) for value in parts[1].split(",") if value)))
    return records


def recorded(show, folder, panels):
    sent = frames(folder)
    records = read_show(show)
    ok = True
    for first in panels:
        count = (len(sent[0]) + UNIVERSE - 1) // UNIVERSE
        mine = [(universe - first, data) for universe, data in records if first <= universe < first + count]
        parts = [set(frame[index * UNIVERSE:(index + 1) * UNIVERSE] for frame in sent) for index in range(count)]
        strays = sum(1 for index, data in mine if data not in parts[index])
        current = [None] * count
        whole, mixed = 0, 0
        for index, data in mine:
            current[index] = data
            if index == count - 1 and None not in current:
                if b"".join(current) in sent:
                    whole += 1
                else:
                    mixed += 1
        last = [None] * count
        for index, data in mine:
            last[index] = data
        final = None not in last and b"".join(last) == sent[-1]
        good = bool(mine) and strays == 0 and mixed == 0 and whole > 1 and final
        ok &= good
        print(f"{'ok' if good else 'FAILED'}: universes {first}-{first + count - 1}: {len(mine)} received, "
              f"{strays} not part of a frame sent; {whole} whole frames, {mixed} mixed; "
              f"the last frame sent {'arrived' if final else 'did NOT arrive'} last ({len(sent)} frames sent)")
    return ok


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "channels":
        width, height, index = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
        print(",".join(str(value) for value in picture(width, height)[index * UNIVERSE:(index + 1) * UNIVERSE]))
    elif command == "shown":
        sys.exit(0 if shown(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])) else 1)
    elif command == "recorded":
        sys.exit(0 if recorded(sys.argv[2], sys.argv[3], [int(value) for value in sys.argv[4].split(",")]) else 1)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
