// Device table, lookup with "did you mean", backdrops and screens.
import XCTest
import HUDRaster
@testable import HUDKit

/// Pixel helpers shared by the component tests (measure rendered frames, never timing).
enum ComponentPixels {
    /// Straight RGBA of a pixel.
    static func rgba(_ img: Image, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = img[x, y]
        if p.a == 0 { return (0, 0, 0, 0) }
        let a = Int(p.a)
        return ((Int(p.r) * 255 + a / 2) / a, (Int(p.g) * 255 + a / 2) / a, (Int(p.b) * 255 + a / 2) / a, a)
    }
    /// Largest channel difference between a pixel and a colour (opaque pixels).
    static func distance(_ img: Image, _ x: Int, _ y: Int, _ c: Color) -> Int {
        let p = rgba(img, x, y)
        let cr = Int((c.red * 255).rounded()), cg = Int((c.green * 255).rounded()), cb = Int((c.blue * 255).rounded())
        return max(abs(p.r - cr), abs(p.g - cg), abs(p.b - cb))
    }
    /// Number of pixels that differ between two frames of the same size.
    static func differingPixels(_ a: Image, _ b: Image) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var n = 0
        var i = 0
        let pa = a.pixels, pb = b.pixels
        while i < pa.count {
            if pa[i] != pb[i] || pa[i + 1] != pb[i + 1] || pa[i + 2] != pb[i + 2] || pa[i + 3] != pb[i + 3] { n += 1 }
            i += 4
        }
        return n
    }
}

final class DeviceTests: XCTestCase {
    func testLookupIsForgiving() throws {
        XCTAssertEqual(try Device.named("iPhone 14 Pro"), .iPhone14Pro)
        XCTAssertEqual(try Device.named("iphone-14-pro"), .iPhone14Pro)
        XCTAssertEqual(try Device.named("14 pro"), .iPhone14Pro)
        XCTAssertEqual(try Device.named("IPHONE14PRO"), .iPhone14Pro)
        XCTAssertEqual(try Device.named("iPhone 14"), .iPhone14)
        XCTAssertEqual(try Device.named("iphone se"), .iPhoneSE3)
        XCTAssertEqual(try Device.named("iPhone SE (3rd generation)"), .iPhoneSE3)
        XCTAssertEqual(try Device.named("ipad"), .iPad10)
        XCTAssertEqual(try Device.named("iPhone 12 mini"), .iPhone12Mini)
    }

