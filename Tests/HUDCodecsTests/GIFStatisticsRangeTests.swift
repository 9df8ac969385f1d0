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
}

private extension SIMD4 where Scalar == Double {
    func map<T>(_ f: (Double) -> T) -> [T] { [f(self[0]), f(self[1]), f(self[2]), f(self[3])] }
}
