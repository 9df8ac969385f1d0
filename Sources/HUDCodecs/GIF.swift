// GIF: the namespace for animated GIF writing and reading, and the options users choose from.
//
// Design note: GIF has 256 colours and 1-bit transparency, so the options are about the two lossy
// steps: how soft alpha becomes on/off (`Background`) and how the palette error is spread
// (`Dithering`). Everything else (palette, frame differencing, disposal, delays) is decided by the
// encoder, because there is one right answer for each.
import HUDRaster

/// Animated GIF encoding and decoding (namespace).
public enum GIF {
    /// How pixel colours that fall between palette entries are rendered.
    public enum Dithering: Sendable, Equatable {
        /// Nearest palette colour: smallest files, gradients may band.
        case none
        /// 8x8 Bayer thresholds between the two palette colours around each colour: the pattern
        /// is tied to pixel positions, so it never crawls between frames; costs some size.
        case ordered
        /// Floyd-Steinberg error diffusion at `strength` (0...1), only over pixels that changed since the
        /// previous frame and never across anti-aliased edges, so static areas do not "dance".
        case errorDiffusion(strength: Double)

        /// The default, chosen by measurement (Scripts/compare_gif.sh): diffusion at reduced strength
        /// where pixels are at rest; pixels that move are drawn with their nearest colour.
        public static let `default` = Dithering.errorDiffusion(strength: 0.8)
    }

    /// How alpha becomes GIF's on/off transparency.
    public enum Background: Sendable, Equatable {
        /// Composite every pixel over `color`: an opaque GIF whose soft edges blend into that colour
        /// (use the colour of the page the GIF will sit on).
        case matte(Color)
        /// Pixels with alpha below `threshold` (0...1) become transparent; the others are drawn with
        /// their colour composited over `matte` (nil: their un-premultiplied colour).
        case transparent(threshold: Double, matte: Color?)

        /// Transparent below 50% alpha, edges un-premultiplied.
        public static let `default` = Background.transparent(threshold: 0.5, matte: nil)
    }

    /// Options for `GIF.Encoder`.
    public struct Options: Sendable, Equatable {
        /// Times the animation plays after the first: 0 loops forever (NETSCAPE2.0); nil plays once
        /// (no loop extension).
        public var loopCount: Int?
        public var dithering: Dithering
        public var background: Background
        /// The largest palette (2...256 entries, one of which is kept for transparency).
        public var maximumColors: Int
        /// Lets a frame carry its own colour table when the global palette serves its new pixels badly
        /// (a scene change) and its own table at least halves their error.
        public var allowsLocalPalettes: Bool
        /// Where the encoder sits between size and fidelity, 0...100. At 100 every changed pixel is
        /// drawn with its (dithered) palette colour. Below, a changed pixel may keep what is shown, or
        /// take another palette colour that lengthens an LZW string, while it stays within an error
        /// budget of its true colour that grows as quality falls and with the palette's own error
        /// (`errorBudget(paletteError:)`; for keeping, a share of it that varies from row to row, so
        /// fades do not show contours). Only pixels whose source changes again in the next frame get
        /// that budget: a pixel that comes to rest is drawn with its own (dithered) palette colour,
        /// since its error stays on screen as long as it rests. Pixels whose source does not change
        /// are never redrawn differently, whatever the quality. When the palette holds every colour exactly, the
        /// default quality and above encode exactly.
        public var quality: Int

        public init(loopCount: Int? = 0, dithering: Dithering = .default, background: Background = .default,
                    maximumColors: Int = 256, allowsLocalPalettes: Bool = true,
                    quality: Int = Options.defaultQuality) {
            self.loopCount = loopCount
            self.dithering = dithering
            self.background = background
            self.maximumColors = maximumColors
            self.allowsLocalPalettes = allowsLocalPalettes
            self.quality = quality
        }

        /// The default quality: chosen with `budgetBase` and `budgetPerPaletteError` by measurement
        /// (Scripts/compare_gif.sh) on hudrender's own animations, for PSNR at or above ffmpeg's
        /// two-pass GIF at fewer bytes than gifsicle -O3 of it, and every full-screen HUD animation
        /// (the mission's balloon job among them) within 0.7x of those bytes. Lower defaults give up
        /// a few tenths of a decibel for a few percent of bytes, but leave WebP's `--quality 90`
        /// less room under half the GIF's size.
        public static let defaultQuality = 72

        /// Largest error per channel (sRGB levels) a changed pixel may keep at quality 0.
        static let maximumChannelError = 16.0

        /// The squared sRGB error (sum over the three channels) a changed pixel may take.
        var errorBudget: Int {
            let e = Double(100 - quality) / 100 * GIF.Options.maximumChannelError
            return Int((3 * e * e).rounded())
        }

        /// A palette whose mean squared error is below this (a few pixels in a thousand one level
        /// off) counts as exact.
        static let exactPaletteError = 0.01
        /// At the default quality a changed pixel may take `budgetBase` plus `budgetPerPaletteError`
        /// times the palette's mean squared error (squared sRGB errors, summed over the channels).
        static let budgetBase = 5.345, budgetPerPaletteError = 13.364

