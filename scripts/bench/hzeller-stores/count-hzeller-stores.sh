#!/bin/sh
# Builds hzeller's unmodified rpi-rgb-led-matrix lib/ sources together with
# count-stores.cc (which fakes the GPIO register mmaps and traps every store)
# on an x86-64 Linux host, then prints register stores per full refresh.
#
#   HZELLER_SRC   checkout (dir with lib/ and include/) or bare git mirror;
#                 default /work/.mirror/hzeller+rpi-rgb-led-matrix/repo
#   HZELLER_REV   revision to extract from a mirror (default HEAD)
#   BUILD_DIR     default ~/.cache/pixelwheel/hzeller-stores
#   SKIP_GPIO=1   only run the Pi 5 RP1 RIO backend, not the Pi 1-4 path
set -eu

HZELLER_SRC=${HZELLER_SRC:-/work/.mirror/hzeller+rpi-rgb-led-matrix/repo}
BUILD_DIR=${BUILD_DIR:-$HOME/.cache/pixelwheel/hzeller-stores}
HERE=$(cd "$(dirname "$0")" && pwd)

# The trap-flag single-stepping in count-stores.cc is x86-64 specific.
if [ "$(uname -m)" != x86_64 ]; then
  echo "count-hzeller-stores.sh: needs an x86-64 Linux host" >&2
  exit 1
fi

mkdir -p "$BUILD_DIR"
if [ -d "$HZELLER_SRC/lib" ]; then
  SRC=$HZELLER_SRC
elif git --git-dir="$HZELLER_SRC" rev-parse --verify -q HEAD >/dev/null; then
  # Archive the lib/ and include/ subtrees only: archiving the whole tree
  # fails on large binary files that the mirror does not hold.
  SRC=$BUILD_DIR/src
  rm -rf "$SRC" && mkdir -p "$SRC"
  for d in lib include; do
    git --git-dir="$HZELLER_SRC" archive --prefix=$d/ "${HZELLER_REV:-HEAD}:$d" \
      | tar -x -C "$SRC"
  done
  echo "hzeller source: $(git --git-dir="$HZELLER_SRC" rev-parse "${HZELLER_REV:-HEAD}")"
else
  echo "HZELLER_SRC=$HZELLER_SRC is neither a checkout nor a git mirror" >&2
  exit 1
fi

# Close to hzeller's lib/Makefile flags, minus -march=native and LTO. The
# store count is fixed by the volatile accesses in the source, not by codegen.
# _FORTIFY_SOURCE off so open() is not routed through __open_2.
FLAGS="-O3 -g -w -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 -DDEFAULT_HARDWARE=\"regular\"
  -I$SRC/lib -I$SRC/include -I$SRC/lib/rp1/rp1_pio_vendor/piolib/include
  -I$SRC/lib/rp1/rp1_pio_vendor/include"
OBJ=$BUILD_DIR/obj
mkdir -p "$OBJ"
OBJS=""
for f in framebuffer.cc gpio.cc hardware-mapping.c rp1/rp1_rio_backend.cc \
         rp1/rp1_pio_backend.cc rp1/rp1_pio_support.c; do
  o=$OBJ/$(echo "$f" | tr / _).o
  case $f in
    *.c) nice gcc $FLAGS -c "$SRC/lib/$f" -o "$o" ;;
    *)   nice g++ $FLAGS -std=c++11 -fno-exceptions -c "$SRC/lib/$f" -o "$o" ;;
  esac
  OBJS="$OBJS $o"
done
# shellcheck disable=SC2086
nice g++ $FLAGS -std=c++11 -o "$BUILD_DIR/count-stores" "$HERE/count-stores.cc" \
  $OBJS -lpthread -lrt -lm

B=$BUILD_DIR/count-stores
"$B" rio 64 32
"$B" rio 128 64
if [ "${SKIP_GPIO:-0}" != 1 ]; then
  "$B" gpio 64 32 0
  "$B" gpio 64 32 1
  "$B" gpio 128 64 0
  "$B" gpio 128 64 1
fi
