// WebP+Disposal: where a frame differs from the canvas once the previous frame's rectangle is
// disposed, found without building that canvas.
//
// Design note: disposing clears the previous frame's rectangle R to transparent, so a pixel inside R
// differs from the disposed canvas where the new frame is not transparent, and one outside R where
// it differs from the previous frame, which is only inside the previous frame's changed box B. The
// box is therefore found by scanning the box around R and B alone, not the whole canvas twice (once
// to copy it, once to compare): most frames do not go on to try disposal, and those that do build
// the canvas then.

extension WebP {
    /// The box of pixels of `current` that differ from `previous` (both straight RGBA, `width` wide)
    /// with `rect` cleared to transparent, its origin rounded down to even coordinates like
    /// `changedBox`; nil when none differ. `changed` is the box of pixels that differ from `previous`
    /// (nil: none do).
    static func changedBoxAfterDisposal(_ previous: [UInt8], _ current: [UInt8], width: Int,
                                        disposing rect: Rect, changed: Rect?) -> Rect? {
        let scan = changed.map { union($0, rect) } ?? rect
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        current.withUnsafeBytes { c in
            previous.withUnsafeBytes { p in
                let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
                for y in scan.y..<(scan.y + scan.h) {
                    let inRows = y >= rect.y && y < rect.y + rect.h
                    for x in scan.x..<(scan.x + scan.w) {
                        let i = y * width + x
                        let canvas = inRows && x >= rect.x && x < rect.x + rect.w ? 0 : pw[i]
                        if cw[i] == canvas { continue }
                        x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                    }
                }
            }
        }
        if x1 < 0 { return nil }
        let ex = x0 & ~1, ey = y0 & ~1
        return Rect(x: ex, y: ey, w: x1 - ex + 1, h: y1 - ey + 1)
    }

    /// Whether clearing `rect` of `canvas` (straight RGBA, `width` wide) changes anything: some pixel
    /// there is not transparent.
    static func disposalClears(_ canvas: [UInt8], width: Int, rect: Rect) -> Bool {
        canvas.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for y in rect.y..<(rect.y + rect.h) {
                for i in (y * width + rect.x)..<(y * width + rect.x + rect.w) where words[i] != 0 { return true }
            }
            return false
        }
    }

    /// Whether clearing `rect` of `previous` (straight RGBA, `width` wide) clears a pixel that
    /// `current` shows transparent: the disposal then does some of the frame's drawing.
    static func disposalUncovers(_ previous: [UInt8], _ current: [UInt8], width: Int, rect: Rect) -> Bool {
        current.withUnsafeBytes { c in
            previous.withUnsafeBytes { p in
                let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
                for y in rect.y..<(rect.y + rect.h) {
                    for i in (y * width + rect.x)..<(y * width + rect.x + rect.w) where cw[i] == 0 && pw[i] != 0 { return true }
                }
                return false
            }
        }
    }

    /// The smallest rectangle holding both.
    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, w: max(a.x + a.w, b.x + b.w) - x, h: max(a.y + a.h, b.y + b.h) - y)
    }
}
