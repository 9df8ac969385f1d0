// APNG.SampleLayout: one frame's changed box copied out of straight RGBA8 in the file's colour type.
//
// Design note: the encoder copies every frame's box at least once (and twice when blend-OVER is a
// candidate), so the copy works on raw pointers with the layout's choices held in constants (a
// closure call and a checked array access per pixel cost more than the copy itself). For
// blend-OVER, an unchanged pixel becomes the file's "nothing here" value (transparent black, the
// palette's transparent entry or the tRNS colour key), unless it is opaque and repeats the pixel
// written to its left: drawing the same colour again continues a run that deflates better.

extension APNG {
    struct SampleLayout {
        enum Mode { case gray, grayAlpha, rgb, rgba, palette }

        let mode: Mode
        /// The canvas width in pixels (the stride of the RGBA8 frames).
        let width: Int
        /// Palette index of each RGBA colour (R in the top byte), for `.palette`.
        let paletteIndex: [UInt32: UInt8]
        /// The bytes an unchanged pixel is written as in a blend-OVER frame; nil when the file
        /// has none (an opaque file without a free colour key).
        let clear: [UInt8]?

        /// Bytes per pixel in the file.
        var bpp: Int {
            switch mode {
            case .gray, .palette: return 1
            case .grayAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// The box (x0, y0, w, h) of `frame` in the file's layout. With `unchangedSince`, pixels
        /// equal to that frame's are written as `clear` (see the design note); `cleared` tells
        /// whether any was, i.e. whether the result differs from the plain copy.
        func samples(_ frame: [UInt8], unchangedSince previous: [UInt8]? = nil,
                     x0: Int, y0: Int, w: Int, h: Int) -> (bytes: [UInt8], cleared: Bool) {
            let n = bpp
            // Every byte is written below (copyPixel): no zeroing first.
            var out = [UInt8](unsafeUninitializedCapacity: w * h * n) { $1 = $0.count }
            var cleared = false
            let marker = clear ?? [UInt8](repeating: 0, count: n)
            frame.withUnsafeBytes { cur in
            (previous ?? []).withUnsafeBytes { old in
            marker.withUnsafeBufferPointer { mark in
            out.withUnsafeMutableBufferPointer { o in
                let src = cur.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var d = o.baseAddress!
                for y in y0..<(y0 + h) {
                    for x in x0..<(x0 + w) {
                        let i = (y * width + x) * 4
                        copyPixel(src + i, to: d)
                        if previous != nil && cur.loadUnaligned(fromByteOffset: i, as: UInt32.self) == old.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                            && !(x > x0 && src[i + 3] == 255 && repeatsLeft(d, n)) {
                            d.update(from: mark.baseAddress!, count: n)
                            cleared = true
                        }
                        d += n
                    }
                }
            }}}}
            return (out, cleared)
        }

        @inline(__always)
        private func copyPixel(_ s: UnsafePointer<UInt8>, to d: UnsafeMutablePointer<UInt8>) {
            switch mode {
            case .gray: d[0] = s[0]
            case .grayAlpha: d[0] = s[0]; d[1] = s[3]
            case .rgb: d[0] = s[0]; d[1] = s[1]; d[2] = s[2]
            case .rgba: d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = s[3]
            case .palette:
                d[0] = paletteIndex[UInt32(s[0]) << 24 | UInt32(s[1]) << 16 | UInt32(s[2]) << 8 | UInt32(s[3])]!
            }
        }

        /// Whether the `n`-byte pixel at `d` equals the one written before it.
        @inline(__always)
        private func repeatsLeft(_ d: UnsafeMutablePointer<UInt8>, _ n: Int) -> Bool {
            for k in 0..<n where d[k] != d[k - n] { return false }
            return true
        }
    }
}
