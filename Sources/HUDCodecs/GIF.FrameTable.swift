// GIF.FrameTable: the colour indices one frame may use, its transparent index and its LZW code size.
//
// Design note: an LZW code is one bit wider than the frame's minimum code size, which only has to
// cover the indices the frame draws, not the whole colour table. A frame that draws only the first
// entries of a palette (the colours shown most, see GIF.Palette) is written with narrower codes.
// The transparent index of a frame can be any index the frame does not draw: the lowest free one
// keeps the code size small, so it is chosen per frame rather than fixed at the palette's end.
extension GIF {
    struct FrameTable {
        /// Entries as flattened pixels, one per code below the clear code; the transparent index and
        /// the entries the frame may not draw map to 0, so the encoder never chooses them.
        var colors: [UInt32]
        var transparent: UInt8
        var codeSize: Int

        /// The table for a frame drawn from the global palette (`colors`, whose `keep` index is the
        /// palette's transparent one). Rewrites `choices` to the frame's transparent index and drops
        /// the alternatives the code size cannot express.
        static func global(_ colors: [UInt32], keep: UInt8, choices: inout PixelChoices) -> FrameTable {
            let (t, top) = lowestUnused(choices.target, keep: keep)
            let codeSize = Stream.minCodeSize(entries: max(top, t) + 1)
            let limit = 1 << codeSize
            let frameKeep = UInt8(t)
            if frameKeep != keep || limit < 256 { remap(&choices, keep: keep, to: frameKeep, limit: limit) }
            var table = [UInt32](repeating: 0, count: limit)
            for k in 0..<min(limit, colors.count) where k != t { table[k] = colors[k] }
            return FrameTable(colors: table, transparent: frameKeep, codeSize: codeSize)
        }

        /// The lowest index no target but `keep` uses, and the highest that one does (0 if none).
        /// (Raw buffers and no branches: this runs over every pixel of every frame.)
        private static func lowestUnused(_ targets: [UInt8], keep: UInt8) -> (unused: Int, top: Int) {
            var seen = [UInt8](repeating: 0, count: 256)
            targets.withUnsafeBufferPointer { targets in
                let parts = RowSplit.run(0..<targets.count, minimum: splitPixels) { part in
                    var seen = [UInt8](repeating: 0, count: 256)
                    seen.withUnsafeMutableBufferPointer { seen in for j in part { seen[Int(targets[j])] = 1 } }
                    return seen
                }
                for part in parts { for k in 0..<256 { seen[k] |= part[k] } }
            }
            seen[Int(keep)] = 0
            return (seen.firstIndex(of: 0) ?? 256, seen.lastIndex(of: 1) ?? 0)
        }

        /// Rewrites `keep` targets to the frame's transparent index and drops the alternatives that
        /// are that index or that the code size cannot express.
        private static func remap(_ choices: inout PixelChoices, keep: UInt8, to frameKeep: UInt8, limit: Int) {
            let drop = Int16(frameKeep), bound = Int16(limit)
            choices.target.withUnsafeMutableBufferPointer { target in
                choices.alternative.withUnsafeMutableBufferPointer { alt in
                    let (target, alt) = (target, alt)
                    _ = RowSplit.run(0..<target.count, minimum: splitPixels) { part in
                        for j in part {
                            let k = target[j], a = alt[j]
                            target[j] = k == keep ? frameKeep : k
                            alt[j] = a == drop || a >= bound ? -1 : a
                        }
                    }
                }
            }
        }

        /// Frames of at least this many pixels are scanned in parts on two threads (GIF.RowSplit, over
        /// pixels): the writer waits for these scans, a full-screen fade's twice a frame, while the
        /// second core has room.
        static let splitPixels = 1 << 16
    }
}