    func testUnknownDeviceSuggestsTheClosest() {
        XCTAssertThrowsError(try Device.named("iPhone 14 Por")) { error in
            guard case DeviceError.unknownDevice(let name, let suggestion) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "iPhone 14 Por")
            XCTAssertEqual(suggestion, "iphone-14-pro", "the suggestion is a value --device takes")
            XCTAssertTrue("\(error)".contains("Did you mean \"iphone-14-pro\""))
            XCTAssertTrue("\(error)".contains("iphone-15-pro"), "the message lists the valid ids")
        }
        // Issue 26 item 5: a device newer than the table gets the newest near one, as a flag value.
        XCTAssertThrowsError(try Device.named("iphone-16")) { error in
            guard case DeviceError.unknownDevice(_, let suggestion) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(suggestion, "iphone-15")
            if let suggestion { XCTAssertEqual(try? Device.named(suggestion), .iPhone15) }
        }
        XCTAssertThrowsError(try Device.named("Pixel 7 Pro Ultra Max")) { error in
            guard case DeviceError.unknownDevice(_, let suggestion) = error else { return XCTFail("\(error)") }
            XCTAssertNil(suggestion, "nothing is close enough to suggest")
        }
    }

    func testTableIsConsistent() {
        let ids = Device.all.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "ids are unique")
        for d in Device.all {
            XCTAssertEqual(d.id, Device.kebab(d.name))
            XCTAssertFalse(d.id.contains(" "))
            XCTAssertGreaterThan(d.safeAreaInsets.top, 0)
            XCTAssertGreaterThanOrEqual(d.safeAreaInsets.top, d.statusBarHeight)
        }
        XCTAssertEqual(Device.iPhoneSE3.id, "iphone-se-3rd-generation")
        XCTAssertEqual(Device.iPhone14.pixelSize.width, 1170)
        XCTAssertEqual(Device.iPhone14.pixelSize.height, 2532)
        XCTAssertEqual(Device.iPhone11.pixelSize.width, 828)
        XCTAssertEqual(Device.iPhone14Pro.safeAreaInsets.top, 59)
    }

    func testNotchNumbersAreGradientLoadingBars() {
        XCTAssertEqual(Device.iPhone11.notchLayout?.notchWidth, 230)
        XCTAssertEqual(Device.iPhone11Pro.notchLayout?.horizontalOffset, 0.35)
        XCTAssertEqual(Device.iPhone12Mini.notchLayout?.largeCircleVerticalOffset, -2)
        XCTAssertEqual(Device.iPhone12Pro.notchLayout?.notchWidth, 209.75)
        XCTAssertEqual(Device.iPhone13Mini.notchLayout?.largeCircleRadius, 24.5)
        for d in [Device.iPhone13, .iPhone13Pro, .iPhone13ProMax, .iPhone14, .iPhone14Plus] {
            XCTAssertEqual(d.notchLayout, Device.NotchLayout(notchWidth: 161.25, largeCircleRadius: 22, largeCircleVerticalOffset: -1), d.name)
        }
        XCTAssertNil(Device.iPhone14Pro.notchLayout, "Dynamic Island devices use the straight bar")
        XCTAssertNil(Device.iPhoneSE3.notchLayout)
        XCTAssertEqual(Device.iPhone13.notchLayout!.depth, 33, accuracy: 1e-9)
    }

    func testBackdropParsing() throws {
        XCTAssertEqual(try Backdrop("mock-light"), .mockLight)
        XCTAssertEqual(try Backdrop("mockDark"), .mockDark)
        XCTAssertEqual(try Backdrop("transparent"), .transparent)
        XCTAssertEqual(try Backdrop("#336699"), .color(Color(hex: "#336699")!))
        XCTAssertThrowsError(try Backdrop("plaid")) { XCTAssertTrue("\($0)".contains("mock-light")) }
    }

    func testMockScreenIsDrawnAndDeterministic() throws {
        let a = try Screen(device: .iPhone13, scale: 1, backdrop: .mockLight)
        let b = try Screen(device: .iPhone13, scale: 1, backdrop: .mockLight)
        XCTAssertEqual(a.backdropImage, b.backdropImage)
        XCTAssertEqual(a.pixelSize.width, 390)
        XCTAssertTrue(a.backdropImage.isOpaque)
        // The notch is black, the page white, a dark screen dark.
        XCTAssertEqual(ComponentPixels.distance(a.backdropImage, 195, 10, .black), 0)
        XCTAssertLessThan(ComponentPixels.distance(a.backdropImage, 5, 400, .white), 3)
        let dark = try Screen(device: .iPhone13, scale: 1, backdrop: .mockDark)
        XCTAssertLessThan(ComponentPixels.distance(dark.backdropImage, 5, 400, .black), 3)
        let clear = try Screen(size: Size(width: 20, height: 10), scale: 2, backdrop: .transparent)
        XCTAssertEqual(clear.pixelSize.width, 40)
        XCTAssertTrue(clear.backdropImage.pixels.allSatisfy { $0 == 0 })
    }

    func testScreenRejectsBadOptions() {
        XCTAssertThrowsError(try Screen(device: .iPhone14, scale: 0)) { XCTAssertTrue("\($0)".contains("scale")) }
        XCTAssertThrowsError(try Screen(size: Size(width: -1, height: 10))) { XCTAssertTrue("\($0)".contains("positive")) }
        XCTAssertThrowsError(try Screen(size: Size(width: 100_000, height: 100_000), scale: 3)) { XCTAssertTrue("\($0)".contains("smaller")) }
    }
}
