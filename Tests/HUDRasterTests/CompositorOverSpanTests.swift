// CompositorOverSpanTests: the full-coverage span blend gives `blendSpan`'s bytes.
//
// Design note: `Compositor.overSpan` replaces `blendSpan` for boxes painted with a shader (every
// coverage byte 255, alpha 255). Seeded premultiplied sources mixing transparent, opaque and
// translucent groups of four, over seeded destinations, at every length up to a few groups (the
// tail), must come out byte for byte as `blendSpan` leaves them.

import XCTest
import HUDMotion
@testable import HUDRaster

final class CompositorOverSpanTests: XCTestCase {
    /// A premultiplied pixel: transparent, opaque or translucent, chosen per group of four by `kind`.
    func pixel(_ rng: inout SplitMix64, _ kind: UInt64) -> UInt32 {
        let a: UInt32 = kind == 0 ? 0 : (kind == 1 ? 255 : UInt32(rng.next() % 256))
        func ch() -> UInt32 { a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) }
        return ch() | ch() << 8 | ch() << 16 | a << 24
    }

    func testOverSpanMatchesBlendSpanAtFullCoverage() {
        var rng = SplitMix64(seed: 31)
        let cov = [UInt8](repeating: 255, count: 64)
        var translucent = 0
        for trial in 0..<3000 {
            let n = trial % 41
            var src = [UInt32](), dst = [UInt32]()
            var kind: UInt64 = 0
            for i in 0..<n {
                if i % 4 == 0 { kind = rng.next() % 3 }
                src.append(pixel(&rng, kind))
                dst.append(pixel(&rng, rng.next() % 3))
            }
            translucent += src.filter { $0 >> 24 != 0 && $0 >> 24 != 255 }.count
            var a = dst, b = dst
            a.withUnsafeMutableBufferPointer { Compositor.overSpan($0.baseAddress!, n, src) }
            b.withUnsafeMutableBufferPointer { Compositor.blendSpan($0.baseAddress!, n, src, cov, 255, .normal) }
            XCTAssertEqual(a, b, "trial \(trial)")
        }
        XCTAssertGreaterThan(translucent, 10_000)
    }
}
