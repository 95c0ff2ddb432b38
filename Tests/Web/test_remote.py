"""The page as a remote for `pixelwheel run`: `run --simulate --no-tty --real-time` on a
configuration with a [web] table and a password (set with `pixelwheel passwd`), driven by
headless Chromium as a phone would be. It logs in, turns the wheel, sets the brightness from the
controls view, and checks both in the frames the page gets and in the JSON state; a wrong
password is refused and then rate-limited; a page from another origin cannot drive it. It
saves a preset from the controls view and loads it back (test_6: needs the presets, WLED's
`psave`/`ps` and /presets.json, served).
"""
import http.client
import http.server
import json
import os
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
import time
import unittest

import websocket

from pixelwheel_web import BINARY, ROOT, start_serving
import test_browser  # its helpers; `import test_browser` keeps its tests out of this module's
from test_browser import open_browser

PASSWORD = "correct horse battery"


def mean_level(frame):
    """The mean of a frame's RGB bytes."""
    return sum(frame) / max(1, len(frame))


class RemoteRun:
    """`pixelwheel run --simulate --no-tty --real-time` with a [web] table on a free loopback port."""

    def __init__(self, seconds=300, extra=""):
        self.work = tempfile.mkdtemp(prefix="pixelwheel-remote-")
        password_file = os.path.join(self.work, "web-password")
        passwd = subprocess.run([BINARY, "passwd", "--file", password_file], input=PASSWORD + "\n",
                                capture_output=True, text=True, timeout=20)
        assert passwd.returncode == 0, passwd.stderr
        with open(os.path.join(ROOT, "config", "simulator.toml")) as f:
            base = f.read()
        config = os.path.join(self.work, "remote.toml")
        with open(config, "w") as f:
            f.write(base + '\n[web]\nlisten = "127.0.0.1:0"\npassword_file = "web-password"\napi = true\nname = "Desk"\n' + extra)
        command = [BINARY, "run", "--config", config, "--simulate", "--no-tty", "--real-time", "--seconds", str(seconds),
                   "--state", os.path.join(self.work, "settings.conf")]
        try:
            self.process, self.port = start_serving(command, announced_on_stderr=True)
        except Exception:
            shutil.rmtree(self.work, ignore_errors=True)
            raise
        self.url = "http://127.0.0.1:%d/" % self.port
        self.origin = "http://127.0.0.1:%d" % self.port

    def request(self, method, path, body=None, headers=None, source="127.0.0.1"):
        """One HTTP request from `source` (any 127.x address): (status, headers, body bytes)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10, source_address=(source, 0))
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()

    def state(self, cookie):
        status, _, body = self.request("GET", "/json/state", headers={"Cookie": cookie})
        assert status == 200, status
        return json.loads(body)

    def frame(self, cookie, send=b""):
        """A frame the page's socket sends, with `cookie` (None: none): (clicks, RGB bytes).
        With `send`, those wheel messages go first on a socket of their own, and the frame is
        the first of a new socket half a second later."""
        ws = websocket.create_connection("ws://127.0.0.1:%d/page/ws" % self.port, origin=self.origin, cookie=cookie, timeout=5)
        try:
            if send:
                for index in range(0, len(send), 2):
                    ws.send_binary(send[index:index + 2])
                time.sleep(0.5)
                return self.frame(cookie)
            while True:
                message = ws.recv()
                if isinstance(message, bytes):
                    _, _, _, clicks = struct.unpack(">HHII", message[2:14])
                    return clicks, message[14:]
        finally:
            ws.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        out, err = self.process.communicate(timeout=15)
        shutil.rmtree(self.work, ignore_errors=True)
        return self.process.returncode, out, err


class EvilSite:
    """A page on another origin (another port of 127.0.0.1: the same site, so a SameSite=Strict
    cookie would go along; only the Origin checks stand in the way) that tries to drive the
    remote: a text/plain form post and a no-cors fetch to /json/state, and a WebSocket sending
    wheel turns."""

    def __init__(self, target_port):
        page = """<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="f" method="post" action="http://127.0.0.1:%d/json/state" enctype="text/plain" target="sink">
