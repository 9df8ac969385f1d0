// Blur+BoxLanes: the three-box blur's passes, several lines at a time.
//
// Design note: a box pass is a running sum along a line, each step waiting for the one before, so a
// single line runs at the speed of its additions' latency, and the vertical pass used to transpose
// the plane twice to run along columns. Here the vertical pass runs down the plane directly, one
// running sum per column, side by side in memory (independent sums that the compiler puts in
// vector lanes), and the horizontal pass runs four rows at once in the lanes of a vector. Each
// line's sum sees the same values added and subtracted in the same order as the one-line pass,
// and each output is the same product, so every value is the same to the last bit.

extension Blur {
    /// (left reach, right reach) of the three boxes for window `d` (see `boxWindow`).
    static func boxes(window d: Int) -> [(Int, Int)] {
        d % 2 == 1
            ? [((d - 1) / 2, (d - 1) / 2), ((d - 1) / 2, (d - 1) / 2), ((d - 1) / 2, (d - 1) / 2)]
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// The three box passes along every row of `plane` (`w` x `h`), four rows at a time; rows left
    /// over go through `boxPass` alone. `line` holds `w` values, `lanes` `2 w` vectors of scratch.
    static func boxRows(_ plane: UnsafeMutablePointer<Double>, _ w: Int, _ h: Int, boxes: [(Int, Int)],
                        line: UnsafeMutablePointer<Double>, lanes: UnsafeMutablePointer<SIMD4<Double>>) {
        var y = 0
        while y + 4 <= h {
            let rows = (plane + y * w, plane + (y + 1) * w, plane + (y + 2) * w, plane + (y + 3) * w)
            for x in 0..<w { lanes[x] = SIMD4(rows.0[x], rows.1[x], rows.2[x], rows.3[x]) }
            for (lo, hi) in boxes { boxPass(lanes, lanes + w, w, lo, hi) }
            for x in 0..<w {
                let v = lanes[x]
                rows.0[x] = v[0]; rows.1[x] = v[1]; rows.2[x] = v[2]; rows.3[x] = v[3]
            }
            y += 4
        }
        while y < h {
            let row = plane + y * w
            for (lo, hi) in boxes { boxPass(row, line, w, lo, hi) }
            y += 1
        }
    }

    /// The three box passes down every column of `plane` (`w` x `h`): for each box, one running
    /// sum per column in `sums` (`w` values), over a copy of the plane in `copy` (`w` x `h`).
    static func boxColumns(_ plane: UnsafeMutablePointer<Double>, _ w: Int, _ h: Int, boxes: [(Int, Int)],
                           copy: UnsafeMutablePointer<Double>, sums: UnsafeMutablePointer<Double>) {
        for (lo, hi) in boxes {
            let inv = 1 / Double(lo + hi + 1)
            copy.update(from: plane, count: w * h)
            sums.update(repeating: 0, count: w)
            for j in 0...min(hi, h - 1) {
                let src = copy + j * w
                for x in 0..<w { sums[x] += src[x] }
            }
            for y in 0..<h {
                let out = plane + y * w
                let add = y + hi + 1, sub = y - lo
                for x in 0..<w { out[x] = sums[x] * inv }
                if add < h { let src = copy + add * w; for x in 0..<w { sums[x] += src[x] } }
                if sub >= 0 { let src = copy + sub * w; for x in 0..<w { sums[x] -= src[x] } }
            }
        }
    }
}
