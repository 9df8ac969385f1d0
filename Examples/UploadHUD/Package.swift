// swift-tools-version:6.0
// An app's package that uses hudrender: the README's "From Swift" and "Golden-image tests" sections
// are this package's sources, verbatim, and CI builds it and runs its test.
import PackageDescription

let package = Package(
    name: "UploadHUD",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The path to your hudrender checkout; `name:` lets the products below say "hudrender"
        // whatever the folder is called.
        .package(name: "hudrender", path: "../.."),
    ],
    targets: [
        .target(name: "UploadHUD", dependencies: [
            .product(name: "HUDKit", package: "hudrender"),
        ]),
        .executableTarget(name: "upload-gif", dependencies: [
            "UploadHUD",
            .product(name: "HUDKit", package: "hudrender"),
            .product(name: "HUDCodecs", package: "hudrender"),
        ]),
        .testTarget(name: "UploadHUDTests", dependencies: [
            "UploadHUD",
            .product(name: "HUDKit", package: "hudrender"),
            .product(name: "HUDSnapshotTesting", package: "hudrender"),
        ], exclude: ["__Snapshots__"]),
    ]
)
