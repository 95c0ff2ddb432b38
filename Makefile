# The README's two commands live here: `make run` and `make test`.
# Both first make sure the system packages PixelWheel builds against are installed.

SYSTEM_PACKAGES := libpng-dev libgif-dev libjpeg-dev pkg-config libgpiod-dev libi2c-dev
SWIFT ?= swift
OUT ?= out

.PHONY: web bench-web run test test-kernel test-gpiod2 build release setup previews bench clean install uninstall embedded test-cross demo fuzz fuzz-smoke

setup:
	@scripts/install-system-packages.sh $(SYSTEM_PACKAGES)

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

# `make run` starts the simulator in this terminal: the menu on a simulated 64x32 panel.
run: release
	@.build/release/pixelwheel sim $(SIM_ARGS)

# `make web` serves the simulator's page on http://127.0.0.1:8080/ (WEB_ARGS adds options).
web: release
	@.build/release/pixelwheel web $(WEB_ARGS)

# Renders a small animated GIF of every effect into docs/previews/ (the README and docs/commands.md show them):
# 64x32, 3 s at 12 fps, LEDs as round dots 3 pixels apart (about 100 KB each). PREVIEWS=DIR writes elsewhere.
PREVIEWS ?= docs/previews
previews: release
	@mkdir -p $(PREVIEWS)
	@for effect in bounce starfield rain fan; do \
		.build/release/pixelwheel render $$effect --size 64x32 --seconds 3 --fps 12 --scale 3 --out $(PREVIEWS)/$$effect.gif || exit 1; \
	done
	@.build/release/pixelwheel render starfield --param mode=shader --size 64x32 --seconds 3 --fps 12 --scale 3 --out $(PREVIEWS)/starfield-shader.gif
	@echo "Previews written to $(PREVIEWS)/ (open the GIFs in any image viewer or browser)."

# The Swift suite, the web simulator in a real browser (headless Chromium), the module map in
# docs/architecture.md against Package.swift, the golden frames on AArch64 (the Pi's CPU) as
# Embedded Swift under qemu, then the short fuzzing pass.
test: setup
	$(SWIFT) test
	SWIFT="$(SWIFT)" scripts/test-web.sh
	/usr/bin/python3 scripts/check-module-map.py "$(SWIFT)"
	scripts/cross.sh test aarch64-none-none-elf
	@SWIFT="$(SWIFT)" scripts/fuzz.sh smoke

# PixelCore and PixelEffects as Embedded Swift for AArch64, ARMv7, ARMv6-M, RV32 and RV64, with
# their code size per target (see docs/testing.md, `make test-cross`).
embedded:
	scripts/cross.sh embedded

# The golden frames on AArch64, ARMv7 and RV64 (qemu user mode) and RV32 (qemu virt, bare metal),
# compared digest by digest with the x86-64 build and the golden values.
test-cross: setup
	scripts/cross.sh test

# The bare-metal demo (Firmware/) on qemu's riscv32 virt machine: its frames as PNGs in
# .build/cross/demo, checked against the hosted renderer.
demo: setup
	scripts/cross.sh demo

# Every fuzz target on its seed corpus (Tests/Fuzz/corpus) under libFuzzer and AddressSanitizer:
# FUZZ_SECONDS each (default 60); FUZZ_TARGETS="bdf image" narrows it. `make test` runs the
# short pass, `make fuzz-smoke`: FUZZ_RUNS inputs each (default 2000).
fuzz: setup
	@SWIFT="$(SWIFT)" scripts/fuzz.sh long

fuzz-smoke: setup
	@SWIFT="$(SWIFT)" scripts/fuzz.sh smoke

# The Linux backends against the real kernel's gpio-sim and i2c-stub, in a VM (see docs/testing.md).
test-kernel: setup
	scripts/test-kernel.sh

# Builds libgpiod 2.x (from PyPI's gpiod source distribution) into ~/.cache/pixelwheel and
# builds and tests the Linux backends against it; `make test` covers Debian's libgpiod 1.6.
test-gpiod2: setup
	@scripts/install-system-packages.sh python3-pip
	scripts/libgpiod2.sh

bench: release
	.build/release/pixelwheel bench

# The CPU cost of serving 0, 1 and 10 browsers from `pixelwheel web` (64x32, 30 fps).
bench-web: release
	@scripts/install-system-packages.sh python3-websocket
	scripts/web-bench.py .build/release/pixelwheel

# `make install`: the binary (Swift standard library linked in, so systemd needs no toolchain
# path), the systemd unit, an example configuration that is never overwritten, the examples,
# the web page, and the README with docs/ beside it (so its links and pictures work there too).
# FlyingFox imports FoundationNetworking (for a proxy handler not used here), and the static
# FoundationNetworking calls libcurl without naming it: -lcurl, from libcurl4-openssl-dev, links
# it (the binary then loads libcurl.so.4, which the toolchain's own Foundation needs anyway).
PREFIX ?= /usr/local
DESTDIR ?=
install: setup
	@scripts/install-system-packages.sh libcurl4-openssl-dev
	$(SWIFT) build -c release --static-swift-stdlib -Xlinker -lcurl
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)/etc/systemd/system $(DESTDIR)/etc/pixelwheel $(DESTDIR)$(PREFIX)/share/pixelwheel/examples
	install -m 755 .build/release/pixelwheel $(DESTDIR)$(PREFIX)/bin/pixelwheel
	install -m 644 config/pixelwheel.service $(DESTDIR)/etc/systemd/system/pixelwheel.service
	install -m 644 config/*.toml $(DESTDIR)$(PREFIX)/share/pixelwheel/examples/
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/pixelwheel/README.md
	install -d $(DESTDIR)$(PREFIX)/share/pixelwheel/docs/previews $(DESTDIR)$(PREFIX)/share/pixelwheel/docs/screenshots
	install -m 644 docs/*.md $(DESTDIR)$(PREFIX)/share/pixelwheel/docs/
	install -m 644 docs/previews/*.gif $(DESTDIR)$(PREFIX)/share/pixelwheel/docs/previews/
	install -m 644 docs/screenshots/*.png $(DESTDIR)$(PREFIX)/share/pixelwheel/docs/screenshots/
	install -d $(DESTDIR)$(PREFIX)/share/pixelwheel/web
	install -m 644 web/index.html web/pixelwheel.css web/pixelwheel.js $(DESTDIR)$(PREFIX)/share/pixelwheel/web/
	@if [ -e $(DESTDIR)/etc/pixelwheel/pixelwheel.toml ]; then \
		echo "kept the existing $(DESTDIR)/etc/pixelwheel/pixelwheel.toml"; \
	else \
		install -m 644 config/hub75-64x32.toml $(DESTDIR)/etc/pixelwheel/pixelwheel.toml; \
		echo "installed an example configuration: edit $(DESTDIR)/etc/pixelwheel/pixelwheel.toml (more in $(PREFIX)/share/pixelwheel/examples)"; \
	fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pixelwheel $(DESTDIR)/etc/systemd/system/pixelwheel.service
	rm -rf $(DESTDIR)$(PREFIX)/share/pixelwheel
	@echo "left /etc/pixelwheel and /var/lib/pixelwheel in place"

clean:
	rm -rf .build $(OUT)
