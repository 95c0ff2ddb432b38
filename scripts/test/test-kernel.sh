#!/usr/bin/env bash
# `make test-kernel`: PixelWheel's Linux backends against the real kernel's gpio-sim and
# i2c-stub drivers, in a virtual machine (qemu, software emulation). Builds the test kernel once
# (cached under ~/.cache/pixelwheel), builds the release pixelwheel, boots the VM with the host's
# root shared read-only over 9p, runs Tests/Kernel/checks.sh there and prints one line per check
# and "N passed, N failed". Exits non-zero on a failed check or a VM that does not finish.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scripts/build/install-system-packages.sh qemu-system-x86 busybox-static linux-source-6.1 gpiod i2c-tools \
    bc flex bison libelf-dev libssl-dev cpio iproute2 python3
kernel=$(scripts/build/build-test-kernel.sh)
swift build -c release --static-swift-stdlib >&2

# What the VM runs: the binary and the module, under .build, which the checks reach through the
# shared root (the VM has its own fresh /tmp).
stage="$root/.build/kernel-test"
rm -rf "$stage" && mkdir -p "$stage"
cp .build/release/pixelwheel "$kernel/i2c-stub.ko" "$stage/"
# The build against libgpiod 2.x, once `make test-gpiod2` has set it up: brought up to date, so
# the encoder check runs on the current code with libgpiod 2.2 too.
if [ -d .build-gpiod2 ]; then
    scripts/build/libgpiod2.sh --build-only >&2
    cp .build-gpiod2/debug/pixelwheel "$stage/pixelwheel-gpiod2"
fi

# The initramfs: a static busybox and init.
initrd=$(mktemp -d)
trap 'rm -rf "$initrd"' EXIT
mkdir -p "$initrd/bin"
cp /bin/busybox "$initrd/bin/busybox"
cp Tests/Kernel/init.sh "$initrd/init"
chmod +x "$initrd/init"
(cd "$initrd" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd.cpio.gz"

log=$(mktemp)
set +e
timeout "${PIXELWHEEL_VM_TIMEOUT:-600}" qemu-system-x86_64 -accel tcg -m 1024 -smp 2 -nographic -no-reboot \
    -kernel "$kernel/bzImage" -initrd "$initrd.cpio.gz" \
    -append "console=ttyS0 quiet panic=-1 pw_dir=$root pw_only=${PW_ONLY:-}" \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap > "$log" 2>&1
status=$?
set -e
rm -f "$initrd.cpio.gz"
grep -a 'PW: ' "$log" | sed 's/.*PW: //' | tr -d '\r'
if [ $status -ne 0 ] || ! grep -aq 'PW: done' "$log"; then
    echo "the VM did not finish (qemu exit $status); its console:"
    tail -n 40 "$log"
    exit 1
fi
grep -aq 'PW: [0-9]* passed, 0 failed' "$log"
