// GradientLoadingBar conformance: each of the library's 22 snapshot references (UIKit and SwiftUI
// on an iOS simulator, 375 pt views at 3x on a transparent background, in
// ../shared/conformance/gradientloadingbar) is rendered through HUDKit's public API in the same
// configuration at the snapshot's moment and compared: the mean channel error over premultiplied
// RGB must be at most 2/255 and the bar's shape (alpha) must overlap the reference's by at least
// 0.98 (sum of the smaller alpha over the sum of the larger). Every reference's figures are
// printed; a failing one writes its render and a diff image under .build/conformance-diffs.
// The references live beside the clone (CI checks the shared folder out there); their absence
// fails the test, so a green run always means they were compared.
import XCTest
import Foundation
import HUDRaster
import HUDKit
import HUDCodecs

final class GradientLoadingBarConformanceTests: XCTestCase {
    static let maxMeanError = 2.0
    static let minOverlap = 0.98

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    static var suiteDirectory: String {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/gradientloadingbar").path
    }

    /// "Pink Flamingo", the tests' custom colours.
    static let custom = ["#F2526E", "#F17A97", "#F3BCC8", "#6DDDF2", "#C1F0F4"].map { Color(hex: $0)! }

    /// One reference: what the library's test drew, as a HUDKit scene.
    struct Case {
        let file: String
        let make: () throws -> GradientLoadingBarScene
    }

    static func view(_ flavour: GradientLoadingBar.Flavour, colors: [Color]) throws -> GradientLoadingBarScene {
        let screen = try Screen(size: Size(width: 375, height: 4), scale: 3, backdrop: .transparent)
        let bar = GradientLoadingBar(colors: colors, placement: .frame(Rect(x: 0, y: 0, width: 375, height: 4)), flavour: flavour)
        return try GradientLoadingBarScene(screen: screen, bar: bar)
    }

    /// The controllers' tests: a 375 x 100 pt view whose safe-area top inset is 62.
    static func controller(_ placement: GradientLoadingBar.Placement, device: Device? = nil,
                           relativeToSafeArea: Bool = true) throws -> GradientLoadingBarScene {
        let insets = Device.Insets(top: 62, bottom: 34)
        let size = Size(width: 375, height: 100)
        let screen = try device.map { try Screen(device: $0, scale: 3, backdrop: .transparent, size: size, safeAreaInsets: insets) }
            ?? Screen(size: size, scale: 3, backdrop: .transparent, safeAreaInsets: insets)
        var bar = GradientLoadingBar(placement: placement)
        bar.isRelativeToSafeArea = relativeToSafeArea
        return try GradientLoadingBarScene(screen: screen, bar: bar)
    }

    static let notchDevices = ["iPhone11", "iPhone11Pro", "iPhone11ProMax", "iPhone12", "iPhone12Mini", "iPhone12Pro",
                               "iPhone12ProMax", "iPhone13", "iPhone13Mini", "iPhone13Pro", "iPhone13ProMax", "iPhone14",
                               "iPhone14Plus"]

    static var cases: [Case] {
        var c: [Case] = []
        for n in 1...2 {
            c.append(Case(file: "gradientActivityIndicatorView_withDefaultGradientColors.\(n)") { try view(.uiKit, colors: GradientLoadingBar.defaultColors) })
            c.append(Case(file: "gradientActivityIndicatorView_withCustomGradientColors.\(n)") { try view(.uiKit, colors: custom) })
        }
        c.append(Case(file: "gradientLoadingBarView_withDefaultGradientColors.1") { try view(.swiftUI, colors: GradientLoadingBar.defaultColors) })
        c.append(Case(file: "gradientLoadingBarView_withCustomGradientColors.1") { try view(.swiftUI, colors: custom) })
        c.append(Case(file: "gradientLoadingBarController_withIsRelativeToSafeAreaFalse.1") { try controller(.top) })
        c.append(Case(file: "gradientLoadingBarController_withIsRelativeToSafeAreaTrue.1") { try controller(.safeArea) })
        for d in notchDevices {
            c.append(Case(file: "notchGradientLoadingBarController_withNotchDevice-notchDevice.\(d)") {
                try controller(.notch, device: try Device.named(d), relativeToSafeArea: false)
            })
        }
        // No notch device: the controller falls back to the plain bar, here (isRelativeToSafeArea
        // false) at the top of the view.
        c.append(Case(file: "notchGradientLoadingBarController_withoutNotchDevice.1") {
            try controller(.notch, relativeToSafeArea: false)
        })
        return c
    }

