// GIF.ColorStatistics: the colour statistics of every frame, gathered in the first pass, from which
// GIF.Palette is built.
//
// Design note: only a fixed-size histogram is kept (8-bit luma by two 6-bit chroma differences, with
// exact sums so bin means are precise), so memory does not grow with the frame count. Each colour is
// weighted by how long it stays on screen at each pixel (capped), so a settled overlay's grey ramp
// gets fine steps instead of the many in-between colours of its fade. The pass runs beside
// rendering (GIF.StatisticsQueue) and competes with it for the cores, so its per-pixel work is kept
// small: only the band of rows the spool found changed is read, unchanged pixels in it are skipped
// eight at a time, and what is streamed per pixel is kept to the colours and a 4-byte time index.
// A frame that changes most of a large canvas (a fade) is counted in two halves on two threads:
// at the end of an animation the last fade's statistics are all that stands between the rendered
// frames and the palette.
import Dispatch

extension GIF {
    /// Colour statistics gathered in the first pass over the frames.
    struct ColorStatistics {
        static let binCount = 1 << 20

        /// The histogram bin of a colour: luma at full 8-bit precision and two 6-bit chroma
        /// differences. UI animations are dominated by near-greys (overlays, shadows, dimmed
        /// backdrops), where a 6-bit-per-channel grid would merge four levels into one entry and
        /// band; chroma needs far less precision. Laid out chroma first: the lumas of one chroma (a
        /// grey ramp, a fade of one colour) are neighbours in memory, so counting a frame touches a
        /// few pages of the histogram rather than one per luma level.
        @inline(__always)
        static func bin(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let y = (77 * r + 150 * g + 29 * b + 128) >> 8
            let cb = (b - y + 256) >> 3, cr = (r - y + 256) >> 3
            return cb << 14 | cr << 8 | y
        }

        /// The rank of a bin among the palette's samples (GIF.ColorSamples): by luma, then chroma.
        @inline(__always)
        static func sampleRank(ofBin bin: Int) -> Int { (bin & 0xFF) << 12 | bin >> 8 }
        /// Per bin: weight and the weighted sums of red, green and blue, side by side (one cache
        /// line per update; the histogram is far larger than the caches). Only the pages colours
        /// reach are ever written (GIF.Histogram).
        private(set) var bins = Histogram(binCount: binCount)
        /// The sums of the second halves of large ranges (see `replace`), added to `bins` at `close`:
        /// each half adds in pixel order into a histogram of its own, so the sums do not depend on
        /// which thread finished first.
        private var tail: Histogram?
        /// Exact colours while there are few of them (nil once there are more than `exactLimit`).
        var exact: [UInt32: Double]? = [:]
        let exactLimit: Int
        /// Colours are counted exactly up to this many at least: an animation with a few more colours
        /// than a palette holds (anti-aliased shapes over a flat background) gets its palette from its
        /// exact colours, nearly all of them kept, rather than from histogram bins that merge
        /// neighbouring levels.
        static let exactTracking = 4096
        /// The frame counted last (read, never written: the next frame's pixels are not copied in).
        private var previous: [UInt32] = []
        /// When each pixel's current colour appeared, for `add(_:at:)`: an index into `times`. Four
        /// bytes a pixel rather than a Double's eight, as the pass streams through it every frame.
        private var since: [UInt32] = []
        /// The start time (seconds) of each frame given to `add(_:at:)`, in order.
        private var times: [Double] = []
        private(set) var frameCount = 0
        private(set) var hasTransparency = false

        init(exactLimit: Int) { self.exactLimit = max(exactLimit, Self.exactTracking) }

        /// A colour shown at one pixel for `lifetime` seconds weighs 1 + lifetime x 25 (one per 25 fps
        /// frame), capped here at 4 s, so the colours a viewer looks at (the settled overlay, the HUD
        /// at rest) outweigh the in-between colours of a fade, which are on screen for a frame each
        /// and are drawn without dithering anyway. A lower cap lets the fade's colours back in (a
        /// larger GIF at a lower PSNR, with more banding, on Scripts/compare_gif.sh's jobs); a
        /// higher one changes nothing more.
        static let lifetimeCap = 100.0

