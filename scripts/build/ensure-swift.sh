#!/usr/bin/env bash
# Makes sure a Swift of 6.0 or newer is on PATH ($SWIFT, default swift). Without one, on a
# distribution whose own package is new enough (Debian 13 "trixie" or newer, Raspberry Pi OS
# trixie: `swiftlang` 6.0.3), installs it with apt, with the C++ headers its clang needs for
# TOMLKit; elsewhere stops with one line saying how to get Swift.
set -euo pipefail
swift=${SWIFT:-swift}
advice="install Swift 6.0 or newer from https://www.swift.org/install/linux/ (or use Debian 13 / Raspberry Pi OS trixie, whose swiftlang package make installs), then run make again"

if command -v "$swift" >/dev/null 2>&1; then
    version=$("$swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1.\2/p' | head -n 1)
    if [ "${version%%.*}" -ge 6 ] 2>/dev/null; then exit 0; fi
    echo "error: $swift is Swift ${version:-of an unknown version}; PixelWheel needs 6.0 or newer: $advice" >&2
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
candidate() { LC_ALL=C apt-cache policy swiftlang 2>/dev/null | sed -n 's/^ *Candidate: \([0-9][0-9]*\)\..*/\1/p'; }
if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: no '$swift' on PATH: $advice" >&2
    exit 1
fi
major=$(candidate)
if [ -z "$major" ]; then
    # A fresh system may not have read its package lists yet.
    $sudo apt-get update -qq || true
    major=$(candidate)
fi
if [ -z "$major" ] || [ "$major" -lt 6 ]; then
    echo "error: no '$swift' on PATH, and this distribution's swiftlang package is ${major:+version $major, }${major:-missing}${major:+ (too old)}: $advice" >&2
    exit 1
fi
echo "No Swift on PATH: installing the distribution's swiftlang (Swift $major, about 1 GB on disk)."
scripts/build/install-system-packages.sh swiftlang
# Debian's swiftlang leaves out the C++ headers of the GCC its clang uses (TOMLKit has C++):
# the libstdc++ development package of the newest GCC installed.
gcc=$(ls -1 /usr/lib/gcc/*/ 2>/dev/null | grep -E '^[0-9]+$' | sort -n | tail -n 1 || true)
if [ -n "$gcc" ]; then scripts/build/install-system-packages.sh "libstdc++-$gcc-dev"; fi
"$swift" --version | head -n 1
