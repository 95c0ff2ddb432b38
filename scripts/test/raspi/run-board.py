#!/usr/bin/env python3
"""Boots the emulated Raspberry Pi once for `make test-raspi` and records its bus registers.

    run-board.py --machine raspi3b --dir RUN [--timeout SECONDS]

RUN (inside the repository, which is all the QEMU root sees, as /src) holds vmlinuz,
initrd.img, the board's device tree (rpi-3-b.dtb or rpi-4-b.dtb) and sd.img. QEMU runs in
Debian trixie's root (TRIXIE_KIND=qemu scripts/build/trixie-root.sh amd64), with an at24c-eeprom
on the I2C1 bus at 0x70 as the HT16K33 (it acknowledges every byte written to it), the second
UART (the mini UART, the Pi's console) on standard output and its monitor on a socket.

The console is copied to RUN/console.txt, and its "RASPI:" lines to standard output as they
come. Between "RASPI-PHASE begin NAME" and "RASPI-PHASE end NAME" lines, QEMU's
memory_region_ops_write trace event (every store to a device register) is switched on through
the monitor and written to RUN/trace-NAME.log; outside them it is off, so the boot and the
package's installation leave no trace. Exits with QEMU's status (the guest reboots at the end,
which -no-reboot turns into an exit), or 124 when the board does not finish within the timeout.
"""
import argparse
import os
import socket
import subprocess
import sys
import threading
import time

EVENT = "memory_region_ops_write"
DTB = {"raspi3b": "rpi-3-b.dtb", "raspi4b": "rpi-4-b.dtb"}


class Monitor:
    """QEMU's human monitor on a Unix socket: one command at a time, its reply read up to the
    next prompt."""

    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.sock.settimeout(30)
        self.read_prompt()

    def read_prompt(self):
        data = b""
        while not data.endswith(b"(qemu) "):
            chunk = self.sock.recv(4096)
            if not chunk:
                raise OSError("the monitor closed")
            data += chunk
        return data.decode(errors="replace")

    def command(self, text):
        self.sock.sendall(text.encode() + b"\n")
        return self.read_prompt()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", choices=sorted(DTB), required=True)
    parser.add_argument("--dir", required=True, help="the run's folder, inside the repository")
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--append", default="", help="more kernel parameters")
    args = parser.parse_args()

    repo = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    run = os.path.realpath(args.dir)
    if not run.startswith(repo + os.sep):
        sys.exit(f"error: {args.dir} is not inside the repository, which is all the QEMU root sees")
    guest = "/src" + run[len(repo):]
    monitor_path = os.path.join(run, "monitor.sock")
    if os.path.exists(monitor_path):
        os.unlink(monitor_path)
    kernel_args = ("console=ttyS1,115200 root=LABEL=PWROOT rootwait rw fsck.mode=skip "
                   "systemd.show_status=false loglevel=4 " + args.append).strip()
    qemu = ["qemu-system-aarch64", "-M", args.machine, "-display", "none", "-no-reboot",
            "-kernel", f"{guest}/vmlinuz", "-initrd", f"{guest}/initrd.img",
            "-dtb", f"{guest}/{DTB[args.machine]}", "-append", kernel_args,
            "-drive", f"file={guest}/sd.img,if=sd,format=raw",
            "-device", "at24c-eeprom,bus=i2c-bus.1,address=0x70,rom-size=256",
            "-serial", "null", "-serial", "stdio",
            "-monitor", f"unix:{guest}/monitor.sock,server,nowait",
            # The trace log on, with one rare event, so that the monitor can switch EVENT on.
            "-d", "trace:i2c_ack", "-D", f"{guest}/trace-boot.log"]
    env = dict(os.environ, TRIXIE_KIND="qemu")
    command = [os.path.join(repo, "scripts/build/trixie-root.sh"), "amd64", "run", "--"] + qemu
    started = time.monotonic()
    deadline = started + args.timeout
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    timed_out = threading.Event()

    def watchdog():
        while process.poll() is None:
            if time.monotonic() > deadline:
                timed_out.set()
                process.kill()
                return
            time.sleep(1)

    threading.Thread(target=watchdog, daemon=True).start()
    monitor = None
    with open(os.path.join(run, "console.txt"), "wb") as console:
        for raw in process.stdout:
            console.write(raw)
            console.flush()
            line = raw.decode(errors="replace").replace("\r", "").rstrip("\n")
            text = line[line.find("RASPI"):] if "RASPI" in line else ""
            if text.startswith("RASPI-PHASE "):
                parts = text.split()
                if len(parts) != 3:
                    continue
                _, edge, name = parts
                if monitor is None:
                    monitor = Monitor(monitor_path, deadline)
                if edge == "begin":
                    monitor.command(f"logfile {guest}/trace-{name}.log")
                    monitor.command(f"trace-event {EVENT} on")
                else:
                    monitor.command(f"trace-event {EVENT} off")
                    monitor.command(f"logfile {guest}/trace-boot.log")
                print(f"  [{time.monotonic() - started:6.0f} s] {edge} {name}", flush=True)
            elif text.startswith("RASPI: "):
                print(f"  [{time.monotonic() - started:6.0f} s] {text[7:]}", flush=True)
    status = process.wait()
    if timed_out.is_set():
        print(f"the board did not finish within {args.timeout:.0f} s; the console is in {run}/console.txt")
        return 124
    print(f"  [{time.monotonic() - started:6.0f} s] QEMU exited with {status}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
