#!/usr/bin/env bash
# Builds the kernel for `make test-kernel` once and caches it under ~/.cache/pixelwheel/kernel-KEY,
# KEY being a hash of the config fragment's settings (its comments left out, so a reworded
# comment rebuilds nothing), the kernel source version and the compiler. Prints
# the cache folder (bzImage and i2c-stub.ko). Debian's linux-source-6.1 is the source; the
# 1.5 GB source tree is deleted after the build.
set -euo pipefail
cd "$(dirname "$0")/../.."
fragment=Tests/Kernel/kernel.config
tarball=$(ls /usr/src/linux-source-6.1.tar.xz)
version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
key=$( (grep -v '^#' "$fragment"; echo "$version"; gcc --version | head -n 1) | sha256sum | cut -c1-16)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pixelwheel/kernel-$key"
if [ -f "$cache/bzImage" ] && [ -f "$cache/i2c-stub.ko" ]; then echo "$cache"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "building the test kernel (linux-source $version, a few minutes on 2 cores)" >&2
tar -xf "$tarball" -C "$work"
src=$(echo "$work"/linux-source-6.1)
(
    cd "$src"
    make -s ARCH=x86_64 tinyconfig >&2
    scripts/kconfig/merge_config.sh -m .config "$OLDPWD/$fragment" >/dev/null
    make -s ARCH=x86_64 olddefconfig >&2
    make -s ARCH=x86_64 -j"$(nproc)" bzImage modules >&2
)
mkdir -p "$cache"
cp "$src/arch/x86/boot/bzImage" "$cache/bzImage.tmp" && mv "$cache/bzImage.tmp" "$cache/bzImage"
cp "$(find "$src" -name i2c-stub.ko | head -n 1)" "$cache/i2c-stub.ko"
cp "$src/.config" "$cache/config"
echo "$cache"
