"""The WLED JSON API of `pixelwheel web --api` under bad and hostile input, on loopback.

Bodies too large, too deep or of the wrong types, unknown keys, and a bounded flood of requests
while the panel runs: answered as WLED answers, never stored as if honoured, the frame loop
kept (counted in missed frames, which the server reports in `info.pixelwheel`) and no setting
lost.
"""
import http.client
import json
import os
import threading
import time
import unittest

import websocket  # python3-websocket (websocket-client)

from pixelwheel_web import Server

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


if __name__ == "__main__":
    unittest.main()
