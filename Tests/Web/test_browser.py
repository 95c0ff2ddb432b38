"""The web simulator in a real browser: Debian's Chromium, headless, driven by selenium through
chromedriver. It drags the wheel with the mouse and a finger, clicks the centre and MENU, types,
and reads the result twice: from the frames the server sent the page, and from a screenshot's
pixels at every LED's centre. Both must equal what `pixelwheel sim --no-tty` draws for the same
input. Screenshots are kept in $WEB_ARTEFACTS (.build/web-test).
"""
import io
import json
import math
import os
import shutil
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from PIL import Image

from pixelwheel_web import ARTEFACTS, Server, sim_frame

CHROMIUM = [os.path.join(d, n) for d in ("/usr/bin", "/usr/lib/chromium", "/snap/bin") for n in ("chromium", "chromium-browser")]
DRIVERS = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver", "/usr/lib/chromium-browser/chromedriver",
           "/snap/bin/chromium.chromedriver"]


def gif_seconds(gif):
    """How long an animated GIF plays, from its frames' delays."""
    total = 0
    for index in range(gif.n_frames):
        gif.seek(index)
        total += gif.info.get("duration", 0)
    return total / 1000


def first_existing(paths):
    return next((p for p in paths if os.path.exists(p)), None)


def open_browser():
    """Headless Chromium at 1:1 device pixels, or a one-line reason why not."""
    browser, driver_path = first_existing(CHROMIUM), first_existing(DRIVERS)
    if not browser or not driver_path:
        raise unittest.SkipTest if os.environ.get("PIXELWHEEL_SKIP_BROWSER") else AssertionError(
            "no Chromium or chromedriver here (looked for %s and %s); `make test` installs Debian's chromium and "
            "chromium-driver — run scripts/test/test-web.sh, or set PIXELWHEEL_SKIP_BROWSER=1 to skip" % (CHROMIUM[0], DRIVERS[0]))
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=800,1000",
                 "--force-device-scale-factor=1", "--force-color-profile=srgb", "--autoplay-policy=no-user-gesture-required",
                 "--mute-audio"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver_path), options=options)


class BrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTEFACTS, exist_ok=True)
        cls.photos = tempfile.mkdtemp(prefix="pixelwheel-photos-")
        cls.server = Server("--record", os.path.join(ARTEFACTS, "session.gif"), "--photos", cls.photos)
        cls.driver = open_browser()
        cls.driver.set_script_timeout(10)
        cls.driver.get(cls.server.url)
        cls.wait_until(cls, "return window.pixelwheel && window.pixelwheel.frames > 0", "no frame reached the page")

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        code, out, err = cls.server.stop()
        cls.server.__exit__(None, None, None)
        shutil.rmtree(cls.photos, ignore_errors=True)
        assert code == 0, err

    # ------------------------------------------------------------------ helpers

    def wait_until(self, script, message, seconds=8):
        end = time.time() + seconds
        while time.time() < end:
            if self.driver.execute_script(script):
                return
            time.sleep(0.05)
        raise AssertionError(message)

    def page_frame(self):
        """The newest frame the server sent this page: RGB bytes."""
        return bytes(self.driver.execute_script("return Array.from(window.pixelwheel.frame)"))

    def wait_for_page_frame(self, expected, message, seconds=8):
        end = time.time() + seconds
        while time.time() < end:
            if self.page_frame() == expected:
                return
            time.sleep(0.05)
        raise AssertionError(message)

    def screenshot(self, name):
        png = self.driver.get_screenshot_as_png()
        with open(os.path.join(ARTEFACTS, name + ".png"), "wb") as f:
            f.write(png)
        return Image.open(io.BytesIO(png)).convert("RGB")

    def screen_frame(self, name):
        """The panel as the screenshot shows it: the pixel at each LED's centre, with an unlit
        LED's grey read back as black."""
        width, height = self.driver.execute_script("return [window.pixelwheel.width, window.pixelwheel.height]")
        centres = self.driver.execute_script(
            "const out = []; for (let y = 0; y < arguments[1]; y++) for (let x = 0; x < arguments[0]; x++) {"
            " const c = window.pixelwheel.ledCentre(x, y); out.push([c.x, c.y]); } return out;", width, height)
        time.sleep(0.1)  # ledCentre may have redrawn
        image = self.screenshot(name)
        out = bytearray()
        for x, y in centres:
            pixel = image.getpixel((int(x), int(y)))
            out += bytes((0, 0, 0)) if pixel == (24, 24, 24) else bytes(pixel)
        return bytes(out)

    def pointer_drag(self, start_degrees, end_degrees, kind="mouse"):
        """Drags around the wheel's ring from one angle to another (clockwise is increasing, on
        the y-down screen) in 5° moves. The points are whole pixels, so the last one is chosen
        so that the travel the page measures is the asked-for angle or at most 1° more."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        wheel = self.driver.execute_script("return window.pixelwheel.wheel()")
        cx, cy, radius = wheel["cx"], wheel["cy"], wheel["r"] * 0.72

        def point(degrees):
            a = math.radians(degrees)
            return round(cx + radius * math.cos(a)), round(cy + radius * math.sin(a))

        def angle_of(p):
            return math.degrees(math.atan2(p[1] - cy, p[0] - cx))

        direction = 1 if end_degrees > start_degrees else -1
        points = [point(d) for d in range(start_degrees, end_degrees, 5 * direction)]
        wanted = end_degrees - start_degrees
        last = end_degrees
        while True:  # nudge the end until the pixel travel is within [wanted, wanted ± 1°]
            travel = (angle_of(point(last)) - angle_of(points[0]) + 540) % 360 - 180
            if abs(travel) >= abs(wanted) and abs(travel) <= abs(wanted) + 1:
                break
            last += 0.1 * direction if abs(travel) < abs(wanted) else -0.1 * direction
        points.append(point(last))
        pointer = PointerInput(interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE, kind)
        actions = ActionBuilder(self.driver, mouse=pointer)
        actions.pointer_action.move_to_location(*points[0])
        actions.pointer_action.pointer_down()
        for p in points[1:]:
            actions.pointer_action.move_to_location(*p)
            actions.pointer_action.pause(0.02)
        actions.pointer_action.pointer_up()
        actions.perform()

    def click_element(self, element_id):
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.ID, element_id).click()

    def tap(self, x, y):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y))
        actions.pointer_action.pointer_down()
        actions.pointer_action.pause(0.05)
        actions.pointer_action.pointer_up()
        actions.perform()

    def press_centre(self):
        centre = self.driver.execute_script("return window.pixelwheel.centreButton()")
        self.tap(centre["x"], centre["y"])

    def tap_label(self, element_id):
        """A tap on the ring where a label (MENU, ⏭, ⏯, ⏮) is printed."""
        x, y = self.driver.execute_script("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                                          " return [r.left + r.width / 2, r.top + r.height / 2];", element_id)
        self.tap(x, y)

    # ------------------------------------------------------------------ the test, in order

    def test_1_drag_60_degrees_moves_three_rows(self):
        menu = sim_frame(["0.1 menu"])
        self.wait_for_page_frame(menu, "the page does not show the main menu")
        self.assertTrue(self.screen_frame("1-main-menu") == menu, "the screenshot's LEDs are not the main menu")
        clicks = self.driver.execute_script("return window.pixelwheel.clicks")

        self.pointer_drag(0, 60)
        three = sim_frame(["0.1 rotate 3"])
        self.wait_for_page_frame(three, "a 60° drag did not move the selection three rows")
        self.assertTrue(self.screen_frame("2-dragged-60") == three, "the screenshot does not show three rows down")
        self.assertEqual(self.driver.execute_script("return window.pixelwheel.clicks"), clicks + 3)

        # A finger, anticlockwise 40°: two rows back up.
        self.pointer_drag(200, 160, kind="touch")
        one = sim_frame(["0.1 rotate 1"])
        self.wait_for_page_frame(one, "a 40° touch drag back did not move two rows up")
        # The keyboard, as in the terminal: ↑ is one row up.
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_UP)
        self.wait_for_page_frame(menu, "↑ did not move one row up")

    def test_5_centre_clicks_play_an_effect_and_menu_returns(self):
        self.press_centre()
        effects = sim_frame(["0.1 select"])
        self.wait_for_page_frame(effects, "a centre click did not open Effects")
        self.pointer_drag(0, 20)
        self.wait_for_page_frame(sim_frame(["0.1 select", "0.2 rotate 1"]), "a drag of 20 degrees did not reach Classic")
        self.press_centre()
        self.wait_for_page_frame(sim_frame(["0.1 select", "0.2 rotate 1", "0.3 select"]), "Classic did not open")
        self.press_centre()
        # DVD Bounce plays: the picture keeps changing.
        time.sleep(1.5)
        seen = set()
        for _ in range(10):
            seen.add(self.page_frame())
            time.sleep(0.1)
        self.assertGreaterEqual(len(seen), 5, "no effect is playing")
        self.assertNotIn(effects, seen)
        self.screenshot("3-effect-playing")
        # Back in the list, with the title bar's ▶ saying an effect plays on (the last test: the
        # other tests' references have no effect playing).
        self.tap_label("label-menu")
        played = ["0.1 select", "0.2 rotate 1", "0.3 select", "0.4 select", "1.5 menu"]
        self.wait_for_page_frame(sim_frame(played, seconds=2), "MENU did not return to the Classic list")
        self.tap_label("label-menu")
        self.wait_for_page_frame(sim_frame(played + ["1.8 menu"], seconds=2.2), "MENU did not return to Effects")
        self.tap_label("label-menu")
        self.wait_for_page_frame(sim_frame(played + ["1.8 menu", "2 menu"], seconds=2.5), "MENU did not return to the main menu")
        self.screen_frame("7-back-in-the-menu")

    def test_6_the_controls_view_works_without_the_api(self):
        """`make web`'s Controls link: the view reads and sets the state over the page's own
        routes (/page/json/…), with the WLED API itself off (its /json/state is a 404)."""
        self.driver.get(self.server.url + "controls")
        self.wait_until("return window.pixelwheelControls && window.pixelwheelControls.state !== null",
                        "the controls view got no state without --api")
        count = len(json.loads(urllib.request.urlopen(self.server.url + "page/json/effects", timeout=5).read()))
        self.assertGreaterEqual(count, 29)
        self.wait_until("return document.getElementById('fx').options.length === %d" % count, "the effect list is not every effect")
        self.driver.execute_script("const s = document.getElementById('bri'); s.value = 51;"
                                   " s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));")
        self.wait_until("return window.pixelwheelControls.state.bri === 51", "the controls view did not set bri 51 (20 %)")
        with urllib.request.urlopen(self.server.url + "page/json/state", timeout=5) as answer:
            self.assertEqual(json.loads(answer.read())["bri"], 51)
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(self.server.url + "json/state", timeout=5)
        self.assertEqual(refused.exception.code, 404, "the WLED API answered without --api")
        self.screenshot("8-controls-without-the-api")

    def test_7_the_controls_view_offers_the_library_to_a_thumb(self):
        """On a phone's screen: the effects grouped by family, Plasma's sliders each shown once
        with its name and value, its palette as swatches, Ocean chosen with a tap; light and dark."""
        def get(path):
            with urllib.request.urlopen(self.server.url + path, timeout=5) as answer:
                return json.loads(answer.read())
        names, families, palettes = get("page/json/effects"), get("page/json/families"), get("page/json/pal")
        plasma, ocean = names.index("Plasma"), palettes.index("Ocean")
        self.driver.set_window_size(390, 844)
        try:
            self.driver.get(self.server.url + "controls")
            self.wait_until("return window.pixelwheelControls && window.pixelwheelControls.state !== null", "no state")
            groups = self.driver.execute_script(
                "return Array.from(document.querySelectorAll('#fx optgroup')).map(g => [g.label, g.children.length])")
            self.assertEqual(groups, [[f["name"], len(f["fx"])] for f in families])
            self.assertEqual(sum(n for _, n in groups), len(names), "an effect is in no group")
            self.driver.execute_script("const s = document.getElementById('fx'); s.value = '%d';"
                                       " s.dispatchEvent(new Event('change'));" % plasma)
            self.wait_until("return window.pixelwheelControls.state.seg[0].fx === %d" % plasma, "Plasma was not chosen")
            self.wait_until("return !document.getElementById('pal-row').hidden", "Plasma's palette row is hidden")
            self.wait_until("return document.querySelectorAll('#palettes .swatch').length === %d" % len(palettes), "no swatches")
            labels = self.driver.execute_script(
                "return Array.from(document.querySelectorAll('.param-row:not([hidden]) label')).map(l => l.textContent)")
            self.assertEqual(sum(1 for text in labels if text.startswith("Speed")), 1, labels)
            self.assertTrue(labels[0].startswith("Speed: ") and labels[0].endswith("%"), labels)
            self.assertTrue(any(text.startswith("Scale: ") for text in labels), labels)
            # Targets a thumb can hit: 44 CSS pixels tall.
            heights = self.driver.execute_script(
                "return Array.from(document.querySelectorAll('#fx, #sx, #palettes .swatch')).map(e => e.getBoundingClientRect().height)")
            self.assertTrue(all(h >= 44 for h in heights), heights)
            self.driver.execute_script("document.querySelector('#palettes .swatch[data-pal=\"%d\"]').click()" % ocean)
            self.wait_until("return window.pixelwheelControls.state.seg[0].pal === %d" % ocean, "Ocean was not chosen")
            self.wait_until("return document.querySelector('#palettes .swatch[data-pal=\"%d\"]')"
                            ".getAttribute('aria-pressed') === 'true'" % ocean, "the Ocean swatch is not marked")
            self.assertEqual(get("page/json/state")["seg"][0]["pal"], ocean)
            corners = {}
            for scheme in ("light", "dark"):
                self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                time.sleep(0.2)
                self.driver.execute_script("window.scrollTo(0, 0)")
                self.screenshot("9-controls-phone-top-%s" % scheme)
                self.driver.execute_script("document.getElementById('pal-row').scrollIntoView()")
                corners[scheme] = sum(self.screenshot("9-controls-phone-%s" % scheme).getpixel((3, 3))) / 3
            self.assertGreater(corners["light"], corners["dark"] + 100, corners)
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            self.driver.set_window_size(800, 1000)

    def shell_luminance(self):
        """Mean brightness of the iPod body just inside its edge, left of the wheel."""
        rect = self.driver.execute_script("const r = document.getElementById('ipod').getBoundingClientRect();"
                                          " return [r.left, r.top, r.width, r.height];")
        image = self.screenshot("shell")
        x, y = int(rect[0] + rect[2] * 0.06), int(rect[1] + rect[3] * 0.75)
        r, g, b = image.getpixel((x, y))
        return (r + g + b) / 3

    def test_2_light_and_dark_shells(self):
        # The Theme setting is dark by default: a black iPod.
        self.wait_until("return window.pixelwheel.status && window.pixelwheel.status.theme === 'dark'", "no dark status")
        self.assertIn("shell-dark", self.driver.find_element("tag name", "body").get_attribute("class"))
        self.assertLess(self.shell_luminance(), 80)
        os.replace(os.path.join(ARTEFACTS, "shell.png"), os.path.join(ARTEFACTS, "4-shell-dark.png"))
        # Settings → Theme with the wheel: 4 rows down, select, then 2 rows down to Theme, select.
        self.pointer_drag(0, 80)
        self.press_centre()
        settings_theme = sim_frame(["0.1 rotate 4", "0.3 select", "0.5 rotate 2"])
        self.pointer_drag(90, 130)
        self.wait_for_page_frame(settings_theme, "Settings → Theme was not reached")
        self.press_centre()
        self.wait_until("return window.pixelwheel.status.theme === 'light'", "the theme did not become light")
        self.wait_until("return document.body.classList.contains('shell-light')", "the shell did not turn white")
        time.sleep(0.3)
        self.assertGreater(self.shell_luminance(), 180)
        os.replace(os.path.join(ARTEFACTS, "shell.png"), os.path.join(ARTEFACTS, "5-shell-light.png"))
        # The page around the iPod follows the browser's colour scheme.
        for scheme, dark in (("dark", True), ("light", False)):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            time.sleep(0.2)
            corner = self.screenshot("6-page-%s" % scheme).getpixel((5, 5))
            self.assertEqual(sum(corner) / 3 < 100, dark, "page background %s under prefers-color-scheme: %s" % (corner, scheme))
        # Back to the dark theme: the centre toggles it again.
        self.press_centre()
        self.wait_until("return document.body.classList.contains('shell-dark')", "the shell did not turn black again")
        self.tap_label("label-menu")
        self.tap_label("label-menu")
        self.wait_for_page_frame(sim_frame(["0.1 rotate 4"]), "MENU twice did not return to the main menu at Settings")
        self.pointer_drag(80, 0)
        self.wait_for_page_frame(sim_frame(["0.1 menu"]), "a drag back did not return to the top")

    def test_3_two_browsers_see_the_same_frames(self):
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        self.driver.get(self.server.url)
        self.wait_until("return window.pixelwheel && window.pixelwheel.frames > 0", "the second page got no frame")
        self.assertTrue(self.page_frame() == sim_frame(["0.1 menu"]), "the second page shows something else")
        self.pointer_drag(0, 40)  # turned in the second page...
        two = sim_frame(["0.1 rotate 2"])
        self.wait_for_page_frame(two, "the second page's drag did not move two rows")
        second_number = self.driver.execute_script("return window.pixelwheel.frameNumber")
        self.driver.close()  # ...which then closes: the app goes on
        self.driver.switch_to.window(first)
        self.wait_for_page_frame(two, "the first page did not see the second page's turn")
        self.assertEqual(self.driver.execute_script("return window.pixelwheel.frameNumber"), second_number)
        self.pointer_drag(40, 0)
        self.wait_for_page_frame(sim_frame(["0.1 menu"]), "the first page could not turn the wheel after the second left")

    def test_45_a_picture_uploaded_from_the_photos_view_shows_on_the_panel(self):
        """The Photos view (/photos): a picture picked in the file input is uploaded, listed
        with its thumbnail, and, chosen with the wheel in Photos, is on the panel as `sim
        --photos` shows it; then it is deleted from the view."""
        from selenium.webdriver.common.by import By
        picture = os.path.join(ARTEFACTS, "upload-test.png")
        Image.new("RGB", (48, 24), (230, 120, 20)).save(picture)
        self.driver.get(self.server.url + "photos")
        self.wait_until("return window.pixelwheelPhotos !== undefined", "the Photos view did not load")
        self.driver.find_element(By.ID, "pick").send_keys(picture)
        self.wait_until("return window.pixelwheelPhotos.uploads === 1", "the picture was not uploaded")
        self.wait_until("return document.querySelectorAll('#photos img').length === 1", "no thumbnail")
        self.wait_until("return document.querySelector('#photos img').naturalWidth === 48", "the thumbnail did not load")
        self.assertTrue(os.path.exists(os.path.join(self.photos, "upload-test.png")))
        self.screenshot("10-photos-view")
        # On the panel: Photos (one row down), the photo (one row below Slideshow).
        self.driver.get(self.server.url)
        self.wait_until("return window.pixelwheel && window.pixelwheel.frames > 0", "no frame after coming back")
        self.pointer_drag(0, 20)
        self.press_centre()
        self.pointer_drag(0, 20)
        self.press_centre()
        shown = sim_frame(["0.1 rotate 1", "0.2 select", "0.3 rotate 1", "0.4 select"], seconds=2.5, args=("--photos", self.photos))
        self.wait_for_page_frame(shown, "the uploaded picture is not on the panel")
        self.assertTrue(self.screen_frame("11-photo-on-the-panel") == shown)
        self.tap_label("label-menu")
        self.tap_label("label-menu")
        self.pointer_drag(20, 0)
        self.wait_for_page_frame(sim_frame(["0.1 menu"]), "MENU twice and a drag back did not return to the top")
        # Deleted from the view.
        self.driver.get(self.server.url + "photos")
        self.wait_until("return document.querySelectorAll('#photos button').length === 1", "no Delete button")
        self.driver.find_element(By.CSS_SELECTOR, "#photos button").click()
        self.wait_until("return document.querySelectorAll('#photos li').length === 0", "the photo was not deleted")
        self.assertFalse(os.path.exists(os.path.join(self.photos, "upload-test.png")))
        self.driver.get(self.server.url)
        self.wait_until("return window.pixelwheel && window.pixelwheel.frames > 0", "no frame after the Photos view")

    def test_8_dragging_the_wheel_moves_bricks_paddle(self):
        """Extras → Games → Brick with the wheel, then a 20° drag moves the paddle one step, as
        a detent of the encoder does (after test 5: Brick ends the effect it left playing)."""
        # Tests 6 and 7 left the controls view open, Plasma playing and the brightness at 20 %:
        # back to the sim's 60 % and to the menu.
        request = urllib.request.Request(self.server.url + "page/json/state", data=b'{"bri":153}',
                                         headers={"Content-Type": "application/json"}, method="POST")
        urllib.request.urlopen(request, timeout=5).read()
        self.driver.get(self.server.url)
        self.wait_until("return window.pixelwheel && window.pixelwheel.frames > 0", "no frame on the wheel's page")
        self.tap_label("label-menu")
        self.pointer_drag(0, 60)
        self.press_centre()
        self.pointer_drag(0, 40)
        self.press_centre()
        self.press_centre()
        opened = ["0.1 rotate 3", "0.2 select", "0.3 rotate 2", "0.4 select", "0.5 select"]
        self.wait_for_page_frame(sim_frame(opened), "Brick did not start with the ball on the paddle")
        self.pointer_drag(0, 20)
        self.wait_for_page_frame(sim_frame(opened + ["0.6 rotate 1"]), "a 20° drag did not move the paddle one step")
        self.screen_frame("12-brick-paddle-moved")
        self.tap_label("label-menu")

    def test_4_record_button_makes_a_gif(self):
        downloads = os.path.join(ARTEFACTS, "downloads")
        shutil.rmtree(downloads, ignore_errors=True)
        os.makedirs(downloads)
        self.driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        self.click_element("record")
        self.wait_until("return window.pixelwheel.status.recording === true", "recording did not start")
        self.pointer_drag(0, 40)
        time.sleep(1)
        self.click_element("record")
        self.wait_until("return window.pixelwheel.status.recording === false", "recording did not stop")
        # The page was told, and downloaded it.
        path = os.path.join(downloads, "pixelwheel-1.gif")
        end = time.time() + 10
        while not os.path.exists(path) and time.time() < end:
            time.sleep(0.1)
        self.assertTrue(os.path.exists(path), "the page did not download pixelwheel-1.gif: %s" % os.listdir(downloads))
        time.sleep(0.3)
        with Image.open(path) as gif:
            # The drag's pictures, each lasting until the next; about as long as the recording.
            self.assertGreaterEqual(gif.n_frames, 2)
            self.assertGreater(gif_seconds(gif), 0.8)
        with urllib.request.urlopen(self.server.url + "recordings/1.gif", timeout=5) as response:
            self.assertEqual(response.headers["Content-Type"], "image/gif")
        self.pointer_drag(40, 0)
        shutil.copy(os.path.join(ARTEFACTS, "1-main-menu.png"), os.path.join(ARTEFACTS, "page.png"))


if __name__ == "__main__":
    unittest.main()
