// Mask: an A8 coverage bitmap placed in device space.
//
// Design note: a mask covers only the bounding box of what it describes (origin + size), never the
// whole canvas, so clip masks, glyph masks and shadow sources stay cheap on large canvases. Coverage
// is 0...255 with 255 = fully inside; values are linear coverage (not gamma-adjusted).

/// An 8-bit coverage mask at an integer device-space origin.
public struct Mask: Hashable, Sendable {
    /// Device-space column of the mask's first column.
    public var originX: Int
    /// Device-space row of the mask's first row.
    public var originY: Int
    public var width: Int
    public var height: Int
    /// Row-major coverage, `width * height` bytes, 255 = fully covered.
    public var coverage: [UInt8]

    /// A mask over existing coverage. `coverage.count` must be `width * height`
    /// (it is padded with zeros or truncated otherwise, so a bad count never crashes).
    public init(originX: Int, originY: Int, width: Int, height: Int, coverage: [UInt8]) {
        let w = max(0, width), h = max(0, height)
        self.originX = originX; self.originY = originY; self.width = w; self.height = h
        var c = coverage
        if c.count != w * h {
            if c.count > w * h { c.removeLast(c.count - w * h) } else { c += [UInt8](repeating: 0, count: w * h - c.count) }
        }
        self.coverage = c
    }

    /// An all-zero (or all-`value`) mask.
    public init(originX: Int, originY: Int, width: Int, height: Int, value: UInt8 = 0) {
        let w = max(0, width), h = max(0, height)
        self.originX = originX; self.originY = originY; self.width = w; self.height = h
        coverage = [UInt8](repeating: value, count: w * h)
    }

    /// The device-space rectangle the mask occupies.
    public var bounds: Rect { Rect(x: Double(originX), y: Double(originY), width: Double(width), height: Double(height)) }

    /// Coverage at device pixel (x, y); 0 outside the mask.
    @inlinable public func value(atX x: Int, y: Int) -> UInt8 {
        let lx = x - originX, ly = y - originY
        guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
        return coverage[ly * width + lx]
    }

    /// Sum of coverage / 255: the covered area in pixels.
    public var area: Double {
        var s = 0
        for v in coverage { s += Int(v) }
        return Double(s) / 255
    }
}
