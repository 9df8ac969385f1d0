// GIF.Lanes: eight pixels at a time for the frame writer's per-pixel passes.
//
// Design note: the writer's passes decide per pixel with a few comparisons; eight pixels of a row go
// through the same rule in 8-lane integer vectors. Conditions are lanes of 0 or 1 combined with
// arithmetic (`&`, `|`, multiplication), not vector masks: masks and lane conversions compiled to
// slow generic code, while this stays in vector registers. Bytes are widened and narrowed by lane
// shuffles of the same bits.
extension GIF {
    enum Lanes {
        /// A vector of `buffer`'s elements from `i` on.
        @inline(__always)
        static func load<V: SIMD>(_ type: V.Type, _ buffer: UnsafeBufferPointer<V.Scalar>, _ i: Int) -> V {
            UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: V.self)
        }

        /// The eight bytes of `bytes` from `i` on, as one word.
        @inline(__always)
        static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
            UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
        }

        /// Whether any byte of `word` is `byte`.
        @inline(__always)
        static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
            let v = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
            return (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0
        }

        /// Eight bytes from `i` on, one per lane.
        @inline(__always)
        static func widen(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> SIMD8<UInt32> {
            let v = load(SIMD8<UInt8>.self, bytes, i)
            return unsafeBitCast(SIMD32<UInt8>(v[0], 0, 0, 0, v[1], 0, 0, 0, v[2], 0, 0, 0, v[3], 0, 0, 0,
                                               v[4], 0, 0, 0, v[5], 0, 0, 0, v[6], 0, 0, 0, v[7], 0, 0, 0), to: SIMD8<UInt32>.self)
        }

        /// 1 per lane that is not 0, else 0.
        @inline(__always)
        static func nonzero(_ v: SIMD8<UInt32>) -> SIMD8<UInt32> {
            (v | (SIMD8<UInt32>(repeating: 0) &- v)) &>> 31
        }

        /// `a` where `pick` is 1, `b` where it is 0.
        @inline(__always)
        static func select(_ pick: SIMD8<UInt32>, _ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt32> {
            b &+ pick &* (a &- b)
        }

        /// The low byte of each lane, lane 0 in the low byte of the word.
        @inline(__always)
        static func lowBytes(_ v: SIMD8<UInt32>) -> UInt64 {
            let b = unsafeBitCast(v, to: SIMD32<UInt8>.self)
            return unsafeBitCast(SIMD8<UInt8>(b[0], b[4], b[8], b[12], b[16], b[20], b[24], b[28]), to: UInt64.self)
        }

        /// The low 16 bits of each lane.
        @inline(__always)
        static func lowHalves(_ v: SIMD8<UInt32>) -> SIMD8<UInt16> {
            let h = unsafeBitCast(v, to: SIMD16<UInt16>.self)
            return SIMD8<UInt16>(h[0], h[2], h[4], h[6], h[8], h[10], h[12], h[14])
        }

        /// The sum of the lanes.
        @inline(__always)
        static func sum(_ v: SIMD8<UInt32>) -> Int {
            let h4 = v.lowHalf &+ v.highHalf, h2 = h4.lowHalf &+ h4.highHalf
            return Int(h2[0] &+ h2[1])
        }

        /// Stores `v` at `buffer` from `i` on.
        @inline(__always)
        static func store<T, V>(_ v: V, _ buffer: UnsafeMutableBufferPointer<T>, _ i: Int) {
            UnsafeMutableRawPointer(buffer.baseAddress! + i).storeBytes(of: v, as: V.self)
        }
    }
}
