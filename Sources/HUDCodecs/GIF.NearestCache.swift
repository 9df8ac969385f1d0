// GIF.NearestCache: the palette index already found for an opaque colour.
//
// Design note: quantising a frame asks for the nearest palette entry of every changed pixel, and a
// fade asks it of a whole screen each frame, while the colours themselves are few (some thousands a
// frame) and recur. A table indexed by the 2^24 colours (16 MiB, and a bit map of the known ones)
// made every lookup a cache miss and faulted in a page for every few colours met; this open-addressed
// table holds only the colours met, a word each, and stays in the core's cache.
extension GIF {
    struct NearestCache {
        /// Each slot: colour << 8 | (index + 1), or 0 when empty (no index is 255: that is the
        /// transparent entry at most, which no opaque colour maps to).
        private var slots: [UInt32]
        private var count = 0
        private var shift: UInt32

        init() {
            slots = [UInt32](repeating: 0, count: 1 << NearestCache.initialBits)
            shift = UInt32(32 - NearestCache.initialBits)
        }

        /// Slots of a new cache, as a power of two: enough for a gallery animation's colours.
        static let initialBits = 13

        @inline(__always)
        private static func home(_ rgb: UInt32, _ shift: UInt32) -> Int { Int((rgb &* 0x9E37_79B1) >> shift) }

        /// The index stored for `rgb` (0xRRGGBB), or nil.
        @inline(__always)
        func index(of rgb: UInt32) -> UInt8? {
            slots.withUnsafeBufferPointer { s in
                let mask = s.count - 1
                var h = NearestCache.home(rgb, shift)
                while true {
                    let e = s[h]
                    if e == 0 { return nil }
                    if e >> 8 == rgb { return UInt8(truncatingIfNeeded: e &- 1) }
                    h = (h &+ 1) & mask
                }
            }
        }

        /// Stores `index` for `rgb`, which is not stored yet. The table doubles at half full, so
        /// probes stay short.
        mutating func insert(_ rgb: UInt32, _ index: UInt8) {
            precondition(index < 255, "index 255 cannot be cached")
            if (count + 1) * 2 > slots.count { grow() }
            place(rgb << 8 | (UInt32(index) + 1))
            count += 1
        }

        private mutating func place(_ entry: UInt32) {
            let mask = slots.count - 1
            var h = NearestCache.home(entry >> 8, shift)
            while slots[h] != 0 { h = (h + 1) & mask }
            slots[h] = entry
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt32](repeating: 0, count: old.count * 2)
            shift -= 1
            for e in old where e != 0 { place(e) }
        }
    }
}