        /// Adds one flattened frame shown from `time` (seconds): each pixel's colour is counted when
        /// it is replaced (or at `close(at:)`), weighted by how long it was on screen. `changed`, when
        /// given, holds every pixel index where `frame` may differ from the frame added before (the
        /// rows the spool found changed), so the rest is not read.
        mutating func add(_ frame: [UInt32], at time: Double, changed: Range<Int>? = nil) {
            if previous.count != frame.count {
                previous = frame
                times = [time]
                since = [UInt32](repeating: 0, count: frame.count)
                frameCount += 1
                return
            }
            replace(with: frame, at: time, in: changed?.clamped(to: 0..<frame.count) ?? 0..<frame.count)
            previous = frame
            frameCount += 1
        }

        /// Counts every pixel's colour that `frame` replaces (all of them when `frame` is nil),
        /// weighted by its time on screen, and marks the replaced pixels as shown from `time` (the
        /// caller then keeps `frame` as the previous frame). A range of at least `splitPixels` is
        /// counted in two halves at once, the second into `tail`.
        private mutating func replace(with frame: [UInt32]?, at time: Double, in range: Range<Int>? = nil) {
            let new = frame ?? []
            if frame != nil { times.append(time) }
            let r = range ?? 0..<previous.count
            let halves = r.count >= Self.splitPixels
                ? [r.lowerBound..<(r.lowerBound + r.count / 2), (r.lowerBound + r.count / 2)..<r.upperBound] : [r]
            let targets = halves.count == 2 ? [uniqueBins().bins, uniqueTail().bins] : [uniqueBins().bins]
            var counts = [Counted](repeating: Counted(), count: halves.count)
            let exactOn = exact != nil, now = UInt32(truncatingIfNeeded: times.count - 1)
            previous.withUnsafeBufferPointer { p in
            since.withUnsafeMutableBufferPointer { s in
            times.withUnsafeBufferPointer { t in
            new.withUnsafeBufferPointer { f in
            counts.withUnsafeMutableBufferPointer { counts in
                let pixels = Pixels(previous: p, since: s, times: t, frame: f, time: time, now: now, exactOn: exactOn)
                if halves.count == 2 {
                    DispatchQueue.concurrentPerform(iterations: 2) { k in counts[k] = pixels.count(halves[k], into: targets[k]) }
                } else {
                    counts[0] = pixels.count(halves[0], into: targets[0])
                }
            }}}}}
            for c in counts {
                if c.transparent { hasTransparency = true }
                for (colour, wt) in c.exactAdds {
                    guard exact != nil else { break }
                    exact![colour, default: 0] += wt
                    if exact!.count > exactLimit { exact = nil }
                }
            }
        }

        /// Ranges of at least this many pixels are counted in two halves on two threads.
        static let splitPixels = 1 << 17

        /// What counting a range found besides the histogram's sums: its exact colours' weights in
        /// pixel order (runs of one colour merged) and whether it met a transparent pixel.
        private struct Counted {
            var exactAdds: [(UInt32, Double)] = []
            var transparent = false
        }

        /// The statistics' per-pixel state as raw buffers, taken once: per-pixel access to the
        /// arrays would cost more than the counting.
        private struct Pixels {
            let previous: UnsafeBufferPointer<UInt32>, since: UnsafeMutableBufferPointer<UInt32>
            let times: UnsafeBufferPointer<Double>, frame: UnsafeBufferPointer<UInt32>
            let time: Double, now: UInt32, exactOn: Bool

