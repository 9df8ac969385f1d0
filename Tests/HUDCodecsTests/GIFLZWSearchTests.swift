// GIF.LZWEncoder's search and variants: the lossy search reads each child from one packed word and
// walks into the exact child instead of pushing it; it must make every decision the plain search
// made (the streams below were recorded from that search), and it skips subtrees that cannot beat
// its best string. Variants compressed on two threads must pick what one thread picks. With an
// error budget, small frames are also compressed looking ahead (as they are and drawn where
// possible) and large ones greedily only.
import XCTest
@testable import HUDCodecs

final class GIFLZWSearchTests: XCTestCase {
    /// Grey entries 0x10 apart; entry 12 (the keep index) and those above it are not drawable.
    private let colors = (0..<16).map { $0 >= 12 ? 0 : GIF.opaqueBit | UInt32($0) * 0x10_1010 }
    private let keep: UInt8 = 12

    /// Seeded choices: short runs of one target, some alternatives, and (lossy) true colours a few
    /// levels off the target's, so neighbouring entries are within the budget at some pixels only.
    private func seededChoices(count: Int, lossy: Bool) -> GIF.PixelChoices {
        var c = GIF.PixelChoices(count: count)
        var seed: UInt32 = 11, run = 0, k: UInt8 = 0
        for i in 0..<count {
            seed = seed &* 1_103_515_245 &+ 12345
            if run == 0 { run = Int((seed >> 24) % 8) + 1; k = UInt8((seed >> 16) % 13) }
            run -= 1
            c.target[i] = k
            if (seed >> 8) % 4 == 0 { c.alternative[i] = Int16((seed >> 12) % 12) }
            if lossy && k != keep && (seed >> 4) % 3 != 0 { c.truth[i] = GIF.opaqueBit | UInt32(k) * 0x10_1010 + (seed >> 28) }
        }
        return c
    }

    private func fnv(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    func testLossySearchMakesTheRecordedDecisions() {
        let count = 30_000
        let c = seededChoices(count: count, lossy: true)
        var lzw = GIF.LZWEncoder()
        for (lookingAhead, size, data, indices) in [(false, 7474, 0xab11_1948_deda_b350 as UInt64, 0x1332_4637_e426_4d5a as UInt64),
                                                   (true, 7387, 0xb54e_061b_b587_670e, 0xc267_34ee_a24b_6f0f)] {
            var out: [UInt8] = []
            let bytes = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 800, lookingAhead: lookingAhead, indices: &out)
            XCTAssertEqual(bytes.count, size, "looking ahead: \(lookingAhead)")
            XCTAssertEqual(fnv(bytes), data, "looking ahead: \(lookingAhead)")
            XCTAssertEqual(fnv(out), indices, "looking ahead: \(lookingAhead)")
        }
        // The budget is what the search spends: without it the stream is longer.
        var out: [UInt8] = []
        XCTAssertGreaterThan(lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 0, indices: &out).count, 7474)
    }

    /// The search leaves out subtrees with no string longer than its best, so its budget goes to
    /// branches that can still win: with a budget that admits several entries at most pixels, the
    /// stream is shorter than the 6,742 bytes recorded from the search that spent it on dead ends.
    func testSearchSpendsItsBudgetOnlyWhereALongerStringIsPossible() {
        let count = 30_000
        let c = seededChoices(count: count, lossy: true)
        var lzw = GIF.LZWEncoder()
        var out: [UInt8] = []
        let bytes = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 12_000, indices: &out)
        XCTAssertEqual(bytes.count, 6725)
        XCTAssertEqual(fnv(bytes), 0xba57_5712_ddf1_0c7d)
        // Every pixel drawn acceptably: its target, its alternative, or a drawable colour in budget.
        for i in 0..<count where out[i] != c.target[i] && Int16(out[i]) != c.alternative[i] {
            let t = c.truth[i], e = colors[Int(out[i])]
            XCTAssertTrue(t != 0 && e != 0, "pixel \(i)")
            let d = [16, 8, 0].map { Int((t >> UInt32($0)) & 0xFF) - Int((e >> UInt32($0)) & 0xFF) }
            XCTAssertLessThanOrEqual(d.map { $0 * $0 }.reduce(0, +), 12_000, "pixel \(i)")
        }
    }

    func testVariantsOnTwoThreadsPickWhatOneThreadPicks() {
        let count = 2 * GIF.LZWEncoder.minimumSplitCount
        let c = seededChoices(count: count, lossy: false)
        let table = GIF.FrameTable(colors: colors, transparent: keep, codeSize: 4)
        var lzw = GIF.LZWEncoder()
        let picked = lzw.encodeSmallest(c, count: count, table: table, budget: 0)
        var best: (data: [UInt8], indices: [UInt8])? = nil
        for variant in [c, c.keepingWherePossible(keep), c.drawingWherePossible(keep), c.drawingOneColourRuns(keep)] {
            for lookingAhead in [false, true] {
                var out: [UInt8] = []
                let data = lzw.encode(variant, count: count, minCodeSize: 4, colors: colors, budget: 0, lookingAhead: lookingAhead, indices: &out)
                if best == nil || data.count < best!.data.count { best = (data, out) }
            }
        }
        XCTAssertEqual(picked.data, best!.data)
        XCTAssertEqual(picked.indices, best!.indices)
        // A second frame reuses the spare encoder and still agrees.
        XCTAssertEqual(lzw.encodeSmallest(c, count: count, table: table, budget: 0).data, best!.data)
    }

    /// The smallest of `jobs` (variant of `c`, looking ahead) compressed one by one with `budget`.
    private func smallest(_ jobs: [(GIF.PixelChoices, Bool)], count: Int, budget: Int) -> (data: [UInt8], indices: [UInt8]) {
        var lzw = GIF.LZWEncoder()
        var best: (data: [UInt8], indices: [UInt8])? = nil
        for (variant, lookingAhead) in jobs {
            var out: [UInt8] = []
            let data = lzw.encode(variant, count: count, minCodeSize: 4, colors: colors, budget: budget, lookingAhead: lookingAhead, indices: &out)
            if best == nil || data.count < best!.data.count { best = (data, out) }
        }
        return best!
    }

    func testSmallLossyFramesAlsoLookAheadLargeOnesDoNot() {
        let table = GIF.FrameTable(colors: colors, transparent: keep, codeSize: 4)
        let small = 2 * GIF.LZWEncoder.minimumSplitCount
        XCTAssertLessThanOrEqual(small, GIF.LZWEncoder.lossyVariantsCount)
        let c = seededChoices(count: small, lossy: true)
        var lzw = GIF.LZWEncoder()
        let picked = lzw.encodeSmallest(c, count: small, table: table, budget: 800)
        let expected = smallest([(c, true), (c.drawingWherePossible(keep), true), (c, false)], count: small, budget: 800)
        XCTAssertEqual(picked.data, expected.data)
        XCTAssertEqual(picked.indices, expected.indices)
        // On these choices looking ahead wins: the frame comes out smaller than greedily.
        XCTAssertLessThan(picked.data.count, smallest([(c, false)], count: small, budget: 800).data.count)

        let large = GIF.LZWEncoder.lossyVariantsCount + 1
        let d = seededChoices(count: large, lossy: true)
        let greedy = smallest([(d, false)], count: large, budget: 800)
        XCTAssertEqual(lzw.encodeSmallest(d, count: large, table: table, budget: 800).data, greedy.data)
        XCTAssertLessThan(smallest([(d, true)], count: large, budget: 800).data.count, greedy.data.count,
                          "looking ahead would have won: the large frame is compressed greedily only")
    }
}
