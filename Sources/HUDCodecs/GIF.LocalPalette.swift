// GIF.LocalPalette: a frame's own colour table, for a frame whose new pixels the global palette
// serves badly (a scene change).
//
// Design note: a local table costs its bytes and makes later unchanged pixels depend on colours the
// global palette lacks, so it is used only when it at least halves the squared error of the frame's
// changed pixels.
import CGIF

extension GIF {
    struct LocalPalette {
        /// The table as written (a power of two entries).
        var table: [GifColorType]
        /// Entries as flattened pixels; the transparent index maps to 0.
        var colors: [UInt32]
        /// Nearest local index of every changed pixel of the box (the transparent index elsewhere).
        var indices: [UInt8]
        var transparent: UInt8

        /// A palette for the changed pixels (`needs` non-zero) of the box, when it beats the global
        /// palette's squared error `globalError` by at least half; nil otherwise.
        static func build(_ frame: [UInt32], needs: [UInt8], display: [UInt32], width: Int,
                          box: (x: Int, y: Int, w: Int, h: Int), globalError: Int, maximumColors: Int) -> LocalPalette? {
            var changed: [UInt32] = []
            for y in box.y..<(box.y + box.h) {
                for x in box.x..<(box.x + box.w) {
                    let i = y * width + x
                    if needs[i] != 0 && frame[i] != 0 { changed.append(frame[i]) }
                }
            }
            var stats = ColorStatistics(exactLimit: maximumColors - 1)
            stats.add(changed)
            let p = Palette.build(from: stats, maximumColors: maximumColors)
            let search = PaletteSearch(p.lab)
            let colors = p.colors.map { GIF.opaqueBit | UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) } + [0]
            let t = UInt8(p.transparentIndex)
            var indices = [UInt8](repeating: t, count: box.w * box.h)
            var error = 0
            var memo: [UInt32: UInt8] = [:]
            for y in 0..<box.h {
                for x in 0..<box.w {
                    let i = (y + box.y) * width + x + box.x
                    guard needs[i] != 0 else { continue }
                    let c = frame[i]
                    if c == 0 { continue }
                    let k: UInt8
                    if let m = memo[c] { k = m } else {
                        k = search.nearest(OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)))
                        memo[c] = k
                    }
                    indices[y * box.w + x] = k
                    if colors[Int(k)] != display[i] { error += GIF.squaredError(c, colors[Int(k)]) }
                }
            }
            guard error * 2 < globalError else { return nil }
            var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: p.tableSize)
            for (i, c) in p.colors.enumerated() { table[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
            return LocalPalette(table: table, colors: colors, indices: indices, transparent: t)
        }
    }
}
