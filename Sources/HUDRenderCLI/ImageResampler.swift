// ImageResampler: area-averaging downscale for contact-sheet thumbnails.
//
// Design note: bilinear sampling skips pixels when shrinking by more than 2x, which makes thin
// strokes and text shimmer; averaging each output pixel's exact footprint (premultiplied, so
// transparent edges do not darken) keeps thumbnails faithful at any ratio. Deterministic integer-
// free arithmetic order, so results are the same on every run.

import HUDRaster

enum ImageResampler {
    /// `image` scaled to `width` x `height` (each at most the source's) by area averaging.
    static func downscale(_ image: Image, width: Int, height: Int) throws -> Image {
        if width == image.width && height == image.height { return image }
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let src = image.pixels
        for oy in 0..<height {
            let y0 = Double(oy) * sy, y1 = y0 + sy
            for ox in 0..<width {
                let x0 = Double(ox) * sx, x1 = x0 + sx
                var acc = (0.0, 0.0, 0.0, 0.0), total = 0.0
                var y = Int(y0)
                while Double(y) < y1 && y < image.height {
                    let wy = min(Double(y + 1), y1) - max(Double(y), y0)
                    var x = Int(x0)
                    while Double(x) < x1 && x < image.width {
                        let w = wy * (min(Double(x + 1), x1) - max(Double(x), x0))
                        let i = (y * image.width + x) * 4
                        acc.0 += w * Double(src[i]); acc.1 += w * Double(src[i + 1])
                        acc.2 += w * Double(src[i + 2]); acc.3 += w * Double(src[i + 3])
                        total += w
                        x += 1
                    }
                    y += 1
                }
                let o = (oy * width + ox) * 4
                if total > 0 {
                    let a = min(255, (acc.3 / total).rounded())
                    out[o + 3] = UInt8(a)
                    out[o] = UInt8(min(a, (acc.0 / total).rounded()))
                    out[o + 1] = UInt8(min(a, (acc.1 / total).rounded()))
                    out[o + 2] = UInt8(min(a, (acc.2 / total).rounded()))
                }
            }
        }
        return try Image(width: width, height: height, premultipliedPixels: out)
    }
}
