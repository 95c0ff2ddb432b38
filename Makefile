# The README's two commands live here: `make run` and `make test`.
# Both first make sure the system packages PixelWheel builds against are installed.

SYSTEM_PACKAGES := libpng-dev libgif-dev pkg-config libgpiod-dev libi2c-dev
SWIFT ?= swift
OUT ?= out

.PHONY: run test build release setup previews bench clean

setup:
	@scripts/install-system-packages.sh $(SYSTEM_PACKAGES)

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

# `make run` starts the simulator in this terminal: the menu on a simulated 64x32 panel.
run: release
	@.build/release/pixelwheel sim $(SIM_ARGS)

# Renders a GIF preview of every effect into out/.
previews: release
	@mkdir -p $(OUT)
	@for effect in bounce starfield rain fan; do \
		.build/release/pixelwheel render $$effect --size 64x32 --seconds 6 --fps 30 --out $(OUT)/$$effect.gif || exit 1; \
	done
	@.build/release/pixelwheel render starfield --param mode=shader --size 64x32 --seconds 6 --fps 30 --out $(OUT)/starfield-shader.gif
	@echo "Previews written to $(OUT)/ (open the GIFs in any image viewer)."

test: setup
	$(SWIFT) test

bench: release
	.build/release/pixelwheel bench

clean:
	rm -rf .build $(OUT)
