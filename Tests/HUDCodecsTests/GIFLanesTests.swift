// GIF.BoxScan.changedEight, GIF.PixelChoices.Eight and GIF.Lanes: the frame writer decides eight
// pixels at a time with the per-pixel rules (GIF.mayKeep, GIF.squaredError, the choices of a changed
// pixel); every lane must agree with the per-pixel result, over seeded pixels that hit each case
// (transparent, equal, within and beyond the budget, resting).
import XCTest
@testable import HUDCodecs

final class GIFLanesTests: XCTestCase {
    private struct Seeded {
        var state: UInt32
        mutating func next(_ n: UInt32) -> UInt32 {
            state = state &* 1_103_515_245 &+ 12345
            return (state >> 8) % n
        }
        /// Transparent, one of a few opaque colours, or one of them a few levels off.
        mutating func colour() -> UInt32 {
            let bases: [UInt32] = [0x10_2030, 0x11_2233, 0xFF_FFFF, 0x00_0000]
            switch next(4) {
            case 0: return 0
            case 1: return GIF.opaqueBit | bases[Int(next(4))]
            default: return GIF.opaqueBit | (bases[Int(next(4))] &+ next(12) &* 0x01_0101) & 0xFF_FFFF
            }
        }
        mutating func lanes(_ make: (inout Seeded) -> UInt32) -> SIMD8<UInt32> {
            var v = SIMD8<UInt32>()
            for k in 0..<8 { v[k] = make(&self) }
            return v
        }
    }

    func testChangedEightMatchesThePerPixelRule() {
        var seeded = Seeded(state: 5)
        for _ in 0..<3000 {
            let truth = seeded.lanes { $0.colour() }, drawn = seeded.lanes { $0.colour() }
            let shown = seeded.lanes { $0.next(3) == 0 ? 0 : $0.colour() }
            let budget = seeded.lanes { [0, 3, 48, 300][Int($0.next(4))] }
            var scan = GIF.BoxScan()
            let kept = scan.changedEight(16, truth: truth, drawn: drawn, shown: shown, budget: budget)
            scan.endRow(2)
            var count = 0, error = 0, first = -1, last = -1
            for k in 0..<8 {
                let keeps = GIF.mayKeep(truth[k], drawn[k], shown[k], budget: Int(budget[k]))
                XCTAssertEqual((kept >> UInt64(8 * k)) & 0xFF, keeps ? 1 : 0)
                if keeps { continue }
                count += 1; error += GIF.squaredError(truth[k], drawn[k])
                if first < 0 { first = 16 + k }
                last = 16 + k
            }
            XCTAssertEqual(scan.count, count)
            XCTAssertEqual(scan.error, error)
            XCTAssertEqual(scan.x1, last)
            if last >= 0 { XCTAssertEqual([scan.x0, scan.y0, scan.y1], [first, 2, 2]) }
        }
    }

    func testEightChoicesMatchThePerPixelRule() {
        var seeded = Seeded(state: 9)
        let keep: UInt8 = 7
        for _ in 0..<3000 {
            let truth = seeded.lanes { $0.colour() }, quantized = seeded.lanes { $0.next(256) }
            let kept = seeded.lanes { $0.next(2) }, later = seeded.lanes { $0.next(3) }
            let eight = GIF.PixelChoices.Eight(truth: truth, quantized: quantized, kept: kept, later: later, keep: keep)
            var target = [UInt8](repeating: 0, count: 8), alternative = [Int16](repeating: 0, count: 8)
            var truths = [UInt32](repeating: 0, count: 8)
            target.withUnsafeMutableBufferPointer { t in
            alternative.withUnsafeMutableBufferPointer { a in
            truths.withUnsafeMutableBufferPointer { u in eight.store(0, target: t, alternative: a, truth: u) }}}
            for k in 0..<8 {
                // The writer's rule for a changed pixel of the global palette.
                var expected: (UInt8, Int16, UInt32) = (keep, -1, 0)
                if truth[k] != 0 {
                    let q = UInt8(quantized[k])
                    expected = kept[k] != 0 ? (keep, Int16(q), 0) : (q, -1, 0)
                    if later[k] != 0 { expected.2 = truth[k] }
                }
                XCTAssertEqual(target[k], expected.0)
                XCTAssertEqual(alternative[k], expected.1)
                XCTAssertEqual(truths[k], expected.2)
            }
        }
    }

    func testHasByteFindsAnyLane() {
        var seeded = Seeded(state: 3)
        for _ in 0..<3000 {
            var bytes = [UInt8](repeating: 0, count: 8)
            for k in 0..<8 { bytes[k] = UInt8(seeded.next(4) * 85) }
            let byte = UInt8(seeded.next(4) * 85)
            let word = bytes.withUnsafeBufferPointer { GIF.Lanes.word($0, 0) }
            XCTAssertEqual(GIF.Lanes.hasByte(word, byte), bytes.contains(byte), "\(bytes) \(byte)")
        }
    }
}
