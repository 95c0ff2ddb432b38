#!/usr/bin/env bash
# `make test-discovery`: PixelWheel found on a LAN by an independent mDNS browser.
#
# Makes two network namespaces joined by a veth pair: the Pi (10.79.0.1) and a browsing
# machine (10.79.0.2). In the Pi's, `pixelwheel announce` writes the avahi service file for a
# configuration whose [web] table serves the JSON API on port 80 to the browser's network, a
# real avahi-daemon (its own configuration, no D-Bus, a private mount namespace so its service
# folder and pid file are the test's) announces it, and `pixelwheel run --simulate` serves the
# API. In the browser's namespace python-zeroconf (PyPI; not avahi) must find `_wled._tcp` and
# `_http._tcp` under the configured name, with `mac=` in the TXT record equal to /json/info's.
#
# Needs root (ip netns, mount), avahi-daemon and python3-venv; exits 77 (skipped) without
# them. Bounded: every process runs under `timeout`, and the namespaces and the temporary
# folder are removed on exit however the script ends. Usage: test-discovery.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/netns-pair.sh
binary=$(realpath "${1:-.build/debug/pixelwheel}")
skip() { echo "discovery: skipped: $1"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root for ip netns and mount"
command -v ip >/dev/null || skip "no ip command (iproute2)"
[ -x /usr/sbin/avahi-daemon ] || skip "no avahi-daemon"
[ -x "$binary" ] || { echo "no pixelwheel binary at $binary; build first"; exit 2; }
venv=${ZEROCONF_VENV:-/tmp/pixelwheel-zeroconf-venv}
if ! "$venv/bin/python" -c 'import zeroconf' 2>/dev/null; then
    /usr/bin/python3 -m venv "$venv" || skip "python3 -m venv failed (install python3-venv)"
    "$venv/bin/pip" install --quiet 'zeroconf>=0.100' || skip "pip could not install zeroconf"
fi

tag="pwd$$"
work=$(mktemp -d)
pids=()
cleanup() {
    netns_kill "$tag" pi lan
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    netns_remove "$tag" pi lan
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
in_ns() { local ns=$1; shift; ip netns exec "$tag-$ns" "$@"; }

netns_pair "$tag" pi 10.79.0.1/24 lan 10.79.0.2/24

name="PixelWheel Discovery Test"
services="$work/root/etc/avahi/services"
mkdir -p "$services" "$work/run" "$work/root/usr/sbin"
touch "$work/root/usr/sbin/avahi-daemon"
printf 'brightness = 100\n' > "$work/state.conf"
cat > "$work/pi.toml" <<TOML
[app]
fps = 30
size = "32x16"

[web]
listen = "0.0.0.0:80"
api = true
api_allow = ["10.79.0.0/24"]
name = "$name"
TOML
"$binary" announce --config "$work/pi.toml" --services-dir "$services"
# doctor, on a root whose avahi folder is the test's, sees the announcement it expects.
"$binary" doctor --root "$work/root" --config "$work/pi.toml" | grep -F '[ok] mDNS: announcing' \
    || { echo "discovery: FAIL doctor does not see the announcement"; exit 1; }
cat > "$work/avahi.conf" <<CONF
[server]
host-name=pixelwheel-discovery-test
use-ipv4=yes
use-ipv6=no
enable-dbus=no
allow-interfaces=${tag}a
[publish]
publish-hinfo=no
publish-workstation=no
CONF
# The daemon's service folder and pid file are fixed paths: give it the test's own, in a mount
# namespace of its own, so a daemon already running on this machine is neither seen nor touched.
in_ns pi timeout 60 unshare --mount sh -c '
    mkdir -p /run/avahi-daemon
    mount --bind "$1/root/etc/avahi/services" /etc/avahi/services
    mount --bind "$1/run" /run/avahi-daemon
    exec avahi-daemon -f "$1/avahi.conf" --no-drop-root --no-chroot --no-rlimits' sh "$work" > "$work/avahi.log" 2>&1 &
pids+=($!)
in_ns pi timeout 60 "$binary" run --config "$work/pi.toml" --simulate --no-tty --real-time --state "$work/state.conf" \
    --seconds 45 > "$work/pi.log" 2>&1 &
pids+=($!)
status=0
in_ns lan timeout 50 "$venv/bin/python" Tests/Web/discovery_check.py 10.79.0.2 "$name" 25 || status=$?
if [ "$status" != 0 ]; then
    echo "--- avahi-daemon:"; cat "$work/avahi.log"
    echo "--- pixelwheel:"; cat "$work/pi.log"
    echo "--- service file:"; cat "$services/"* 2>/dev/null || true
fi
exit "$status"
