# The README's two commands live here: `make run` and `make test`.
# Both first make sure Swift 6 (apt's swiftlang on Debian 13 / Raspberry Pi OS trixie) and the
# system packages PixelWheel builds against are installed.

SYSTEM_PACKAGES := libpng-dev libgif-dev libjpeg-dev pkg-config libgpiod-dev libi2c-dev libcurl4-openssl-dev
# What `make test` runs beside the build: a Python virtual environment for the network tests'
# third-party peers (PyPI's sacn and python-wled, installed by the tests themselves), and `ip` for
# the network namespace python-wled's test makes (it only talks to port 80).
TEST_PACKAGES := python3-venv iproute2
SWIFT ?= swift
# One set of release flags for run, web, bench, previews and install, so none of them rebuilds
# what another built (the standard library linked in, so systemd needs no toolchain path).
# FlyingFox imports FoundationNetworking (for a proxy handler not used here), and the static
# FoundationNetworking calls libcurl without naming it: -lcurl, from libcurl4-openssl-dev,
# links it (the binary then loads libcurl.so.4).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -lcurl
# JOBS=N limits the compiler processes (each takes up to about 560 MiB): JOBS=1 on a Pi 3.
ifdef JOBS
RELEASE_FLAGS += -j $(JOBS)
endif
OUT ?= out

.PHONY: count-hzeller web bench-web run test test-quick test-trixie test-arm64 deb deb-arm64 test-deb test-deb-arm64 test-raspi test-kernel test-gpiod2 test-wall test-discovery test-ola build release setup previews bench clean install uninstall embedded test-cross demo fuzz fuzz-smoke

setup:
	@SWIFT="$(SWIFT)" scripts/build/ensure-swift.sh
	@scripts/build/install-system-packages.sh $(SYSTEM_PACKAGES)

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build $(RELEASE_FLAGS)

# `make run` starts the simulator in this terminal: the menu on a simulated 64x32 panel.
run: release
	@.build/release/pixelwheel sim $(SIM_ARGS)

# `make web` serves the simulator's page on http://127.0.0.1:8080/ (WEB_ARGS adds options).
web: release
	@.build/release/pixelwheel web $(WEB_ARGS)

# Renders a small animated GIF of every effect into docs/previews/ and writes the gallery,
# docs/effects.md, from `pixelwheel list` (the README shows six of them): 64x32, 3 s, LEDs as round
# dots. PREVIEWS=DIR writes the GIFs elsewhere.
PREVIEWS ?= docs/previews
previews: release
	@/usr/bin/python3 scripts/build/make-previews.py .build/release/pixelwheel $(PREVIEWS) docs/effects.md

# One build (tests and the tool together), then the Swift suite (Swift Testing only: there are
# no XCTest cases) in shards and, beside it, the web simulator in a real browser (headless
# Chromium; both by scripts/test/suites.sh), and the module map in docs/architecture.md against Package.swift. CI
# (.ci/run) adds the rest: the fuzz smoke pass, the golden frames on every CPU (AArch64
# included), libgpiod 2.x, trixie's Swift, the package, the kernel VM and the network peers.
test: setup
	@scripts/build/install-system-packages.sh $(TEST_PACKAGES)
	$(SWIFT) build --build-tests
	SWIFT="$(SWIFT)" WITH_WEB=1 scripts/test/suites.sh
	/usr/bin/python3 scripts/check/check-module-map.py "$(SWIFT)"

# The edit-compile-test loop: the build, then the Swift tests without the end-to-end runs of
# the binary (about 1,000 tests; under a minute warm). `make test` runs everything.
test-quick: setup
	$(SWIFT) build --build-tests
	SWIFT="$(SWIFT)" SHARDS=quick scripts/test/suites.sh

# A wall: one simulated Pi sending DDP to three others, each in its own network namespace, the
# links losing, delaying and reordering packets (tc netem, or scripts/peers/lossy-udp-relay.py where the
# kernel has no netem). Needs root; about 20 s.
test-wall: setup
	@scripts/build/install-system-packages.sh iproute2 python3
	$(SWIFT) build --product pixelwheel
	scripts/test/test-wall.sh .build/debug/pixelwheel

# The Open Lighting Architecture (Debian's `ola`) both ways, across two network namespaces: its
# Art-Net (found by ArtPoll), E1.31 and OPC outputs shown byte for byte, and PixelWheel's artnet
# and e131 panels recorded by its ola_recorder. Needs root; about 35 s.
test-ola: setup
	@scripts/build/install-system-packages.sh iproute2 python3
	@scripts/build/install-ola-for-tests.sh
	$(SWIFT) build --product pixelwheel
	scripts/test/test-ola.sh .build/debug/pixelwheel

