#!/usr/bin/env bash
# A minimal Debian 13 "trixie" root with Debian's own Swift (`swiftlang`) and the packages
# PixelWheel builds against: the proof that a Raspberry Pi OS trixie user's `apt install
# swiftlang` builds it.
#
#   scripts/build/trixie-root.sh ARCH [create]        makes the root if it is not there yet and
#                                               prints its folder
#   scripts/build/trixie-root.sh ARCH run -- CMD...   runs CMD in the root, in /src, which is this
#                                               repository (read-write)
#   scripts/build/trixie-root.sh ARCH clean           deletes every cached root for ARCH (of
#                                               TRIXIE_KIND's kind)
#
# With TRIXIE_SYSROOT=OTHER (amd64 or arm64), `run` also mounts OTHER's root, read-only, at
# /sysroot in ARCH's root, making it first if needed: the target's headers, libraries and Swift
# runtime for a cross build (scripts/build/cross-build.sh).
#
# TRIXIE_KIND picks the package list: swift (the default, described above), qemu (amd64: trixie's
# qemu-system-arm, for `make test-raspi`) or
# board (arm64: what a Raspberry Pi running Debian trixie boots with, systemd, udev, Debian's
# arm64 kernel, and the libraries the pixelwheel package depends on, without Swift).
#
# ARCH is amd64 (native) or arm64 (through qemu-aarch64-static and binfmt_misc). The root lives
# in ~/.cache/pixelwheel/trixie-ARCH-KEY (trixie-KIND-ARCH-KEY for the other kinds), KEY being a hash of the package list and of this
# script's version, so a changed list makes a new root and an unchanged one is reused. It is
# built in a temporary folder that is renamed only once complete: a run that was interrupted
# leaves nothing that is reused. /proc, /dev, /dev/pts, the repository (and, read-only, a
# worktree's git folder) and any local folder that git's url.*.insteadOf rules point at (this
# machine's /opt/swift-packages) are mounted only while a command runs, and unmounted when it
# ends, however it ends. Needs root (or sudo).
set -euo pipefail

# Raise when the way a root is made changes, so that old roots are not reused.
SCRIPT_VERSION=1
SUITE=trixie
MIRROR=${TRIXIE_MIRROR:-http://deb.debian.org/debian}
# Debian's Swift; its C++ headers, which swiftlang does not pull in and TOMLKit's C++ target
# needs; the Makefile's SYSTEM_PACKAGES; and what the build and the tests run.
KIND=${TRIXIE_KIND:-swift}
case "$KIND" in
    swift) PACKAGES="swiftlang libstdc++-14-dev
libpng-dev libgif-dev libjpeg-dev pkg-config libgpiod-dev libi2c-dev libcurl4-openssl-dev
git make procps python3 ca-certificates" ;;
    # qemu-system-arm holds qemu-system-aarch64 (10.0, which models the Pi's SPI and I2C).
    qemu) PACKAGES="qemu-system-arm" ;;
    # No i2c-tools: its udev rule is what gives /dev/i2c-* a group on Debian, and the package
    # must not depend on it. The libraries are the pixelwheel package's Depends on trixie, so
    # that `apt install ./pixelwheel_*.deb` needs no network on the board.
    board) PACKAGES="systemd systemd-sysv udev dbus linux-image-arm64 initramfs-tools kmod
procps iproute2 apt ca-certificates
libgpiod3 libi2c0 libpng16-16t64 libjpeg62-turbo libgif7 libcurl4t64 zlib1g libstdc++6" ;;
    *) echo "error: TRIXIE_KIND must be swift, qemu or board, not '$KIND'" >&2; exit 2 ;;
esac

usage() {
    sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[ $# -ge 1 ] || usage
arch=$1
shift
case "$arch" in
    amd64 | arm64) ;;
    *) echo "error: ARCH must be amd64 or arm64, not '$arch'" >&2; exit 2 ;;
