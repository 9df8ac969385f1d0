// AnimationReader: decodes an animation file of any format hudrender writes, told apart by its first
// bytes (not its name), into composed frames.
//
// Design note: golden tests and comparisons care about what a viewer shows, not the container, so one
// entry point serves GIF, APNG (a PNG decodes as one frame) and WebP.

/// Reads GIF, APNG/PNG or WebP files into full frames.
public enum AnimationReader {
    /// Decodes `bytes`, choosing the decoder by signature.
    public static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
        if bytes.starts(with: Array("GIF8".utf8)) { return try GIF.decode(bytes) }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try WebP.decode(bytes)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            if let a = try? APNG.decode(bytes) { return a }
            return DecodedAnimation(frames: [try PNG.decode(bytes)], durations: [0], plays: 1)
        }
        throw CodecError.corrupt(format: "animation", reason: "not a GIF, PNG/APNG or WebP file (unknown signature)")
    }

    /// Reads and decodes the file at `path`.
    public static func read(_ path: String) throws -> DecodedAnimation { try decode(try FileIO.readAll(path)) }
}
