#!/usr/bin/env python3
"""Checks the frames of `make test-wall` (scripts/test/test-wall.sh).

    check-wall-frames.py SENDER_DIR TILE_WIDTH TILE_HEIGHT RECEIVER_DIR[:late]...

SENDER_DIR holds the sender's --frames-out PNGs: the canvas it sent, tile i at x = i * TILE_WIDTH.
RECEIVER_DIR i holds receiver i's --frames-out PNGs. For every receiver:

- every frame it showed from its first stream frame on is one the sender sent for its tile,
  byte for byte: never a mix of two frames, nor of a frame and the picture before it;
- a receiver marked `:late` (started while the stream ran) showed a stream frame within its
  first 15 frames: it joins on the next whole frame;
- how often a frame came after a newer one is reported (not failed: a tile that looks the same
  in two sent frames cannot be placed).

Prints one line per receiver and exits 1 on a failure. PNGs are decoded here with zlib (8-bit
RGB or RGBA, no interlace), as libpng writes them.
"""

import os
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unsupported PNG"
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * step
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line) if step == 3 else bytes(b for j, b in enumerate(line) if j % 4 != 3))
        previous = line
    return width, height, rows


def frames(folder):
    return [read_png(os.path.join(folder, name)) for name in sorted(os.listdir(folder)) if name.endswith(".png")]


def tile(frame, index, width, height):
    _, _, rows = frame
    return b"".join(row[index * width * 3:(index + 1) * width * 3] for row in rows[:height])


def main():
    sender_dir, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    receivers = sys.argv[4:]
    sent = frames(sender_dir)
    failed = False
    print(f"sender: {len(sent)} frames")
    for index, argument in enumerate(receivers):
        folder, _, mark = argument.partition(":")
        order = {}
        for position, frame in enumerate(sent):
            order.setdefault(tile(frame, index, width, height), position)
        shown = [b"".join(rows) for _, _, rows in frames(folder)]
        first = next((i for i, picture in enumerate(shown) if picture in order), None)
        problems = []
        if first is None:
            problems.append("no frame of the stream was shown")
        else:
            if mark == "late" and first >= 15:
                problems.append(f"the first stream frame came only at frame {first}")
            last = max(i for i, picture in enumerate(shown) if picture in order)
            foreign = [i for i in range(first, last + 1) if shown[i] not in order]
            if foreign:
                problems.append(f"{len(foreign)} frames not sent for this tile (mixed), first at frame {foreign[0]}")
            positions = [order[picture] for picture in shown[first:last + 1] if picture in order]
            backwards = sum(1 for a, b in zip(positions, positions[1:]) if b < a)
            distinct = len(set(positions))
            # Reported, not failed: a tile that looks the same in two sent frames has one position.
            summary = (f"{len(shown)} frames, {distinct} distinct sent frames shown, first at frame {first}, "
                       f"{backwards} steps back")
        print(f"receiver {index + 1} ({folder}): " + ("; ".join(problems) if problems else "ok: " + summary))
        failed = failed or bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
