#!/usr/bin/python3
"""What an oversized request head costs `pixelwheel web`: the server's CPU time, the wall time
until it answers or closes the connection, and its peak memory, for one request whose header
line is 1 MiB long and for one with 10,000 header lines, each sent at once on loopback, beside
an ordinary request (the server's CPU time includes its frame loop's 1.5 s of idling). The
server's CPU time is from /proc/PID/stat, its peak memory from VmHWM.

Each row is the median of three runs (this machine is shared). A run gives up after LIMIT
seconds (the row then says so).

Usage: scripts/bench/web-flood-bench.py [BINARY] [--limit S]  (default: .build/release/pixelwheel, 120 s)
"""
import argparse
import importlib.util
import os
import re
import socket
import statistics
import subprocess
import tempfile
import time

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web")


# The measures of web-bench.py, the same way.
_bench = importlib.util.spec_from_file_location("web_bench", os.path.join(os.path.dirname(__file__), "web-bench.py"))
web_bench = importlib.util.module_from_spec(_bench)
_bench.loader.exec_module(web_bench)
cpu_seconds, peak_rss_mib = web_bench.cpu_seconds, web_bench.peak_rss_mib


def head_with_long_line(port):
    return b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Long: " % port + b"a" * (1 << 20) + b"\r\n\r\n"


def ordinary_request(port):
    return b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port


def head_with_many_lines(port):
    lines = b"".join(b"X-Line-%d: a\r\n" % i for i in range(10_000))
    return b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + lines + b"\r\n"


def until_answered_or_closed(port, request, limit):
    """Sends `request`; the wall time until the server answers or closes, or None after `limit`."""
    start = time.time()
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.settimeout(1)
        try:
            client.sendall(request)
        except OSError:
            return time.time() - start  # cut off while sending
        while time.time() - start < limit:
            try:
                if client.recv(65536) is not None:
                    return time.time() - start  # an answer, or the close (b"")
            except socket.timeout:
                continue
            except OSError:
                return time.time() - start  # reset
    return None


def measure(binary, make_request, limit, work):
    process = subprocess.Popen([binary, "web", "--listen", "127.0.0.1:0", "--size", "64x32", "--fps", "30", "--page", PAGE,
                                "--state", os.path.join(work, "settings.conf")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(re.search(r":(\d+)/", process.stdout.readline()).group(1))
        time.sleep(1)
        start_cpu = cpu_seconds(process.pid)
        wall = until_answered_or_closed(port, make_request(port), limit)
        time.sleep(0.5)  # what the server still does after the connection ended
        return wall, cpu_seconds(process.pid) - start_cpu, peak_rss_mib(process.pid)
    finally:
        process.terminate()
        process.wait()


def main():
    parser = argparse.ArgumentParser(description="What an oversized request head costs pixelwheel web.")
    parser.add_argument("binary", nargs="?", default=".build/release/pixelwheel")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds a run may take")
    options = parser.parse_args()
    binary, limit = options.binary, options.limit
    cases = [("an ordinary GET / (for comparison)", ordinary_request), ("1 MiB header line", head_with_long_line),
             ("10,000 header lines", head_with_many_lines)]
    print("| request | wall until answered or closed | server CPU | server peak memory |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name, make_request in cases:
            runs = [measure(binary, make_request, limit, work) for _ in range(3)]
            walls = [run[0] for run in runs]
            wall = "over %.0f s" % limit if None in walls else "%.2f s" % statistics.median(walls)
            cpu = statistics.median(run[1] for run in runs)
            memory = statistics.median(run[2] for run in runs)
            print("| %s | %s | %.2f s | %.0f MiB |" % (name, wall, cpu, memory))


if __name__ == "__main__":
    main()
