// PNG: still images in and out through libpng, with the smallest lossless colour type chosen for you.
//
// Design note: the renderer's pixels are premultiplied; PNG stores straight alpha, so writing
// un-premultiplies with rounding and reading premultiplies again (this pair is exact: every
// premultiplied value survives the round trip). All libpng calls go through CCodecShims, which owns
// the setjmp, so corrupt input is a thrown `CodecError`, never a crash. Encoding happens in memory and
// the file is written by `AtomicFile`.
import HUDRaster
import CCodecShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG reading and writing (namespace).
public enum PNG {
    /// How pixels are stored in the file.
    public enum ColorMode: Sendable, Equatable {
        /// The smallest lossless choice: grayscale for opaque grey images, a palette for 256 colours or
        /// fewer, RGB for opaque images, gray+alpha for grey images with alpha, RGBA otherwise.
        case automatic
        /// Always 8-bit RGBA.
        case rgba
    }

    /// Row filters (PNG filter types); `.adaptive` lets libpng choose per row.
    public enum Filter: Int, Sendable {
        case none = 0, sub, up, average, paeth
        case adaptive = -1
    }

    /// Options for writing.
    public struct WriteOptions: Sendable, Equatable {
        /// zlib level 0 (store) to 9 (smallest).
        public var compressionLevel: Int
        public var filter: Filter
        public var colorMode: ColorMode
        /// Writes an sRGB chunk so viewers do not colour-manage the pixels differently.
        public var includesSRGB: Bool
        public var interlaced: Bool

        public init(compressionLevel: Int = 9, filter: Filter = .adaptive, colorMode: ColorMode = .automatic,
                    includesSRGB: Bool = true, interlaced: Bool = false) {
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.colorMode = colorMode
            self.includesSRGB = includesSRGB
            self.interlaced = interlaced
        }
    }

    /// The PNG file bytes for `image`.
    public static func encode(_ image: Image, options: WriteOptions = WriteOptions()) throws -> [UInt8] {
        guard (0...9).contains(options.compressionLevel) else {
            throw CodecError.invalidOption("PNG compression level \(options.compressionLevel) (use 0 to 9)")
        }
        let straight = image.straightPixels()
        let layout = options.colorMode == .rgba ? Layout.rgba : Layout.choose(image, straight: straight)
        let n = image.width * image.height
        switch layout {
        case .gray:
            var g = [UInt8](repeating: 0, count: n)
            for i in 0..<n { g[i] = straight[i * 4] }
            return try encodeSamples(g, width: image.width, height: image.height, colorType: .gray, options: options)
        case .grayAlpha:
            var g = [UInt8](repeating: 0, count: n * 2)
            for i in 0..<n { g[i * 2] = straight[i * 4]; g[i * 2 + 1] = straight[i * 4 + 3] }
            return try encodeSamples(g, width: image.width, height: image.height, colorType: .grayAlpha, options: options)
        case .rgb:
            var g = [UInt8](repeating: 0, count: n * 3)
            for i in 0..<n { g[i * 3] = straight[i * 4]; g[i * 3 + 1] = straight[i * 4 + 1]; g[i * 3 + 2] = straight[i * 4 + 2] }
            return try encodeSamples(g, width: image.width, height: image.height, colorType: .rgb, options: options)
        case .rgba:
            return try encodeSamples(straight, width: image.width, height: image.height, colorType: .rgba, options: options)
        case let .palette(indices, palette, alphas):
            var opts = options
            if opts.filter == .adaptive { opts.filter = .none } // the PNG spec's advice for palette images
            return try encodeSamples(indices, width: image.width, height: image.height, colorType: .palette,
                                     palette: palette, transparency: alphas, options: opts)
        }
    }

    /// Writes `image` to `path` atomically (a previous file stays intact if anything fails).
    public static func write(_ image: Image, to path: String, options: WriteOptions = WriteOptions()) throws {
        let bytes = try encode(image, options: options)
        try AtomicFile.write(bytes, to: path)
    }

    /// Decodes PNG bytes of any colour type and bit depth (palette, tRNS, 16-bit, gray+alpha,
    /// interlaced) into a premultiplied image. 16-bit samples are rounded to 8 bits.
    public static func decode(_ bytes: [UInt8]) throws -> Image {
        let (w, h, straight) = try decodeStraight(bytes)
        return try Image(width: w, height: h, straightPixels: straight)
    }

    /// Reads and decodes the PNG file at `path`.
    public static func read(_ path: String) throws -> Image {
        try decode(try FileIO.readAll(path))
    }

    // MARK: - Internals shared with APNG and the tests

    /// PNG colour types.
    enum ColorType: Int32 { case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6 }

