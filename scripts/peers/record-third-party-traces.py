#!/usr/bin/env python3
"""Records the bus bytes of two widely used third-party drivers as `--trace-bus` fixtures.

The drivers run unmodified; only their bus is replaced by a recorder:

- luma.led_matrix's `max7219` device (PyPI `luma.led_matrix`), its serial interface swapped
  for an object that writes each `data()` call as one SPI transfer, for every
  `block_orientation` (0, 90, -90, 180) with and without `blocks_arranged_in_reverse_order`;
- Adafruit's CircuitPython HT16K33 matrix classes (PyPI `adafruit-circuitpython-ht16k33`),
  handed an I2C object that writes each message as one I2C write;
- Adafruit's NeoPixel_SPI (PyPI `adafruit-circuitpython-neopixel-spi`), the SPI route to
  WS2812 strips on a Pi, handed an SPI object that writes each write() as one transfer;
- Adafruit's CircuitPython IS31FL3731 `CharlieWing` (PyPI `adafruit-circuitpython-is31fl3731`),
  the 15x7 FeatherWing, on the I2C recorder: it switches on all 144 LEDs of the chip at start;
- Adafruit's CircuitPython DotStar (PyPI `adafruit-circuitpython-dotstar`), APA102 strips, its
  busio.SPI swapped for the SPI recorder: all white at full brightness, and eight colours.

Each driver draws a known picture (an asymmetric glyph per 8x8 block and a per-block count of
dots), and the script writes the traffic and the picture under Tests/Fixtures/. The tests
decode the committed fixtures with the matching PixelWheel options; nothing here runs at test
time. To regenerate, in a virtual environment outside the repository:

    python3 -m venv /tmp/pw-venv
    /tmp/pw-venv/bin/pip install luma.led_matrix adafruit-circuitpython-ht16k33 \
        adafruit-circuitpython-neopixel-spi adafruit-circuitpython-is31fl3731 \
        adafruit-circuitpython-dotstar pillow
    /tmp/pw-venv/bin/python scripts/peers/record-third-party-traces.py
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")


def glyph_picture(blocks):
    """A picture `8 * blocks` wide and 8 tall as rows of '#' and '.': in every block an 'F'
    (no symmetry under any turn or mirror) and, on the bottom row at the right, as many dots as
    the block's number plus one (so blocks cannot be confused)."""
    rows = [["."] * (8 * blocks) for _ in range(8)]
    for block in range(blocks):
        def put(x, y):
            rows[y][8 * block + x] = "#"
        for x in range(1, 6):
            put(x, 1)
        for y in range(1, 7):
            put(1, y)
        for x in range(1, 5):
            put(x, 3)
        for i in range(block + 1):
            put(7 - i, 7)
    return ["".join(r) for r in rows]


def write_lines(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for line in lines:
            f.write(line + "\n")


class SPIRecorder:
    """Stands in for luma.core's serial interface: every data() call is one SPI transfer
    (chip select low, the bytes, chip select high), as luma's spi class sends it."""

    def __init__(self):
        self.transfers = []

    def command(self, *cmd):
        self.transfers.append(list(cmd))

    def data(self, data):
        self.transfers.append(list(data))

    def cleanup(self):
        pass

    def lines(self, device="/dev/spidev0.0", speed_hz=1000000):
        return [json.dumps({"bus": "spi", "device": device, "speed_hz": speed_hz,
                            "bytes": bytes(t).hex()}, separators=(",", ":"))
                for t in self.transfers]


def record_luma():
    from PIL import Image
    from luma.led_matrix.device import max7219

    blocks = 4
    picture = glyph_picture(blocks)
    out = os.path.join(FIXTURES, "luma")
    write_lines(os.path.join(out, "picture.txt"), picture)
    for orientation in (0, 90, -90, 180):
        for reverse in (False, True):
            recorder = SPIRecorder()
            device = max7219(recorder, cascaded=blocks, block_orientation=orientation,
                             blocks_arranged_in_reverse_order=reverse)
            image = Image.new("1", (8 * blocks, 8))
            for y, row in enumerate(picture):
                for x, c in enumerate(row):
                    if c == "#":
                        image.putpixel((x, y), 1)
            device.display(image)
            name = "max7219-orientation%s%s.jsonl" % (
                str(orientation).replace("-", "minus"), "-reverse" if reverse else "")
            write_lines(os.path.join(out, name), recorder.lines())


class I2CRecorder:
    """Stands in for a busio.I2C: every writeto() is one I2C write message."""

    def __init__(self):
        self.writes = []

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        self.writes.append((address, bytes(buffer[start:end])))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        pass

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, **kwargs):
        self.writes.append((address, bytes(out_buffer)))

    def lines(self, device="/dev/i2c-1"):
        return [json.dumps({"bus": "i2c", "device": device, "address": "0x%02x" % a,
                            "bytes": b.hex()}, separators=(",", ":"))
                for a, b in self.writes]


