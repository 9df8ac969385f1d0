// swift-tools-version:6.0
// hudrender's libFuzzer targets: a package of its own that depends on the root package by path, so
// the root manifest stays declarative and a normal build never links libFuzzer.
//
// Each target is a libFuzzer entry point (no main); Scripts/fuzz.sh builds them with
// `--sanitize fuzzer --sanitize address` and runs each on its seed corpus in Fixtures/fuzz/.
import PackageDescription

func uses(_ products: String...) -> [Target.Dependency] {
    products.map { .product(name: $0, package: "hudrender") }
}

let package = Package(
    name: "hudrender-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "hudrender", path: "..")],
    targets: [
        .executableTarget(name: "FuzzFont", dependencies: uses("HUDText", "HUDRaster"), path: "FuzzFont"),
        .executableTarget(name: "FuzzSVG", dependencies: uses("HUDSVG", "HUDRaster"), path: "FuzzSVG"),
        .executableTarget(name: "FuzzPNG", dependencies: uses("HUDCodecs"), path: "FuzzPNG"),
        .executableTarget(name: "FuzzGIF", dependencies: uses("HUDCodecs"), path: "FuzzGIF"),
        .executableTarget(name: "FuzzAPNG", dependencies: uses("HUDCodecs"), path: "FuzzAPNG"),
        // The storyboard and command-line fuzzers: one binary, chosen by the name it runs under.
        .executableTarget(name: "FuzzCLI", dependencies: uses("HUDRenderCLI"), path: "FuzzCLI"),
    ],
    swiftLanguageModes: [.v5]
)
