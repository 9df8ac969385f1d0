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
// the string search already picks among many colours, and on large frames the fixed policies were
// measured to gain little for three times the compression work: those are compressed greedily
// only. A small frame (an indicator, a HUD's spinner) costs little to compress again, and there
// looking ahead, as the choices are and with every pixel that may be drawn again drawn, won most of
// what all the variants win; the greedy parse stays among them, so no frame comes out larger than
// greedily. The variants are independent, so two threads compress half each (each with its own
// dictionary); the smallest is then picked in a fixed order, so the output does not depend on
// scheduling.
import Dispatch

extension GIF.LZWEncoder {
    /// Frames with fewer pixels compress their variants on the calling thread (a thread hop costs more).
    static let minimumSplitCount = 4096

    /// Frames with an error budget and at most this many pixels are also compressed looking ahead
    /// (see the design note); larger ones greedily only.
    static let lossyVariantsCount = 16384

    /// The ways a frame is compressed: the choices under each policy, and which of them are
    /// compressed greedily or looking ahead, in the order that breaks ties (see the design note).
    static func plan(_ choices: GIF.PixelChoices, count: Int, keep: UInt8,
                     budget: Int) -> (variants: [GIF.PixelChoices], jobs: [(variant: Int, lookingAhead: Bool)]) {
        if budget == 0 {
            let variants = [choices, choices.keepingWherePossible(keep), choices.drawingWherePossible(keep),
                            choices.drawingOneColourRuns(keep)]
            return (variants, variants.indices.flatMap { v in [false, true].map { (variant: v, lookingAhead: $0) } })
        }
        guard count <= lossyVariantsCount else { return ([choices], [(0, false)]) }
        // The two look-ahead jobs first, so that the two threads (see `encodeSmallest`) get one each.
        return ([choices, choices.drawingWherePossible(keep)], [(0, true), (1, true), (0, false)])
    }

    /// Compresses `choices` as `encode` does and also as `plan` adds (other policies, looking
    /// ahead); returns the smallest data with the indices it draws (the first planned among equals).
    /// A frame compressed one way only is cut into at least `minimumSegments` segments where each
    /// stays long enough (see `segments`).
    mutating func encodeSmallest(_ choices: GIF.PixelChoices, count: Int, table: GIF.FrameTable,
                                 budget: Int, minimumSegments: Int = 1) -> (data: [UInt8], indices: [UInt8]) {
        let (variants, jobs) = Self.plan(choices, count: count, keep: table.transparent, budget: budget)
        let results = UnsafeMutableBufferPointer<(data: [UInt8], indices: [UInt8])?>.allocate(capacity: jobs.count)
        results.initialize(repeating: nil)
        defer { results.deinitialize(); results.deallocate() }
        /// Compresses the jobs of `part` (of `parts`) with `encoder`: greedy and look-ahead jobs alternate
        /// between the parts, so both get a similar share of the work.
        /// A single job compresses its segments on all cores instead.
        func run(_ encoder: inout GIF.LZWEncoder, part: Int, of parts: Int) {
            for (j, job) in jobs.enumerated() where (j / 2 + j % 2) % parts == part {
                var indices: [UInt8] = []
                let data = encoder.encode(variants[job.variant], count: count, minCodeSize: table.codeSize, colors: table.colors,
                                          budget: budget, lookingAhead: job.lookingAhead,
                                          minimumSegments: jobs.count == 1 ? minimumSegments : 1, parallel: jobs.count == 1,
                                          indices: &indices)
                results[j] = (data, indices)
            }
        }
        if jobs.count > 1 && count >= Self.minimumSplitCount {
            var second = spare.popLast() ?? GIF.LZWEncoder()
            withUnsafeMutablePointer(to: &self) { first in
            withUnsafeMutablePointer(to: &second) { second in
                let encoders = [first, second]
                DispatchQueue.concurrentPerform(iterations: 2) { part in run(&encoders[part].pointee, part: part, of: 2) }
            }}
            spare.append(second)
        } else {
            run(&self, part: 0, of: 1)
        }
        var best = results[0]!
        for r in results.dropFirst() where r!.data.count < best.data.count { best = r! }
        return best
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
