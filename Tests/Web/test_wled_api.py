"""The WLED JSON API of `pixelwheel web --api` under bad and hostile input, on loopback, and
the rest of WLED's paths (/json/nodes, /json/palx, the HTTP API /win, relative values).

Bodies too large, too deep or of the wrong types, unknown keys, and a bounded flood of requests
while the panel runs: answered as WLED answers, never stored as if honoured, the frame loop
kept (counted in missed frames, which the server reports in `info.pixelwheel`) and no setting
lost.
"""
import http.client
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import unittest
import xml.etree.ElementTree

import websocket  # python3-websocket (websocket-client)

from pixelwheel_web import BINARY, MENU, Client, Server

# The flood: this many requests over this many connections at once, each answered or refused.
FLOOD_REQUESTS = 3000
FLOOD_CONNECTIONS = 4


def request(server, method, path, body=None, headers=None):
    """One request on a new connection: (status, headers, parsed JSON body)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), json.loads(data) if data else None
    finally:
        connection.close()


def post(server, body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return request(server, "POST", "/json/state", data, {"Content-Type": "application/json"})


class WLEDHostileInputTests(unittest.TestCase):
    def setUp(self):
        self.server = Server("--api", size="32x16", fps=30)

    def tearDown(self):
        self.server.__exit__(None, None, None)

    def state(self):
        """The state; a 503 from the rate limit (after the flood) is asked again, 50 times at most."""
        for _ in range(50):
            status, _, body = request(self.server, "GET", "/json/state")
            if status != 503:
                self.assertEqual(status, 200)
                return body
            time.sleep(0.1)
        self.fail("the state stayed refused by the rate limit")

    def test_bad_bodies_are_answered_as_wled_answers_and_change_nothing(self):
        before = self.state()
        too_big = b'{"on":true,"n":"' + b"x" * 5000 + b'"}'
        status, _, body = post(self.server, too_big)
        self.assertEqual((status, body), (413, {"error": 9}))
        deep = b'{"seg":' + b"[" * 40 + b"]" * 40 + b"}"
        status, _, body = post(self.server, deep)
        self.assertEqual((status, body), (400, {"error": 9}))
        for broken in [b"", b"[1,2]", b'{"on":', b"\xff\xfe"]:
            status, _, body = post(self.server, broken)
            self.assertEqual((status, body), (400, {"error": 9}), broken)
        self.assertEqual(self.state(), before)

    def test_wrong_types_and_unknown_keys_are_named_and_never_stored(self):
        before = self.state()
        status, headers, body = post(self.server, {"on": "yes", "bri": "high", "seg": [{"fx": "Rain", "sx": [1], "pal": 4}],
                                                   "nl": {"on": True}, "tt": 3, "psave": "one", "ps": {"id": 1}, "x-unknown": 1})
        self.assertEqual((status, body), (200, {"success": True}))
        ignored = headers["X-PixelWheel-Ignored"].split(",")
        self.assertEqual(sorted(ignored), sorted(["on", "bri", "nl", "tt", "psave", "ps", "x-unknown", "seg.fx", "seg.sx", "seg.pal"]))
        self.assertEqual(self.state(), before)
        self.assertEqual(request(self.server, "GET", "/presets.json")[2], {"0": {}})
        text = ""
        if os.path.exists(self.server.state):
            with open(self.server.state) as settings:
                text = settings.read()
        for key in ["nl", "tt", "pal", "x-unknown"]:
            self.assertNotIn(key, text)

    def test_a_flood_keeps_the_frame_loop_and_loses_no_setting(self):
        # Settings chosen before the flood: brightness 30 %, Fan Sweep in red at speed 200.
        status, _, _ = post(self.server, {"bri": 77, "seg": [{"fx": 4, "sx": 200, "col": [[255, 0, 0]]}]})
        self.assertEqual(status, 200)
        info = request(self.server, "GET", "/json/info")[2]["pixelwheel"]
        answers = {}
        lock = threading.Lock()
        bodies = [b'{"seg":[{"sx":200}]}', b'{"bri":77,"v":true}', b"{", b'{"nl":{"on":true}}']

        def flood(share):
            for index in range(share):
                kind = index % 5
                try:
                    if kind == 4:
                        status = request(self.server, "GET", "/json")[0]
                    else:
                        status = post(self.server, bodies[kind])[0]
                except OSError:
                    status = "error"
                with lock:
                    answers[status] = answers.get(status, 0) + 1

        threads = [threading.Thread(target=flood, args=(FLOOD_REQUESTS // FLOOD_CONNECTIONS,)) for _ in range(FLOOD_CONNECTIONS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        self.assertTrue(all(not thread.is_alive() for thread in threads), "the flood did not end")
        after = None
        for _ in range(50):  # the rate limit refills: a request gets through within a few seconds
            status, _, body = request(self.server, "GET", "/json/info")
            if status == 200:
                after = body["pixelwheel"]
                break
            time.sleep(0.1)
        self.assertIsNotNone(after, "the API did not recover after the flood")
        frames = after["frames"] - info["frames"]
        missed = after["missedFrames"] - info["missedFrames"]
        print("\nflood: %d requests, answers %s; %d frames shown, %d missed meanwhile" %
              (FLOOD_REQUESTS, sorted(answers.items(), key=str), frames, missed))
        self.assertEqual(set(answers) - {200, 400, 503}, set(), answers)
        self.assertGreater(frames, 0)
        self.assertLessEqual(missed, max(3, frames // 10), "the flood held up the frame loop")
        # Nothing lost: the state and the settings file hold what was set before the flood.
        state = self.state()
        self.assertEqual((state["bri"], state["seg"][0]["fx"], state["seg"][0]["sx"]), (77, 4, 200), state)
        self.assertEqual(state["seg"][0]["col"][0], [255, 0, 0])
        status, _, _ = self.server.stop()
        self.assertEqual(status, 0)
        with open(self.server.state) as settings:
            text = settings.read()
        self.assertIn("brightness = 30\n", text)
        self.assertIn("fan.color = FF0000\n", text)

    def wled_socket(self):
        """WLED's /ws, and the state and info it sends first."""
        ws = websocket.create_connection("ws://127.0.0.1:%d/ws" % self.server.port, timeout=5)
        first = json.loads(ws.recv())
        self.assertEqual(set(first), {"state", "info"})
        return ws

    def closed_with(self, ws):
        """The close code the server sent, or the error that ended the connection (2 s at most)."""
        end = time.time() + 2
        while time.time() < end:
            try:
                opcode, frame = ws.recv_data_frame(control_frame=True)
            except (websocket.WebSocketConnectionClosedException, ConnectionError) as error:
                return type(error).__name__
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                return int.from_bytes(frame.data[:2], "big")
        return None

    def test_the_websocket_is_bounded_in_clients_message_size_and_bad_messages(self):
        clients = [self.wled_socket() for _ in range(8)]
        with self.assertRaises(websocket.WebSocketBadStatusException):
            websocket.create_connection("ws://127.0.0.1:%d/ws" % self.server.port, timeout=5)
        self.assertEqual(request(self.server, "GET", "/json/info")[2]["ws"], 8)
        # Too large: closed with 1009 (or reset, when the kernel drops the unread rest).
        clients[0].send('{"on":true,"n":"' + "x" * 8000 + '"}')
        self.assertIn(self.closed_with(clients[0]), (1009, "ConnectionResetError", "WebSocketConnectionClosedException"))
        # Nine bad messages are ignored and the socket still answers; the tenth closes it.
        bad = clients[1]
        for message in ["{", "[1]", "nonsense", "", '{"on":', "1", "null", '"text"']:
            bad.send(message)
        bad.send_binary(b"\x00\x01")  # WLED's E1.31 over the socket: not taken
        bad.send('{"v":true}')
        self.assertIn("state", json.loads(bad.recv()))
        bad.send("{")
        self.assertIn(self.closed_with(bad), (1008, "ConnectionResetError", "WebSocketConnectionClosedException"))
        # A change sent on one socket reaches the others; unknown keys change nothing.
        clients[2].send(json.dumps({"bri": 51, "x-unknown": 1}))
        message = json.loads(clients[3].recv())
        self.assertEqual(message["state"]["bri"], 51)
        for ws in clients[2:]:
            ws.close()


