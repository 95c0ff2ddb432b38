#!/usr/bin/env python3
"""make previews: a 64x32 GIF of every effect in `pixelwheel list`, and docs/effects.md, the
gallery: each effect's preview, summary, family, parameters and default palette, then the
palettes. Also the apps, played by `sim --no-tty` from a script into one GIF each: Brick, Snake
and a Photos slideshow of pictures rendered for it (docs/simulator.md shows them). The seed effects keep their larger previews (3 s at 12 fps, dots 3 pixels apart, as
the README shows them); the library's are 3 s at 10 fps, dots 2 pixels apart (50-200 KB each).

    make-previews.py PIXELWHEEL PREVIEWS_DIR DOC
"""
import os
import re
import subprocess
import sys
import tempfile

binary, previews, doc = sys.argv[1], sys.argv[2], sys.argv[3]
listing = subprocess.run([binary, "list"], check=True, capture_output=True, text=True).stdout.splitlines()

effects, palettes, section = [], [], "effects"
for line in listing:
    if line == "palettes:":
        section = "palettes"
        continue
    if section == "palettes":
        if not line.strip():
            break
        palettes.append(line.strip())
        continue
    head = re.match(r"^(\S+) — (.*) \[(\w+)\]$", line)
    if head:
        effects.append({"name": head.group(1), "summary": head.group(2), "family": head.group(3), "parameters": []})
        continue
    parameter = re.match(r"^    (\S+?)=(\S*)  \((.*?)\)  (.*)$", line)
    if parameter and effects:
        effects[-1]["parameters"].append(parameter.groups())

os.makedirs(previews, exist_ok=True)
seed = {"bounce", "starfield", "rain", "fan"}
for effect in effects:
    name = effect["name"]
    if name in seed:
        # The README's previews; the starfield's shader mode as well.
        runs = [(name, [])] + ([("starfield-shader", ["--param", "mode=shader"])] if name == "starfield" else [])
        look = ["--seconds", "3", "--fps", "12", "--scale", "3"]
    else:
        runs, look = [(name, [])], ["--seconds", "3", "--fps", "10", "--scale", "2"]
    for file, extra in runs:
        subprocess.run([binary, "render", name, "--size", "64x32", *look, *extra,
                        "--out", os.path.join(previews, file + ".gif")], check=True, stdout=subprocess.DEVNULL)

def play(name, script, seconds, extra=()):
    """`sim --no-tty` playing `script` (lines) into PREVIEWS/NAME.gif, 64x32, 15 fps, dots 3 apart."""
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "input.script")
        with open(path, "w") as f:
            f.write("\n".join(script) + "\n")
        state = os.path.join(work, "settings.conf")
        with open(state, "w") as f:
            f.write("slideshow = 2\ntransition = 500\n")
        subprocess.run([binary, "sim", "--no-tty", "--size", "64x32", "--fps", "15", "--seconds", str(seconds), "--scale", "3",
                        "--script", path, "--state", state, "--frames-out", os.path.join(previews, name + ".gif"), *extra],
                       check=True, stdout=subprocess.DEVNULL)


# Extras → Games → Brick: launched, steered, launched again when the ball is lost.
play("brick", ["0.2 rotate +3", "0.4 select", "0.6 rotate +2", "0.8 select", "1.0 select", "1.5 select",
               "2.2 rotate +2", "3.0 rotate -3", "3.4 select", "3.8 rotate +4", "4.6 rotate -2", "5.0 select", "5.4 rotate +1",
               "6.2 rotate -3", "6.6 select"], 8)
# Extras → Games → Snake: a right turn every second, round and round.
play("snake", ["0.2 rotate +3", "0.4 select", "0.6 rotate +2", "0.8 select", "1.0 rotate +1", "1.1 select"]
     + ["%.1f rotate +1" % (1.8 + t) for t in range(7)], 9)
# Photos → Slideshow of three pictures (one an animated GIF), 2 s each, cross-faded.
with tempfile.TemporaryDirectory() as photos:
    for name, effect, extra in (("1-aurora.png", "aurora", ["--at", "2"]), ("2-plasma.gif", "plasma", ["--seconds", "2", "--fps", "10"]),
                                ("3-tunnel.png", "tunnel", ["--at", "1"])):
        subprocess.run([binary, "render", effect, "--size", "160x80", "--raw", *extra, "--out", os.path.join(photos, name)],
                       check=True, stdout=subprocess.DEVNULL)
    play("slideshow", ["0.2 rotate +1", "0.4 select", "0.6 select"], 8, extra=("--photos", photos))

relative = os.path.relpath(previews, os.path.dirname(doc))
lines = [
    "# Effects",
    "",
    "Every effect PixelWheel ships, as `pixelwheel list` describes it, each with a 64×32 preview",
    "(3 s, rendered by `pixelwheel render`; `make previews` renders them all again and rewrites this",
    "page). Set a parameter with `--param name=value` on `sim`, `web`, `render` and `run`, in",
    "Settings → Effect Parameters on the wheel, or from the phone's controls view. Colour comes from",
    "a **palette** (the list is at the end): `--param palette=ocean`.",
    "",
    "On the wheel, Effects opens on **All Effects** (alphabetical) and a list per family. Each",
    "effect's cost per frame at 64×32, 128×64 and 256×128 is in [performance.md](performance.md#every-effect).",
    "",
]
families = []
for effect in effects:
    if effect["family"] not in families:
        families.append(effect["family"])
for family in families:
    lines += ["## " + family, ""]
    for effect in (e for e in effects if e["family"] == family):
        name = effect["name"]
        lines += ["### " + name, "", "![%s](%s/%s.gif)" % (name, relative, name), "", effect["summary"][0].upper() + effect["summary"][1:] + ".", ""]
        if name == "starfield":
            lines += ["![starfield shader](%s/starfield-shader.gif)" % relative, "", "The same effect with `mode=shader`.", ""]
        lines += ["| parameter | default | range | what it does |", "|---|---|---|---|"]
        for key, default, allowed, text in effect["parameters"]:
            if allowed.startswith("a palette from the list"):
                allowed = "a palette (below)"
            lines.append("| `%s` | `%s` | %s | %s |" % (key, default, allowed.replace("|", "\\|"), text))
        lines.append("")
lines += ["## Palettes", "", "Gradients written as colour stops and blended in linear light; effects that take a",
          "`palette` parameter draw through one. WLED's `pal` numbers them from 1 in this order (0 is",
          "Default: each effect's own choice).", ""]
lines += ["- `%s`" % p for p in palettes]
lines.append("")
with open(doc + ".tmp", "w") as out:
    out.write("\n".join(lines))
os.replace(doc + ".tmp", doc)
print("Previews of %d effects in %s/ and the gallery in %s." % (len(effects), previews, doc))
