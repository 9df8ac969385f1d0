// GIFStatisticsRangeTests: ColorStatistics weighs each replaced colour by its time on screen the same
// whether it is told which pixels changed or scans every pixel, and the same as the plain
// per-pixel definition, to the last bit of every sum.
import XCTest
@testable import HUDCodecs

final class GIFStatisticsRangeTests: XCTestCase {
    /// The definition, pixel by pixel: a replaced colour adds (w, w r, w g, w b) to its bin, with
    /// w = min(cap, 1 + 25 x seconds shown), in pixel order, frame after frame; then the rest at the end.
    private func reference(_ frames: [[UInt32]], times: [Double], end: Double) -> [Int: SIMD4<Double>] {
        var sums: [Int: SIMD4<Double>] = [:]
        var previous = frames[0], since = [Double](repeating: times[0], count: frames[0].count)
        func count(_ c: UInt32, _ shown: Double, _ now: Double) {
            guard c & GIF.opaqueBit != 0 else { return }
            let w = min(GIF.ColorStatistics.lifetimeCap, 1 + max(0, now - shown) * 25)
            let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
            sums[GIF.ColorStatistics.bin(r, g, b), default: .zero] += SIMD4(w, w * Double(r), w * Double(g), w * Double(b))
        }
        for (frame, t) in zip(frames.dropFirst(), times.dropFirst()) {
            for i in frame.indices where frame[i] != previous[i] {
                count(previous[i], since[i], t)
                previous[i] = frame[i]; since[i] = t
            }
        }
        for i in previous.indices { count(previous[i], since[i], end) }
        return sums
    }

    private func sums(_ stats: GIF.ColorStatistics) -> [Int: SIMD4<Double>] {
        var out: [Int: SIMD4<Double>] = [:]
        stats.bins.forEachWeightedBin { bin in
            out[bin] = SIMD4(stats.bins[bin * 4], stats.bins[bin * 4 + 1], stats.bins[bin * 4 + 2], stats.bins[bin * 4 + 3])
        }
        return out
    }

    func testChangedRangesAndTimeIndicesKeepEverySum() {
        var rng = SystemRandomNumberGenerator()
        let w = 29, h = 13, n = w * h
        let palette: [UInt32] = (0..<40).map { _ in GIF.opaqueBit | UInt32.random(in: 0...0xFFFFFF, using: &rng) } + [0]
        var frame = (0..<n).map { _ in palette[Int.random(in: 0..<palette.count, using: &rng)] }
        var frames = [frame], ranges: [Range<Int>] = [0..<n], times = [0.0]
        for k in 1..<25 {
            // A band of rows changes (sometimes none, sometimes all), runs of one colour within it.
            let y0 = Int.random(in: 0...h, using: &rng), y1 = k % 7 == 0 ? h : Int.random(in: y0...h, using: &rng)
            var i = y0 * w
            while i < y1 * w {
                let c = palette[Int.random(in: 0..<palette.count, using: &rng)], run = Int.random(in: 1...12, using: &rng)
                for j in i..<min(i + run, y1 * w) where Int.random(in: 0..<4, using: &rng) != 0 { frame[j] = c }
                i += run
            }
            frames.append(frame); ranges.append(y0 * w..<y1 * w)
            times.append(times[k - 1] + [0.04, 0.033, 0.5, 0.02][k % 4])
        }
        var scanned = GIF.ColorStatistics(exactLimit: 255), told = GIF.ColorStatistics(exactLimit: 255)
        for k in frames.indices {
            scanned.add(frames[k], at: times[k])
            told.add(frames[k], at: times[k], changed: ranges[k])
        }
        let end = times.last! + 0.1
        scanned.close(at: end); told.close(at: end)
        let expected = reference(frames, times: times, end: end)
        XCTAssertEqual(sums(scanned).mapValues { $0.map(\.bitPattern) }, expected.mapValues { $0.map(\.bitPattern) })
        XCTAssertEqual(sums(told).mapValues { $0.map(\.bitPattern) }, expected.mapValues { $0.map(\.bitPattern) })
        XCTAssertEqual(told.exact, scanned.exact)
        XCTAssertEqual(told.hasTransparency, scanned.hasTransparency)
    }

    /// A range of at least `splitPixels` is counted in two halves at once: each half adds in pixel
    /// order into sums of its own (the first half with the smaller ranges), and the two are added
    /// at the end, so the sums are the same on every run and machine.
    func testLargeRangesAreCountedInTwoHalves() {
        let w = 512, h = 300, n = w * h
        XCTAssertGreaterThanOrEqual(n, GIF.ColorStatistics.splitPixels)
        func colour(_ i: Int, _ k: Int) -> UInt32 { GIF.opaqueBit | UInt32((i / 7 + k * 13) % 64) * 0x03_0201 }
        var frames = [(0..<n).map { colour($0, 0) }], ranges = [0..<n], times = [0.0]
        for k in 1..<6 {
            // Odd frames change a band smaller than the split size, even frames nearly everything.
            let band = k % 2 == 1 ? (w * 10)..<(w * 40) : (w * 3)..<(w * 290)
            var frame = frames[k - 1]
            for i in band { frame[i] = colour(i, k) }
            // Uneven times: weights whose sums round, so the order of the additions shows.
            frames.append(frame); ranges.append(band); times.append(Double(k) * 0.0413 + Double(k * k) * 0.0017)
        }
        let end = 0.3111
        var stats = GIF.ColorStatistics(exactLimit: 255)
        for k in frames.indices { stats.add(frames[k], at: times[k], changed: ranges[k]) }
        stats.close(at: end)

        // The definition, with the halves' sums kept apart until the end.
        var first: [Int: SIMD4<Double>] = [:], second: [Int: SIMD4<Double>] = [:]
        var previous = frames[0], since = [Double](repeating: 0, count: n)
        func count(_ range: Range<Int>, _ frame: [UInt32]?, _ now: Double) {
            let mid = range.count >= GIF.ColorStatistics.splitPixels ? range.lowerBound + range.count / 2 : range.upperBound
            for i in range where frame == nil || frame![i] != previous[i] {
                let c = previous[i], wt = min(GIF.ColorStatistics.lifetimeCap, 1 + max(0, now - since[i]) * 25)
                let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                let add = SIMD4(wt, wt * Double(r), wt * Double(g), wt * Double(b))
                if i < mid { first[GIF.ColorStatistics.bin(r, g, b), default: .zero] += add } else { second[GIF.ColorStatistics.bin(r, g, b), default: .zero] += add }
                if let frame { previous[i] = frame[i]; since[i] = now }
            }
        }
        for k in frames.indices.dropFirst() { count(ranges[k], frames[k], times[k]) }
        count(0..<n, nil, end)
        let expected = first.merging(second) { $0 + $1 }
        XCTAssertFalse(second.isEmpty)
        let got = sums(stats)
        XCTAssertEqual(got.count, expected.count)
        let differing = expected.filter { got[$0.key].map { $0.map(\.bitPattern) } != $0.value.map(\.bitPattern) }
        XCTAssertEqual(differing.count, 0, "bins whose sums differ from the halves' definition")
    }
}

private extension SIMD4 where Scalar == Double {
    func map<T>(_ f: (Double) -> T) -> [T] { [f(self[0]), f(self[1]), f(self[2]), f(self[3])] }
}
