#!/usr/bin/env python3
"""Decodes the bare-metal demo's console output into PNGs and checks it.

Usage: decode-frames.py OUTPUT HOSTED DIRECTORY

OUTPUT is the firmware's console: "effect I LABEL…" lines, then one "frame I N HEX" line per
frame, the frame's raw bytes (per LED red, green, blue, 16-bit little-endian linear light).
HOSTED is the hosted golden-frames harness's output, whose "run LABEL: DIGEST ok" lines give
each effect's run digest: SHA-256 of the frames' SHA-256 digests, concatenated in order.
Writes DIRECTORY/effect-I-frame-NN.png (sRGB, for looking at) and exits non-zero unless every
effect's frames have the hosted digest.
"""
import hashlib
import struct
import sys
import zlib

WIDTH, HEIGHT = 64, 32


def srgb(linear16):
    """16-bit linear light to an 8-bit sRGB code value (the standard transfer function)."""
    v = linear16 / 65535
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return max(0, min(255, round(s * 255)))


def write_png(path, raw):
    rows = bytearray()
    for y in range(HEIGHT):
        rows.append(0)  # no filter
        for x in range(WIDTH):
            i = (y * WIDTH + x) * 6
            for c in range(3):
                rows.append(srgb(raw[i + 2 * c] | raw[i + 2 * c + 1] << 8))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(rows), 9)))
        f.write(chunk(b"IEND", b""))


def main():
    output, hosted, directory = sys.argv[1:4]
    expected = [line.split(": ")[1].split()[0] for line in open(hosted) if line.startswith("run ")]
    frames = {}
    for line in open(output):
        if line.startswith("frame "):
            _, effect, n, data = line.split()
            raw = bytes.fromhex(data)
            if len(raw) != WIDTH * HEIGHT * 6:
                sys.exit(f"frame {effect} {n}: {len(raw)} bytes, expected {WIDTH * HEIGHT * 6}")
            frames.setdefault(int(effect), []).append(raw)
            write_png(f"{directory}/effect-{effect}-frame-{int(n):02d}.png", raw)
    failures = 0
    for effect, digest in enumerate(expected):
        runs = frames.get(effect, [])
        got = hashlib.sha256(b"".join(hashlib.sha256(raw).digest() for raw in runs)).hexdigest()
        verdict = "ok" if got == digest else "MISMATCH"
        failures += verdict != "ok"
        print(f"demo effect {effect}: {len(runs)} frames, digest {got} {verdict}")
    total = sum(len(r) for r in frames.values())
    print(f"{total} frames written as PNGs to {directory}")
    print("PASS" if failures == 0 and expected else "FAIL")
    sys.exit(1 if failures or not expected else 0)


main()