def get_text(server, path, headers=None):
    """GET `path` on a new connection: (status, headers, body as text)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        connection.close()


class WLEDPathsTests(unittest.TestCase):
    """The rest of WLED's paths, as its web UI, apps and older integrations (Hubitat, Node-RED,
    scripts) use them: /json/nodes, /json/palx, the HTTP API /win with its XML reply, and the
    relative values (`~`, `~-`, `~10`, `1~3~`) that step with one call."""

    def setUp(self):
        self.server = Server("--api", size="32x16", fps=30)

    def tearDown(self):
        self.server.__exit__(None, None, None)

    def win(self, parameters=""):
        """/win with `parameters`: the reply's elements by name (lists for the repeated ones)."""
        status, headers, body = get_text(self.server, "/win" + parameters)
        self.assertEqual(status, 200, body)
        self.assertTrue(headers["Content-Type"].startswith("text/xml"), headers)
        root = xml.etree.ElementTree.fromstring(body)
        self.assertEqual(root.tag, "vs")
        fields = {}
        for element in root:
            fields.setdefault(element.tag, []).append(element.text)
        return {tag: values if tag in ("cl", "cs") else values[0] for tag, values in fields.items()}

    def test_nodes_and_palette_previews_answer(self):
        status, _, body = request(self.server, "GET", "/json/nodes")
        self.assertEqual((status, body), (200, {"nodes": []}))
        _, _, names = request(self.server, "GET", "/json/pal")
        self.assertEqual(names[0], "Default")
        last = (len(names) - 1) // 8
        seen = {}
        for page in ("", "?page=0", "?page=1", "?page=7", "?page=x"):
            status, _, body = request(self.server, "GET", "/json/palx" + page)
            self.assertEqual(status, 200)
            self.assertEqual(body["m"], last)
            seen.update(body["p"])
        # Every palette previewed once: Default as the segment colour, the others as their stops.
        self.assertEqual(sorted(seen, key=int), [str(i) for i in range(len(names))])
        self.assertEqual(seen["0"], ["c1"])
        self.assertTrue(all(len(stop) == 4 and stop[0] in range(256) for stop in seen["1"]), seen["1"])
        _, _, everything = request(self.server, "GET", "/json")
        self.assertEqual(everything["info"]["lwip"], 0)
        self.assertEqual(everything["info"]["leds"]["bootps"], 0)
        self.assertEqual(everything["state"]["ledmap"], 0)
        self.assertEqual(everything["state"]["seg"][0]["set"], 0)

    def test_the_http_api_sets_power_brightness_effect_and_speed_and_answers_xml(self):
        before = self.win()
        self.assertEqual(list(before.keys()), ["ac", "cl", "cs", "ns", "nr", "nl", "nf", "nd", "nt", "fx", "sx", "ix",
                                               "fp", "wv", "ws", "ps", "cy", "ds", "ss"])
        self.assertEqual(before["ds"], "PixelWheel")
        after = self.win("&A=128&FX=2&SX=200")
        self.assertEqual((after["ac"], after["fx"], after["sx"]), ("128", "2", "200"))
        _, _, state = request(self.server, "GET", "/json/state")
        self.assertEqual((state["bri"], state["seg"][0]["fx"], state["seg"][0]["sx"]), (128, 2, 200))
        self.assertEqual(self.win("&T=0")["ac"], "0")
        self.assertEqual(self.win("&T=2")["ac"], "128", "T=2 toggles back on")
        self.assertEqual(self.win("&A=~10")["ac"], "138")
        # 138 - 20 = 118, read back as 117: brightness is a percent, and 46 % is bri 117.
        self.assertEqual(self.win("&A=%7E-20")["ac"], "117", "a percent-encoded ~")
        count = len(request(self.server, "GET", "/json/eff")[2])
        self.assertEqual(self.win("&FX=~")["fx"], "3")
        self.assertEqual(self.win("&FX=%d" % (count - 1))["fx"], str(count - 1))
        self.assertEqual(self.win("&FX=~")["fx"], "0", "next wraps to the first effect")
        self.assertEqual(self.win("&FX=~-")["fx"], str(count - 1), "previous wraps to the last")
        status, headers, _ = get_text(self.server, "/win&Q=1&A=100")
        self.assertEqual(headers.get("X-PixelWheel-Ignored"), "Q")

    def test_relative_values_step_and_presets_cycle(self):
        post(self.server, {"on": True, "bri": 100, "seg": [{"fx": 1}]})
        for preset in (1, 2, 3):
            status, _, _ = post(self.server, {"psave": preset, "n": "P%d" % preset})
            self.assertEqual(status, 200)
        self.assertEqual(post(self.server, {"bri": "~10", "v": True})[2]["bri"], 110)
        self.assertEqual(post(self.server, {"bri": "~-30", "v": True})[2]["bri"], 79)
        self.assertEqual(post(self.server, {"bri": "~300", "v": True})[2]["bri"], 255, "a step clamps")
        self.assertEqual(post(self.server, {"seg": [{"fx": "~"}], "v": True})[2]["seg"][0]["fx"], 2)
        self.assertEqual(post(self.server, {"seg": [{"fx": "~-"}], "v": True})[2]["seg"][0]["fx"], 1)
        self.assertEqual(post(self.server, {"seg": [{"sx": "~-28"}], "v": True})[2]["seg"][0]["sx"], 23)
        shown = [post(self.server, {"ps": "1~3~", "v": True})[2]["ps"] for _ in range(4)]
        self.assertEqual(shown, [1, 2, 3, 1], "1~3~ cycles through presets 1 to 3")
        self.assertEqual(post(self.server, {"ps": "1~3~-", "v": True})[2]["ps"], 3, "and back")
        self.assertEqual(self.win("&P1=1&P2=3&PL=~")["ps"], "1", "PL=~ cycles from P1 to P2, past P2 to P1")
        self.assertEqual(self.win("&P1=2&P2=3&PL=~")["ps"], "2", "from below P1 to P1")
        self.assertEqual(self.win("&PL=3")["ps"], "3")
        _, headers, _ = post(self.server, {"bri": "r", "seg": [{"fx": "x~"}]})
        self.assertEqual(headers.get("X-PixelWheel-Ignored"), "bri,seg.fx", "random and unreadable values are named")


