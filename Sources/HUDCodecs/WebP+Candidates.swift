// WebP+Candidates: the ways to draw a lossless frame over the canvas (see WebP.Candidate), each
// with the pixels of its rectangle, ready for libwebp.
//
// Design note: the canvas a frame is drawn over is known exactly (lossless frames decode to what
// was rendered), so every candidate is exact by construction: its rectangle is the box of pixels
// that differ from that canvas, and it blends only when every differing pixel is opaque (blending
// a translucent pixel would mix it with the old one). Disposal clears the previous frame's
// rectangle; a frame whose pixels there became transparent then needs to draw less.

extension WebP {
    /// The box of pixels that differ between two straight RGBA frames, its origin rounded down to even
    /// coordinates (WebP stores frame offsets halved); nil when the frames are identical.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Rect? {
        guard let box = FrameDifference.box(b, a, width: width, height: height, checkOpacity: false) else { return nil }
        let x0 = box.x0 & ~1, y0 = box.y0 & ~1
        return Rect(x: x0, y: y0, w: box.x1 - x0 + 1, h: box.y1 - y0 + 1)
    }

    /// How many pixels of the box are unchanged, when the box can be drawn blended: every changed
    /// pixel opaque; nil otherwise.
    static func unchangedPixels(_ canvas: [UInt8], _ current: [UInt8], width: Int, box: Rect) -> Int? {
        var unchanged = 0
        let ok = current.withUnsafeBytes { c in
            canvas.withUnsafeBytes { p in
                let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
                for y in box.y..<(box.y + box.h) {
                    for i in (y * width + box.x)..<(y * width + box.x + box.w) {
                        if cw[i] == pw[i] { unchanged += 1 } else if c[i * 4 + 3] != 255 { return false }
                    }
                }
                return true
            }
        }
        return ok ? unchanged : nil
    }

    /// The pixels of `box` in `current` (straight RGBA, `width` wide); `blend` makes the pixels that
    /// equal `canvas` transparent so the canvas shows through.
    static func rectangle(_ current: [UInt8], _ canvas: [UInt8], width: Int, box: Rect, blend: Bool) -> [UInt8] {
        var rect = [UInt8](repeating: 0, count: box.area * 4)
        current.withUnsafeBytes { c in
        canvas.withUnsafeBytes { p in
        rect.withUnsafeMutableBytes { r in
            let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
            let rw = r.bindMemory(to: UInt32.self)
            for y in 0..<box.h {
                for x in 0..<box.w {
                    let s = (y + box.y) * width + x + box.x
                    if blend && cw[s] == pw[s] { continue }
                    rw[y * box.w + x] = cw[s]
                }
            }
        }}}
        return rect
    }

    /// `canvas` (straight RGBA, `width` wide) with `rect` cleared to transparent, as a viewer has it
    /// after disposing a frame drawn there; nil when the rectangle is transparent already.
    static func disposed(_ canvas: [UInt8], width: Int, rect: Rect) -> [UInt8]? {
        var out = canvas
        var cleared = false
        out.withUnsafeMutableBytes { o in
            let ow = o.bindMemory(to: UInt32.self)
            for y in rect.y..<(rect.y + rect.h) {
                for i in (y * width + rect.x)..<(y * width + rect.x + rect.w) where ow[i] != 0 {
                    ow[i] = 0
                    cleared = true
                }
            }
        }
        return cleared ? out : nil
    }

    /// The candidates for drawing `current` over `canvas`: replacing its changed box, and blending
    /// over it when that is exact and leaves something transparent (when `exhaustive` is false, only
    /// the blend choices of `blendChoices`). Where nothing differs, a single blended pixel still has
    /// to be drawn (a frame cannot be empty).
    static func candidates(over canvas: [UInt8], current: [UInt8], width: Int, height: Int,
                           disposing: Rect? = nil, exhaustive: Bool = true) -> [(Candidate, [UInt8])] {
        candidates(over: canvas, current: current, width: width,
                   box: drawnBox(changedBox(canvas, current, width: width, height: height)),
                   disposing: disposing, exhaustive: exhaustive)
    }

    /// The rectangle a frame draws, given its changed box (nil: nothing changed, one pixel).
    static func drawnBox(_ changed: Rect?) -> Rect { changed ?? Rect(x: 0, y: 0, w: 1, h: 1) }

    /// `candidates(over:current:width:height:disposing:exhaustive:)` when the box drawn over
    /// `canvas` is already known. `disposing` is the previous frame's rectangle that `canvas` has
    /// cleared (nil: none).
    static func candidates(over canvas: [UInt8], current: [UInt8], width: Int, box: Rect,
                           disposing: Rect?, exhaustive: Bool) -> [(Candidate, [UInt8])] {
        let unchanged = unchangedPixels(canvas, current, width: width, box: box)
        let blends = !exhaustive ? blendChoices(unchanged: unchanged, area: box.area)
            : unchanged == box.area ? [true] : (unchanged ?? 0) > 0 ? [false, true] : [false]
        let drawn = blends.map { blend in
            (Candidate(rect: box, blend: blend, disposing: disposing),
             rectangle(current, canvas, width: width, box: box, blend: blend))
        }
        // Where every unchanged pixel is transparent on both sides (a first frame over the empty
        // canvas), blending draws the same pixels to the same effect: one of the two is enough.
        return drawn.count == 2 && drawn[0].1 == drawn[1].1 ? [drawn[0]] : drawn
    }

    /// The largest canvas whose frames get every candidate. Each candidate costs about as much as
    /// the frame it draws, so on larger canvases the extra ones would cost more time than libwebp's
    /// single candidate takes, for little: there a lossless frame is drawn over the previous frame
    /// as it is (replaced or blended, as `WebP.blendGate` lets them), and after disposing it only
    /// where the disposal clears pixels the frame shows transparent (see `disposingCandidates`);
    /// a lossy frame's lossless candidates blend as `blendChoices` says.
    static let exhaustiveArea = 1 << 17

    /// The ways to draw a lossy frame's box losslessly when not every candidate is compressed, with
    /// `unchanged` of its `area` pixels unchanged (nil: it cannot blend), true meaning blended.
    /// Blending tends to win when most of the box is unchanged and replacing when little is; between
    /// the two, both are compressed.
    static func blendChoices(unchanged: Int?, area: Int) -> [Bool] {
        guard let unchanged, unchanged > 0 else { return [false] }
        if unchanged * 4 >= area * 3 { return [true] }
        if unchanged * 4 < area { return [false] }
        return [false, true]
    }

    /// The candidates for a lossless frame: over the previous frame as it is (replacing and, where
    /// that is exact, blending; the encoder's gate decides which of the two are compressed), then
    /// over it with `previousRect` (where the previous frame is assumed drawn) disposed, where
    /// `disposingCandidates` finds that worth trying.
    /// `changed` is the box of pixels that differ from `previous` when the caller knows it.
    static func losslessCandidates(previous: [UInt8], current: [UInt8], width: Int, height: Int,
                                   previousRect: Rect, changed: Rect? = nil) -> [(Candidate, [UInt8])] {
        let changed = changed ?? changedBox(previous, current, width: width, height: height)
        let plain = candidates(over: previous, current: current, width: width, box: drawnBox(changed),
                               disposing: nil, exhaustive: true)
        return plain + disposingCandidates(previous: previous, current: current, width: width, changed: changed,
                                           plain: plain, disposing: previousRect)
    }

    /// The candidates for drawing `current` after the previous frame, drawn in `rect` over
    /// `previous`, is disposed, when that clears anything and `triesDisposal` allows; `plain` are the
    /// candidates over `previous` as it is. One that draws the same pixels in the same rectangle as
    /// a plain one is left out (disposal would change nothing).
    /// On a canvas larger than `exhaustiveArea`, where every candidate costs a large compression,
    /// disposal is tried only where it clears pixels that the frame shows transparent (see
    /// `disposalUncovers`): on an opaque animation it would only make the frame draw again what
    /// the disposal cleared.
    static func disposingCandidates(previous: [UInt8], current: [UInt8], width: Int, changed: Rect?,
                                    plain: [(Candidate, [UInt8])], disposing rect: Rect) -> [(Candidate, [UInt8])] {
        let large = previous.count / 4 > exhaustiveArea
        guard large ? disposalUncovers(previous, current, width: width, rect: rect)
                    : disposalClears(previous, width: width, rect: rect) else { return [] }
        let box = drawnBox(changed)
        let disposedBox = changedBoxAfterDisposal(previous, current, width: width, disposing: rect, changed: changed)
        guard triesDisposal(box: disposedBox, plain: box, onLargeCanvas: large,
                            paletteCoded: EntropyEstimate(pixels: plain[0].1, width: box.w, height: box.h).mode == .palette),
              let canvas = disposed(previous, width: width, rect: rect) else { return [] }
        return candidates(over: canvas, current: current, width: width, box: drawnBox(disposedBox), disposing: rect, exhaustive: true)
            .filter { d in !plain.contains { $0.0.rect == d.0.rect && $0.1 == d.1 } }
    }

    /// The smallest rectangle (pixels) whose compression costs enough to be worth sparing.
    static let costlyArea = 1 << 14

    /// Whether a frame is also drawn after disposing the previous one, whose changed box over the
    /// disposed canvas is `box` (nil: none) and over the canvas as it is `plain`. Disposal seldom
    /// wins unless it draws a smaller rectangle. Where it does not, it is tried on a small canvas
    /// only while its rectangle is cheap to compress (small frames, where the margins are thinnest):
    /// `paletteCoded` (evaluated only then) says whether libwebp would code the plain rectangle with
    /// a palette; otherwise it searches predictors and colour transforms, several times the work per
    /// pixel, and on such rectangles the disposing candidates won seldom and by a few bytes when
    /// they did. `onLargeCanvas`, it is tried while its rectangle is at most an eighth larger:
    /// libwebp then tiles and codes the rectangle differently, which wins a few bytes now and then
    /// where the added pixels are transparent, and a rectangle much larger pays for its pixels.
    static func triesDisposal(box: Rect?, plain: Rect, onLargeCanvas: Bool = false,
                              paletteCoded: @autoclosure () -> Bool) -> Bool {
        guard let box else { return true }
        if box.area < plain.area { return true }
        return onLargeCanvas ? box.area * 8 <= plain.area * 9 : box.area < costlyArea && paletteCoded()
    }
}
