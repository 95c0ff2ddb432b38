"""Shared helpers of the web simulator's tests: start `pixelwheel web`, talk its protocol,
and make reference frames with `pixelwheel sim --no-tty`.

Only Debian's python3-websocket and python3-pil are needed (the package script installs them).
"""
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import time

import websocket  # python3-websocket (websocket-client)
from PIL import Image  # python3-pil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("PIXELWHEEL", os.path.join(ROOT, ".build", "debug", "pixelwheel"))
ARTEFACTS = os.environ.get("WEB_ARTEFACTS", os.path.join(ROOT, ".build", "web-test"))

SELECT, MENU, PLAYPAUSE, NEXT, PREVIOUS = range(5)


def start_serving(command, announced_on_stderr=False):
    """Starts `command`, a pixelwheel that serves on 127.0.0.1 port 0, and reads the port it
    announces in its first line (stdout for `web`, stderr for `run`'s "page: …"):
    (process, port). Raises, with everything it printed, when that line names no port."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    stream, other = (process.stderr, process.stdout) if announced_on_stderr else (process.stdout, process.stderr)
    line = stream.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        raise RuntimeError("%s did not start serving: %s%s%s" % (" ".join(command[1:3]), line, stream.read(), other.read()))
    return process, int(match.group(1))


class Server:
    """`pixelwheel web` on a free loopback port, with its own settings file in a temporary
    folder that leaving the `with` block (or calling __exit__) removes."""

    def __init__(self, *args, size="64x32", fps=30):
        self.state_dir = tempfile.mkdtemp(prefix="pixelwheel-web-")
        self.state = os.path.join(self.state_dir, "settings.conf")
        command = [BINARY, "web", "--listen", "127.0.0.1:0", "--state", self.state, "--size", size, "--fps", str(fps), *args]
        try:
            self.process, self.port = start_serving(command)
        except Exception:
            shutil.rmtree(self.state_dir, ignore_errors=True)
            raise
        self.url = "http://127.0.0.1:%d/" % self.port
        self.origin = "http://127.0.0.1:%d" % self.port
        self.clients = []  # every Client of this server, closed with it

    def stop(self, timeout=10):
        """SIGTERM, then the exit status and everything it printed after the first line."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for client in self.clients:
            client.close()
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        shutil.rmtree(self.state_dir, ignore_errors=True)


class Client:
    """One WebSocket viewer: collects frames and status messages."""

    def __init__(self, server, origin=None, timeout=5):
        self.ws = websocket.create_connection("ws://127.0.0.1:%d/page/ws" % server.port,
                                              origin=origin or server.origin, timeout=timeout)
        self.frames = []  # (number, clicks, width, height, rgb bytes)
        self.texts = []
        server.clients.append(self)

    def close(self):
        """Closes the connection (the server may have closed it already)."""
        try:
            self.ws.close(timeout=1)
        except Exception:
            self.ws.shutdown()

    def receive(self, seconds):
        """Everything that arrives within `seconds`."""
        end = time.time() + seconds
        while time.time() < end:
            self.ws.settimeout(max(0.01, end - time.time()))
            try:
                message = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            self.take(message)

    def take(self, message):
        if isinstance(message, bytes):
            assert message[0] == 0x46 and message[1] == 1, "not a frame message"
            width, height, number, clicks = struct.unpack(">HHII", message[2:14])
            assert len(message) == 14 + width * height * 3, "frame length"
            self.frames.append((number, clicks, width, height, message[14:]))
        else:
            self.texts.append(message)

    def wait_for_frame(self, predicate=lambda frame: True, seconds=5):
        """The first frame from now on that satisfies `predicate`."""
        end = time.time() + seconds
        seen = len(self.frames)
        while time.time() < end:
            for frame in self.frames[seen:]:
                if predicate(frame):
                    return frame
            seen = len(self.frames)
            self.receive(0.1)
        raise AssertionError("no such frame within %s s" % seconds)

    def send(self, *data):
        self.ws.send_binary(bytes(data))

    def drag(self, start_degrees, end_degrees, step=5, pause=0.01):
        """Samples from start to end (inclusive) every `step` degrees, then lifts the finger."""
        direction = 1 if end_degrees >= start_degrees else -1
        degrees = list(range(start_degrees, end_degrees + direction, step * direction))
        for d in degrees:
            turns = (d / 360.0) % 1.0
            self.send(1, *struct.pack(">H", int(round(turns * 65536)) & 0xFFFF))
            time.sleep(pause)
        self.send(2)

    def press(self, button, hold=0.05):
        self.send(3, button)
        time.sleep(hold)
        self.send(4, button)


def sim_frame(script_lines, size="64x32", seconds=1.0, fps=30, args=()):
    """The last frame of `pixelwheel sim --no-tty` playing `script_lines` (with `args`), as RGB bytes."""
    with tempfile.TemporaryDirectory() as work:
        script = os.path.join(work, "input.script")
        with open(script, "w") as f:
            f.write("\n".join(script_lines) + "\n")
        frames = os.path.join(work, "frames")
        os.mkdir(frames)
        subprocess.run([BINARY, "sim", "--no-tty", "--size", size, "--fps", str(fps), "--seconds", str(seconds),
                        "--script", script, "--frames-out", frames, "--state", os.path.join(work, "settings.conf"), *args],
                       check=True, capture_output=True)
        last = sorted(os.listdir(frames))[-1]
        return Image.open(os.path.join(frames, last)).convert("RGB").tobytes()