    /// Straight-alpha RGBA8 pixels of a PNG.
    static func decodeStraight(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>? = nil
        var w: UInt32 = 0, h: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer { buf in
            hud_png_decode(buf.baseAddress, buf.count, UInt32(Image.maxDimension), UInt64(Image.maxPixels),
                           &out, &w, &h, &message, message.count)
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case Int(HUD_OK): break
        case Int(HUD_ERR_TOO_LARGE):
            throw CodecError.imageTooLarge(width: Int(w), height: Int(h), limit: "the limit is \(Image.maxPixels) pixels")
        case Int(HUD_ERR_NOMEM): throw CodecError.corrupt(format: "PNG", reason: "out of memory while decoding")
        default:
            if text.contains("exceeds user limit") || text.contains("too large") {
                throw CodecError.imageTooLarge(width: 0, height: 0, limit: "libpng: \(text); the limit is \(Image.maxDimension) px a side")
            }
            throw CodecError.corrupt(format: "PNG", reason: "libpng: \(text.isEmpty ? "unknown error" : text)")
        }
        guard let p = out else { throw CodecError.corrupt(format: "PNG", reason: "no pixel data") }
        defer { free(p) }
        let count = Int(w) * Int(h) * 4
        let pixels = [UInt8](UnsafeBufferPointer(start: p, count: count))
        return (Int(w), Int(h), pixels)
    }

    /// Encodes raw 8-bit (or packed-below-8 / 16-bit little-endian) samples through libpng.
    static func encodeSamples(_ samples: [UInt8], width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8,
                              palette: [UInt8] = [], transparency: [UInt8] = [],
                              options: WriteOptions = WriteOptions()) throws -> [UInt8] {
        var buffer = hud_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = samples.withUnsafeBufferPointer { s in
            palette.withUnsafeBufferPointer { pal in
                transparency.withUnsafeBufferPointer { trns in
                    hud_png_encode(s.baseAddress, UInt32(width), UInt32(height), colorType.rawValue, Int32(bitDepth),
                                   pal.baseAddress, Int32(palette.count / 3), trns.baseAddress, Int32(transparency.count),
                                   Int32(options.compressionLevel), Int32(options.filter.rawValue),
                                   options.includesSRGB ? 1 : 0, options.interlaced ? 1 : 0,
                                   &buffer, &message, message.count)
                }
            }
        }
        defer { hud_buffer_free(&buffer) }
        guard status == HUD_OK, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CodecError.encodeFailed(format: "PNG", reason: "libpng: \(text.isEmpty ? "error \(status)" : text)")
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// The storage layout chosen for an image.
    enum Layout {
        case gray, grayAlpha, rgb, rgba
        case palette(indices: [UInt8], palette: [UInt8], alphas: [UInt8])

        static func choose(_ image: Image, straight: [UInt8]) -> Layout {
            if image.isOpaqueGray { return .gray }
            if let p = paletted(straight) { return p }
            var gray = true, opaque = true
            straight.withUnsafeBufferPointer { s in
                var i = 0
                while i < s.count {
                    if s[i] != s[i + 1] || s[i] != s[i + 2] { gray = false }
                    if s[i + 3] != 255 { opaque = false }
                    if !gray && !opaque { break }
                    i += 4
                }
            }
            if opaque { return .rgb }
            return gray ? .grayAlpha : .rgba
        }

        /// A palette layout when the image has at most 256 distinct straight RGBA colours.
        static func paletted(_ straight: [UInt8]) -> Layout? {
            var table: [UInt32: UInt8] = [:]
            var colors: [UInt32] = []
            var indices = [UInt8](repeating: 0, count: straight.count / 4)
            let ok: Bool = straight.withUnsafeBufferPointer { s in
                var last: UInt32 = 0, lastIndex: UInt8 = 0, haveLast = false
                for i in 0..<(s.count / 4) {
                    let c = UInt32(s[i * 4]) << 24 | UInt32(s[i * 4 + 1]) << 16 | UInt32(s[i * 4 + 2]) << 8 | UInt32(s[i * 4 + 3])
                    if haveLast && c == last { indices[i] = lastIndex; continue }
                    if let k = table[c] { indices[i] = k; last = c; lastIndex = k; haveLast = true; continue }
                    if colors.count == 256 { return false }
                    let k = UInt8(colors.count)
                    table[c] = k; colors.append(c); indices[i] = k
                    last = c; lastIndex = k; haveLast = true
                }
                return true
            }
            guard ok else { return nil }
            // Translucent entries first so tRNS can stop at the last one.
            let order = colors.indices.sorted { (colors[$0] & 0xFF, $0) < (colors[$1] & 0xFF, $1) }
            var remap = [UInt8](repeating: 0, count: colors.count)
            var palette: [UInt8] = [], alphas: [UInt8] = []
            for (newIndex, old) in order.enumerated() {
                remap[old] = UInt8(newIndex)
                let c = colors[old]
                palette += [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF)]
                alphas.append(UInt8(c & 0xFF))
            }
            while let a = alphas.last, a == 255 { alphas.removeLast() }
            for i in indices.indices { indices[i] = remap[Int(indices[i])] }
            return .palette(indices: indices, palette: palette, alphas: alphas)
        }
    }
}