class WLEDHTTPAPIAccessTests(unittest.TestCase):
    """/win follows the JSON API's rules: with a password, a change needs a login or the
    allow list; viewing without the password only reads."""

    def test_a_change_without_access_is_refused_and_changes_nothing(self):
        with tempfile.TemporaryDirectory() as folder:
            password_file = os.path.join(folder, "password")
            made = subprocess.run([BINARY, "passwd", "--file", password_file], input="correct horse\n",
                                  capture_output=True, text=True, timeout=30)
            self.assertEqual(made.returncode, 0, made.stderr)
            with Server("--api", "--password-file", password_file) as server:
                status, _, body = get_text(server, "/win&A=10&T=0")
                self.assertEqual(status, 401, body)
                self.assertIn("log in", body)
            with Server("--api", "--password-file", password_file, "--api-allow", "127.0.0.1/32") as server:
                status, _, body = get_text(server, "/win&A=10")
                self.assertEqual(status, 200, body)
                self.assertIn("<ac>10</ac>", body)
                # The controls view's own routes follow the page's login, not the API's allow list.
                status, _, body = get_text(server, "/page/json/state")
                self.assertEqual(status, 401, body)
                self.assertEqual(get_text(server, "/json/state")[0], 200)


class WLEDLiveStreamTests(unittest.TestCase):
    """`{"live":false}` and `lor` while a DDP stream plays into `pixelwheel web --api --network
    ddp`: the API's keys reach the live mode at once (before, both were dropped while a stream
    showed)."""

    def setUp(self):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        self.ddp_port = probe.getsockname()[1]
        probe.close()
        self.server = Server("--api", "--network", "ddp", "--network-port", "ddp=%d" % self.ddp_port, size="16x8")
        self.streaming = threading.Event()
        self.streaming.set()
        self.sender = threading.Thread(target=self.stream, daemon=True)
        self.sender.start()

    def tearDown(self):
        self.streaming.clear()
        self.sender.join(timeout=5)
        self.server.__exit__(None, None, None)

    def stream(self):
        """A red 16x8 frame as one DDP packet with push, 20 times a second, for at most 20 s."""
        out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        red = bytes([255, 0, 0]) * (16 * 8)
        packet = bytes([0x41, 0, 0x0B, 1]) + (0).to_bytes(4, "big") + len(red).to_bytes(2, "big") + red
        end = time.time() + 20
        while self.streaming.is_set() and time.time() < end:
            out.sendto(packet, ("127.0.0.1", self.ddp_port))
            time.sleep(0.05)
        out.close()

    def until(self, predicate, what, seconds=3):
        """Asks until `predicate` holds, at most `seconds`."""
        end = time.time() + seconds
        while time.time() < end:
            if predicate():
                return
            time.sleep(0.05)
        self.fail(what)

    def info_live(self):
        return request(self.server, "GET", "/json/info")[2]["live"]

    def picture(self):
        """The panel's picture, empty before the first frame (a 404 then)."""
        return (request(self.server, "GET", "/json/live")[2] or {}).get("leds", [])

    def streamed(self):
        leds = self.picture()
        return len(leds) > 0 and len(set(leds)) == 1 and leds[0].upper().endswith("0000") and leds[0] != "000000"

    def test_live_false_gives_the_display_back_until_the_stream_ends(self):
        self.until(self.info_live, "the stream never went live")
        self.until(self.streamed, "the stream's red picture was never shown")
        status, _, _ = post(self.server, {"live": False})
        self.assertEqual(status, 200)
        self.until(lambda: not self.info_live(), "info.live still true after {\"live\":false}")
        self.until(lambda: not self.streamed(), "the stream still shows after {\"live\":false}")
        time.sleep(1)  # the stream goes on, and stays given back
        self.assertFalse(self.info_live())
        self.assertFalse(self.streamed())

    def test_lor_during_a_stream_takes_effect_at_once(self):
        self.until(self.streamed, "the stream's red picture was never shown")
        self.assertEqual(post(self.server, {"lor": 2, "v": True})[2]["lor"], 2)
        self.until(lambda: not self.streamed(), "lor 2 did not hide the running stream")
        self.assertEqual(request(self.server, "GET", "/json/state")[2]["lor"], 2)
        self.assertEqual(post(self.server, {"lor": 0, "v": True})[2]["lor"], 0)
        self.until(self.streamed, "lor 0 did not show the running stream again")


