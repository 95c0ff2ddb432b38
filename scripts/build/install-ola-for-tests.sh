#!/usr/bin/env bash
# Installs Debian's `ola` for `make test-ola` without leaving its daemon behind. The package's
# scripts start olad at once and at every boot (its /etc/init.d/olad), with Art-Net, E1.31 and
# its web page on every address: not what a test peer may do to someone's Pi. So when this
# script installs the package it stops that service and turns it off; an ola installed before
# is left as it was. The test runs its own olad in a network namespace.
set -euo pipefail
cd "$(dirname "$0")/../.."
if dpkg-query -W -f='${Status}' ola 2>/dev/null | grep -q "install ok installed"; then exit 0; fi
scripts/build/install-system-packages.sh ola
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if [ -d /run/systemd/system ]; then
    $sudo systemctl disable --now olad > /dev/null 2>&1 || true
else
    $sudo /etc/init.d/olad stop > /dev/null 2>&1 || true
    $sudo update-rc.d olad disable > /dev/null 2>&1 || true
fi
echo "ola installed for make test-ola; its olad service is stopped and off (to use it: sudo update-rc.d olad enable, then start it)"
