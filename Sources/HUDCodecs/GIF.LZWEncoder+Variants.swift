// GIF.LZWEncoder+Variants: a frame compressed under a few policies for the pixels that may either
// keep what is shown or draw it again, and with and without looking ahead; the smallest is kept.
//
// Design note: the encoder's greedy longest-string choice between "keep" and the shown index is
// right string by string but not frame by frame: which strings the dictionary holds later depends
// on it. No single policy wins every frame (chosen per string, all kept where possible, all drawn
// where possible, or runs that show one colour drawn and the others kept, as gifsicle does), and
// neither does greedy or look-ahead parsing, so each frame is compressed every way and the smallest
// is written. All draw the same picture. This is done where the palette is exact (no error
// budget): there the policy is the only choice the encoder has, and it decides most. With a budget,
// the string search already picks among many colours; the fixed policies were measured to gain
// little there for three times the compression work.
extension GIF.LZWEncoder {
    /// Compresses `choices` as `encode` does and, without an error budget, also under the fixed
    /// policies and looking ahead; returns the smallest data with the indices it draws.
    mutating func encodeSmallest(_ choices: GIF.PixelChoices, count: Int, table: GIF.FrameTable,
                                 budget: Int) -> (data: [UInt8], indices: [UInt8]) {
        var best: (data: [UInt8], indices: [UInt8])? = nil
        let variants = budget > 0 ? [choices] : [choices, choices.keepingWherePossible(table.transparent),
                                                 choices.drawingWherePossible(table.transparent),
                                                 choices.drawingOneColourRuns(table.transparent)]
        for variant in variants {
            for lookingAhead in budget > 0 ? [false] : [false, true] {
                var indices: [UInt8] = []
                let data = encode(variant, count: count, minCodeSize: table.codeSize, colors: table.colors,
                                  budget: budget, lookingAhead: lookingAhead, indices: &indices)
                if best == nil || data.count < best!.data.count { best = (data, indices) }
            }
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

    /// The choices with each run (in scan order) of pixels that may keep what is shown drawn again
    /// when the run shows one colour, and kept when it shows several.
    func drawingOneColourRuns(_ keep: UInt8) -> GIF.PixelChoices {
        var v = self
        var j = 0
        while j < v.target.count {
            guard v.target[j] == keep else { j += 1; continue }
            var end = j, single = v.alternative[j] >= 0
            while end < v.target.count && v.target[end] == keep {
                if v.alternative[end] != v.alternative[j] { single = false }
                end += 1
            }
            for i in j..<end {
                if single { v.target[i] = UInt8(v.alternative[i]) }
                v.alternative[i] = -1
            }
            j = end
        }
        return v
    }
}