    /// Mean absolute channel difference over premultiplied RGB (all pixels), in 8-bit levels.
    static func meanError(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var sum = 0
        let pa = a.pixels, pb = b.pixels
        var i = 0
        while i < pa.count {
            sum += abs(Int(pa[i]) - Int(pb[i])) + abs(Int(pa[i + 1]) - Int(pb[i + 1])) + abs(Int(pa[i + 2]) - Int(pb[i + 2]))
            i += 4
        }
        return Double(sum) / Double(a.width * a.height * 3)
    }

    /// How much of the two alpha shapes coincide: sum of min(alpha) / sum of max(alpha).
    static func overlap(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height else { return 0 }
        var lo = 0, hi = 0
        let pa = a.pixels, pb = b.pixels
        var i = 3
        while i < pa.count {
            let x = Int(pa[i]), y = Int(pb[i])
            lo += min(x, y); hi += max(x, y)
            i += 4
        }
        return hi == 0 ? 1 : Double(lo) / Double(hi)
    }

    /// The per-channel difference, amplified 8x, on opaque black (alpha difference in blue's place
    /// where the colours agree), for a reader to see where a render departs.
    static func diffImage(_ a: Image, _ b: Image) throws -> Image {
        var px = [UInt8](repeating: 255, count: a.width * a.height * 4)
        let pa = a.pixels, pb = b.pixels
        for i in stride(from: 0, to: px.count, by: 4) {
            for c in 0..<3 {
                let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
                px[i + c] = UInt8(min(255, d * 8))
            }
            let da = abs(Int(pa[i + 3]) - Int(pb[i + 3]))
            if da > 0 { px[i + 2] = UInt8(min(255, Int(px[i + 2]) + da * 8)) }
        }
        return try Image(width: a.width, height: a.height, premultipliedPixels: px)
    }

    func testMatchesTheLibrarysSnapshotReferences() throws {
        let root = Self.suiteDirectory
        guard FileManager.default.fileExists(atPath: root) else {
            XCTFail("GradientLoadingBar references not found at \(root): check out the shared folder beside the repository (../shared/conformance/gradientloadingbar)")
            return
        }
        let cases = Self.cases
        XCTAssertEqual(cases.count, 22)
        let diffDir = Self.packageRoot.appendingPathComponent(".build/conformance-diffs").path
        print("GradientLoadingBar conformance (mean error over premultiplied RGB <= \(Self.maxMeanError), overlap >= \(Self.minOverlap)):")
        print("  reference | mean error | max | overlap | result")
        var passed = 0
        for c in cases {
            let reference = try PNG.read(root + "/" + c.file + ".png")
            let image = try c.make().render(at: 0)
            XCTAssertEqual(image.width, reference.width, c.file)
            XCTAssertEqual(image.height, reference.height, c.file)
            let err = Self.meanError(image, reference), ov = Self.overlap(image, reference)
            var maxErr = 0
            if image.width == reference.width, image.height == reference.height {
                for (x, y) in zip(image.pixels, reference.pixels) { maxErr = max(maxErr, abs(Int(x) - Int(y))) }
            }
            let ok = err <= Self.maxMeanError && ov >= Self.minOverlap
            if ok { passed += 1 }
            print(String(format: "  %@ | %.2f | %d | %.4f | %@", c.file, err, maxErr, ov, ok ? "match" : "DIFFERS"))
            if !ok {
                try? FileManager.default.createDirectory(atPath: diffDir, withIntermediateDirectories: true)
                try? PNG.write(image, to: diffDir + "/" + c.file + ".actual.png")
                if image.width == reference.width, image.height == reference.height {
                    try? PNG.write(try Self.diffImage(image, reference), to: diffDir + "/" + c.file + ".diff.png")
                }
                XCTFail(String(format: "%@: mean error %.2f (max %.2f), overlap %.4f (min %.2f); render and diff in %@",
                               c.file, err, Self.maxMeanError, ov, Self.minOverlap, diffDir))
            }
        }
        print("GradientLoadingBar conformance: \(passed)/\(cases.count) match")
    }

    func testMeasuresCatchAShiftedBar() throws {
        // The measures must be able to fail: the bar one row lower loses overlap, other colours error.
        let a = try Image(width: 4, height: 4, fill: .clear)
        var b = a, c = a
        for x in 0..<4 { b[x, 0] = (255, 0, 0, 255); c[x, 1] = (255, 0, 0, 255) }
        XCTAssertEqual(Self.overlap(b, b), 1)
        XCTAssertEqual(Self.overlap(b, c), 0)
        XCTAssertEqual(Self.meanError(b, b), 0)
        XCTAssertEqual(Self.meanError(a, b), 255.0 * 4 / 48, accuracy: 1e-9)
    }
}
