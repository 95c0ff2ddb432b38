#!/usr/bin/env python3
"""Turns QEMU's register-store trace of an emulated Pi into PixelWheel's bus traces.

    qemu-trace-to-bus.py --bus gpio|spi|i2c [--oe-pin N --lit-ns NS] [--levels FILE] [--window N [--drop K [--whole FILE]]] \\
        TRACE.log... > BUS.jsonl

TRACE.log ("-": standard input) holds QEMU's memory_region_ops_write lines ("... addr 0x3f20001c value 0x10 size 4
name 'bcm2835_gpio'"), one store each, in order; several files are read as one stream. Only
the stores to one controller are used, found by their offset from the peripheral base (the
same on BCM2837 and BCM2711):

- gpio: the GPIO block (0x200000). A store to GPSET0/1 is a write that raises those lines,
  one to GPCLR0/1 a write that lowers them, as `pixelwheel decode` takes them ("set" and
  "clear" masks, lines 32 to 53 in the upper word). QEMU's GPIO has no timing: with --oe-pin,
  every stretch with that (active-low) output enable low is given --lit-ns nanoseconds, as a
  "hold_ns" line before the store that raises it again, so every row shows for as long as the
  others (right for one bit plane, pwm-bits=1, where only lit or not matters). --levels writes
  the lines that are high after the last store, as a JSON list of GPIO numbers. --window N
  keeps only the end of a long trace: whole stretches from one rise of OE to the next, at most N
  lines in all, so the first row the decoder sees is shifted whole; --drop K then leaves out
  the last K stretches and what follows them (the black refresh a stopped HUB75 ends with, to
  see the picture before it), and --whole FILE writes the window without leaving them out, from
  the same pass.
- spi: SPI0 (0x204000). A transfer runs from the CS store that sets TA (transfer active,
  bit 7) to the one that clears it; its bytes are the stores to the FIFO in between (the
  driver's polled mode writes one byte a store). Speeds are not recorded (QEMU's SPI has no
  clock), so the lines carry none and decode takes its default.
- i2c: BSC1 (0x804000), the Pi's I2C on header pins 3 and 5. A write starts at a store to A
  (the slave address) and holds the FIFO stores that follow it until the next.

A store this does not expect (a FIFO store outside a transfer, say) is an error: the guest's
driver did something the conversion does not understand, and guessing could hide it.
"""
import argparse
import collections
import json
import re
import sys

LINE = re.compile(r"memory_region_ops_write .*?addr 0x([0-9a-f]+) value 0x([0-9a-f]+) size (\d+)")
BASES = {"gpio": 0x200000, "spi": 0x204000, "i2c": 0x804000}
DEVICES = {"gpio": "gpiochip0", "spi": "/dev/spidev0.0", "i2c": "/dev/i2c-1"}


def stores(paths, base):
    """(register offset, value) of each store to the block at `base` (within the peripherals)."""
    for path in paths:
        with (open(sys.stdin.fileno(), errors="replace", closefd=False) if path == "-" else open(path, errors="replace")) as f:
            for line in f:
                m = LINE.search(line)
                if not m:
                    continue
                address = int(m.group(1), 16)
                if address & 0xFFF000 != base:
                    continue
                yield address & 0xFFF, int(m.group(2), 16)


