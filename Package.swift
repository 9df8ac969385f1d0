// swift-tools-version:6.0
// hudrender: iOS-style progress HUDs, rings and loading bars rendered headless to PNG, APNG and GIF.
//
// One target per concern (README "Architecture"). The manifest is declarative: it reads no
// environment and the fuzzers live in their own package (Fuzz/). The library products carry no
// unsafe build flags, so other packages can depend on them; optimisation is the caller's choice.
// Swift 6 is needed for `Synchronization` (HUDText) and Swift Testing (HUDSnapshotTesting); the
// sources are written in the Swift 5 language mode.
import PackageDescription

let package = Package(
    name: "hudrender",
    // Mutex (Synchronization) is the newest API the package uses: macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "HUDRaster", targets: ["HUDRaster"]),
        .library(name: "HUDText", targets: ["HUDText"]),
        .library(name: "HUDSVG", targets: ["HUDSVG"]),
        .library(name: "HUDMotion", targets: ["HUDMotion"]),
        .library(name: "HUDKit", targets: ["HUDKit"]),
        .library(name: "HUDCodecs", targets: ["HUDCodecs"]),
        .library(name: "HUDSnapshotTesting", targets: ["HUDSnapshotTesting"]),
        .library(name: "HUDRenderCLI", targets: ["HUDRenderCLI"]),
        .executable(name: "hudrender", targets: ["hudrender"]),
    ],
    targets: [
        // System libraries, found through pkg-config (Homebrew's on macOS).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif",
                       providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .target(name: "CCodecShims", dependencies: ["CPNG", "CGIF", "CZlib"]),
        // Text: shaping, bidi, font discovery, Thai word breaks.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFriBiDi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai",
                       providers: [.apt(["libthai-dev"]), .brew(["libthai"])]),

        // Utilities the library targets share with `package` access (whole-file reads).
        .target(name: "HUDSupport"),
        .target(name: "HUDRaster"),
        .target(name: "HUDRasterBenchmarks", dependencies: ["HUDRaster", "HUDMotion"]),
        .target(name: "HUDText",
                dependencies: ["HUDRaster", "HUDSupport", "CHarfBuzz", "CFriBiDi", "CFontconfig", "CThai", "CPNG"]),
        .target(name: "HUDSVG", dependencies: ["HUDRaster", "HUDSupport"]),
        .target(name: "HUDMotion"),
        .target(name: "HUDCodecs", dependencies: ["HUDRaster", "HUDSupport", "CCodecShims", "CPNG", "CGIF", "CZlib", "CWebP"]),
        .target(name: "HUDKit", dependencies: ["HUDRaster", "HUDText", "HUDMotion"]),
        .target(name: "HUDSnapshotTesting", dependencies: ["HUDRaster", "HUDCodecs"]),
        .target(name: "HUDRenderCLI",
                dependencies: ["HUDRaster", "HUDRasterBenchmarks", "HUDSupport", "HUDText", "HUDSVG", "HUDKit", "HUDCodecs"]),
        .executableTarget(name: "hudrender", dependencies: ["HUDRenderCLI"]),

        .testTarget(name: "HUDRasterTests", dependencies: ["HUDRaster", "HUDRasterBenchmarks", "HUDMotion", "HUDSnapshotTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "HUDTextTests", dependencies: ["HUDText", "HUDRaster", "HUDCodecs"]),
        .testTarget(name: "HUDSVGTests", dependencies: ["HUDSVG", "HUDRaster", "HUDCodecs", "HUDMotion"]),
        .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion"]),
        .testTarget(name: "HUDCodecsTests", dependencies: ["HUDCodecs", "HUDRaster"]),
        .testTarget(name: "HUDKitTests",
                    dependencies: ["HUDKit", "HUDRaster", "HUDCodecs", "HUDSnapshotTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "HUDSnapshotTestingTests",
                    dependencies: ["HUDSnapshotTesting", "HUDRaster", "HUDCodecs"]),
        .testTarget(name: "hudrenderTests", dependencies: ["HUDRenderCLI", "HUDCodecs", "HUDRaster"]),
    ],
    swiftLanguageModes: [.v5]
)
