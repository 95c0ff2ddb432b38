#!/usr/bin/env bash
# Rewrites the digests in Tests/PixelRuntimeTests/GoldenFrameTests.swift from the current code.
# Only for a deliberate change of picture: look at the frames first.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(swift test --filter GoldenFrameTests 2>&1 || true)
python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
found = dict((int(i), d) for i, d in re.findall(r'argument index → (\d+) at .*?frame\.digest → "([0-9a-f]{64})"', out))
path = "Tests/PixelRuntimeTests/GoldenFrameTests.swift"
lines = open(path).read().split("\n")
index = -1
for n, line in enumerate(lines):
    if re.match(r'\s+\("\w+", ', line):
        index += 1
        if index in found:
            lines[n] = re.sub(r'"[0-9a-fA-FTOD]+"\),$', f'"{found[index]}"),', line)
open(path, "w").write("\n".join(lines))
print(f"updated {len(found)} digests")
PY
