// WebP+Gates: which candidates are compressed in full, decided by a cheap look first.
//
// Design note: compressing a candidate costs about as much as libwebp's whole work on the frame, so
// the encoder first decides which candidates can win:
// - A rectangle's replaced and blended candidates (but a small rectangle's, which are cheap and get
//   every candidate) are ranked by libwebp's own estimate of their cost (see
//   WebP.EntropyEstimate and `blendGate`), one pass over the pixels. Where libwebp will code the
//   two with different transforms, the estimate compares them poorly (a full-screen fade may then
//   code a fifth smaller blended, or larger), so both are compressed unless the estimates are far
//   apart (`transformChangeBand`). Otherwise blending saves at most what the pixels it makes
//   transparent cost, so it is tried only where they are a fair share of the rectangle
//   (`blendWorthShare`; a palette-coded rectangle is cheap to try anyway), and the estimate follows
//   the compressed sizes closely but leans against the blended candidate (its transparent holes
//   look costlier than they code, but for a palette's one more colour), so the band in which both
//   are compressed sits above parity (`blendBand`). libwebp's least effort (method 0), which ranked
//   these pairs before, codes every rectangle with the same transforms, and so misranks exactly the
//   pairs that matter.
// - A lossy frame's lossless candidates only have to beat its lossy rectangle, so one is compressed
//   (at the lossless effort: on dark interfaces lower efforts code fades larger than lossy, the
//   default effort smaller) only where libwebp's estimate of it is within reach of the lossy
//   size (see `canBeatLossy`). The estimate leaves out the codes' own cost, so it runs below the
//   compressed size of small rectangles, and what LZ77 saves, so it runs up to a fifth above it on
//   large screens of interface (a looser gate would only spend time). libwebp's least effort,
//   which gated this before, can code a dark interface six times larger than its default effort.
// Both gates depend only on pixels and compressed sizes, so the choice never depends on timing.
extension WebP {
    /// The replaced and blended candidates (indices) of a lossless frame that does not dispose the
    /// previous one, for `blendGate` to decide; nil (all candidates are then compressed) for a
    /// rectangle under `costlyArea`, where the extra compression is cheap. There even a few cleared
    /// pixels can make the blend a little smaller (libwebp codes a transparent pixel as its
    /// prediction), by more than the margins of small frames: a thin gradient bar whose pixels
    /// nearly all change still codes smaller blended on many frames.
    static func gatedPair(_ candidates: [Candidate]) -> (replace: Int, blend: Int)? {
        guard let r = candidates.firstIndex(where: { !$0.disposesPrevious && !$0.blend && !$0.lossy }),
              let b = candidates.firstIndex(where: { !$0.disposesPrevious && $0.blend && !$0.lossy }),
              candidates[r].rect == candidates[b].rect,
              candidates[r].rect.area >= costlyArea else { return nil }
        return (r, b)
    }

    /// Which of a rectangle's replaced and blended candidates (straight RGBA, `width` x `height`)
    /// to compress in full, from libwebp's estimates of them (see the design note).
    static func blendGate(replaced: [UInt8], blended: [UInt8], width: Int, height: Int) -> (replace: Bool, blend: Bool) {
        blendGate(replaced: EntropyEstimate(pixels: replaced, width: width, height: height),
                  blended: EntropyEstimate(pixels: blended, width: width, height: height),
                  clearedShare: Double(clearedPixels(replaced: replaced, blended: blended)) / Double(width * height))
    }

    /// `blendGate(replaced:blended:width:height:)` from the two estimates and the share of the
    /// rectangle that blending makes transparent.
    static func blendGate(replaced r: EntropyEstimate, blended b: EntropyEstimate, clearedShare: Double) -> (replace: Bool, blend: Bool) {
        let sameTransforms = r.mode == b.mode
        if sameTransforms && r.mode != .palette && clearedShare < blendWorthShare { return (true, false) }
        let band = sameTransforms ? blendBand : transformChangeBand
        return (replace: !(b.bits < band.lowerBound * r.bits), blend: !(b.bits > band.upperBound * r.bits))
    }

    /// The ratios of the blended estimate to the replaced one within which both candidates are
    /// compressed when libwebp codes the two the same way: below it only the blended one is, above
    /// it only the replaced one.
    static let blendBand = 0.9...1.16

    /// `blendBand` for candidates libwebp codes with different transforms, where the estimate says
    /// less: the compressed sizes went either way from 0.7 to 1.6 times.
    static let transformChangeBand = 0.7...1.6

    /// The least share of a rectangle that blending must make transparent to be tried when libwebp
    /// codes both candidates the same way (but with a palette): blending saves at most what those
    /// pixels cost.
    static let blendWorthShare = 1.0 / 16

    /// How many pixels are transparent in the blended candidate and not in the replaced one.
    static func clearedPixels(replaced: [UInt8], blended: [UInt8]) -> Int {
        replaced.withUnsafeBytes { r in
            blended.withUnsafeBytes { b in
                let rw = r.bindMemory(to: UInt32.self), bw = b.bindMemory(to: UInt32.self)
                var cleared = 0
                for i in rw.indices where bw[i] == 0 && rw[i] != 0 { cleared += 1 }
                return cleared
            }
        }
    }

    /// Whether a lossless candidate libwebp estimates as `estimate` may come out smaller than the
    /// lossy rectangle's `lossy` bytes (`Int.max`: it failed): when its estimate is under a quarter
    /// above them, the most the estimate was seen to exceed a compressed size by.
    static func canBeatLossy(_ estimate: EntropyEstimate, lossy: Int) -> Bool {
        lossy == .max || estimate.bits / 8 < 1.25 * Double(lossy)
    }
}
