#!/usr/bin/env bash
# Builds pixelwheel_VERSION_ARCH.deb from a built binary (the release build, standard library
# linked in):
#
#   scripts/build/make-deb.sh BINARY OUTDIR [VERSION]
#
# The package holds the stripped binary, the web page, the examples, the documentation (the
# README with docs/ beside it), the systemd unit (not enabled), a sysusers.d entry for the
# pixelwheel user in the gpio, spi and i2c groups, udev rules that give the GPIO, SPI and I2C
# nodes (and the Pi 5's /dev/gpiomem0) to those groups, i2c-dev loaded at boot (modules-load.d,
# as Raspberry Pi OS does once I2C is on), and /etc/pixelwheel/pixelwheel.toml as a conffile,
# so an upgrade keeps the user's edits. Its Depends are the shared libraries the binary links,
# found by dpkg-shlibdeps. VERSION defaults to `pixelwheel --version`; ARCH is the machine's;
# DEB_MAINTAINER names who built it.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
binary=$1 outdir=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
[ -x "$binary" ] || { echo "error: $binary is not an executable; build it first (make release)" >&2; exit 1; }
version=${3:-$("$binary" --version)}
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-PixelWheel developers <pixelwheel@example.org>}
"$src/scripts/build/install-system-packages.sh" dpkg-dev binutils help2man

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/pixelwheel
install -d "$stage/DEBIAN" "$stage/usr/lib/sysusers.d" "$stage/usr/lib/udev/rules.d" "$stage/usr/lib/modules-load.d" "$stage/usr/share/man/man1"
# What make install lays out too (scripts/build/stage-install.sh), with the package's paths: the
# documentation, with docs/ beside the README, in /usr/share/doc/pixelwheel.
"$src/scripts/build/stage-install.sh" "$binary" "$stage" /usr /usr/lib/systemd/system /usr/share/doc/pixelwheel >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/pixelwheel"
# The unit's comment, for the package (the user comes with it).
sed -i -e 's|^# PixelWheel as a systemd service:.*|# PixelWheel as a systemd service, from the pixelwheel package (the user comes with it):|' \
    -e '/^#   sudo useradd/d' "$stage/usr/lib/systemd/system/pixelwheel.service"
install -m 644 "$src/packaging/deb/sysusers.conf" "$stage/usr/lib/sysusers.d/pixelwheel.conf"
install -m 644 "$src/packaging/deb/udev.rules" "$stage/usr/lib/udev/rules.d/60-pixelwheel.rules"
install -m 644 "$src/packaging/deb/modules-load.conf" "$stage/usr/lib/modules-load.d/pixelwheel.conf"
install -m 644 "$src/packaging/deb/copyright" "$stage/usr/share/doc/pixelwheel/copyright"
printf 'pixelwheel (%s) unstable; urgency=medium\n\n  * Built from the PixelWheel source tree.\n\n -- %s  %s\n' \
    "$version" "$maintainer" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git -C "$src" log -1 --format=%ct 2>/dev/null || date +%s)}")" \
    | gzip -9n >"$stage/usr/share/doc/pixelwheel/changelog.gz"
chmod 644 "$stage/usr/share/doc/pixelwheel/changelog.gz"
# The manual page: the command's own --help, and each command's.
help2man --no-info --version-string="$version" --name="LED panel effects with an iPod-style click-wheel menu" \
    "$stage/usr/bin/pixelwheel" | gzip -9n >"$stage/usr/share/man/man1/pixelwheel.1.gz"
chmod 644 "$stage/usr/share/man/man1/pixelwheel.1.gz"
install -m 755 "$src/packaging/deb/postinst" "$src/packaging/deb/prerm" "$src/packaging/deb/postrm" "$stage/DEBIAN/"
echo /etc/pixelwheel/pixelwheel.toml >"$stage/DEBIAN/conffiles"

# The libraries the binary needs, as Debian names them (libgpiod, libi2c, libpng, libgif,
# libjpeg, libc, libstdc++...).
mkdir -p "$work/debian"
printf 'Source: pixelwheel\n\nPackage: pixelwheel\nArchitecture: any\n' >"$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "pixelwheel/usr/bin/pixelwheel" 2>"$work/shlibdeps.log") \
    || { echo "error: dpkg-shlibdeps failed for $binary: $(tail -n 1 "$work/shlibdeps.log")" >&2; exit 1; }
depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no libraries for $binary" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
# Bash's own replacement, so no character of a value (|, &, /) means anything.
shopt -u patsub_replacement 2>/dev/null || true
control=$(<"$src/packaging/deb/control.in")
control=${control//@VERSION@/$version}
control=${control//@MAINTAINER@/$maintainer}
control=${control//@ARCH@/$arch}
control=${control//@SIZE@/$size}
control=${control//@DEPENDS@/$depends}
printf '%s\n' "$control" >"$stage/DEBIAN/control"

mkdir -p "$outdir"
deb="$outdir/pixelwheel_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb: $(du -k "$deb" | cut -f1) KiB, installed $size KiB; Depends: $depends"
