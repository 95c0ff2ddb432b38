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

        // Fixed-point maths, colours, frames, the supersampling canvas, fonts. Standard library only.
        .target(name: "PixelCore"),
        // The Scene protocol, the frame clock vocabulary and the effects.
        .target(name: "PixelEffects", dependencies: ["PixelCore"]),
        // Bus protocols, colour pipeline, pixel mappers, panel encoders. No operating system.
        .target(name: "PixelPanels", dependencies: ["PixelCore"]),
        // Menu tree, navigation, click-wheel and encoder input models, screens.
        .target(name: "PixelUI", dependencies: ["PixelCore", "PixelEffects"]),
        // Simulated buses and device models, image writers (PNG, GIF), the terminal view.
        .target(name: "PixelSimulator", dependencies: ["PixelCore", "PixelPanels", "CPNG", "CGIF"]),
        // Wiring: real frame clock, offline rendering, benchmarks.
        .target(name: "PixelRuntime", dependencies: ["PixelCore", "PixelEffects", "PixelPanels", "PixelUI", "PixelSimulator"]),
        .executableTarget(
            name: "pixelwheel",
            dependencies: [
                "PixelRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "PixelCoreTests", dependencies: ["PixelCore"]),
        .testTarget(name: "PixelEffectsTests", dependencies: ["PixelEffects"]),
        .testTarget(name: "PixelPanelsTests", dependencies: ["PixelPanels"]),
        .testTarget(name: "PixelUITests", dependencies: ["PixelUI"]),
        .testTarget(name: "PixelSimulatorTests", dependencies: ["PixelSimulator"]),
        .testTarget(name: "PixelRuntimeTests", dependencies: ["PixelRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
