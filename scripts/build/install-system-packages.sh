#!/usr/bin/env bash
# Installs the Debian/Ubuntu/Raspberry Pi OS packages named as arguments when any is missing.
# Uses sudo when not root. Does nothing (and needs no network) when all are present.
set -euo pipefail
missing=()
for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing system packages: ${missing[*]}; this machine has no apt-get, install them with your package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "error: missing system packages: ${missing[*]}; run as root or install sudo, then retry" >&2
        exit 1
    fi
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
