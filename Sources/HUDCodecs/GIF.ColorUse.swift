// GIF.ColorUse: which colours each frame draws, while an animation has few colours, for ordering its
// palette (GIF.Palette+Order).
//
// Design note: a frame's LZW codes are as wide as the highest index it draws needs (GIF.FrameTable),
// so the order of the palette decides how many frames get narrow codes. What a frame draws is
// approximated by the new colours of the pixels that changed since the previous frame (all of the
// first frame's), the pixels the writer's differencing draws. Each frame's colours are a bit set
// over colour ids given in order of appearance. Up to 256 colours the palette holds them exactly;
// a few more (anti-aliased edges, fades) are each drawn mostly with their nearest entry, so their
// use still orders the palette well. Beyond `limit` colours counting stops.
extension GIF {
    struct ColorUse {
        /// Colour (flattened pixel) -> id; empty once there are more than `limit` colours.
        private(set) var ids: [UInt32: Int] = [:]
        /// Per frame: the ids it draws, `limit / 64` 64-bit words.
        private(set) var frames: [[UInt64]] = []
        /// The most colours counted.
        static let limit = 4096
        private(set) var overflowed = false
        private var previous: [UInt32] = []

        /// Adds one flattened frame (called for every frame that differs from the one before).
        mutating func add(_ frame: [UInt32]) {
            if overflowed { return }
            let first = previous.count != frame.count
            var set = [UInt64](repeating: 0, count: ColorUse.limit / 64)
            var lastColor: UInt32 = 0
            var ids = self.ids
            let ok = frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                    set.withUnsafeMutableBufferPointer { set in
                        for i in 0..<f.count {
                            let c = f[i]
                            if c & GIF.opaqueBit == 0 || (!first && p[i] == c) || c == lastColor { continue }
                            guard let id = ColorUse.id(of: c, in: &ids) else { return false }
                            lastColor = c
                            set[id >> 6] |= UInt64(1) << UInt64(id & 63)
                        }
                        return true
                    }
                }
            }
            guard ok else { return overflow() }
            self.ids = ids
            frames.append(set)
            previous = frame
        }

        /// The id of colour `c`, given now if new; nil when `ids` is full.
        private static func id(of c: UInt32, in ids: inout [UInt32: Int]) -> Int? {
            if let id = ids[c] { return id }
            if ids.count == limit { return nil }
            ids[c] = ids.count
            return ids.count - 1
        }

        private mutating func overflow() {
            overflowed = true
            ids = [:]; frames = []; previous = []
        }
    }
}
