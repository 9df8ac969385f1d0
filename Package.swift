// swift-tools-version:5.9
// hudrender: iOS-style progress HUDs, rings and loading bars rendered headless to PNG, APNG and GIF.
//
// One target per concern (see README "Architecture"). The library products carry no unsafe build flags so
// that other packages can depend on them; optimisation is chosen by the caller (`-c release`).
import PackageDescription
import Foundation

let allTargets: [Target] = [
    // System libraries (Debian: libpng-dev, libgif-dev, zlib1g-dev, libwebp-dev).
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .target(name: "CCodecShims", dependencies: ["CPNG", "CGIF", "CZlib"]),

    .target(name: "HUDRaster"),
    .target(name: "HUDText", dependencies: ["HUDRaster"]),
    .target(name: "HUDSVG", dependencies: ["HUDRaster"]),
    .target(name: "HUDMotion"),
    .target(name: "HUDCodecs", dependencies: ["HUDRaster", "CCodecShims", "CPNG", "CGIF", "CZlib", "CWebP"]),
    .target(name: "HUDKit", dependencies: ["HUDRaster", "HUDText", "HUDMotion", "HUDSVG"]),
    .target(name: "HUDSnapshotTesting", dependencies: ["HUDRaster", "HUDCodecs"]),
    .executableTarget(
        name: "hudrender",
        dependencies: ["HUDRaster", "HUDText", "HUDSVG", "HUDMotion", "HUDKit", "HUDCodecs"]),

    .testTarget(name: "HUDRasterTests", dependencies: ["HUDRaster"]),
    .testTarget(name: "HUDTextTests", dependencies: ["HUDText", "HUDRaster"]),
    .testTarget(name: "HUDSVGTests", dependencies: ["HUDSVG", "HUDRaster", "HUDCodecs"]),
    .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion"]),
    .testTarget(name: "HUDCodecsTests", dependencies: ["HUDCodecs", "HUDRaster"]),
    .testTarget(name: "HUDKitTests", dependencies: ["HUDKit", "HUDRaster", "HUDCodecs", "HUDSnapshotTesting"],
                exclude: ["__Snapshots__"]),
    .testTarget(name: "HUDSnapshotTestingTests", dependencies: ["HUDSnapshotTesting", "HUDRaster", "HUDCodecs"]),
    .testTarget(name: "hudrenderTests", dependencies: ["HUDCodecs", "HUDRaster"]),
]

// Fuzz targets (libFuzzer entry points, no main) exist only for Scripts/fuzz.sh, which sets
// HUDRENDER_FUZZ=1 and builds with `--sanitize fuzzer`; a normal build never sees them.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
let fuzzing = ProcessInfo.processInfo.environment["HUDRENDER_FUZZ"] == "1"
let fuzzTargets: [Target] = !fuzzing ? [] : [
    .executableTarget(name: "FuzzFont", dependencies: ["HUDText", "HUDRaster"], path: "Fuzz/FuzzFont"),
    .executableTarget(name: "FuzzSVG", dependencies: ["HUDSVG", "HUDRaster"], path: "Fuzz/FuzzSVG"),
    .executableTarget(name: "FuzzPNG", dependencies: ["HUDCodecs"], path: "Fuzz/FuzzPNG"),
    .executableTarget(name: "FuzzGIF", dependencies: ["HUDCodecs"], path: "Fuzz/FuzzGIF"),
    .executableTarget(name: "FuzzAPNG", dependencies: ["HUDCodecs"], path: "Fuzz/FuzzAPNG"),
] + cliFuzzTargets
// The storyboard and command-line parsers live in the hudrender executable, which cannot be
// imported, so FuzzCLI compiles its sources (all but main.swift) next to the entry files; it runs as
// the storyboard or the command-line fuzzer by the name it is called under (Scripts/fuzz.sh links
// FuzzStoryboard and FuzzCommandLine to it). SwiftPM forbids two targets sharing a file, so it exists
// only when HUD_TARGETS leaves hudrender out (Scripts/fuzz.sh does).
var cliFuzzTargets: [Target] {
    let selected = ProcessInfo.processInfo.environment["HUD_TARGETS"].map { $0.split(separator: ",").map(String.init) }
    guard let selected, !selected.contains("hudrender") else { return [] }
    let cli = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Sources/hudrender")) ?? [])
        .filter { $0.hasSuffix(".swift") && $0 != "main.swift" }.sorted().map { "Sources/hudrender/" + $0 }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fuzz/FuzzCLI")) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted().map { "Fuzz/FuzzCLI/" + $0 }
    guard !cli.isEmpty, !entries.isEmpty else { return [] }
    return [.executableTarget(name: "FuzzCLI", dependencies: ["HUDRaster", "HUDText", "HUDSVG", "HUDMotion", "HUDKit", "HUDCodecs"],
                              path: ".", sources: cli + entries)]
}

// HUD_TARGETS=A,B (tooling: Scripts/fuzz.sh, Scripts/sanitizers.sh) builds just those targets and
// their system libraries; unset, as for every user of the package, it changes nothing.
let only = ProcessInfo.processInfo.environment["HUD_TARGETS"].map { Set($0.split(separator: ",").map(String.init)) }
let targets = allTargets.filter { only == nil || only!.contains($0.name) || $0.type == .system }
let names = Set(targets.map(\.name))
if only != nil {
    for t in targets {
        t.dependencies = t.dependencies.filter {
            if case .byNameItem(let n, _) = $0 { return names.contains(n) }
            return true
        }
    }
}
let allProducts: [Product] = [
    .library(name: "HUDRaster", targets: ["HUDRaster"]),
    .library(name: "HUDText", targets: ["HUDText"]),
    .library(name: "HUDSVG", targets: ["HUDSVG"]),
    .library(name: "HUDMotion", targets: ["HUDMotion"]),
    .library(name: "HUDKit", targets: ["HUDKit"]),
    .library(name: "HUDCodecs", targets: ["HUDCodecs"]),
    .library(name: "HUDSnapshotTesting", targets: ["HUDSnapshotTesting"]),
    .executable(name: "hudrender", targets: ["hudrender"]),
]

let package = Package(
    name: "hudrender",
    products: allProducts.filter { names.contains($0.name) }
        + fuzzTargets.map { .executable(name: $0.name, targets: [$0.name]) },
    targets: targets + fuzzTargets
)
