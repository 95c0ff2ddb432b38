#!/usr/bin/env python3
"""python-wled (PyPI `wled`, Home Assistant's client), unmodified, drives `pixelwheel web --api`.

python-wled talks to port 80 only, so the server runs in a network namespace this script makes
(as root) and removes on exit; the client runs in the same namespace, on its loopback.

    wled_client_check.py PIXELWHEEL_BINARY

Exits 0 when every check passed, 77 (skipped) when python-wled cannot be installed or this is
not root with `ip netns`, 1 on a failure. The venv is kept in $WLED_VENV (default
/tmp/pixelwheel-wled-venv) so later runs do not download again.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77


def venv_python():
    venv = os.environ.get("WLED_VENV", "/tmp/pixelwheel-wled-venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        if subprocess.call([sys.executable, "-m", "venv", venv]) != 0:
            return None
    if subprocess.call([python, "-c", "import wled"], stderr=subprocess.DEVNULL) != 0:
        if subprocess.call([python, "-m", "pip", "install", "-q", "wled"]) != 0:
            return None
    return python


CLIENT = r'''
import asyncio, json, sys, urllib.request
import aiohttp
from wled import WLED

def state():
    with urllib.request.urlopen("http://127.0.0.1/json/state", timeout=5) as r:
        return json.load(r)

def panel():
    """The simulated panel's LEDs as WLED's /json/live shows them: "RRGGBB" each."""
    with urllib.request.urlopen("http://127.0.0.1/json/live", timeout=5) as r:
        return json.load(r)["leds"]

async def main():
    async with WLED("127.0.0.1") as led:
        device = await led.update()
        assert str(device.info.version) == "0.15.0", device.info.version
        assert device.info.name == "Desk", device.info.name
        assert device.info.leds.matrix is not None
        assert (device.info.leds.matrix.width, device.info.leds.matrix.height) == (16, 8), device.info.leds.matrix
        names = [e.name for e in device.effects.values()]
        assert "Digital Rain" in names and "Fan Sweep" in names, names
        await led.master(on=False)
        assert state()["on"] is False
        await led.master(on=True)
        assert state()["on"] is True
        await led.master(brightness=128)
        assert abs(state()["bri"] - 128) <= 2, state()["bri"]
        await led.segment(0, effect="Fan Sweep", speed=200)
        seg = state()["seg"][0]
        assert seg["fx"] == names.index("Fan Sweep") and seg["sx"] == 200, seg
        device = await led.update()
        assert device.state.segments[0].effect_id == seg["fx"]
        await effect_and_palette_by_name(led, names)
        # The presets written before the start, read from /presets.json and set by name.
        presets = {p.name: p for p in device.presets.values()}
        assert set(presets) == {"Red rain", "Dark"}, presets
        assert presets["Red rain"].preset_id == 4 and presets["Red rain"].on is True, presets["Red rain"]
        assert presets["Red rain"].segments[0].effect_id == names.index("Digital Rain"), presets["Red rain"]
        await led.preset("Dark")
        assert state()["on"] is False and state()["ps"] == 9, state()
        assert set(panel()) == {"000000"}, "the panel is not dark"
        await led.preset(presets["Red rain"])
        now = state()
        assert now["on"] is True and now["ps"] == 4 and now["seg"][0]["fx"] == names.index("Digital Rain"), now
        await asyncio.sleep(0.5)
        assert any(led != "000000" for led in panel()), "the panel is still dark"
        device = await led.update()
        assert device.state.preset_id == 4, device.state.preset_id
        await follows_the_wheel_over_ws(led, names)
        await live_preview_and_changes_over_ws()
    print("python-wled: version, effects, matrix, off/on, brightness, effect, speed, effect and palette by name, presets "
          "and following the wheel over /ws all checked; /ws live preview checked")

async def effect_and_palette_by_name(led, names):
    """The library as Home Assistant sees it: Plasma and the Ocean palette set by name read
    back as chosen, and the effect metadata (fxdata) says which effects take a palette."""
    device = await led.update()
    palettes = {p.palette_id: p.name for p in device.palettes.values()}
    assert palettes[0] == "Default" and "Ocean" in palettes.values() and len(palettes) >= 13, palettes
    ocean = next(i for i, n in palettes.items() if n == "Ocean")
    await led.segment(0, effect="Plasma", palette="Ocean")
    seg = state()["seg"][0]
    assert seg["fx"] == names.index("Plasma") and seg["pal"] == ocean, seg
    device = await led.update()
    segment = device.state.segments[0]
    assert segment.effect_id == names.index("Plasma") and segment.palette_id == ocean, segment
    effects = {e.name: e for e in device.effects.values()}
    assert effects["Plasma"].metadata.palette is True, effects["Plasma"].metadata
    assert effects["DVD Bounce"].metadata.palette is False, effects["DVD Bounce"].metadata
    assert "Scale" in effects["Plasma"].metadata.sliders.values(), effects["Plasma"].metadata
    await led.segment(0, effect="Fan Sweep", speed=200)

async def follows_the_wheel_over_ws(led, names):
    """python-wled listens on /ws while the page's ⏭ button (on the page's own socket) moves
    Digital Rain on to Fan Sweep: the change reaches the listener."""
    assert (await led.update()).info.websocket is not None
    await led.connect()
    effects = []
    moved = asyncio.Event()
    def on_update(device):
        effects.append(device.state.segments[0].effect_id)
        if effects[-1] == names.index("Fan Sweep"):
            moved.set()
    listener = asyncio.create_task(led.listen(on_update))
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect("ws://127.0.0.1/page/ws", origin="http://127.0.0.1") as page:
            while not effects:
                await asyncio.sleep(0.05)  # the state sent on connect
            await page.send_bytes(bytes([3, 3]))  # ⏭ down
            await page.send_bytes(bytes([4, 3]))  # ⏭ up
            await asyncio.wait_for(moved.wait(), 10)
    listener.cancel()
    await led.disconnect()
    assert effects[0] == names.index("Digital Rain"), effects
    assert state()["seg"][0]["fx"] == names.index("Fan Sweep"), state()

async def live_preview_and_changes_over_ws():
    """WLED's socket by hand: state and info on connect, a change sent on it answered with the
    new state, and {"lv":true} giving 'L', 2, width, height, RGB."""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect("ws://127.0.0.1/ws") as ws:
            first = await ws.receive_json(timeout=5)
            assert set(first) == {"state", "info"} and first["info"]["ws"] >= 1, first.keys()
            await ws.send_json({"bri": 51})
            while True:
                message = await ws.receive_json(timeout=5)
                if message.get("state", {}).get("bri") == 51:
                    break
            await ws.send_json({"lv": True})
            pictures = []
            while len(pictures) < 50 and not any(any(p[4:]) for p in pictures):
                message = await ws.receive(timeout=5)
                if message.type == aiohttp.WSMsgType.BINARY:
                    pictures.append(message.data)
            for picture in pictures:
                assert picture[:4] == bytes([ord("L"), 2, 16, 8]) and len(picture) == 4 + 16 * 8 * 3, picture[:4]
            assert any(picture[4:]), "50 live pictures, all dark"
            await ws.send_json({"lv": False})

asyncio.run(main())
'''


# Two presets beside the settings file, in PixelWheel's presets file format.
PRESETS = ('{"0":{},"4":{"n":"Red rain","on":true,"brightness":100,"speed":100,"effect":"Digital Rain",'
           '"parameters":{"rain.color":"FF0000"}},"9":{"n":"Dark","on":false,"brightness":60,"speed":100}}\n')


def main():
    binary = os.path.abspath(sys.argv[1])
    has_netns = shutil.which("ip") is not None and subprocess.call(
        ["ip", "netns", "list"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0
    if os.geteuid() != 0 or not has_netns:
        print("skipped: needs root and `ip netns` (python-wled only talks to port 80)")
        return SKIP
    python = venv_python()
    if python is None:
        print("skipped: pip cannot install python-wled here")
        return SKIP
    namespace = "pwwled%d" % os.getpid()
    subprocess.check_call(["ip", "netns", "add", namespace])
    server = None
    try:
        subprocess.check_call(["ip", "-n", namespace, "link", "set", "lo", "up"])
        state = tempfile.mkdtemp()
        with open(state + "/presets.json", "w") as presets:
            presets.write(PRESETS)
        server = subprocess.Popen(["ip", "netns", "exec", namespace, binary, "web", "--size", "16x8", "--state", state + "/settings.conf",
                                   "--api", "--api-allow", "127.0.0.1/32", "--listen", "127.0.0.1:80", "--name", "Desk"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = server.stdout.readline()
        if "PixelWheel web simulator" not in line:
            print("the server did not start: " + line + server.stdout.read())
            return 1
        result = subprocess.run(["ip", "netns", "exec", namespace, python, "-c", CLIENT], capture_output=True, text=True, timeout=120)
        sys.stdout.write(result.stdout + result.stderr)
        return 0 if result.returncode == 0 else 1
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        subprocess.call(["ip", "netns", "delete", namespace])


if __name__ == "__main__":
    sys.exit(main())
