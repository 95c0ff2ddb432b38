#!/usr/bin/env bash
# Lays out PixelWheel's installed files under ROOT: the one list `make install` and
# `scripts/build/make-deb.sh` both use.
#
#   scripts/build/stage-install.sh BINARY ROOT PREFIX UNIT_DIR DOC_DIR
#
#   ROOT/PREFIX/bin/pixelwheel                      BINARY
#   ROOT/PREFIX/share/pixelwheel/web/               the web page
#   ROOT/PREFIX/share/pixelwheel/examples/          every config/*.toml
#   ROOT/UNIT_DIR/pixelwheel.service                config/pixelwheel.service, its paths PREFIX's
#   ROOT/DOC_DIR/                                   README.md with docs/ (pages, previews,
#                                                   screenshots), hardware/ and config/README.md
#                                                   beside it, so its links and pictures work there
#   ROOT/etc/pixelwheel/pixelwheel.toml             config/hub75-64x32.toml, unless one is there
#
# Prints which configuration it left or installed. ROOT may be empty (the real system).
set -euo pipefail
[ $# -eq 5 ] || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
binary=$1 root=$2 prefix=$3 unit_dir=$4 doc_dir=$5
src=$(cd "$(dirname "$0")/../.." && pwd)
share=$root$prefix/share/pixelwheel doc=$root$doc_dir
install -d "$root$prefix/bin" "$share/web" "$share/examples" "$root$unit_dir" "$root/etc/pixelwheel" \
    "$doc/docs/previews" "$doc/docs/screenshots" "$doc/hardware" "$doc/config"
install -m 755 "$binary" "$root$prefix/bin/pixelwheel"
install -m 644 "$src"/web/*.html "$src"/web/*.css "$src"/web/*.js "$share/web/"
install -m 644 "$src"/config/*.toml "$share/examples/"
sed -e "s|/usr/local/bin/|$prefix/bin/|g" \
    -e "s|^Documentation=.*|Documentation=file://$doc_dir/README.md file://$doc_dir/docs/raspberry-pi.md|" \
    "$src/config/pixelwheel.service" >"$root$unit_dir/pixelwheel.service"
chmod 644 "$root$unit_dir/pixelwheel.service"
install -m 644 "$src/README.md" "$doc/README.md"
install -m 644 "$src"/docs/*.md "$doc/docs/"
install -m 644 "$src"/docs/previews/*.gif "$doc/docs/previews/"
install -m 644 "$src"/docs/screenshots/*.png "$doc/docs/screenshots/"
install -m 644 "$src"/hardware/README.md "$src"/hardware/*.tsv "$doc/hardware/"
install -m 644 "$src/config/README.md" "$doc/config/README.md"
if [ -e "$root/etc/pixelwheel/pixelwheel.toml" ]; then
    echo "kept the existing $root/etc/pixelwheel/pixelwheel.toml"
else
    install -m 644 "$src/config/hub75-64x32.toml" "$root/etc/pixelwheel/pixelwheel.toml"
    echo "installed an example configuration: edit $root/etc/pixelwheel/pixelwheel.toml (more in $prefix/share/pixelwheel/examples)"
fi