def record_adafruit_ht16k33():
    from adafruit_ht16k33 import matrix

    out = os.path.join(FIXTURES, "adafruit-ht16k33")
    cases = [("Matrix8x8", matrix.Matrix8x8, 1), ("Matrix16x8", matrix.Matrix16x8, 2),
             ("MatrixBackpack16x8", matrix.MatrixBackpack16x8, 2)]
    for name, cls, blocks in cases:
        picture = glyph_picture(blocks)
        write_lines(os.path.join(out, name + ".txt"), picture)
        bus = I2CRecorder()
        display = cls(bus, auto_write=False)
        for y, row in enumerate(picture):
            for x, c in enumerate(row):
                display.pixel(x, y, c == "#")
        display.show()
        write_lines(os.path.join(out, name + ".jsonl"), bus.lines())

    # The bicolour 8x8: the glyph in red, the dots in green, and one yellow LED at (7, 0).
    picture = glyph_picture(1)
    colours = []
    for y, row in enumerate(picture):
        line = ""
        for x, c in enumerate(row):
            if (x, y) == (7, 0):
                line += "Y"
            elif c == "#":
                line += "G" if y == 7 else "R"
            else:
                line += "."
        colours.append(line)
    write_lines(os.path.join(out, "Matrix8x8x2.txt"), colours)
    bus = I2CRecorder()
    display = matrix.Matrix8x8x2(bus, auto_write=False)
    codes = {".": display.LED_OFF, "R": display.LED_RED, "G": display.LED_GREEN, "Y": display.LED_YELLOW}
    for y, row in enumerate(colours):
        for x, c in enumerate(row):
            display.pixel(x, y, codes[c])
    display.show()
    write_lines(os.path.join(out, "Matrix8x8x2.jsonl"), bus.lines())


class SPIBusRecorder:
    """Stands in for a busio.SPI: every write() is one transfer at the configured clock."""

    def __init__(self):
        self.transfers = []
        self.baudrate = 100000

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        self.baudrate = baudrate

    def write(self, buffer, *, start=0, end=None):
        self.transfers.append((self.baudrate, bytes(buffer[start:end])))

    def lines(self, device="/dev/spidev0.0"):
        return [json.dumps({"bus": "spi", "device": device, "speed_hz": speed, "bytes": b.hex()},
                           separators=(",", ":"))
                for speed, b in self.transfers]


def record_neopixel_spi():
    import neopixel_spi

    out = os.path.join(FIXTURES, "adafruit-neopixel-spi")
    colours = [(0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0x00, 0x00, 0xFF), (0x12, 0x34, 0x56),
               (0x80, 0x01, 0xFE), (0xFF, 0xFF, 0xFF), (0x00, 0x00, 0x00), (0x0F, 0xF0, 0x55)]
    write_lines(os.path.join(out, "strip8.txt"), ["%02x%02x%02x" % c for c in colours])
    bus = SPIBusRecorder()
    pixels = neopixel_spi.NeoPixel_SPI(bus, len(colours), auto_write=False)
    for i, c in enumerate(colours):
        pixels[i] = c
    pixels.show()
    write_lines(os.path.join(out, "strip8.jsonl"), bus.lines())


def record_adafruit_is31fl3731():
    from adafruit_is31fl3731.charlie_wing import CharlieWing

    # The 15x7 wing: two glyph blocks cut to 15 columns and 7 rows, and three dots at the
    # bottom right, each lit LED at PWM 64.
    picture = [row[:15] for row in glyph_picture(2)[:7]]
    picture[6] = picture[6][:12] + "###"
    out = os.path.join(FIXTURES, "adafruit-is31fl3731")
    write_lines(os.path.join(out, "CharlieWing.txt"), picture)
    bus = I2CRecorder()
    display = CharlieWing(bus)
    for y, row in enumerate(picture):
        for x, c in enumerate(row):
            if c == "#":
                display.pixel(x, y, 64)
    write_lines(os.path.join(out, "CharlieWing.jsonl"), bus.lines())


def record_adafruit_dotstar():
    import adafruit_dotstar

    out = os.path.join(FIXTURES, "adafruit-dotstar")
    cases = [("white8", [(0xFF, 0xFF, 0xFF)] * 8),
             ("strip8", [(0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0x00, 0x00, 0xFF), (0x12, 0x34, 0x56),
                         (0x80, 0x01, 0xFE), (0xFF, 0xFF, 0xFF), (0x00, 0x00, 0x00), (0x0F, 0xF0, 0x55)])]
    for name, colours in cases:
        write_lines(os.path.join(out, name + ".txt"), ["%02x%02x%02x" % c for c in colours])
        bus = SPIBusRecorder()
        adafruit_dotstar.busio.SPI = lambda clock, MOSI=None: bus
        pixels = adafruit_dotstar.DotStar(None, None, len(colours), auto_write=False)
        for i, c in enumerate(colours):
            pixels[i] = c
        pixels.show()
        write_lines(os.path.join(out, name + ".jsonl"), bus.lines())


if __name__ == "__main__":
    record_luma()
    record_adafruit_ht16k33()
    record_neopixel_spi()
    record_adafruit_is31fl3731()
    record_adafruit_dotstar()
    sys.exit(0)
