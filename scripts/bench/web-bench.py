#!/usr/bin/python3
"""What serving browsers costs `pixelwheel web`: the server's CPU time with 0, 1 and 10 viewers
watching an effect at 64x32 / 30 fps (a new frame every frame), from /proc/PID/stat, with the
frames each viewer received and the server's peak memory.

Each row is the median of three runs (this machine is shared).

Usage: scripts/bench/web-bench.py [BINARY] [--seconds S]  (default: .build/release/pixelwheel, 10 s)
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import threading
import time

import websocket  # python3-websocket

SCRIPT = "0.2 select\n0.4 select\n"  # Effects, then the first effect (DVD Bounce) plays


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mib(pid):
    match = re.search(r"VmHWM:\s+(\d+) kB", open("/proc/%d/status" % pid).read())
    return int(match.group(1)) / 1024


def viewer(port, stop, counts, index):
    ws = websocket.create_connection("ws://127.0.0.1:%d/ws" % port, origin="http://127.0.0.1:%d" % port, timeout=5)
    while not stop.is_set():
        try:
            message = ws.recv()
        except websocket.WebSocketTimeoutException:
            continue
        if isinstance(message, bytes) and message[:1] == b"F":
            counts[index] += 1
    ws.close()


def measure(binary, viewers, seconds, work):
    script = os.path.join(work, "bench.script")
    with open(script, "w") as f:
        f.write(SCRIPT)
    process = subprocess.Popen([binary, "web", "--listen", "127.0.0.1:0", "--size", "64x32", "--fps", "30",
                                "--script", script, "--state", os.path.join(work, "settings-%d.conf" % viewers)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", process.stdout.readline()).group(1))
    stop, counts = threading.Event(), [0] * viewers
    threads = [threading.Thread(target=viewer, args=(port, stop, counts, i)) for i in range(viewers)]
    for t in threads:
        t.start()
    time.sleep(2)  # connected, and the effect is playing
    start_cpu, start_wall, start_counts = cpu_seconds(process.pid), time.time(), list(counts)
    time.sleep(seconds)
    cpu, wall = cpu_seconds(process.pid) - start_cpu, time.time() - start_wall
    received = [(c - s) / wall for c, s in zip(counts, start_counts)]
    rss = peak_rss_mib(process.pid)
    stop.set()
    for t in threads:
        t.join()
    process.terminate()
    out, _ = process.communicate(timeout=10)
    dropped = re.search(r"(\d+) dropped", out)
    return cpu / wall * 100, received, rss, int(dropped.group(1)) if dropped else -1


def main():
    args = sys.argv[1:]
    seconds = 10.0
    if "--seconds" in args:
        i = args.index("--seconds")
        seconds = float(args[i + 1])
        del args[i:i + 2]
    binary = args[0] if args else ".build/release/pixelwheel"
    print("pixelwheel web at 64x32 / 30 fps, DVD Bounce playing, %g s per row; CPU is the server's user+system time"
          " per wall second (100 %% = one core), median of 3 runs" % seconds)
    print("%-8s %10s %22s %14s %10s" % ("viewers", "CPU %", "frames/s per viewer", "peak RSS MiB", "dropped"))
    with tempfile.TemporaryDirectory() as work:
        for viewers in (0, 1, 10):
            runs = sorted((measure(binary, viewers, seconds, work) for _ in range(3)), key=lambda run: run[0])
            cpu, received, rss, dropped = runs[1]
            rate = "-" if not received else "%.1f (min %.1f)" % (sum(received) / len(received), min(received))
            print("%-8d %10.1f %22s %14.1f %10d" % (viewers, cpu, rate, rss, dropped))


if __name__ == "__main__":
    main()
