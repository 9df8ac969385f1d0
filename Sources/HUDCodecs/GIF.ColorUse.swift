// GIF.ColorUse: which colours each frame draws, while an animation has few colours, for ordering an
// exact palette (GIF.Palette+Order).
//
// Design note: a frame's LZW codes are as wide as the highest index it draws needs (GIF.FrameTable),
// so the order of an exact palette decides how many frames get narrow codes. What a frame draws is
// approximated by the new colours of the pixels that changed since the previous frame (all of the
// first frame's), the pixels the writer's differencing draws. Each frame's colours are a 256-bit
// set over colour ids given in order of appearance; beyond 256 colours the palette is not exact,
// and counting stops.
extension GIF {
    struct ColorUse {
        /// Colour (flattened pixel) -> id; empty once there are more than 256 colours.
        private(set) var ids: [UInt32: Int] = [:]
        /// Per frame: the ids it draws, four 64-bit words.
        private(set) var frames: [[UInt64]] = []
        private(set) var overflowed = false
        private var previous: [UInt32] = []

        /// Adds one flattened frame (called for every frame that differs from the one before).
        mutating func add(_ frame: [UInt32]) {
            if overflowed { return }
            let first = previous.count != frame.count
            var set: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var lastColor: UInt32 = 0
            var ids = self.ids
            let ok = frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                    for i in 0..<f.count {
                        let c = f[i]
                        if c & GIF.opaqueBit == 0 || (!first && p[i] == c) || c == lastColor { continue }
                        guard let id = ColorUse.id(of: c, in: &ids) else { return false }
                        lastColor = c
                        let bit = UInt64(1) << UInt64(id & 63)
                        switch id >> 6 {
                        case 0: set.0 |= bit
                        case 1: set.1 |= bit
                        case 2: set.2 |= bit
                        default: set.3 |= bit
                        }
                    }
                    return true
                }
            }
            guard ok else { return overflow() }
            self.ids = ids
            frames.append([set.0, set.1, set.2, set.3])
            previous = frame
        }

        /// The id of colour `c`, given now if new; nil when `ids` is full.
        private static func id(of c: UInt32, in ids: inout [UInt32: Int]) -> Int? {
            if let id = ids[c] { return id }
            if ids.count == 256 { return nil }
            ids[c] = ids.count
            return ids.count - 1
        }

        private mutating func overflow() {
            overflowed = true
            ids = [:]; frames = []; previous = []
        }
    }
}