<input name='{"bri":3,"x":"' value='"}'></form>
<script>
window.done = 0;
document.getElementById('f').submit();
fetch('http://127.0.0.1:%d/json/state', {method: 'POST', mode: 'no-cors', credentials: 'include',
  body: '{"bri":3}'}).catch(() => {}).finally(() => { window.done += 1; });
try {
  const ws = new WebSocket('ws://127.0.0.1:%d/page/ws');
  ws.onopen = () => { for (let i = 0; i < 20; i++) ws.send(new Uint8Array([5, 1])); window.done += 1; };
  ws.onerror = () => { window.done += 1; };
} catch (e) { window.done += 1; }
</script></body></html>""" % (target_port, target_port, target_port)
        body = page.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class RemoteTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.run_ = RemoteRun()
        cls.driver = open_browser()
        cls.driver.set_script_timeout(10)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        code, out, err = cls.run_.stop()
        assert code == 0, err
        assert "stopped cleanly" in out, out

    wait_until = test_browser.BrowserTests.wait_until

    def cookie(self):
        cookie = self.driver.get_cookie("pixelwheel_session")
        self.assertIsNotNone(cookie, "no session cookie")
        return "pixelwheel_session=" + cookie["value"]

    def log_in(self):
        from selenium.webdriver.common.by import By
        self.driver.get(self.run_.url)
        self.wait_until("return location.pathname === '/login'", "the page did not send us to the login")
        self.driver.find_element(By.ID, "password").send_keys(PASSWORD)
        self.driver.find_element(By.ID, "submit").click()
        self.wait_until("return location.pathname === '/' && window.pixelwheel && window.pixelwheel.frames > 0",
                        "no frame reached the page after the login")

    # ------------------------------------------------------------------ the tests, in order

    def test_1_without_a_login_nothing_is_served_but_the_login(self):
        run = self.run_
        status, headers, _ = run.request("GET", "/")
        self.assertEqual(status, 303)
        self.assertEqual(headers.get("Location"), "/login")
        self.assertEqual(run.request("GET", "/json/state")[0], 401)
        self.assertEqual(run.request("POST", "/json/state", body=b'{"bri":5}', headers={"Content-Type": "application/json"})[0], 401)
        with self.assertRaises(websocket.WebSocketBadStatusException):
            websocket.create_connection("ws://127.0.0.1:%d/page/ws" % run.port, origin=run.origin, timeout=5)
        with self.assertRaises(websocket.WebSocketBadStatusException):  # WLED's socket, as the API: 401
            websocket.create_connection("ws://127.0.0.1:%d/ws" % run.port, origin=run.origin, timeout=5)

    def test_2_logs_in_and_turns_the_wheel(self):
        self.log_in()
        cookie = self.driver.get_cookie("pixelwheel_session")
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie.get("sameSite"), "Strict")
        self.assertEqual(cookie["path"], "/")
        # The script cannot read it.
        self.assertNotIn("pixelwheel_session", self.driver.execute_script("return document.cookie"))
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        before_clicks = self.driver.execute_script("return window.pixelwheel.clicks")
        before_frame = bytes(self.driver.execute_script("return Array.from(window.pixelwheel.frame)"))
        ActionChains(self.driver).send_keys(Keys.ARROW_DOWN).pause(0.2).send_keys(Keys.ARROW_DOWN).perform()
        self.wait_until("return window.pixelwheel.clicks >= %d" % (before_clicks + 2), "the wheel's clicks did not reach the app")
        time.sleep(0.3)
        after_frame = bytes(self.driver.execute_script("return Array.from(window.pixelwheel.frame)"))
        self.assertNotEqual(before_frame, after_frame, "the menu did not move")

    def test_3_sets_the_brightness_from_the_controls_view(self):
        run = self.run_
        self.driver.get(run.url + "controls")
        self.wait_until("return window.pixelwheelControls && window.pixelwheelControls.state !== null",
                        "the controls view got no state")
        cookie = self.cookie()
        _, bright = run.frame(cookie)
        self.driver.execute_script("const s = document.getElementById('bri'); s.value = 8;"
                                   " s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));")
        self.wait_until("return window.pixelwheelControls.state.bri === 8", "the controls view did not show bri 8")
        self.assertEqual(run.state(cookie)["bri"], 8)
        time.sleep(0.3)
        _, dim = run.frame(cookie)
        self.assertLess(mean_level(dim), mean_level(bright) * 0.5, "the panel did not dim")
        # Turn it off and on from the view.
        self.driver.find_element("id", "power").click()
        self.wait_until("return window.pixelwheelControls.state.on === false", "the power button did not turn it off")
        self.driver.find_element("id", "power").click()
        self.wait_until("return window.pixelwheelControls.state.on === true", "the power button did not turn it on")
        # An effect from the list: it plays, and its sliders are named and shown as fxdata says.
        self.driver.execute_script("const s = document.getElementById('fx'); s.value = '1';"
                                   " s.dispatchEvent(new Event('change'));")
        self.wait_until("return window.pixelwheelControls.state.seg[0].fx === 1", "the effect was not chosen")
        self.wait_until("return document.getElementById('c1-label').textContent === 'Twinkle: 0.6 Hz'", "the sliders were not named with their values")
        self.assertFalse(self.driver.execute_script("return document.getElementById('c3-row').hidden"))
        self.driver.execute_script("const s = document.getElementById('fx'); s.value = '0';"
                                   " s.dispatchEvent(new Event('change'));")
        self.wait_until("return document.getElementById('c3-row').hidden === true", "an unused slider stayed")
        # The live status says no stream is showing.
        live = self.driver.execute_script("return document.getElementById('live').textContent")
        self.assertIn("No stream", live)

    def test_3c_wleds_socket_follows_the_login(self):
        run = self.run_
        cookie = self.cookie()
        ws = websocket.create_connection("ws://127.0.0.1:%d/ws" % run.port, origin=run.origin, cookie=cookie, timeout=5)
        try:
            first = json.loads(ws.recv())
            self.assertEqual(set(first), {"state", "info"})
            ws.send(json.dumps({"bri": 51}))
            while json.loads(ws.recv()).get("state", {}).get("bri") != 51:
                pass
            self.assertEqual(run.state(cookie)["bri"], 51)
        finally:
            ws.close()

    def test_4_a_page_from_another_origin_cannot_drive_it(self):
        run = self.run_
        cookie = self.cookie()
        before = run.state(cookie)["bri"]
        clicks_before, _ = run.frame(cookie)
        evil = EvilSite(run.port)
        try:
            self.driver.get(evil.url)
            self.wait_until("return window.done >= 2", "the other page's attempts did not finish")
            time.sleep(1.0)
        finally:
            evil.close()
        self.assertEqual(run.state(cookie)["bri"], before, "another origin changed the brightness")
        clicks_after, _ = run.frame(cookie)
        self.assertEqual(clicks_after, clicks_before, "another origin turned the wheel")

    def test_5_a_wrong_password_is_refused_then_rate_limited(self):
        from selenium.webdriver.common.by import By
        # In the browser: a fresh login page, a wrong password, the message.
        self.driver.delete_all_cookies()
        self.driver.get(self.run_.url + "login")
        self.driver.find_element(By.ID, "password").send_keys("wrong")
        self.driver.find_element(By.ID, "submit").click()
        self.wait_until("return location.search === '?failed'", "a wrong password was not refused")
        self.assertIn("Wrong password", self.driver.find_element(By.ID, "message").text)
        # From another source address, so the browser's own is not locked out: four more
        # failures reach the limit, then even the right password is refused unchecked.
        run = self.run_
        headers = {"Content-Type": "application/json", "Origin": run.origin}
        statuses = [run.request("POST", "/login", body=json.dumps({"password": "guess%d" % n}).encode(), headers=headers,
                                source="127.0.0.2")[0] for n in range(5)]
        self.assertEqual(statuses, [401] * 5)
        status, answer_headers, _ = run.request("POST", "/login", body=json.dumps({"password": PASSWORD}).encode(),
                                                headers=headers, source="127.0.0.2")
        self.assertEqual(status, 429)
        self.assertIn("Retry-After", answer_headers)
        # Another source is not affected.
        status, answer_headers, _ = run.request("POST", "/login", body=json.dumps({"password": PASSWORD}).encode(), headers=headers)
        self.assertEqual(status, 200)
        self.assertIn("HttpOnly", answer_headers.get("Set-Cookie", ""))


    def test_6_saves_and_loads_a_preset_from_the_controls_view(self):
        """Needs the presets (WLED's `psave` with `n`, `ps`, /presets.json) served. Brightness is
        a whole percentage inside, so the values are ones that read back exactly (20 %, 80 %)."""
        from selenium.webdriver.common.by import By
        run = self.run_
        self.log_in()
        self.driver.get(run.url + "controls")
        self.wait_until("return window.pixelwheelControls && window.pixelwheelControls.state !== null",
                        "the controls view got no state")
        cookie = self.cookie()
        self.driver.execute_script("const s = document.getElementById('bri'); s.value = 51;"
                                   " s.dispatchEvent(new Event('change'));")
        self.wait_until("return window.pixelwheelControls.state.bri === 51", "brightness 51 (20 %) was not applied")
        self.driver.find_element(By.ID, "preset-name").send_keys("Evening")
        self.driver.find_element(By.ID, "preset-save").click()
        self.wait_until("return Array.from(document.getElementById('preset').options).some(o => o.textContent === 'Evening')",
                        "the saved preset is not listed")
        status, _, body = run.request("GET", "/presets.json", headers={"Cookie": cookie})
        self.assertEqual(status, 200)
        saved = [key for key, preset in json.loads(body).items() if isinstance(preset, dict) and preset.get("n") == "Evening"]
        self.assertEqual(len(saved), 1, body)
        # Change the brightness elsewhere (the API, as Home Assistant would), then load the preset.
        status, _, _ = run.request("POST", "/json/state", body=b'{"bri":204}',
                                   headers={"Content-Type": "application/json", "Cookie": cookie})
        self.assertEqual(status, 200)
        self.assertEqual(run.state(cookie)["bri"], 204)
        self.wait_until("return window.pixelwheelControls.state.bri === 204", "the controls view did not follow the API's change")
        self.driver.execute_script("document.getElementById('preset').value = arguments[0];", saved[0])
        self.driver.find_element(By.ID, "preset-load").click()
        self.wait_until("return window.pixelwheelControls.state.bri === 51", "loading the preset did not bring back brightness 51")
        self.assertEqual(run.state(cookie)["bri"], 51)


class ViewOnlyTests(unittest.TestCase):
    """view_without_password = true: anyone may watch; only a login controls."""

    @classmethod
    def setUpClass(cls):
        cls.run_ = RemoteRun(extra="view_without_password = true\n")

    @classmethod
    def tearDownClass(cls):
        code, out, err = cls.run_.stop()
        assert code == 0, err

    def test_watching_needs_no_login_but_control_does(self):
        run = self.run_
        self.assertEqual(run.request("GET", "/")[0], 200)
        status, _, body = run.request("GET", "/json/state")
        self.assertEqual(status, 200)
        before = json.loads(body)["bri"]
        self.assertEqual(run.request("POST", "/json/state", body=b'{"bri":5}', headers={"Content-Type": "application/json"})[0], 401)
        self.assertEqual(json.loads(run.request("GET", "/json/state")[2])["bri"], before)
        # The socket sends a watcher frames, and ignores its wheel.
        clicks_before, frame = run.frame(None)
        self.assertGreater(len(frame), 0)
        clicks_after, _ = run.frame(None, send=bytes([5, 1]) * 4)
        self.assertEqual(clicks_after, clicks_before, "a watcher turned the wheel")
        # Logged in, the same turns count.
        status, headers, _ = run.request("POST", "/login", body=json.dumps({"password": PASSWORD}).encode(),
                                         headers={"Content-Type": "application/json"})
        self.assertEqual(status, 200)
        cookie = headers["Set-Cookie"].split(";")[0]
        clicks_logged_in, _ = run.frame(cookie, send=bytes([5, 1]) * 4)
        self.assertGreater(clicks_logged_in, clicks_before, "a logged-in socket did not turn the wheel")


if __name__ == "__main__":
    unittest.main()
