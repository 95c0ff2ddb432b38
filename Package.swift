// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PixelWheel",
    products: [
        .executable(name: "pixelwheel", targets: ["pixelwheel"]),
        .library(name: "PixelCore", targets: ["PixelCore"]),
        .library(name: "PixelEffects", targets: ["PixelEffects"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The web simulator's HTTP and WebSocket server: builds with Swift 6.0, no dependencies.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // System libraries, reached through their Debian -dev packages.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        // libgpiod (1.6 on Debian 12 / Raspberry Pi OS bookworm, 2.x on trixie) and libi2c.
        .systemLibrary(
            name: "CGPIOD",
            pkgConfig: "libgpiod",
            providers: [.apt(["libgpiod-dev"])]
        ),
        .systemLibrary(
            name: "CI2C",
            providers: [.apt(["libi2c-dev"])]
        ),
        // What Swift cannot import: the spidev and i2c-dev ioctl macros, struct layouts checked
        // with _Static_assert, and one GPIO API over libgpiod 1.6 and 2.x.
        .target(name: "CPixelLinux", dependencies: ["CGPIOD", "CI2C"],
                linkerSettings: [.linkedLibrary("gpiod"), .linkedLibrary("i2c")]),

        // Fixed-point maths, colours, frames, the supersampling canvas, fonts. Standard library only.
        .target(name: "PixelCore"),
        // The Scene protocol, the frame clock vocabulary and the effects.
        .target(name: "PixelEffects", dependencies: ["PixelCore"]),
        // SPI, I²C, GPIO out and in, and the network's transports (endpoints, datagram channels,
        // stream servers, datagram links): the bus protocols under the panels, the inputs and the
        // stream receivers, with simulated ones, bus errors and traces. No operating system.
        .target(name: "PixelBus", dependencies: ["PixelCore"]),
        // Network streams without sockets: the E1.31, Art-Net, DDP, OPC, Flaschen-Taschen,
        // TPM2.net and WLED UDP parsers and packet builders, sequence checks, sources and the
        // frame assembler. Pure values over PixelBus's transports; the sockets are PixelSystem's.
        .target(name: "PixelNetwork", dependencies: ["PixelCore", "PixelBus"]),
        // The whole input side: InputEvent and InputSource, the quadrature decoder, debouncer and
        // click wheel, the encoder wiring, and the encoder, script and keyboard sources.
        .target(name: "PixelInputs", dependencies: ["PixelCore", "PixelBus"]),
        // The menu, its screens and the app as a state machine.
        // The games of Extras → Games (Brick, Snake): integer physics on 10 ms ticks, standard
        // library and PixelCore only, so a scripted game's frames are checked on every CPU.
        .target(name: "PixelGames", dependencies: ["PixelCore"]),
        .target(name: "PixelUI", dependencies: ["PixelCore", "PixelEffects", "PixelInputs", "PixelGames"]),
        // Panel descriptions and the panel factory over a BusProvider, colour pipeline, mappers,
        // encoders and drivers. No operating system.
        .target(name: "PixelPanels", dependencies: ["PixelCore", "PixelBus", "PixelNetwork"]),
        // The one system-call seam (traced in tests, errno injection), files, clocks, signals, terminal.
        .target(name: "CPixelSystem", linkerSettings: [.linkedLibrary("crypt", .when(platforms: [.linux]))]),
        .target(name: "PixelSystem", dependencies: ["PixelCore", "CPixelSystem", "PixelBus"]),
        // PNG, GIF and PPM reading and writing, the dot preview, still-image fitting.
        // JPEG through libjpeg-turbo (libjpeg-dev); C because libjpeg reports errors by longjmp.
        .target(name: "CPixelJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "PixelImages", dependencies: ["PixelCore", "PixelSystem", "CPNG", "CGIF", "CPixelJPEG"]),
        // Device models, simulated buses, the SimulatedBusProvider and the one VirtualTime.
        .target(name: "PixelSimulator", dependencies: ["PixelCore", "PixelBus", "PixelPanels", "PixelNetwork"]),
        // The Raspberry Pi's buses: spidev, i2c-dev (libi2c), libgpiod, /dev/gpiomem. Linux only.
        .target(name: "PixelLinux", dependencies: [
            "PixelCore", "PixelBus", "PixelPanels", "PixelSystem", .target(name: "CPixelLinux", condition: .when(platforms: [.linux])),
        ]),
        // The TOML configuration file: panels, inputs and settings, checked before any device opens.
        .target(name: "PixelConfig", dependencies: [
            "PixelCore", "PixelEffects", "PixelUI", "PixelBus", "PixelPanels", "PixelInputs", "PixelSystem", "PixelNetwork",
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        // The one frame loop and its outputs; sim, render, bench; settings; bus traces; the terminal front end.
        .target(name: "PixelRuntime", dependencies: [
            "PixelCore", "PixelEffects", "PixelUI", "PixelBus", "PixelPanels", "PixelSystem", "PixelImages", "PixelSimulator", "PixelInputs",
            "PixelConfig", "PixelNetwork",
        ]),
        // The terminal front end: the panel drawn with two LEDs per character cell, the status lines.
        .target(name: "PixelTerminal", dependencies: ["PixelCore", "PixelInputs", "PixelSystem", "PixelRuntime"]),
        // The web front end, free of the server: its protocol, limits, Origin rule, page files,
        // input source and frame hub (tested and fuzzed without a server).
        .target(name: "PixelWeb", dependencies: [
            "PixelCore", "PixelEffects", "PixelInputs", "PixelUI", "PixelSystem", "PixelImages", "PixelRuntime", "PixelNetwork", "PixelConfig", "PixelPanels",
            "PixelBus",
        ]),
        // The tools: bench, doctor, wiring, show and the bus-trace reader behind decode.
        .target(name: "PixelTools", dependencies: [
            "PixelCore", "PixelEffects", "PixelUI", "PixelInputs", "PixelBus", "PixelPanels", "PixelSystem", "PixelImages",
            "PixelSimulator", "PixelConfig", "PixelRuntime", "PixelNetwork",
        ]),
        // `pixelwheel web`: the page and the WebSocket over FlyingFox (FlyingSocks is its socket
        // layer: the pool, addresses, errors); the protocol, the input source and the frame hub
        // it serves live in PixelWeb, free of the server.
        .target(name: "PixelWebServer", dependencies: [
            "PixelCore", "PixelInputs", "PixelRuntime", "PixelWeb", "PixelSystem", "PixelConfig", "PixelBus",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "FlyingSocks", package: "FlyingFox"),
        ]),
        .executableTarget(
            name: "pixelwheel",
            dependencies: [
                "PixelRuntime", "PixelTerminal", "PixelWeb", "PixelTools", "PixelWebServer", "PixelConfig", "PixelSystem",
                "PixelPanels", "PixelBus", "PixelNetwork", "PixelEffects", "PixelCore", "PixelImages", "PixelUI",
                .target(name: "PixelLinux", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // libFuzzer targets for every parser of outside input (`make fuzz`; see docs/testing.md, "Fuzzing").
        // A plain build replays inputs (`pixelfuzz TARGET FILE…`); with -DPIXELFUZZ and
        // -sanitize=fuzzer libFuzzer supplies main.
        .target(name: "CPixelFuzz", path: "Tests/Fuzz/CPixelFuzz"),
        .executableTarget(
            name: "pixelfuzz",
            dependencies: ["CPixelFuzz", "PixelConfig", "PixelCore", "PixelEffects", "PixelImages", "PixelInputs", "PixelBus",
                           "PixelPanels", "PixelRuntime", "PixelWeb", "PixelTools", "PixelSimulator", "PixelSystem", "PixelUI",
                           "PixelNetwork"],
            path: "Tests/Fuzz/pixelfuzz"
        ),

        // Helpers shared by the test targets (temporary folders, the repository's paths).
        .target(name: "PixelTestSupport", path: "Tests/PixelTestSupport"),
        // The golden frames and how they are rendered: standard library, PixelCore and
        // PixelEffects only, so it also compiles as Embedded Swift for the cross harness.
        .target(name: "PixelGolden", dependencies: ["PixelCore", "PixelEffects", "PixelGames"], path: "Tests/Golden"),
        // The cross harness, hosted: prints every golden digest, the reference that
        // `make test-cross` compares the ARM and RISC-V runs with.
        .executableTarget(name: "golden-frames", dependencies: ["PixelGolden", "PixelCore", "PixelEffects", "PixelGames"], path: "Tests/Cross/Harness"),
        .testTarget(name: "PixelCoreTests", dependencies: ["PixelCore"]),
        .testTarget(name: "PixelEffectsTests", dependencies: ["PixelEffects", "PixelCore"]),
        .testTarget(name: "PixelBusTests", dependencies: ["PixelBus"]),
        .testTarget(name: "PixelNetworkTests", dependencies: ["PixelNetwork", "PixelCore", "PixelBus", "PixelTestSupport"]),
        .testTarget(name: "PixelPanelsTests", dependencies: ["PixelPanels", "PixelCore", "PixelBus", "PixelTestSupport"]),
        .testTarget(name: "PixelUITests", dependencies: ["PixelUI", "PixelInputs", "PixelCore", "PixelEffects", "PixelGames"]),
        .testTarget(name: "PixelGamesTests", dependencies: ["PixelGames", "PixelCore"]),
        .testTarget(name: "PixelSystemTests", dependencies: ["PixelSystem", "PixelBus", "PixelTestSupport"]),
        .testTarget(name: "PixelImagesTests", dependencies: ["PixelImages", "PixelCore", "PixelSystem", "PixelTestSupport"]),
        .testTarget(name: "PixelSimulatorTests", dependencies: ["PixelSimulator", "PixelCore", "PixelBus", "PixelPanels", "PixelNetwork"]),
        .testTarget(name: "PixelConfigTests", dependencies: ["PixelConfig", "PixelPanels", "PixelInputs", "PixelNetwork", "PixelUI", "PixelTestSupport"]),
        .testTarget(name: "PixelLinuxTests", dependencies: [
            "PixelLinux", "PixelBus", "PixelSystem", "PixelCore", "PixelPanels", "PixelSimulator",
            .target(name: "CPixelLinux", condition: .when(platforms: [.linux])),
        ]),
        .testTarget(name: "PixelInputsTests", dependencies: ["PixelInputs", "PixelCore", "PixelBus", "PixelPanels", "PixelSimulator"]),
        .testTarget(name: "PixelTerminalTests", dependencies: [
            "PixelTerminal", "PixelRuntime", "PixelCore", "PixelSystem", "PixelImages", "PixelInputs", "PixelPanels", "PixelUI",
        ]),
        .testTarget(name: "PixelWebTests", dependencies: [
            "PixelWeb", "PixelRuntime", "PixelCore", "PixelEffects", "PixelImages", "PixelUI", "PixelInputs", "PixelSystem", "PixelTestSupport",
            "PixelWebServer", "PixelNetwork", "PixelConfig",
        ]),
        .testTarget(name: "PixelToolsTests", dependencies: [
            "PixelTools", "PixelRuntime", "PixelCore", "PixelEffects", "PixelBus", "PixelPanels", "PixelSimulator", "PixelSystem", "PixelImages",
            "PixelUI", "PixelInputs", "PixelTestSupport", .target(name: "PixelLinux", condition: .when(platforms: [.linux])),
        ]),
        .testTarget(name: "PixelWheelCommandTests", dependencies: [
            "pixelwheel", "PixelConfig", "PixelNetwork", "PixelRuntime", "PixelBus", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .target(name: "PixelLinux", condition: .when(platforms: [.linux])),
        ]),
        .testTarget(name: "PixelRuntimeTests", dependencies: [
            "PixelRuntime", "PixelCore", "PixelEffects", "PixelSystem", "PixelImages", "PixelInputs", "PixelSimulator", "PixelBus", "PixelPanels", "PixelUI",
            "PixelConfig", "PixelTestSupport", "PixelNetwork",
            "PixelGolden", "PixelGames", "PixelTools", .target(name: "PixelLinux", condition: .when(platforms: [.linux])),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