class PageLiveStreamTests(WLEDLiveStreamTests):
    """The same rules from the page, with no WLED API: the controls view's own channel
    (`/page/json/state`, which the page's login guards) and the wheel's MENU on the page's
    WebSocket. What shows is read from the frames the page receives."""

    def setUp(self):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        self.ddp_port = probe.getsockname()[1]
        probe.close()
        self.server = Server("--network", "ddp", "--network-port", "ddp=%d" % self.ddp_port, size="16x8")
        self.viewer = Client(self.server)
        self.streaming = threading.Event()
        self.streaming.set()
        self.sender = threading.Thread(target=self.stream, daemon=True)
        self.sender.start()

    def page_post(self, body):
        return request(self.server, "POST", "/page/json/state", json.dumps(body).encode(), {"Content-Type": "application/json"})

    def info_live(self):
        return request(self.server, "GET", "/page/json/info")[2]["live"]

    def streamed(self):
        """Whether the newest frame the page got is the stream's red picture."""
        self.viewer.receive(0.15)
        if not self.viewer.frames:
            return False
        rgb = self.viewer.frames[-1][4]
        return len(set(rgb[i:i + 3] for i in range(0, len(rgb), 3))) == 1 and rgb[0] > 0 and rgb[1] == 0 and rgb[2] == 0

    def test_the_api_is_off(self):
        self.assertEqual(request(self.server, "GET", "/json/state")[0], 404)

    def test_live_false_gives_the_display_back_until_the_stream_ends(self):
        self.until(self.info_live, "the stream never went live")
        self.until(self.streamed, "the stream's red picture never reached the page")
        self.assertEqual(self.page_post({"live": False})[0], 200)
        self.until(lambda: not self.info_live(), "info.live still true after the page's {\"live\":false}")
        self.until(lambda: not self.streamed(), "the stream still shows after the page's {\"live\":false}")
        time.sleep(1)
        self.assertFalse(self.streamed(), "the stream took the display back while it ran")

    def test_lor_during_a_stream_takes_effect_at_once(self):
        self.until(self.streamed, "the stream's red picture never reached the page")
        self.assertEqual(self.page_post({"lor": 2, "v": True})[2]["lor"], 2)
        self.until(lambda: not self.streamed(), "the page's lor 2 did not hide the running stream")
        self.assertEqual(self.page_post({"lor": 0, "v": True})[2]["lor"], 0)
        self.until(self.streamed, "the page's lor 0 did not show the running stream again")

    def test_the_wheels_menu_gives_the_display_back_until_the_stream_ends(self):
        self.until(self.streamed, "the stream's red picture never reached the page")
        self.viewer.press(MENU)
        self.until(lambda: not self.streamed(), "MENU on the page's wheel did not give the display back")
        self.until(lambda: not self.info_live(), "info.live still true after MENU")
        time.sleep(1)
        self.assertFalse(self.streamed(), "the stream took the display back while it ran")


if __name__ == "__main__":
    unittest.main()
