"""`pixelwheel web` over its protocol, as browsers and hostile pages would use it."""
import socket
import time
import unittest

import websocket

from pixelwheel_web import Server, Client, sim_frame, SELECT, MENU


def raw_get(port, target, headers=""):
    """A GET of `target` exactly as written (no client-side path normalisation)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sConnection: close\r\n\r\n" % (target, port, headers)).encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data


class WebServerTests(unittest.TestCase):
    def test_page_is_served_and_nothing_outside_its_folder(self):
        with Server() as server:
            status, data = raw_get(server.port, "/")
            self.assertEqual(status, 200)
            self.assertIn(b"pixelwheel.js", data)
            self.assertEqual(raw_get(server.port, "/pixelwheel.css")[0], 200)
            for target in ["/../Package.swift", "/%2e%2e/Package.swift", "/..%2f..%2fetc%2fpasswd", "//etc/passwd",
                           "/web/index.html", "/../web/index.html", "/recordings/../../Package.swift",
                           "/recordings/1.gif", "/recordings/..%2f..%2fPackage.swift", "/.git/config", "/Package.swift",
                           "/index.html%00", "/%2fetc%2fpasswd", "/./pixelwheel.js/.."]:
                status, data = raw_get(server.port, target)
                self.assertIn(status, (400, 404), target)
                for secret in (b"PackageDescription", b"root:", b"[core]"):
                    self.assertNotIn(secret, data, target)
            code, out, err = server.stop()
            self.assertEqual(code, 0, err)

    def test_socket_checks_origin_and_host(self):
        with Server() as server:
            for origin in ["http://evil.example", "null", "http://127.0.0.1:1"]:
                with self.assertRaises(websocket.WebSocketBadStatusException, msg=origin):
                    websocket.create_connection("ws://127.0.0.1:%d/page/ws" % server.port, origin=origin, timeout=5)
            with self.assertRaises(websocket.WebSocketBadStatusException):
                websocket.create_connection("ws://127.0.0.1:%d/page/ws" % server.port, suppress_origin=True, timeout=5)
            # DNS rebinding: the attacker's name resolves to 127.0.0.1; Host and Origin agree with each other.
            with self.assertRaises(websocket.WebSocketBadStatusException):
                websocket.create_connection("ws://127.0.0.1:%d/page/ws" % server.port, host="rebind.example:%d" % server.port,
                                            origin="http://rebind.example:%d" % server.port, timeout=5)
            good = Client(server)
            good.wait_for_frame()
            good.close()
            # The page and recordings, too, answer only loopback names.
            for target in ("/", "/recordings/1.gif"):
                with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
                    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1.rebind.example:%d\r\nConnection: close\r\n\r\n"
                               % (target, server.port)).encode())
                    self.assertIn(b" 403 ", s.recv(4096).split(b"\r\n")[0] + b" ", target)
            code, out, err = server.stop()
            self.assertRegex(out, r"\b7 refused")
            self.assertIn("web: refused a WebSocket: Origin 'http://evil.example' is not this page", err)

    def test_two_browsers_see_the_same_frames_and_either_turns_the_wheel(self):
        with Server() as server:
            a, b = Client(server), Client(server)
            first_a, first_b = a.wait_for_frame(), b.wait_for_frame()
            self.assertTrue(first_a[4] == first_b[4])
            start = first_a[4]
            # The main menu, exactly as the terminal simulator draws it.
            self.assertTrue(start == sim_frame(["0.1 menu"]), "first frame is not the main menu")

            a.drag(0, 80)  # 4 × 20° clockwise: Effects → Settings, the last of five rows
            four_down = sim_frame(["0.1 rotate 4"])
            moved_a = a.wait_for_frame(lambda f: f[4] == four_down)
            moved_b = b.wait_for_frame(lambda f: f[4] == four_down)
            self.assertEqual(moved_a[0], moved_b[0])  # the same frame number
            self.assertEqual(moved_a[1], first_a[1] + 4)  # a click per row
            for other in (1, 2, 3):
                self.assertFalse(four_down == sim_frame(["0.1 rotate %d" % other]), "rotate %d looks like 4" % other)
            a.drag(80, 120)  # two more rows: clamped at the end, no click
            a.receive(0.3)
            self.assertTrue(a.frames[-1][4] == four_down and a.frames[-1][1] == moved_a[1], "not clamped")

            b.drag(370, 290)  # b turns it back, across 0°/360° anticlockwise
            a.wait_for_frame(lambda f: f[4] == start)
            b.wait_for_frame(lambda f: f[4] == start)

            # Arrow keys (detents) and a click on the centre enter the Effects menu.
            b.send(5, 1)
            b.send(5, 0xFF)
            b.press(SELECT)
            effects = sim_frame(["0.1 select"])
            a.wait_for_frame(lambda f: f[4] == effects)
            a.press(MENU)
            b.wait_for_frame(lambda f: f[4] == start)

            a.close()  # closing a page changes nothing for the other
            b.receive(0.5)
            b.press(SELECT)
            b.wait_for_frame(lambda f: f[4] == effects)
            b.close()
            self.assertEqual(server.stop()[0], 0)

    def test_bad_messages_are_ignored_counted_and_then_the_connection_closed(self):
        with Server() as server:
            watcher = Client(server)
            watcher.wait_for_frame()
            bad = Client(server)
            bad.wait_for_frame()
            for message in [b"", b"\x00", b"\x07", b"\x01\x02", b"\x03\x09", b"\x05", b"\x02\x02\x02\x02"]:
                bad.ws.send_binary(message)
            bad.ws.send("{\"type\":\"drag\"}")  # text is no message
            bad.ws.send_binary(b"\x01" * 200)  # longer than any message
            time.sleep(0.3)
            bad.receive(0.3)  # still open after 9
            bad.send(5, 1)  # and still heard: one row down
            watcher.wait_for_frame(lambda f: f[4] == sim_frame(["0.1 rotate 1"]))
            bad.ws.send_binary(b"\xff")  # the tenth within 10 s closes it
            with self.assertRaises((websocket.WebSocketConnectionClosedException, ConnectionError, websocket.WebSocketTimeoutException)):
                for _ in range(100):
                    bad.receive(0.1)
                    bad.ws.send_binary(b"\x05\x01")
            # A flood over the rate (200 messages a second) is cut off too.
            flood = Client(server)
            flood.wait_for_frame()
            try:
                for _ in range(1000):
                    flood.send(5, 1)
            except (websocket.WebSocketConnectionClosedException, ConnectionError):
                pass
            # A message too large for a WebSocket frame here closes at once: a close frame saying
            # too big (1009), or, when the kernel resets the socket over the unread rest of the
            # message, the reset.
            huge = Client(server)
            huge.wait_for_frame()
            huge.ws.send_binary(b"\x01" * 100000)
            closed = None
            end = time.time() + 2
            while closed is None and time.time() < end:
                try:
                    opcode, frame = huge.ws.recv_data_frame(control_frame=True)
                except (websocket.WebSocketConnectionClosedException, ConnectionError) as error:
                    closed = type(error).__name__
                    break
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    closed = int.from_bytes(frame.data[:2], "big")
            self.assertIn(closed, (1009, "ConnectionResetError", "WebSocketConnectionClosedException"))
            # The watcher never noticed any of it.
            watcher.receive(0.5)
            watcher.send(5, 0xFF)  # the flood left the selection on the last row; one back
            watcher.wait_for_frame(lambda f: f[4] == sim_frame(["0.1 rotate 3"]))
            code, out, err = server.stop()
            self.assertEqual(code, 0, err)
            counts = dict((label, int(n)) for n, label in
                          __import__("re").findall(r"(\d+) (bad message\(s\) ignored|connection\(s\) closed for them)", out))
            self.assertGreaterEqual(counts["bad message(s) ignored"], 10)
            self.assertGreaterEqual(counts["connection(s) closed for them"], 2)

    def test_a_browser_that_stops_reading_is_dropped_and_the_others_go_on(self):
        # 256x128 with an effect playing: 98 KB a frame, 30 a second, fills any socket buffer.
        import os, tempfile
        script = os.path.join(tempfile.mkdtemp(), "play.script")
        with open(script, "w") as f:
            f.write("0.2 select\n0.3 rotate 1\n0.35 select\n0.4 select\n")  # Effects → Classic → DVD Bounce
        with Server("--script", script, size="256x128") as server:
            reader = Client(server, timeout=10)
            stuck = socket.create_connection(("127.0.0.1", server.port))
            stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            stuck.sendall(("GET /page/ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: %s\r\n\r\n"
                           % (server.port, server.origin)).encode())
            self.assertIn(b"101", stuck.recv(12))  # upgraded; from now on it never reads
            before = len(reader.frames)
            reader.receive(16)  # the stall limit is 10 s, checked each second
            self.assertGreater(len(reader.frames) - before, 16 * 10)  # the reader kept getting frames
            code, out, err = server.stop()
            stuck.close()
            self.assertEqual(code, 0, err)
            self.assertIn("1 closed for not reading", out)

    def test_client_count_is_bounded(self):
        with Server("--max-clients", "2") as server:
            a, b = Client(server), Client(server)
            with self.assertRaises(websocket.WebSocketBadStatusException):
                Client(server)
            a.close()
            time.sleep(0.5)
            c = Client(server)
            c.wait_for_frame()
            self.assertEqual(server.stop()[0], 0)

    def test_sigterm_stops_the_server_with_browsers_connected_and_writes_the_recording(self):
        import os, tempfile
        from PIL import Image
        out_gif = os.path.join(tempfile.mkdtemp(), "session.gif")
        with Server("--record", out_gif) as server:
            clients = [Client(server) for _ in range(3)]
            for c in clients:
                c.wait_for_frame()
            clients[0].drag(0, 40)
            time.sleep(0.5)
            started = time.time()
            code, out, err = server.stop()
            self.assertEqual(code, 0, err)
            self.assertLess(time.time() - started, 5)
            self.assertIn("3 browser connection(s)", out)
            with Image.open(out_gif) as gif:
                self.assertEqual(gif.size, (512, 256))
                self.assertGreaterEqual(gif.n_frames, 3)  # the menu, and two rows of the drag
                duration = 0
                for index in range(gif.n_frames):
                    gif.seek(index)
                    duration += gif.info.get("duration", 0)
                self.assertGreater(duration, 500)  # the whole run (about 0.9 s), static stretches included

    def test_bad_options_are_one_line_with_the_fix(self):
        import subprocess
        from pixelwheel_web import BINARY
        # A value the option's type refuses is read once, by ArgumentParser: its first line names
        # the option and the problem, and the option's help follows.
        for args, expected in [(["--listen", "8080"], "invalid for '--listen <ADDR:PORT>': '8080' is not ADDR:PORT"),
                               (["--max-clients", "0"], "--max-clients must be 1...64"),
                               (["--page", "/nonexistent"], "(--page DIR)"),
                               (["--record", "/tmp/x.png"], ".gif")]:
            run = subprocess.run([BINARY, "web", *args], capture_output=True, text=True, timeout=20)
            self.assertNotEqual(run.returncode, 0, args)
            self.assertIn(expected, run.stderr.splitlines()[0], args)
        with Server() as first:
            run = subprocess.run([BINARY, "web", "--listen", "127.0.0.1:%d" % first.port, "--state", first.state],
                                 capture_output=True, text=True, timeout=20)
            self.assertNotEqual(run.returncode, 0)
            self.assertIn("127.0.0.1:%d is already in use (another pixelwheel web? stop it); listen on 127.0.0.1:%d instead (--listen)"
                          % (first.port, first.port + 1), run.stderr)
            self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)


if __name__ == "__main__":
    unittest.main()
