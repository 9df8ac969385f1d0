// WebP: the namespace for animated WebP writing and reading through libwebp, and its options.
//
// Design note: WebP keeps full colour and 8-bit alpha, so unlike GIF there is nothing to decide about
// palettes or dithering: the choice is lossless (the default: the file decodes to exactly the
// rendered frames) or lossy at a quality. libwebp compresses each frame's rectangle; sub-frame
// rectangles, blending of unchanged pixels and merging of identical frames are decided by
// `WebP.Encoder`, which muxes the container itself (see WebP+Muxing.swift).

/// Animated WebP encoding and decoding (namespace).
public enum WebP {
    /// Options for `WebP.Encoder`.
    public struct Options: Sendable, Equatable {
        /// Times the animation plays after the first: 0 loops forever; nil plays once.
        public var loopCount: Int?
        /// nil: lossless. 0...100: lossy at this quality (libwebp's scale, 75 being cwebp's default,
        /// encoded with sharp YUV four steps lower: see `WebP.libwebpQuality`).
        public var quality: Int?
        /// libwebp's effort, 0 (fast) ... 6 (smallest).
        public var method: Int

        /// `method` nil picks the default effort for the mode (`defaultLosslessMethod` or
        /// `defaultLossyMethod`).
        public init(loopCount: Int? = 0, quality: Int? = nil, method: Int? = nil) {
            self.loopCount = loopCount
            self.quality = quality
            self.method = method ?? (quality == nil ? Options.defaultLosslessMethod : Options.defaultLossyMethod)
        }

        /// Lossless effort: that of `cwebp` and `img2webp` by default. More buys little here, because
        /// the encoder already chooses each frame's rectangle and blending itself.
        public static let defaultLosslessMethod = 4
        /// Lossy effort: the most. Lossy rectangles are cheap to compress, and the extra search keeps
        /// `--quality 90` at half the GIF's bytes. (Translucent ones are not cheap at this effort and
        /// are compressed with less: see `WebP.lossyConfig`.)
        public static let defaultLossyMethod = 6

        func validate() throws {
            if let l = loopCount, !(0...65535).contains(l) {
                throw CodecError.invalidOption("WebP loop count \(l) (use 0 for forever, up to 65535)")
            }
            if let q = quality, !(0...100).contains(q) {
                throw CodecError.invalidOption("WebP quality \(q) (use 0 to 100, or none for lossless)")
            }
            guard (0...6).contains(method) else { throw CodecError.invalidOption("WebP method \(method) (use 0 to 6)") }
        }
    }
}
