// PNGBitmap: decoding the PNG bytes of a colour emoji glyph with libpng's simplified API.
//
// Design note: HUDText cannot use HUDCodecs' decoder without every text user linking the GIF and
// APNG encoders, and emoji strikes are small RGBA PNGs, so libpng's one-call "simplified" reader is
// enough. Output is premultiplied RGBA like every HUDRaster image; corrupt PNGs give nil (the glyph
// is then skipped), never a crash, and dimensions are bounded before any memory is allocated.

import CPNG
import HUDRaster

/// Decodes colour-glyph PNGs.
enum PNGBitmap {
    /// Emoji strikes are 136 px in Noto Color Emoji; anything far larger is refused.
    static let maxDimension = 2048

    static func decode(_ bytes: UnsafeRawBufferPointer) -> Image? {
        var img = png_image()
        img.version = UInt32(PNG_IMAGE_VERSION)
        guard let base = bytes.baseAddress, png_image_begin_read_from_memory(&img, base, bytes.count) != 0 else {
            png_image_free(&img)
            return nil
        }
        let w = Int(img.width), h = Int(img.height)
        guard w > 0, h > 0, w <= maxDimension, h <= maxDimension else { png_image_free(&img); return nil }
        img.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)   // PNG_FORMAT_RGBA
        var straight = [UInt8](repeating: 0, count: w * h * 4)
        let ok = straight.withUnsafeMutableBytes { png_image_finish_read(&img, nil, $0.baseAddress, Int32(w * 4), nil) }
        png_image_free(&img)
        guard ok != 0 else { return nil }
        return try? Image(width: w, height: h, straightPixels: straight)
    }
}
