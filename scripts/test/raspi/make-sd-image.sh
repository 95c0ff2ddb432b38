#!/usr/bin/env bash
# The emulated Raspberry Pi's SD card for `make test-raspi`, made once and cached:
#
#   scripts/test/raspi/make-sd-image.sh       prints the cache folder, making it if needed
#
# The folder holds:
#   sd.img        2 GiB (QEMU takes only a power of two): an MBR with a FAT boot partition
#                 (label PWBOOT, 128 MiB, mounted at /boot/firmware as on Raspberry Pi OS) and
#                 an ext4 root (label PWROOT) made from the board root (TRIXIE_KIND=board
#                 scripts/build/trixie-root.sh arm64: Debian trixie, systemd, udev, Debian's
#                 arm64 kernel) plus an fstab, a host name and raspi-check.service, which runs
#                 /boot/firmware/raspi/check.sh at boot if it is there;
#   vmlinuz, initrd.img
#                 Debian's kernel and its initramfs (MODULES=most: the SD host drivers are in
#                 it), which QEMU loads itself, as the Pi's firmware would;
#   rpi-3-b.dtb, rpi-4-b.dtb
#                 Debian's bcm2837-rpi-3-b.dtb and bcm2711-rpi-4-b.dtb with SPI0 (a spidev at
#                 chip select 0, compatible "rohm,dh2228fv", which mainline spidev binds) and
#                 I2C1 switched on, as `dtparam=spi=on` and `dtparam=i2c_arm=on` do on a Pi;
#   partitions    the boot partition's byte offset, for mtools ("sd.img@@OFFSET").
#
# The key is a hash of the board root's folder name (itself a hash of its package list) and of
# this script, the unit and the fstab, so a change to any of them makes a new image. Each test
# run copies sd.img (sparse) and writes its own files onto the boot partition with mtools, so
# the cached image is never changed. Runs on the host, as root: mkfs.ext4 -d copies the root
# with its owners, modes and links without mounting anything.
set -euo pipefail
cd "$(dirname "$0")/../../.."
src=$(pwd)
[ "$(id -u)" -eq 0 ] || { echo "error: making the SD image needs root (the board root's files are root's)" >&2; exit 1; }
scripts/build/install-system-packages.sh e2fsprogs dosfstools mtools fdisk device-tree-compiler >&2

board=$(TRIXIE_KIND=board scripts/build/trixie-root.sh arm64 create | tail -n 1)
[ -d "$board/boot" ] || { echo "error: no board root at '$board'" >&2; exit 1; }
key=$( { basename "$board"; cat "$0" Tests/Raspi/raspi-check.service; } | sha256sum | cut -c1-12)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pixelwheel"
out="$cache/raspi-image-$key"
if [ -f "$out/sd.img" ]; then echo "$out"; exit 0; fi

work="$cache/.raspi-image-$key.tmp.$$"
trap 'rm -rf "$work"' EXIT
rm -rf "$cache"/.raspi-image-*.tmp.*
mkdir -p "$work/root"
started=$SECONDS
echo "making the emulated Pi's SD image in $out" >&2

# The root: the board root, copied so that the cached root stays as it is, plus what a Pi's
# image has (fstab, host name) and the unit that runs the checks.
cp -a "$board/." "$work/root/"
rm -f "$work/root/usr/sbin/policy-rc.d" "$work/root/etc/pixelwheel-root"
cat >"$work/root/etc/fstab" <<'FSTAB'
LABEL=PWROOT  /               ext4  defaults,noatime  0  1
LABEL=PWBOOT  /boot/firmware  vfat  defaults          0  2
FSTAB
mkdir -p "$work/root/boot/firmware"
echo raspberrypi >"$work/root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n' >"$work/root/etc/hosts"
: >"$work/root/etc/machine-id"
install -m 644 Tests/Raspi/raspi-check.service "$work/root/etc/systemd/system/raspi-check.service"
ln -sf /etc/systemd/system/raspi-check.service "$work/root/etc/systemd/system/multi-user.target.wants/raspi-check.service"
# No login prompt on the console the checks print to.
ln -sf /dev/null "$work/root/etc/systemd/system/serial-getty@.service"
ln -sf /dev/null "$work/root/etc/systemd/system/getty@.service"

