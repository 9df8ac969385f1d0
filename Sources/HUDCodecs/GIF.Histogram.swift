// GIF.Histogram: the colour histogram's bins (a weight and the weighted red, green and blue sums
// each), in memory that is zero until written.
//
// Design note: the histogram has a million bins (32 MB) and an animation's colours reach a small part
// of them (UI colours crowd near the greys). Cleared as an array, all of it was written before the
// first frame was counted, on the cores that render the frames, and read in full when the palette
// was built, on the path to the first encoded frame. Mapped anonymous memory is zero without being
// written, so only the pages colours reach are ever touched; the blocks (a page of bins each) that
// were written are marked, so reading the bins back visits those alone, in bin order. The sums are
// the same additions in the same order, so the palette is unchanged. A reference type: ColorStatistics
// copies it before changing a shared one.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GIF {
    final class Histogram {
        /// Bins per block: one 4 KB page of sums.
        static let blockBins = 128
        let binCount: Int
        /// Four sums per bin: weight, then weight x red, green and blue.
        private let sums: UnsafeMutableBufferPointer<Double>
        /// Per block, 1 once a bin of it was written.
        private let written: UnsafeMutableBufferPointer<UInt8>
        /// Whether `sums` is a mapping (else an allocation).
        private let mapped: Bool

        /// `binCount` bins, a multiple of `blockBins`, all zero.
        init(binCount: Int) {
            precondition(binCount % Self.blockBins == 0)
            self.binCount = binCount
            let count = binCount * 4
            let bytes = count * MemoryLayout<Double>.stride
            let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let map, map != MAP_FAILED {
                sums = UnsafeMutableBufferPointer(start: map.bindMemory(to: Double.self, capacity: count), count: count)
                mapped = true
            } else {
                sums = .allocate(capacity: count)
                sums.initialize(repeating: 0)
                mapped = false
            }
            written = .allocate(capacity: binCount / Self.blockBins)
            written.initialize(repeating: 0)
        }

        deinit {
            if mapped { _ = munmap(sums.baseAddress, sums.count * MemoryLayout<Double>.stride) } else { sums.deallocate() }
            written.deallocate()
        }

        /// The sum at `offset` (bin x 4 + 0 for the weight, 1...3 for red, green, blue).
        subscript(offset: Int) -> Double { sums[offset] }

        /// A copy (its own memory, the same sums).
        func copy() -> Histogram {
            let h = Histogram(binCount: binCount)
            let view = h.bins
            forEachWrittenBlock { block in
                let start = block * Self.blockBins * 4
                for k in start..<(start + Self.blockBins * 4) { view.sums[k] = sums[k] }
                view.written[block] = 1
            }
            return h
        }

        /// Adds `other`'s sums to these, bin by bin.
        func add(_ other: Histogram) {
            let view = bins
            other.forEachWrittenBlock { block in
                let start = block * Self.blockBins * 4
                if view.written[block] == 0 {
                    // Not read while zero (see `Bins.load`); the sums are never negative, so 0 + x is x.
                    for k in start..<(start + Self.blockBins * 4) { view.sums[k] = other.sums[k] }
                } else {
                    for k in start..<(start + Self.blockBins * 4) { view.sums[k] += other.sums[k] }
                }
                view.written[block] = 1
            }
        }

        /// Calls `body` with the index of every block that was written, in order.
        func forEachWrittenBlock(_ body: (Int) -> Void) {
            for block in 0..<written.count where written[block] != 0 { body(block) }
        }

        /// Calls `body` with every bin whose weight is positive, in bin order.
        func forEachWeightedBin(_ body: (_ bin: Int) -> Void) {
            forEachWrittenBlock { block in
                for bin in (block * Self.blockBins)..<((block + 1) * Self.blockBins) where sums[bin * 4] > 0 { body(bin) }
            }
        }

        /// The raw sums and block marks, for loops that add to many bins.
        var bins: Bins { Bins(sums: sums, written: written) }

        /// The histogram's memory as raw buffers. Every write goes through `store`, which marks the
        /// bin's block.
        struct Bins {
            fileprivate let sums: UnsafeMutableBufferPointer<Double>
            fileprivate let written: UnsafeMutableBufferPointer<UInt8>

            /// The four sums at `offset` (a bin x 4).
            @inline(__always)
            func load(_ offset: Int) -> SIMD4<Double> {
                // A block never written is zero and not read: reading would map the kernel's shared
                // zero page there, and the first store would then fault a second time and interrupt
                // every other core to flush its TLB.
                if written[offset / (4 * Histogram.blockBins)] == 0 { return SIMD4() }
                return SIMD4(sums[offset], sums[offset &+ 1], sums[offset &+ 2], sums[offset &+ 3])
            }

            /// Sets the four sums at `offset` (a bin x 4).
            @inline(__always)
            func store(_ offset: Int, _ v: SIMD4<Double>) {
                sums[offset] = v[0]; sums[offset &+ 1] = v[1]; sums[offset &+ 2] = v[2]; sums[offset &+ 3] = v[3]
                written[offset / (4 * Histogram.blockBins)] = 1
            }
        }
    }
}