# Discovery: `pixelwheel announce`'s service file served by a real avahi-daemon in one network
# namespace, found by python-zeroconf (PyPI) in another, with the MAC that /json/info gives.
# Needs root; about 15 s.
test-discovery: setup
	@scripts/build/install-system-packages.sh iproute2 python3-venv avahi-daemon
	$(SWIFT) build --product pixelwheel
	scripts/test/test-discovery.sh .build/debug/pixelwheel

# hzeller's rpi-rgb-led-matrix, unmodified, built on this x86-64 machine against register pages
# that trap every store: its stores per 11-bit refresh on the Pi 5 RIO path and the Pi 1–4 path,
# which `bench` and docs/performance.md compare with PixelWheel's. HZELLER_SRC is a checkout or
# a bare mirror of it (not fetched here: this machine reaches no GitHub). About 40 s.
count-hzeller:
	@scripts/build/install-system-packages.sh g++
	scripts/bench/hzeller-stores/count-hzeller-stores.sh

# PixelCore and PixelEffects as Embedded Swift for AArch64, ARMv7, ARMv6-M, RV32 and RV64, with
# their code size per target (see docs/testing.md, `make test-cross`).
embedded:
	scripts/build/cross.sh embedded

# The golden frames on AArch64, ARMv7 and RV64 (qemu user mode) and RV32 (qemu virt, bare metal),
# compared digest by digest with the x86-64 build and the golden values.
test-cross: setup
	scripts/build/cross.sh test

# The bare-metal demo (Firmware/) on qemu's riscv32 virt machine: its frames as PNGs in
# .build/cross/demo, checked against the hosted renderer.
demo: setup
	scripts/build/cross.sh demo

# Every fuzz target on its seed corpus (Tests/Fuzz/corpus) under libFuzzer and AddressSanitizer:
# FUZZ_SECONDS each (default 60); FUZZ_TARGETS="bdf image" narrows it. `make test` runs the
# short pass, `make fuzz-smoke`: FUZZ_RUNS inputs each (default 2000).
fuzz: setup
	@SWIFT="$(SWIFT)" scripts/test/fuzz.sh long

fuzz-smoke: setup
	@SWIFT="$(SWIFT)" scripts/test/fuzz.sh smoke

# Debian 13 "trixie"'s own Swift (`swiftlang` 6.0.3, what `apt install swiftlang` gives on
# Raspberry Pi OS trixie): a minimal trixie root made with debootstrap and cached under
# ~/.cache/pixelwheel (scripts/build/trixie-root.sh), PixelWheel built there with Debian's compiler
# into .build-trixie, and the Swift test suite run there, against trixie's libgpiod 2.x.
# TRIXIE_SWIFT_FLAGS adds build options (e.g. -j 1). Needs the whole package, the web server
# included, to resolve with Swift 6.0.
test-trixie:
	scripts/build/trixie-root.sh amd64 run -- swift build --build-tests --scratch-path .build-trixie $(TRIXIE_SWIFT_FLAGS)
	scripts/build/trixie-root.sh amd64 run -- env PIXELWHEEL_EXPECT_GPIOD_API=2 swift test --skip-build --scratch-path .build-trixie

# `make test-arm64` (not in CI: making the arm64 root under emulation alone takes ~10 min):
# PixelWheel cross-compiled for aarch64 with Debian trixie's Swift (scripts/build/cross-build.sh), run
# in the arm64 trixie root under qemu-user, its golden digests, a scripted sim and every
# example's frames compared byte for byte with the x86-64 build's (scripts/test/test-arm64.sh).
test-arm64: setup
	scripts/test/test-arm64.sh

# `make deb`: pixelwheel_VERSION_ARCH.deb in OUT/ (default out/) for this machine, from the
# release build: the binary (standard library linked in), the page, the examples, the systemd
# unit, the pixelwheel user (sysusers.d), udev rules for the GPIO, SPI and I2C nodes and the
# configuration as a conffile (scripts/build/make-deb.sh).
deb: release
	scripts/build/make-deb.sh .build/release/pixelwheel $(OUT)