kernel=$(find "$work/root/boot" -maxdepth 1 -name 'vmlinuz-*' | sort | tail -n 1)
version=${kernel##*/vmlinuz-}
cp "$kernel" "$work/vmlinuz"
cp "$work/root/boot/initrd.img-$version" "$work/initrd.img"
dtbs="$work/root/usr/lib/linux-image-$version/broadcom"

# SPI0 and I2C1 on, as the Pi's dtparams do (the node names are the same on both SoCs).
enable_buses() {
    local dtb=$1
    fdtput -t s "$dtb" /soc/spi@7e204000 status okay
    fdtput -c "$dtb" /soc/spi@7e204000/spidev@0
    fdtput -t s "$dtb" /soc/spi@7e204000/spidev@0 compatible rohm,dh2228fv
    fdtput -t x "$dtb" /soc/spi@7e204000/spidev@0 reg 0
    fdtput -t x "$dtb" /soc/spi@7e204000/spidev@0 spi-max-frequency 7a1200
    fdtput -t s "$dtb" /soc/i2c@7e804000 status okay
    fdtput -t x "$dtb" /soc/i2c@7e804000 clock-frequency 186a0
}
cp "$dtbs/bcm2837-rpi-3-b.dtb" "$work/rpi-3-b.dtb"
cp "$dtbs/bcm2711-rpi-4-b.dtb" "$work/rpi-4-b.dtb"
enable_buses "$work/rpi-3-b.dtb"
enable_buses "$work/rpi-4-b.dtb"
# QEMU's raspi4b has no HDMI block (its L2 interrupt controller and DDC I2C): their drivers
# fault on the missing registers and the kernel panics, so they are switched off. (It then
# still finds no SD card: see docs/testing.md.)
for node in interrupt-controller@7ef00100 clock@7ef00000 hdmi@7ef00700 i2c@7ef04500 hdmi@7ef05700 i2c@7ef09500 pixelvalve@7ec12000; do
    fdtput -t s "$work/rpi-4-b.dtb" "/soc/$node" status disabled
done

# The boot partition carries what a Pi's does (kernel, initramfs, device trees) for a person
# looking at the card; QEMU boots from the copies beside the image.
boot_mib=128 total_mib=2048 boot_start=2048
# config.txt says what the device-tree edits above do, as a user's card would (doctor reads it).
cat >"$work/config.txt" <<'CONFIG'
# What the Pi's firmware would read; under QEMU the kernel, initramfs and device tree beside the
# image are loaded directly, with SPI0 and I2C1 switched on in the device tree itself.
arm_64bit=1
dtparam=spi=on
dtparam=i2c_arm=on
dtparam=audio=off
CONFIG
mkfs.vfat -n PWBOOT -C "$work/boot.img" $((boot_mib * 1024)) >/dev/null
mcopy -i "$work/boot.img" "$work/vmlinuz" "$work/initrd.img" "$work/rpi-3-b.dtb" "$work/rpi-4-b.dtb" "$work/config.txt" ::/
root_start=$((boot_start + boot_mib * 2048))
root_sectors=$((total_mib * 2048 - root_start))
mkfs.ext4 -q -F -L PWROOT -d "$work/root" "$work/root.img" $((root_sectors / 2))k
truncate -s ${total_mib}M "$work/sd.img"
printf 'label: dos\nstart=%d, size=%d, type=c, bootable\nstart=%d, size=%d, type=83\n' \
    "$boot_start" $((boot_mib * 2048)) "$root_start" "$root_sectors" | sfdisk -q "$work/sd.img"
dd if="$work/boot.img" of="$work/sd.img" bs=512 seek="$boot_start" conv=notrunc,sparse status=none
dd if="$work/root.img" of="$work/sd.img" bs=512 seek="$root_start" conv=notrunc,sparse status=none
rm -rf "$work/root" "$work/boot.img" "$work/root.img"
echo "boot_offset=$((boot_start * 512))" >"$work/partitions"
echo "kernel=$version" >>"$work/partitions"
mv -T "$work" "$out"
trap - EXIT
# Images made from an older root or script are not used again (2 GiB each, sparse).
for old in "$cache"/raspi-image-*; do
    [ "$old" = "$out" ] || rm -rf "$old"
done
echo "made in $((SECONDS - started)) s" >&2
echo "$out"
