// Image: the premultiplied RGBA8 pixel buffer that every drawing operation targets.
//
// Design note: pixels are one contiguous `[UInt8]`, 4 bytes a pixel, rows top to bottom with no
// padding, colour premultiplied by alpha in sRGB space (as Core Graphics' default bitmap context).
// Premultiplied storage makes source-over a multiply-add and makes bilinear filtering correct at
// transparent edges. The size limit is checked before allocating so that absurd sizes become a
// typed error, never an allocation failure.

/// Errors raised by the rasterizer for requests it refuses.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// The requested image is larger than `Image.maxDimension` per side or `Image.maxPixels` in all.
    case imageTooLarge(width: Int, height: Int)
    /// A width or height that is zero or negative.
    case invalidImageSize(width: Int, height: Int)
    /// Pixel data whose length does not match width * height * 4.
    case pixelCountMismatch(expected: Int, got: Int)

    public var description: String {
        switch self {
        case let .imageTooLarge(w, h):
            return "image \(w)x\(h) is too large: the limit is \(Image.maxDimension) px a side and \(Image.maxPixels) px in all; use a smaller --size or --scale"
        case let .invalidImageSize(w, h):
            return "image size \(w)x\(h) is invalid: width and height must be at least 1 px"
        case let .pixelCountMismatch(e, g):
            return "pixel data has \(g) bytes but the image needs \(e) (width * height * 4)"
        }
    }
}

/// A premultiplied RGBA8 image.
public struct Image: Hashable, Sendable {
    /// The largest width or height accepted.
    public static let maxDimension = 16_384
    /// The largest number of pixels accepted (64 MP, 256 MiB of RGBA8).
    public static let maxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8, row-major, `width * 4` bytes a row.
    public var pixels: [UInt8]

    /// Checks a size against the limits without allocating.
    public static func validate(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw RasterError.invalidImageSize(width: width, height: height) }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
            throw RasterError.imageTooLarge(width: width, height: height)
        }
    }

    /// A new image filled with `color` (transparent by default).
    public init(width: Int, height: Int, fill color: Color = .clear) throws {
        try Image.validate(width: width, height: height)
        self.width = width
        self.height = height
        let p = color.premultipliedRGBA8
        if p.a == 0 && p.r == 0 && p.g == 0 && p.b == 0 {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buf, n in
                var i = 0
                while i < width * height * 4 { buf[i] = p.r; buf[i + 1] = p.g; buf[i + 2] = p.b; buf[i + 3] = p.a; i += 4 }
                n = width * height * 4
            }
        }
    }

    /// An image whose pixels are not written yet (a canvas writes its background lazily, and not
    /// at all when the first drawing call replaces every pixel).
    init(unwrittenWidth width: Int, height: Int) throws {
        try Image.validate(width: width, height: height)
        self.width = width
        self.height = height
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, n in n = width * height * 4 }
    }

    /// An image over existing premultiplied RGBA8 pixels.
    public init(width: Int, height: Int, premultipliedPixels: [UInt8]) throws {
        try Image.validate(width: width, height: height)
        guard premultipliedPixels.count == width * height * 4 else {
            throw RasterError.pixelCountMismatch(expected: width * height * 4, got: premultipliedPixels.count)
        }
        self.width = width; self.height = height; pixels = premultipliedPixels
    }

    /// An image from straight-alpha RGBA8 pixels (as PNG stores them).
    public init(width: Int, height: Int, straightPixels: [UInt8]) throws {
        try self.init(width: width, height: height, premultipliedPixels: straightPixels)
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
    }

    /// The pixels converted to straight alpha (rounded to nearest), as PNG and GIF want them.
    public func straightPixels() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0 }
                else if a != 255 {
                    p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
                }
                i += 4
            }
        }
        return out
    }

    /// The premultiplied pixel at (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { return false }; i += 4 }
            return true
        }
    }
    /// True when every pixel is opaque and grey (r == g == b).
    public var isOpaqueGray: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                if p[i + 3] != 255 || p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
                i += 4
            }
            return true
        }
    }
}
