#!/bin/busybox sh
# PID 1 of the kernel-test VM (packed into its initramfs with a static busybox). Mounts the
# host's root read-only over 9p, gives it its own /proc, /sys, /dev and /run, loads i2c-stub,
# runs the checks in a chroot, prints their results on the console and powers off.
/bin/busybox mkdir -p /proc /sys /dev /host
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sys /sys
/bin/busybox mount -t devtmpfs dev /dev
/bin/busybox mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144 hostroot /host || echo "PW: cannot mount the host root"
/bin/busybox mount -t proc proc /host/proc
/bin/busybox mount -t sysfs sys /host/sys
/bin/busybox mount -t devtmpfs dev /host/dev
/bin/busybox mount -t configfs none /host/sys/kernel/config
# Scratch space: a tmpfs on /run (the host's /tmp stays visible: a CI clone may live there).
/bin/busybox mount -t tmpfs run /host/run
dir=$(/bin/busybox sed -n 's/.*pw_dir=\([^ ]*\).*/\1/p' /proc/cmdline)
only=$(/bin/busybox sed -n 's/.*pw_only=\([^ ]*\).*/\1/p' /proc/cmdline)
PW_ONLY="$only" /bin/busybox chroot /host /bin/bash "$dir/Tests/Kernel/checks.sh" "$dir"
echo "PW: done"
/bin/busybox reboot -f