esac
command=${1:-create}
[ $# -ge 1 ] && shift

if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then exec sudo -E "$0" "$arch" "$command" "$@"; fi
    echo "error: debootstrap, chroot and mount need root; run as root or install sudo" >&2
    exit 1
fi

src=$(cd "$(dirname "$0")/../.." && pwd)
packages=$(xargs <<<"$PACKAGES")
key=$(printf '%s\n' "$SCRIPT_VERSION" "$SUITE" "$arch" "$packages" | sha256sum | cut -c1-12)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pixelwheel"
name="trixie-$arch"
[ "$KIND" = swift ] || name="trixie-$KIND-$arch"
root="$cache/$name-$key"
mkdir -p "$cache"

sysroot=""
native=$(dpkg --print-architecture)
foreign=""
[ "$arch" = "$native" ] || foreign=yes

# The mount points under a folder, deepest first.
mounts_under() {
    local dir
    dir=$(readlink -f "$1")
    awk -v d="$dir" '$5 == d || index($5, d "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

unmount_all() {
    local point
    for point in $(mounts_under "$1"); do
        umount "$point" 2>/dev/null || umount -l "$point"
    done
}

# Deletes a root or a half-made one: first whatever is still mounted in it (a run killed with
# SIGKILL cannot unmount), then the files, never crossing into another file system.
remove_root() {
    [ -d "$1" ] || return 0
    unmount_all "$1"
    if [ -n "$(mounts_under "$1")" ]; then
        echo "error: $1 still has mounts; not deleting it" >&2
        return 1
    fi
    rm -rf --one-file-system "$1"
}

# Lets the kernel run aarch64 programs through qemu-aarch64-static (the F flag loads the
# emulator once, so the root needs no copy of it).
ensure_binfmt() {
    [ -n "$foreign" ] || return 0
    local qemu=/usr/bin/qemu-aarch64-static
    if [ ! -x "$qemu" ]; then
        "$src/scripts/build/install-system-packages.sh" qemu-user-static
    fi
    local dir=/proc/sys/fs/binfmt_misc
    [ -e "$dir/register" ] || mount -t binfmt_misc binfmt_misc "$dir" || {
        echo "error: cannot mount binfmt_misc, so arm64 programs cannot run here" >&2
        return 1
    }
    if [ -e "$dir/qemu-aarch64" ]; then return 0; fi
    printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:'"$qemu"':F' >"$dir/register"
}

# Mounts what a command in root $1 needs, for as long as the current shell runs.
mount_for_run() {
    local dir=$1
    mount -t proc proc "$dir/proc"
    mount --bind /dev "$dir/dev"
    mount --bind /dev/pts "$dir/dev/pts"
    mkdir -p "$dir/src"
    mount --bind "$src" "$dir/src"
    local target
    # A git worktree's .git names its repository's folder by an absolute path: the same path
    # in the root, read-only, so git works in /src.
    if [ -f "$src/.git" ]; then
        target=$(git -C "$src" rev-parse --path-format=absolute --git-common-dir)
        mkdir -p "$dir$target"
        mount --bind "$target" "$dir$target"
        mount -o remount,bind,ro "$dir$target"
    fi
    for target in $(git_local_mirrors); do
        mkdir -p "$dir$target"
        mount --bind "$target" "$dir$target"
        mount -o remount,bind,ro "$dir$target"
    done
    if [ -n "$sysroot" ]; then
        mkdir -p "$dir/sysroot"
        mount --bind "$sysroot" "$dir/sysroot"
        mount -o remount,bind,ro "$dir/sysroot"
    fi
}

# git's url.BASE.insteadOf rules on this machine, system and global, as "BASE PREFIX" lines.
git_url_rules() {
    { git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true
      git config --global --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true; } |
        sed -n 's/^url\.\(.*\)\.insteadof \(.*\)$/\1 \2/p'
}

# The local folders those rules point at (the Swift packages' copies here).
git_local_mirrors() {
    git_url_rules | while read -r base _; do
        case "$base" in
            /*) [ -d "$base" ] && echo "${base%/}" ;;
        esac
    done | sort -u
}

# The same rules for git in the root, as environment variables (GIT_CONFIG_COUNT), so the
# cached root itself is left unchanged.
git_rule_environment() {
    local n=0 base prefix
    while read -r base prefix; do
        echo "GIT_CONFIG_KEY_$n=url.$base.insteadOf"
        echo "GIT_CONFIG_VALUE_$n=$prefix"
        n=$((n + 1))
    done < <(git_url_rules)
    echo "GIT_CONFIG_COUNT=$n"
}

in_root() {
    local dir=$1
    shift
    local environment=(HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
        LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive)
    local line
    while read -r line; do environment+=("$line"); done < <(git_rule_environment)
    [ -n "${CI:-}" ] && environment+=(CI="$CI")
    chroot "$dir" /usr/bin/env -i "${environment[@]}" "$@"
}

create() {
    if [ -d "$root" ]; then echo "$root"; return 0; fi
    ensure_binfmt
    "$src/scripts/build/install-system-packages.sh" debootstrap
    # Half-made roots of interrupted runs, whose process is gone.
    local stale
    for stale in "$cache"/."$name"-*.tmp.*; do
        [ -d "$stale" ] || continue
        kill -0 "${stale##*.}" 2>/dev/null || remove_root "$stale"
    done
    local work="$cache/.$name-$key.tmp.$$"
    trap 'remove_root "$work"' EXIT
    trap 'exit 130' INT TERM
    echo "making a Debian $SUITE $arch root in $root (a few minutes; packages: $packages)" >&2
    local started=$SECONDS
    local foreign_option=()
    [ -n "$foreign" ] && foreign_option=(--foreign)
    debootstrap --variant=minbase --arch="$arch" "${foreign_option[@]}" "$SUITE" "$work" "$MIRROR" >&2
    if [ -n "$foreign" ]; then
        echo "debootstrap's second stage, emulated" >&2
        chroot "$work" /debootstrap/debootstrap --second-stage >&2
    fi
    # No service starts inside the root.
    printf '#!/bin/sh\nexit 101\n' >"$work/usr/sbin/policy-rc.d"
    chmod 755 "$work/usr/sbin/policy-rc.d"
    (
        trap 'unmount_all "$work"' EXIT
        mount_for_run "$work"
        # shellcheck disable=SC2086
        in_root "$work" sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages && apt-get clean" >&2
    )
    printf 'key=%s\nsuite=%s\narch=%s\npackages=%s\n' "$key" "$SUITE" "$arch" "$packages" >"$work/etc/pixelwheel-root"
    rm -rf "$work/var/lib/apt/lists/"*
    [ -z "$(mounts_under "$work")" ] || { echo "error: $work still has mounts" >&2; exit 1; }
    mv -T "$work" "$root"
    trap - EXIT INT TERM
    echo "made in $((SECONDS - started)) s" >&2
    echo "$root"
}

run() {
    [ "${1:-}" = "--" ] && shift
    [ $# -ge 1 ] || usage
    create >/dev/null
    if [ -n "${TRIXIE_SYSROOT:-}" ]; then
        [ "$TRIXIE_SYSROOT" != "$arch" ] || { echo "error: TRIXIE_SYSROOT=$arch is the root itself; name the other architecture" >&2; exit 2; }
        sysroot=$(TRIXIE_SYSROOT='' TRIXIE_KIND=swift "$0" "$TRIXIE_SYSROOT" create | tail -n 1)
        [ -d "$sysroot" ] || { echo "error: no $TRIXIE_SYSROOT root to mount at /sysroot" >&2; exit 1; }
    fi
    ensure_binfmt
    local status=0
    (
        trap 'unmount_all "$root"' EXIT
        trap 'exit 130' INT TERM
        mount_for_run "$root"
        in_root "$root" sh -c 'cd /src && exec "$@"' sh "$@"
    ) || status=$?
    return $status
}

# One make or run at a time for a root: runs share its mount points.
lock() {
    exec 9>"$cache/$name-$key.lock"
    flock 9
}

case "$command" in
    create) lock; create ;;
    run) lock; run "$@" ;;
    clean)
        for dir in "$cache/$name"-* "$cache/.$name"-*.tmp.*; do
            [ -d "$dir" ] && remove_root "$dir"
        done
        for dir in "$cache/$name"-*.lock; do
            rm -f "$dir"
        done
        ;;
    *) usage ;;
esac
