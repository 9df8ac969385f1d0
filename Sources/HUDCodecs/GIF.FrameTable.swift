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
            var used = [Bool](repeating: false, count: 257)
            var top = 0
            for k in choices.target where k != keep { used[Int(k)] = true; top = max(top, Int(k)) }
            let t = used.firstIndex(of: false)!
            let codeSize = Stream.minCodeSize(entries: max(top, t) + 1)
            let limit = 1 << codeSize
            let frameKeep = UInt8(t)
            choices.target.withUnsafeMutableBufferPointer { target in
                choices.alternative.withUnsafeMutableBufferPointer { alt in
                    for j in 0..<target.count {
                        if target[j] == keep { target[j] = frameKeep }
                        if alt[j] == Int16(t) || Int(alt[j]) >= limit { alt[j] = -1 }
                    }
                }
            }
            var table = [UInt32](repeating: 0, count: limit)
            for k in 0..<min(limit, colors.count) where k != t { table[k] = colors[k] }
            return FrameTable(colors: table, transparent: frameKeep, codeSize: codeSize)
        }
    }
}