        /// The error budget for a palette whose mean squared error (over the animation's colours,
        /// GIF.Palette) is `paletteError`. Lossy coding's error is added to the palette's own, so a
        /// fixed budget costs an animation of flat UI colours (a small palette error) many decibels
        /// while an animation of gradients (a large one) hardly notices it: the budget grows with the
        /// palette's error instead. Quality scales it by the square of its distance from 100, as it
        /// does the absolute budget (0 at 100, 1x at the default, never above `errorBudget`). When
        /// the palette holds (nearly) every colour exactly, the default quality and above encode
        /// exactly (there the budget bought more bytes than it saved: an exact index repeats from
        /// frame to frame, an approximate one breaks LZW strings), and only a quality below the
        /// default trades fidelity for size, with the absolute budget.
        func errorBudget(paletteError: Double) -> Int {
            if paletteError < Options.exactPaletteError {
                return quality >= Options.defaultQuality ? 0 : errorBudget
            }
            let distance = Double(100 - quality) / Double(100 - Options.defaultQuality)
            let scale = distance * distance
            let relative = scale * (Options.budgetBase + Options.budgetPerPaletteError * paletteError)
            return min(errorBudget, Int(relative.rounded()))
        }

        func validate() throws {
            if let l = loopCount, !(0...65535).contains(l) {
                throw CodecError.invalidOption("GIF loop count \(l) (use 0 for forever, up to 65535)")
            }
            guard (2...256).contains(maximumColors) else {
                throw CodecError.invalidOption("GIF maximum colours \(maximumColors) (use 2 to 256)")
            }
            if case let .errorDiffusion(s) = dithering, !(s >= 0 && s <= 1) {
                throw CodecError.invalidOption("GIF dithering strength \(s) (use 0 to 1)")
            }
            guard (0...100).contains(quality) else {
                throw CodecError.invalidOption("GIF quality \(quality) (use 0 to 100)")
            }
            if case let .transparent(t, _) = background, !(t >= 0 && t <= 1) {
                throw CodecError.invalidOption("GIF alpha threshold \(t) (use 0 to 1)")
            }
        }
    }

    /// A flattened pixel: 0x01RRGGBB when drawn, 0 when transparent.
    static let opaqueBit: UInt32 = 0x0100_0000

    /// Converts a premultiplied image to flattened pixels per `background`.
    static func flatten(_ image: Image, background: Background, into out: inout [UInt32]) {
        let n = image.width * image.height
        // Every element is written below: no need to clear a new buffer first.
        if out.count != n { out = [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n } }
        var threshold = 0, matte: (Int, Int, Int)? = nil
        switch background {
        case let .matte(c):
            threshold = 0
            let p = c.withAlphaComponent(1).premultipliedRGBA8
            matte = (Int(p.r), Int(p.g), Int(p.b))
        case let .transparent(t, m):
            threshold = max(1, Int((t * 255).rounded()))
            if let m { let p = m.withAlphaComponent(1).premultipliedRGBA8; matte = (Int(p.r), Int(p.g), Int(p.b)) }
        }
        image.pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { o in
                let px = raw.bindMemory(to: UInt8.self)
                var i = 0
                // Eight pixels at a time: when all are opaque (most of a UI frame) only the channels
                // move, in vector lanes (memory order R, G, B, A: little-endian words hold A on top).
                while i &+ 8 <= n {
                    let v = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                    if v &>> 24 == SIMD8(repeating: 255) {
                        let c = (v & 0xFF) &<< 16 | (v & 0xFF00) | (v &>> 16) & 0xFF | SIMD8(repeating: opaqueBit)
                        UnsafeMutableRawPointer(o.baseAddress! + i).storeBytes(of: c, as: SIMD8<UInt32>.self)
                    } else {
                        for k in i..<(i &+ 8) { o[k] = flatPixel(px, k, threshold: threshold, matte: matte) }
                    }
                    i &+= 8
                }
                while i < n { o[i] = flatPixel(px, i, threshold: threshold, matte: matte); i += 1 }
            }
        }
    }

    /// Pixel `i` of premultiplied RGBA8 `px` as a flattened pixel (see `flatten`).
    @inline(__always)
    private static func flatPixel(_ px: UnsafeBufferPointer<UInt8>, _ i: Int, threshold: Int, matte: (Int, Int, Int)?) -> UInt32 {
        let r = Int(px[i * 4]), g = Int(px[i * 4 + 1]), b = Int(px[i * 4 + 2]), a = Int(px[i * 4 + 3])
        if a < threshold { return 0 }
        var rr = r, gg = g, bb = b
        if a != 255 {
            if let (mr, mg, mb) = matte {
                let k = 255 - a
                rr = min(255, r + (mr * k + 127) / 255)
                gg = min(255, g + (mg * k + 127) / 255)
                bb = min(255, b + (mb * k + 127) / 255)
            } else if a > 0 {
                rr = min(255, (r * 255 + a / 2) / a)
                gg = min(255, (g * 255 + a / 2) / a)
                bb = min(255, (b * 255 + a / 2) / a)
            }
        }
        return opaqueBit | UInt32(rr) << 16 | UInt32(gg) << 8 | UInt32(bb)
    }
}

extension GIF {
    /// Squared sRGB error between two flattened pixels (transparent against drawn counts as maximal).
    @inline(__always)
    static func squaredError(_ a: UInt32, _ b: UInt32) -> Int {
        if (a ^ b) & opaqueBit != 0 { return 3 * 255 * 255 }
        let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
