#!/usr/bin/env python3
"""Checks that docs/architecture.md's module tables name exactly the dependencies that
Package.swift gives each target (what `swift package dump-package` reports), so the map
cannot drift from the build; and that every module of the package a source file imports is a
direct, declared dependency of its target (one reached only through another dependency builds,
but the map would then not say what the file uses). Prints one line per problem and exits 1; success prints a summary."""
import glob
import json
import re
import subprocess
import sys

SWIFT = sys.argv[1] if len(sys.argv) > 1 else "swift"
package = json.loads(subprocess.check_output([SWIFT, "package", "dump-package"], text=True))

def dependency_names(target):
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names

expected = {t["name"]: dependency_names(t) for t in package["targets"]}

doc = open("docs/architecture.md", encoding="utf-8").read()
documented = {}
for line in doc.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if not line.startswith("| `") or len(cells) not in (2, 4):
        continue
    names = re.findall(r"`([^`]+)`", cells[0])
    column = cells[-1].split(";")[0]
    if column.startswith("nothing") or column.startswith("libc") or column.startswith("links") or "-dev`" in column:
        imports = set()
    else:
        # "PixelCore, PixelLinux (on Linux), FlyingSocks (FlyingFox's socket layer)": the names before any note.
        imports = {re.sub(r"\s*\(.*\)$", "", part).strip().strip("`") for part in re.split(r",\s*(?![^()]*\))", column)}
        imports.discard("")
    for name in names:
        if name in expected:
            documented[name] = imports

problems = []
for name, deps in sorted(expected.items()):
    if name not in documented:
        problems.append(f"docs/architecture.md: no row for target {name} (Package.swift: {', '.join(sorted(deps)) or 'nothing'})")
    elif documented[name] != deps and not (name.startswith("C") and not deps):
        missing = sorted(deps - documented[name])
        extra = sorted(documented[name] - deps)
        problems.append(f"docs/architecture.md: {name} may import {', '.join(sorted(deps)) or 'nothing'} per Package.swift"
                        + (f"; the doc lacks {', '.join(missing)}" if missing else "")
                        + (f"; the doc adds {', '.join(extra)}" if extra else ""))
for name in sorted(set(documented) - set(expected)):
    problems.append(f"docs/architecture.md: a row for {name}, which Package.swift does not have")
for target in package["targets"]:
    name = target["name"]
    folder = target.get("path") or (("Tests/" if target["type"] == "test" else "Sources/") + name)
    reachable = expected[name] | {name}
    for path in sorted(glob.glob(folder + "/**/*.swift", recursive=True)):
        for module in re.findall(r"^(?:@testable )?import (\w+)", open(path, encoding="utf-8").read(), re.M):
            if module in expected and module not in reachable:
                problems.append(f"{path}: imports {module}, which target {name} does not depend on directly; add it to Package.swift (and the map) or drop the import")

for p in problems:
    print(p)
if problems:
    print("update docs/architecture.md's module tables, or the imports, to match Package.swift")
    sys.exit(1)
print(f"module map: {len(expected)} targets match Package.swift, and every import is a dependency")
