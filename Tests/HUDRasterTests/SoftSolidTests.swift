// SoftSolidTests: the soft-coverage path of `Compositor.blendSolid` gives `SolidOver`'s bytes.
//
// Design note: `Compositor.overSolid` scales the colour in its own lane layout, with black (a
// shadow) apart, and stores the scaled colour on transparent destination groups. Each pixel must
// still be over(scale(s, c), d), or the fine blend at full coverage of a `FineSolid` colour:
// seeded rows of mixed coverage (empty, soft, full, in every grouping) over destinations that mix
// transparent groups of four with translucent, opaque and mixed ones, for black, grey and coloured
// sources, at every length up to a few groups of eight.

import XCTest
import HUDMotion
@testable import HUDRaster

final class SoftSolidTests: XCTestCase {
    func pixel(_ rng: inout SplitMix64, alpha: UInt32) -> UInt32 {
        func ch() -> UInt32 { alpha == 0 ? 0 : UInt32(rng.next() % UInt64(alpha + 1)) }
        return ch() | ch() << 8 | ch() << 16 | alpha << 24
    }

    /// A row of `n` destination pixels: transparent, opaque, translucent or a mix of the three, by
    /// group of four.
    func destination(_ rng: inout SplitMix64, _ n: Int) -> [UInt32] {
        var out = [UInt32](), kind: UInt64 = 0
        for i in 0..<n {
            if i % 4 == 0 { kind = rng.next() % 4 }
            let k = kind == 3 ? rng.next() % 3 : kind
            out.append(pixel(&rng, alpha: k == 0 ? 0 : (k == 1 ? 255 : UInt32(rng.next() % 256))))
        }
        return out
    }

    func coverage(_ rng: inout SplitMix64, _ n: Int) -> [UInt8] {
        var out = [UInt8](), kind: UInt64 = 0
        for i in 0..<n {
            if i % 8 == 0 { kind = rng.next() % 4 }
            switch kind {
            case 0: out.append(0)
            case 1: out.append(255)
            case 2: out.append(UInt8(rng.next() % 256))
            default: out.append([0, 255, UInt8(rng.next() % 256)][Int(rng.next() % 3)])
            }
        }
        return out
    }

    func testSoftCoverageMatchesThePerPixelBlend() {
        var rng = SplitMix64(seed: 77)
        var soft = 0, ontoTransparent = 0
        for trial in 0..<4000 {
            let n = trial % 53
            let a = UInt32(rng.next() % 256)
            let color: UInt32
            switch trial % 3 {
            case 0: color = a << 24                                   // black: a shadow
            case 1: let v = UInt32(rng.next() % UInt64(a + 1)); color = v | v << 8 | v << 16 | a << 24
            default: color = pixel(&rng, alpha: a)
            }
            let alpha: UInt32 = trial % 5 == 0 ? UInt32(rng.next() % 256) : 255
            let dst = destination(&rng, n), cov = coverage(&rng, n)
            let s = alpha == 255 ? color : Compositor.scale(color, alpha)
            let expected = (0..<n).map { i -> UInt32 in
                cov[i] == 0 || s >> 24 == 0 ? dst[i] : Compositor.over(Compositor.scale(s, UInt32(cov[i])), dst[i])
            }
            soft += (0..<n).filter { cov[$0] != 0 && cov[$0] != 255 }.count
            ontoTransparent += (0..<n).filter { cov[$0] != 0 && dst[$0] == 0 }.count
            var got = dst
            got.withUnsafeMutableBufferPointer { d in
                cov.withUnsafeBufferPointer { c in Compositor.blendSolid(d.baseAddress!, n, color, c.baseAddress!, alpha, .normal) }
            }
            XCTAssertEqual(got, expected, "trial \(trial) colour \(String(color, radix: 16)) alpha \(alpha)")
        }
        XCTAssertGreaterThan(soft, 20_000)
        XCTAssertGreaterThan(ontoTransparent, 10_000)
    }

    /// A translucent colour that RGBA8 cannot hold exactly: full coverage takes the fine blend,
    /// soft coverage the RGBA8 one, on transparent destinations too.
    func testFineColourKeepsTheFineBlendAtFullCoverage() throws {
        var rng = SplitMix64(seed: 5)
        for (trial, color) in [Color(white: 0, alpha: 0.5), Color(red: 0.96, green: 0.56, blue: 0, alpha: 0.98),
                               Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.3)].enumerated() {
            let s = Compositor.pack(color)
            let fine = try XCTUnwrap(Compositor.FineSolid(color, alpha: 1, s: s))
            for n in [7, 8, 31, 64, 101] {
                let dst = destination(&rng, n), cov = coverage(&rng, n)
                let expected = (0..<n).map { i -> UInt32 in
                    switch cov[i] {
                    case 0: return dst[i]
                    case 255: return fine.blend1(dst[i])
                    default: return Compositor.over(Compositor.scale(s, UInt32(cov[i])), dst[i])
                    }
                }
                var got = dst
                got.withUnsafeMutableBufferPointer { d in
                    cov.withUnsafeBufferPointer { c in Compositor.blendSolid(d.baseAddress!, n, s, c.baseAddress!, 255, .normal, fine: fine) }
                }
                XCTAssertEqual(got, expected, "colour \(trial) n \(n)")
            }
        }
    }
}
