#!/usr/bin/env python3
"""Sends the end-to-end tests' picture to a PixelWheel receiver on loopback with PyPI's
`flaschen-taschen-py`, a port of Flaschen-Taschen's own client library: an independent
Flaschen-Taschen sender.

    send-with-ft-client.py flaschen PORT WIDTH HEIGHT SECONDS [LAYER]

The picture is the one scripts/peers/send-network-stream.py sends, drawn pixel by pixel on the
library's Canvas and sent with its `send`, about 20 times a second for SECONDS, on LAYER
(default 0). Exit status 3 when the package is missing.
"""

import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
stream = importlib.import_module("send-network-stream")
picture = stream.picture
flaschen_taschen = stream.peer("flaschen_taschen", "flaschen-taschen-py")
Canvas, Color, Config = flaschen_taschen.Canvas, flaschen_taschen.Color, flaschen_taschen.Config


def main():
    _, port, width, height, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    layer = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    canvas = Canvas(Config(width=width, height=height, host="127.0.0.1", port=port, layer=layer), auto_send=False)
    pixels = picture(width, height)
    for y in range(height):
        for x in range(width):
            at = (y * width + x) * 3
            canvas.set_pixel(x, y, Color(pixels[at], pixels[at + 1], pixels[at + 2]))
    end = time.time() + seconds
    while time.time() < end:
        canvas.send(force=True)
        time.sleep(0.05)


if __name__ == "__main__":
    main()
