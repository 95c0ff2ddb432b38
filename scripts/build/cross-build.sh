#!/usr/bin/env bash
# Builds PixelWheel for a 64-bit Raspberry Pi (aarch64) on an x86-64 machine, in minutes rather
# than the hours a build under emulation takes: Debian trixie's own Swift (6.0.3, x86-64) compiles
# for aarch64 against the arm64 trixie root mounted at /sysroot, whose headers, libraries and
# Swift runtime are the ones a Pi running Raspberry Pi OS trixie has. Run it in the amd64 trixie
# root with the arm64 one mounted:
#
#   TRIXIE_SYSROOT=arm64 scripts/build/trixie-root.sh amd64 run -- scripts/build/cross-build.sh SCRATCH PRODUCT... [-- SWIFT-BUILD-FLAGS...]
#
# SCRATCH is the build folder (relative to the repository); the products land in
# SCRATCH/aarch64-unknown-linux-gnu/release. The Swift SDK bundle that describes /sysroot to
# SwiftPM is written into SCRATCH/swift-sdks. The compiler and the arm64 runtime are the same
# Swift release (both from trixie's swiftlang), as a cross build needs.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
scratch=$1
shift
products=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do products+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
triple=aarch64-unknown-linux-gnu
sysroot=/sysroot
runtime=$sysroot/usr/libexec/swift/lib
[ -f "$runtime/swift_static/linux/libswiftCore.a" ] || {
    echo "error: no arm64 Swift runtime in $sysroot; run this through TRIXIE_SYSROOT=arm64 scripts/build/trixie-root.sh amd64 run" >&2
    exit 1
}
host_swift=$(swift --version 2>&1 | head -n 1)
target_swift=$(dpkg-query --admindir="$sysroot/var/lib/dpkg" -W -f='${Version}' swiftlang)
case "$host_swift" in
    *"${target_swift%%+*}"* | *"$(echo "$target_swift" | cut -d- -f1)"*) ;;
    *) echo "error: the compiler ($host_swift) and the arm64 runtime (swiftlang $target_swift) differ; remake both roots" >&2; exit 1 ;;
esac

# A Swift SDK bundle (SwiftPM's artifact bundle, schema 4.0) naming the sysroot, the arm64 Swift
# runtime for dynamic and static linking, and lld, the one linker here that links aarch64.
bundle=$scratch/swift-sdks/trixie-arm64.artifactbundle
mkdir -p "$bundle/sdk"
cat >"$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "trixie-arm64": {
      "type": "swiftSDK",
      "version": "1",
      "variants": [{ "path": "sdk", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"] }]
    }
  }
}
EOF
cat >"$bundle/sdk/swift-sdk.json" <<EOF
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "$triple": {
      "sdkRootPath": "$sysroot",
      "swiftResourcesPath": "$runtime/swift",
      "swiftStaticResourcesPath": "$runtime/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
EOF
cat >"$bundle/sdk/toolset.json" <<EOF
{
  "schemaVersion": "1.0",
  "rootPath": "/usr/libexec/swift/bin",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] }
}
EOF
# SwiftPM reads the libraries' .pc files itself: point it at the target's, with their paths
# under the sysroot.
export PKG_CONFIG_PATH=$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$sysroot/usr/share/pkgconfig
export PKG_CONFIG_SYSROOT_DIR=$sysroot

# The sysroot is a Debian root, not an Apple SDK: the driver's note that it has no
# SDKSettings.json, once per compiler process, says nothing and is left out.
for product in "${products[@]}"; do
    swift build -c release --static-swift-stdlib -Xlinker -lcurl --product "$product" \
        --scratch-path "$scratch" --swift-sdks-path "$scratch/swift-sdks" --swift-sdk trixie-arm64 "$@" 2>&1 |
        { grep -v '^warning: Could not read SDKSettings.json for SDK at: /sysroot$' || true; }
done
