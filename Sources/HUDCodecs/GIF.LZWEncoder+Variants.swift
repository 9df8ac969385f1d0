// GIF.LZWEncoder+Variants: a frame compressed under a few policies for the pixels that may either
// keep what is shown or draw it again, the smallest kept.
//
// Design note: the encoder's greedy longest-string choice between "keep" and the shown index is
// right string by string but not frame by frame: which strings the dictionary holds later depends
// on it. No single policy wins every frame (all keep where possible, all drawn where possible, or
// chosen per string), so each frame is compressed under all three and the smallest is written. All
// three draw the same picture. This is done where the palette is exact (no error budget): there the
// policy is the only choice the encoder has, and it decides most. With a budget, the string search
// already picks among many colours; the fixed policies were measured to gain little there for
// three times the compression work.
extension GIF.LZWEncoder {
    /// Compresses `choices` as `encode` does and, without an error budget, also under the two fixed
    /// policies; returns the smallest data with the indices it draws.
    mutating func encodeSmallest(_ choices: GIF.PixelChoices, count: Int, table: GIF.FrameTable,
                                 budget: Int) -> (data: [UInt8], indices: [UInt8]) {
        var best: (data: [UInt8], indices: [UInt8])? = nil
        let variants = budget > 0 ? [choices] : [choices, choices.keepingWherePossible(table.transparent),
                                                 choices.drawingWherePossible(table.transparent)]
        for variant in variants {
            var indices: [UInt8] = []
            let data = encode(variant, count: count, minCodeSize: table.codeSize, colors: table.colors,
                              budget: budget, indices: &indices)
            if best == nil || data.count < best!.data.count { best = (data, indices) }
        }
        return best!
    }
}

extension GIF.PixelChoices {
    /// The choices with every pixel that may keep what is shown keeping it.
    func keepingWherePossible(_ keep: UInt8) -> GIF.PixelChoices {
        var v = self
        for j in v.target.indices where v.target[j] == keep { v.alternative[j] = -1 }
        return v
    }

    /// The choices with every pixel that may be drawn with the index it shows drawn with it.
    func drawingWherePossible(_ keep: UInt8) -> GIF.PixelChoices {
        var v = self
        for j in v.target.indices where v.target[j] == keep && v.alternative[j] >= 0 {
            v.target[j] = UInt8(v.alternative[j]); v.alternative[j] = -1
        }
        return v
    }
}