# `make deb-arm64`: the same package for a 64-bit Pi (a Zero 2 W cannot compile Swift itself),
# cross-compiled here with Debian trixie's Swift against the arm64 trixie root, and packaged in
# that root (under qemu-user) so that dpkg-shlibdeps reads arm64's libraries; the package is
# then copied to OUT/ (which may lie outside the repository, which is all the root sees).
ARM64_BIN = .build-cross-arm64/aarch64-unknown-linux-gnu/release/pixelwheel
deb-arm64:
	TRIXIE_SYSROOT=arm64 scripts/build/trixie-root.sh amd64 run -- scripts/build/cross-build.sh .build-cross-arm64 pixelwheel -- $(if $(JOBS),-j $(JOBS))
	rm -rf .build-cross-arm64/deb
	scripts/build/trixie-root.sh arm64 run -- scripts/build/make-deb.sh $(ARM64_BIN) .build-cross-arm64/deb
	mkdir -p $(OUT) && cp .build-cross-arm64/deb/*.deb $(OUT)/

# `make test-deb-arm64` (not in CI, for the arm64 root's sake): the checks of test-deb on the
# arm64 package, installed and run in the arm64 trixie root under qemu-user.
test-deb-arm64:
	TRIXIE_SYSROOT=arm64 scripts/build/trixie-root.sh amd64 run -- scripts/build/cross-build.sh .build-cross-arm64 pixelwheel -- $(if $(JOBS),-j $(JOBS))
	scripts/build/trixie-root.sh arm64 run -- scripts/test/test-deb.sh $(ARM64_BIN)

# `make test-raspi` (not in CI: a board boots twice under full emulation, see docs/testing.md):
# the arm64 package installed with apt and run under systemd on QEMU's raspi3b with Debian's
# kernel; the pictures decoded from the SoC's GPIO, SPI and I2C registers must equal `show`'s
# (scripts/test/test-raspi.sh). RASPI_MACHINES=raspi4b tries the Pi 4B, which does not boot.
test-raspi: setup
	scripts/test/test-raspi.sh

# `make test-deb`: in the amd64 trixie root, the package from Debian's Swift: lintian without
# errors, apt install, doctor and every example from the installed files, an upgrade that keeps
# an edited configuration, and a purge that keeps only what the user made (scripts/test/test-deb.sh).
# DEB_CONFIG=debug (what CI uses, to save the optimiser's minutes) packages a debug build the
# same way.
DEB_CONFIG ?= release
test-deb:
	scripts/build/trixie-root.sh amd64 run -- swift build -c $(DEB_CONFIG) --static-swift-stdlib -Xlinker -lcurl --product pixelwheel --scratch-path .build-trixie-static
	scripts/build/trixie-root.sh amd64 run -- scripts/test/test-deb.sh .build-trixie-static/$(DEB_CONFIG)/pixelwheel

# The Linux backends against the real kernel's gpio-sim and i2c-stub, in a VM (see docs/testing.md).
test-kernel: setup
	scripts/test/test-kernel.sh

# Builds libgpiod 2.x (from PyPI's gpiod source distribution) into ~/.cache/pixelwheel and
# builds and tests the Linux backends against it; `make test` covers Debian's libgpiod 1.6.
test-gpiod2: setup
	@scripts/build/install-system-packages.sh python3-pip
	scripts/build/libgpiod2.sh

bench: release
	.build/release/pixelwheel bench

# The CPU cost of serving 0, 1 and 10 browsers from `pixelwheel web` (64x32, 30 fps).
bench-web: release
	@scripts/build/install-system-packages.sh python3-websocket
	scripts/bench/web-bench.py .build/release/pixelwheel

# `make install`: avahi-daemon (for the mDNS announcement), then scripts/build/stage-install.sh (the
# list make deb uses too): the binary (Swift standard library linked in, so systemd needs no
# toolchain path), the systemd unit, an example configuration that is never overwritten, the
# examples, the web page, and the README with docs/ beside it (so its links and pictures work).
PREFIX ?= /usr/local
DESTDIR ?=
install: release
	@[ -n "$(DESTDIR)" ] || scripts/build/install-system-packages.sh avahi-daemon
	scripts/build/stage-install.sh .build/release/pixelwheel "$(DESTDIR)" $(PREFIX) /etc/systemd/system $(PREFIX)/share/pixelwheel

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pixelwheel $(DESTDIR)/etc/systemd/system/pixelwheel.service
	rm -rf $(DESTDIR)$(PREFIX)/share/pixelwheel
	@echo "left /etc/pixelwheel and /var/lib/pixelwheel in place"

clean:
	rm -rf .build $(OUT)