def gpio(paths, out, oe_pin, lit_ns, window, drop, whole):
    """Writes the stores as gpio lines; with `window`, only the last stretches (each ending
    where OE rises, so each starts with a whole row's shifting) that together hold at most
    `window` lines, less the last `drop` stretches and what follows them (the window with
    them goes to `whole`, if given). Returns the lines written and the lines high at the end
    (of the whole trace)."""
    levels = 0
    oe = None if oe_pin is None else 1 << oe_pin
    device = DEVICES["gpio"]
    stretches = collections.deque()
    stretch = []
    kept = 0
    for offset, value in stores(paths, BASES["gpio"]):
        if offset in (0x1C, 0x20):
            mask = value << (32 if offset == 0x20 else 0)
            rises = oe is not None and mask & oe and not levels & oe
            if rises:
                stretch.append(json.dumps({"t_ns": 0, "bus": "gpio", "device": device, "hold_ns": lit_ns}))
            levels |= mask
            stretch.append(json.dumps({"t_ns": 0, "bus": "gpio", "device": device, "set": hex(mask), "clear": "0x0"}))
            if rises and window:
                stretches.append(stretch)
                kept += len(stretch)
                stretch = []
                while kept > window and len(stretches) > drop + 1:
                    kept -= len(stretches.popleft())
        elif offset in (0x28, 0x2C):
            mask = value << (32 if offset == 0x2C else 0)
            levels &= ~mask
            stretch.append(json.dumps({"t_ns": 0, "bus": "gpio", "device": device, "set": "0x0", "clear": hex(mask)}))
    kept = list(stretches)[:max(0, len(stretches) - drop)] if drop else list(stretches) + [stretch]
    if whole:
        write_lines(whole, list(stretches) + [stretch])
    return write_lines(out, kept), [n for n in range(54) if levels >> n & 1]


def write_lines(out, parts):
    """Writes the lines of `parts` to `out`; returns how many."""
    count = 0
    for part in parts:
        for line in part:
            out.write(line + "\n")
        count += len(part)
    return count


def spi(paths, out):
    transfer = None
    count = 0
    for offset, value in stores(paths, BASES["spi"]):
        if offset == 0x00:  # CS
            active = bool(value & 0x80)
            if active and transfer is None:
                transfer = bytearray()
            elif not active and transfer is not None:
                if transfer:
                    out.write(json.dumps({"t_ns": 0, "bus": "spi", "device": DEVICES["spi"], "bytes": transfer.hex()}) + "\n")
                    count += 1
                transfer = None
        elif offset == 0x04:  # FIFO
            if transfer is None:
                raise SystemExit("error: an SPI FIFO store outside a transfer (TA clear); the driver may be using DMA")
            transfer.append(value & 0xFF)
    if transfer:
        raise SystemExit("error: the trace ends inside an SPI transfer")
    return count


def i2c(paths, out):
    address = None
    data = bytearray()
    count = 0

    def flush():
        nonlocal count
        if address is not None and data:
            out.write(json.dumps({"t_ns": 0, "bus": "i2c", "device": DEVICES["i2c"], "address": f"0x{address:02x}", "bytes": data.hex()}) + "\n")
            count += 1

    for offset, value in stores(paths, BASES["i2c"]):
        if offset == 0x0C:  # A
            flush()
            address, data = value & 0x7F, bytearray()
        elif offset == 0x10:  # FIFO
            if address is None:
                raise SystemExit("error: an I2C FIFO store before any slave address")
            data.append(value & 0xFF)
    flush()
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bus", choices=sorted(BASES), required=True)
    parser.add_argument("--oe-pin", type=int, help="gpio: the panel's OE line, to time its lit stretches")
    parser.add_argument("--lit-ns", type=int, default=1000, help="gpio: how long each lit stretch counts")
    parser.add_argument("--levels", help="gpio: write the lines high at the end here (JSON)")
    parser.add_argument("--window", type=int, default=0,
                        help="gpio: keep only the last stretches, each starting after OE rises, of at most this many lines")
    parser.add_argument("--drop", type=int, default=0,
                        help="gpio, with --window: leave out the last N stretches (a final refresh) and what follows")
    parser.add_argument("--whole", help="gpio, with --drop: write the window without leaving anything out here too")
    parser.add_argument("traces", nargs="+")
    args = parser.parse_args()
    out = sys.stdout
    if args.bus == "gpio":
        if args.drop and not args.window:
            parser.error("--drop needs --window")
        if args.whole and not args.drop:
            parser.error("--whole needs --drop")
        whole = open(args.whole, "w") if args.whole else None
        count, high = gpio(args.traces, out, args.oe_pin, args.lit_ns, args.window, args.drop, whole)
        if whole:
            whole.close()
        if args.levels:
            with open(args.levels, "w") as f:
                json.dump(high, f)
    else:
        count = spi(args.traces, out) if args.bus == "spi" else i2c(args.traces, out)
    print(f"{count} {args.bus} transactions", file=sys.stderr)


if __name__ == "__main__":
    main()