            /// Counts the replaced colours of `range` into `h` (pixels of other ranges are not touched).
            func count(_ range: Range<Int>, into h: Histogram.Bins) -> Counted {
                let p = previous, s = since, t = times, f = frame
                var counted = Counted()
                let cap = ColorStatistics.lifetimeCap
                let all = f.isEmpty
                // Runs of one colour (flat areas) or shown since one moment (a fade's rows) compute
                // their bin or their weight once, and add to the bin in registers.
                var runColour: UInt32 = 0, runSince = UInt32.max, wt = 0.0, stale = true
                var rgb = SIMD3<Double>(), weighted = SIMD4<Double>()
                var bin = BinAccumulator()
                let n = range.upperBound
                var i = range.lowerBound - 1
                while true {
                    i += 1
                    if i >= n { break }
                    if !all {
                        // Unchanged pixels are most of a UI animation's frame: skipped 8 at a time.
                        if i & 7 == 0, i + 8 <= n, ColorStatistics.sameGroup(f, p, at: i) { i += 7; continue }
                        if f[i] == p[i] { continue }
                    }
                    let c = p[i]
                    if c & GIF.opaqueBit == 0 {
                        counted.transparent = true
                    } else {
                        if s[i] != runSince {
                            runSince = s[i]
                            wt = min(cap, 1 + max(0, time - t[Int(runSince)]) * 25)
                            stale = true
                        }
                        if c != runColour {
                            runColour = c
                            let ri = Int((c >> 16) & 0xFF), gi = Int((c >> 8) & 0xFF), bi = Int(c & 0xFF)
                            bin.select(ColorStatistics.bin(ri, gi, bi) &* 4, in: h)
                            rgb = SIMD3(Double(ri), Double(gi), Double(bi))
                            stale = true
                        }
                        if stale {
                            weighted = SIMD4(wt, wt * rgb.x, wt * rgb.y, wt * rgb.z)
                            stale = false
                        }
                        bin.add(weighted)
                        if exactOn {
                            // Runs of one colour (flat areas) go to the dictionary as one update.
                            if let last = counted.exactAdds.last, last.0 == c {
                                counted.exactAdds[counted.exactAdds.count - 1].1 += wt
                            } else {
                                counted.exactAdds.append((c, wt))
                            }
                        }
                    }
                    if !all { s[i] = now }
                }
                bin.store(into: h)
                return counted
            }
        }

        /// The histogram, copied first when another value shares it (so statistics stay a value).
        private mutating func uniqueBins() -> Histogram {
            if !isKnownUniquelyReferenced(&bins) { bins = bins.copy() }
            return bins
        }

        /// The second halves' histogram, made on first use, copied as `bins` is.
        private mutating func uniqueTail() -> Histogram {
            if tail == nil { tail = Histogram(binCount: Self.binCount) }
            if !isKnownUniquelyReferenced(&tail!) { tail = tail!.copy() }
            return tail!
        }

        /// Whether the 8 pixels from `i` are the same in `a` and `b` (four 64-bit compares).
        @inline(__always)
        fileprivate static func sameGroup(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, at i: Int) -> Bool {
            let x = UnsafeRawPointer(a.baseAddress! + i), y = UnsafeRawPointer(b.baseAddress! + i)
            var d: UInt64 = 0
            for w in 0..<4 { d |= x.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self) }
            return d == 0
        }

        /// Counts the colours still on screen when the animation ends at `time`.
        mutating func close(at time: Double) {
            replace(with: nil, at: time)
            if let tail { uniqueBins().add(tail); self.tail = nil }
            previous = []
            since = []
            times = []
        }

        /// Adds one flattened frame. The first frame counts every pixel once; later frames count only
        /// the pixels that changed, which is where the eye looks in a UI animation.
        mutating func add(_ frame: [UInt32]) {
            let first = previous.count != frame.count
            let h = uniqueBins().bins
            frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                    for i in 0..<f.count {
                        let c = f[i]
                        if !first && c == p[i] { continue }
                        if c & GIF.opaqueBit == 0 { hasTransparency = true; continue }
                        let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                        let bin = Self.bin(r, g, b)
                        let k = bin &* 4
                        h.store(k, h.load(k) + SIMD4(1, Double(r), Double(g), Double(b)))
                        if exact != nil {
                            exact![c, default: 0] += 1
                            if exact!.count > exactLimit { exact = nil }
                        }
                    }
                }
            }
            previous = frame
            frameCount += 1
        }
    }

}
