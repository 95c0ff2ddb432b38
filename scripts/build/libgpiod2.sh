#!/usr/bin/env bash
# Builds libgpiod 2.x from the C sources inside the `gpiod` package's source distribution on PyPI
# (Debian 12 has only libgpiod 1.6), into ~/.cache/pixelwheel/libgpiod-VERSION, with a
# pkg-config file. Then builds PixelWheel against it in .build-gpiod2 and runs the Linux
# backend tests there.
#   scripts/build/libgpiod2.sh          # build the library (once) and test against it
#   scripts/build/libgpiod2.sh --prefix # only build the library; print its prefix
#   scripts/build/libgpiod2.sh --build-only  # build PixelWheel against it, without running the tests
set -euo pipefail
cd "$(dirname "$0")/../.."
version="${GPIOD_PYPI_VERSION:-2.2.4}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pixelwheel"
prefix="$cache/libgpiod-$version"

if [ ! -f "$prefix/lib/libgpiod.so.3" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    python3 -m pip download --quiet --no-deps --no-binary :all: "gpiod==$version" -d "$work" >&2
    tar -xzf "$work/gpiod-$version.tar.gz" -C "$work"
    src="$work/gpiod-$version"
    libversion=$(cat "$src/libgpiod-version.txt")
    mkdir -p "$prefix/lib" "$prefix/include" "$prefix/lib/pkgconfig"
    cc -shared -fPIC -O2 -Wall -DGPIOD_VERSION_STR="\"$libversion\"" -I"$src/include" -I"$src/lib" \
        -Wl,-soname,libgpiod.so.3 -o "$prefix/lib/libgpiod.so.3" "$src"/lib/*.c
    ln -sf libgpiod.so.3 "$prefix/lib/libgpiod.so"
    cp "$src/include/gpiod.h" "$prefix/include/"
    cat > "$prefix/lib/pkgconfig/libgpiod.pc" <<PC
prefix=$prefix
Name: libgpiod
Description: libgpiod $libversion built from the gpiod $version source distribution
Version: $libversion
Libs: -L\${prefix}/lib -lgpiod
Cflags: -I\${prefix}/include
PC
    echo "built libgpiod $libversion into $prefix" >&2
fi
if [ "${1:-}" = "--prefix" ]; then echo "$prefix"; exit 0; fi

# Build and test against it: the shim takes its 2.x branch (gpiod.h has no GPIOD_BIT).
# Debian's libpng.pc puts -L/usr/lib/<triple> first on SwiftPM's link line, where Debian's
# libgpiod 1.6 would win over ours, so the build runs in a private mount namespace in which
# the system's libgpiod.so and gpiod.h are the 2.x ones (root only; nothing outside changes).
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PIXELWHEEL_EXPECT_GPIOD_API=2
[ "${1:-}" = "--build-only" ] && export PW_BUILD_ONLY=1
flags=(--scratch-path .build-gpiod2 -Xcc -I"$prefix/include" -Xlinker -L"$prefix/lib" -Xlinker -rpath -Xlinker "$prefix/lib")
build_and_test() {
    swift build "${flags[@]}"
    [ "${PW_BUILD_ONLY:-}" = 1 ] && return 0
    swift test "${flags[@]}" --filter 'PixelLinuxTests'
    ldd .build-gpiod2/debug/pixelwheel | grep libgpiod
}
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
    export prefix
    unshare -m bash -euo pipefail -c '
        for lib in /usr/lib/*-linux-gnu/libgpiod.so; do [ -e "$lib" ] && mount --bind "$prefix/lib/libgpiod.so.3" "$(readlink -f "$lib")"; done
        [ -e /usr/include/gpiod.h ] && mount --bind "$prefix/include/gpiod.h" /usr/include/gpiod.h
        flags=(--scratch-path .build-gpiod2 -Xcc -I"$prefix/include" -Xlinker -L"$prefix/lib" -Xlinker -rpath -Xlinker "$prefix/lib")
        swift build "${flags[@]}"
        [ "${PW_BUILD_ONLY:-}" = 1 ] && exit 0
        swift test "${flags[@]}" --filter PixelLinuxTests
        ldd .build-gpiod2/debug/pixelwheel | grep libgpiod'
else
    echo "note: not root; linking against $prefix may pick up the system's libgpiod 1.6 instead" >&2
    build_and_test
fi
