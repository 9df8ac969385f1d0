// Blend modes against their formulas on premultiplied values, global alpha, and coverage handling.
import XCTest
@testable import HUDRaster

final class CompositingTests: XCTestCase {
    typealias P = (Double, Double, Double, Double)   // premultiplied 0...1

    func premul(_ c: Color) -> P { let k = c.clamped; return (k.red * k.alpha, k.green * k.alpha, k.blue * k.alpha, k.alpha) }

    func expected(_ mode: BlendMode, _ s: P, _ d: P) -> P {
        func each(_ f: (Double, Double) -> Double) -> P { (f(s.0, d.0), f(s.1, d.1), f(s.2, d.2), f(s.3, d.3)) }
        switch mode {
        case .normal: return each { $0 + $1 * (1 - s.3) }
        case .copy: return s
        case .clear: return (0, 0, 0, 0)
        case .destinationOut: return each { _, y in y * (1 - s.3) }
        case .multiply:
            let c = each { x, y in x * (1 - d.3) + y * (1 - s.3) + x * y }
            return (c.0, c.1, c.2, s.3 + d.3 - s.3 * d.3)
        case .screen: return each { $0 + $1 - $0 * $1 }
        case .plusLighter: return each { min(1, $0 + $1) }
        }
    }

    func testEveryModeMatchesItsFormula() throws {
        let dsts: [Color] = [Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 1), Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), .clear]
        let srcs: [Color] = [Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 1), Color(red: 0.1, green: 0.9, blue: 0.5, alpha: 0.6)]
        for mode in BlendMode.allCases {
            for d in dsts {
                for s in srcs {
                    let c = try Canvas(width: 4, height: 4, background: d)
                    c.setBlendMode(mode)
                    c.setFillColor(s)
                    c.fill(Rect(x: 0, y: 0, width: 4, height: 4))
                    let e = expected(mode, premul(s), premul(d))
                    let got = c.image[1, 1]
                    let msg = "\(mode) src \(s) dst \(d)"
                    XCTAssertEqual(Double(got.r), e.0 * 255, accuracy: 1.6, msg)
                    XCTAssertEqual(Double(got.g), e.1 * 255, accuracy: 1.6, msg)
                    XCTAssertEqual(Double(got.b), e.2 * 255, accuracy: 1.6, msg)
                    XCTAssertEqual(Double(got.a), e.3 * 255, accuracy: 1.6, msg)
                    XCTAssertTrue(got.r <= got.a && got.g <= got.a && got.b <= got.a, "valid premultiplied: \(msg)")
                }
            }
        }
    }

    func testGlobalAlphaScalesSource() throws {
        let c = try Canvas(width: 2, height: 2, background: .black)
        c.setAlpha(0.25)
        c.setFillColor(.white)
        c.fill(Rect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(Double(c.image[0, 0].r), 0.25 * 255, accuracy: 1)
        XCTAssertEqual(c.image[0, 0].a, 255)
        c.setAlpha(.nan)
        c.fill(Rect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(Double(c.image[0, 0].r), 0.25 * 255, accuracy: 1, "NaN alpha draws nothing")
    }

    func testCopyAndClearUseCoverageAtEdges() throws {
        let c = try Canvas(width: 4, height: 1, background: .white)
        c.setBlendMode(.copy)
        c.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        c.fill(Rect(x: 0, y: 0, width: 1.5, height: 1))
        // Full pixel: exactly the source (alpha 0.5). Half pixel: halfway between white and the source.
        XCTAssertEqual(Double(c.image[0, 0].a), 127.5, accuracy: 1)
        XCTAssertEqual(Double(c.image[0, 0].g), 0, accuracy: 1)
        XCTAssertEqual(Double(c.image[1, 0].a), (255 + 127.5) / 2, accuracy: 1.5)
        XCTAssertEqual(Double(c.image[1, 0].g), 127.5, accuracy: 1.5)
        XCTAssertEqual(c.image[2, 0].a, 255)
        c.setBlendMode(.clear)
        c.fill(Rect(x: 2, y: 0, width: 2, height: 1))
        XCTAssertEqual(c.image[3, 0].a, 0)
    }

    func testSourceOverHalfCoverageOfOpaqueColour() throws {
        let c = try Canvas(width: 4, height: 1, background: .white)
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 1.5, height: 1))
        XCTAssertEqual(Int(c.image[1, 0].r), 127, accuracy: 1)
        XCTAssertEqual(c.image[0, 0].r, 0)
    }

    func testPackedScaleIsExactlyRounded() {
        for v in stride(from: 0, through: 255, by: 5) {
            for f in stride(from: 0, through: 255, by: 3) {
                let p = UInt32(v) | UInt32(v) << 8 | UInt32(v) << 16 | UInt32(v) << 24
                let s = Compositor.scale(p, UInt32(f))
                let e = UInt32((Double(v * f) / 255).rounded())
                XCTAssertEqual(s & 255, e); XCTAssertEqual(s >> 24, e)
                XCTAssertEqual((s >> 8) & 255, e); XCTAssertEqual((s >> 16) & 255, e)
            }
        }
    }

    func testVectorisedRunsMatchScalarFormula() {
        // Runs of full coverage take 4- and 2-pixel paths; every pixel must equal the scalar result.
        var seed: UInt32 = 7
        func next() -> UInt32 { seed = seed &* 1664525 &+ 1013904223; return seed >> 8 }
        for n in [1, 2, 3, 4, 5, 7, 8, 37] {
            let a = next() & 255
            let color = Compositor.pack(UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(a))
            var dst = (0..<n).map { _ -> UInt32 in
                let da = next() & 255
                return Compositor.pack(UInt8(next() % (da + 1)), UInt8(next() % (da + 1)), UInt8(next() % (da + 1)), UInt8(da))
            }
            let expected = dst.map { Compositor.over(color, $0) }
            let cov = [UInt8](repeating: 255, count: n)
            dst.withUnsafeMutableBufferPointer { d in
                cov.withUnsafeBufferPointer { c in Compositor.blendSolid(d.baseAddress!, n, color, c.baseAddress!, 255, .normal) }
            }
            XCTAssertEqual(dst, expected, "run of \(n)")
        }
    }

    func testVectorisedSpanMatchesScalarFormula() {
        var seed: UInt32 = 11
        func next() -> UInt32 { seed = seed &* 1664525 &+ 1013904223; return seed >> 8 }
        func pixel() -> UInt32 {
            let a = next() & 255
            return Compositor.pack(UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(a))
        }
        for n in [1, 3, 4, 5, 9, 40] {
            let src = (0..<n).map { _ in pixel() }
            var dst = (0..<n).map { _ in pixel() }
            let cov = (0..<n).map { i -> UInt8 in i % 7 == 6 ? 100 : 255 }
            let expected = (0..<n).map { i -> UInt32 in
                cov[i] == 255 ? Compositor.over(src[i], dst[i]) : Compositor.over(Compositor.scale(src[i], UInt32(cov[i])), dst[i])
            }
            dst.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { s in
                    cov.withUnsafeBufferPointer { c in Compositor.blendSpan(d.baseAddress!, n, s.baseAddress!, c.baseAddress!, 255, .normal) }
                }
            }
            XCTAssertEqual(dst, expected, "span of \(n)")
        }
    }
    func testVectorisedEdgeCoverageMatchesScalarFormula() {
        // Mixed coverage (zeros, partial, full, in every grouping of four) takes the 4-pixel lane
        // path and the run path; each pixel must equal over(scale(s, c), d), also at global alpha.
        var seed: UInt32 = 23
        func next() -> UInt32 { seed = seed &* 1664525 &+ 1013904223; return seed >> 8 }
        func pixel() -> UInt32 {
            let a = next() & 255
            return Compositor.pack(UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(a))
        }
        for (n, alpha) in [(1, 255), (4, 255), (6, 200), (13, 255), (64, 77), (101, 255)] as [(Int, UInt32)] {
            for opaque in [false, true] {
                var color = pixel()
                if opaque { color |= 0xFF00_0000 }
                var dst = (0..<n).map { _ in pixel() }
                let cov = (0..<n).map { _ -> UInt8 in
                    switch next() % 4 { case 0: return 0; case 1: return 255; default: return UInt8(next() & 255) }
                }
                let s = alpha == 255 ? color : Compositor.scale(color, alpha)
                let expected = (0..<n).map { i -> UInt32 in
                    cov[i] == 0 || s >> 24 == 0 ? dst[i] : Compositor.over(Compositor.scale(s, UInt32(cov[i])), dst[i])
                }
                dst.withUnsafeMutableBufferPointer { d in
                    cov.withUnsafeBufferPointer { c in Compositor.blendSolid(d.baseAddress!, n, color, c.baseAddress!, alpha, .normal) }
                }
                XCTAssertEqual(dst, expected, "n \(n) alpha \(alpha) opaque \(opaque)")
            }
        }
    }

    func testConstantRunEqualsCoverageBufferBlend() {
        // A stretch of constant coverage that the fused fill blends in one go (SolidSink.constant)
        // must give the same pixels as the coverage-buffer path.
        for c: UInt8 in [1, 128, 254, 255] {
            for alpha: UInt32 in [255, 90] {
                let color = Compositor.pack(40, 90, 120, 160)
                let start = (0..<37).map { i in Compositor.pack(UInt8(i), UInt8(2 * i), UInt8(3 * i), 200) }
                var a = start, b = start
                let cov = [UInt8](repeating: c, count: 37)
                var unused = [UInt8](repeating: 0, count: 37)
                a.withUnsafeMutableBufferPointer { d in
                    unused.withUnsafeMutableBufferPointer { u in
                        var sink = Rasterizer.SolidSink(alpha == 255 ? color : Compositor.scale(color, alpha), pixels: d.baseAddress!,
                                                        stride: 37, ox: 0, oy: 0, regionX0: 0)
                        sink.beginRow(0, from: 0, u.baseAddress!)
                        sink.constant(0, 37, c)
                    }
                }
                b.withUnsafeMutableBufferPointer { d in
                    cov.withUnsafeBufferPointer { cp in Compositor.blendSolid(d.baseAddress!, 37, color, cp.baseAddress!, alpha, .normal) }
                }
                XCTAssertEqual(a, b, "coverage \(c) alpha \(alpha)")
            }
        }
    }
}
