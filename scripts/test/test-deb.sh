#!/usr/bin/env bash
# Checks the package the way a user meets it, in a Debian root (make test-deb runs it in the
# cached trixie root; it changes the system it runs on, so run it nowhere else):
#
#   scripts/test/test-deb.sh BINARY
#
# Packages BINARY (scripts/build/make-deb.sh), then: lintian reports no error; apt installs it; the
# user and its groups exist; `pixelwheel doctor` and every example's `run --simulate --no-tty`
# work from the installed files; the installed README's links into docs/ resolve; an upgrade to a rebuilt package keeps an edited
# configuration; `apt purge` removes everything but what the user made.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
binary=$(realpath "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
export DEBIAN_FRONTEND=noninteractive
checks=0
check() { echo "ok: $1"; checks=$((checks + 1)); }
fail() { echo "FAILED: $1" >&2; exit 1; }

"$src/scripts/build/install-system-packages.sh" lintian
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
version=$("$binary" --version)
"$src/scripts/build/make-deb.sh" "$binary" "$out/1" "$version"
"$src/scripts/build/make-deb.sh" "$binary" "$out/2" "$version+rebuilt1"
deb=$(ls "$out"/1/*.deb) upgrade=$(ls "$out"/2/*.deb)

lintian --fail-on error --allow-root "$deb" || fail "lintian reports errors"
check "lintian: no errors"

apt-get purge -y -qq pixelwheel >/dev/null 2>&1 || true
apt-get install -y -qq "$deb" >/dev/null || fail "apt install $deb"
[ "$(dpkg-query -W -f='${Status}' pixelwheel)" = "install ok installed" ] || fail "not installed"
check "apt install ./$(basename "$deb")"
id -nG pixelwheel | tr ' ' '\n' | grep -qx gpio && id -nG pixelwheel | tr ' ' '\n' | grep -qx spi \
    && id -nG pixelwheel | tr ' ' '\n' | grep -qx i2c || fail "the pixelwheel user is not in gpio, spi and i2c: $(id pixelwheel 2>&1)"
check "user pixelwheel in gpio, spi and i2c"
/usr/bin/pixelwheel doctor >/dev/null || fail "pixelwheel doctor"
check "pixelwheel doctor"
state=$(mktemp -d)
for example in /usr/share/pixelwheel/examples/*.toml; do
    /usr/bin/pixelwheel run --config "$example" --simulate --no-tty --seconds 0.5 --state "$state/settings.conf" >/dev/null \
        || fail "run --simulate on the installed $example"
done
rm -rf "$state"
check "every installed example runs --simulate --no-tty"
/usr/bin/pixelwheel run --config /etc/pixelwheel/pixelwheel.toml --check >/dev/null || fail "the installed configuration is not valid"
check "/etc/pixelwheel/pixelwheel.toml is valid"
[ -f /usr/share/pixelwheel/web/index.html ] && [ -f /usr/lib/systemd/system/pixelwheel.service ] \
    && grep -q '^ExecStart=/usr/bin/pixelwheel run' /usr/lib/systemd/system/pixelwheel.service || fail "page or unit missing"
check "the page and the unit are installed"
# The README's links into docs/ and hardware/ resolve beside the installed README.
doc=/usr/share/doc/pixelwheel
links=$(grep -o '](\(docs\|hardware\)/[^)# ]*' "$doc/README.md" | cut -c3- | sort -u)
[ -n "$links" ] || fail "the installed README links to nothing in docs/"
for link in $links; do [ -e "$doc/$link" ] || fail "the installed README links to $link, which the package lacks"; done
check "the installed README's $(echo "$links" | wc -l) links into docs/ and hardware/ resolve"

echo "# edited by the test" >>/etc/pixelwheel/pixelwheel.toml
apt-get install -y -qq "$upgrade" >/dev/null || fail "apt install the upgrade"
[ "$(dpkg-query -W -f='${Version}' pixelwheel)" = "$version+rebuilt1" ] || fail "the upgrade did not install"
grep -q '^# edited by the test$' /etc/pixelwheel/pixelwheel.toml || fail "the upgrade lost the edited configuration"
check "an upgrade keeps the edited /etc/pixelwheel/pixelwheel.toml"

# The user enables the service (offline here: no systemd runs in the root).
systemctl enable pixelwheel.service >/dev/null 2>&1 || fail "systemctl enable pixelwheel.service"
[ -L /etc/systemd/system/multi-user.target.wants/pixelwheel.service ] || fail "enabling made no link"
echo 'mine' >/etc/pixelwheel/mine.toml
mkdir -p /var/lib/pixelwheel/pixelwheel && echo 'brightness=5' >/var/lib/pixelwheel/pixelwheel/settings.conf
apt-get purge -y -qq pixelwheel >/dev/null || fail "apt purge"
for gone in /usr/bin/pixelwheel /usr/share/pixelwheel /etc/pixelwheel/pixelwheel.toml /var/lib/pixelwheel \
    /usr/lib/systemd/system/pixelwheel.service /usr/lib/sysusers.d/pixelwheel.conf /usr/lib/udev/rules.d/60-pixelwheel.rules \
    /usr/lib/modules-load.d/pixelwheel.conf \
    /etc/systemd/system/multi-user.target.wants/pixelwheel.service; do
    [ ! -e "$gone" ] || fail "apt purge left $gone"
done
[ -f /etc/pixelwheel/mine.toml ] || fail "apt purge removed a file the user made"
rm -rf /etc/pixelwheel
check "apt purge removes the package's files, settings and enable link, and keeps the user's own file"
echo "package: $checks passed, 0 failed ($(du -k "$deb" | cut -f1) KiB .deb)"
