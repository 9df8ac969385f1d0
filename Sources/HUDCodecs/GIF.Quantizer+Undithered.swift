// GIF.Quantizer+Undithered: the pixels drawn with their nearest palette colour.
//
// Design note: a fade changes the whole screen every frame and its pixels are drawn undithered, so
// this pass is most of a fade's quantisation. It does nothing else: skip unchanged pixels eight at a
// time, reuse the index of the last colour looked up (flat areas and a fade's rows repeat it), and
// ask the colour cache for the rest.
extension GIF.Quantizer {
    /// Sets `q` to the nearest palette index of each pixel of `rows` that `nd` marks 1 (every marked
    /// pixel with `all`), and to the transparent index where the pixel is transparent.
    mutating func quantizeUndithered(_ rows: Range<Int>, _ f: UnsafeBufferPointer<UInt32>, _ nd: UnsafeBufferPointer<UInt8>,
                                     _ q: UnsafeMutableBufferPointer<UInt8>, all: Bool) {
        let w = width, t = transparent
        var lastColour: UInt32 = 0, lastIndex: UInt8 = 0
        for y in rows {
            let row = y &* w
            var x = 0
            while x < w {
                let i = row &+ x
                if x & 7 == 0 && x &+ 8 <= w && GIF.Lanes.word(nd, i) == 0 { x &+= 8; continue }
                let n = nd[i]
                x &+= 1
                if n == 0 || (!all && n != 1) { continue }
                let c = f[i]
                if c == 0 { q[i] = t; continue }
                if c != lastColour { lastColour = c; lastIndex = nearest(c) }
                q[i] = lastIndex
            }
        }
    }
}
