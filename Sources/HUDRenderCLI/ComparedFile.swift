// ComparedFile: any image file hudrender writes, read back as frames with delays for `diff`.
//
// Design note: `diff` compares what a viewer would show, so each format is decoded to fully
// composited frames (HUDCodecs' readers apply GIF disposal and APNG blending) and a still PNG is
// a one-frame animation. The format is sniffed from the file's signature, not its name, so a
// mislabelled file is still compared correctly.

import HUDCodecs
import HUDRaster

struct ComparedFile {
    var format: String
    var frames: [Image]
    /// Seconds each frame is shown (0 for a still).
    var delays: [Double]

    static func read(_ path: String, label: String) throws -> ComparedFile {
        let bytes = try InputFile.read(path, label: label)
        do {
            if bytes.starts(with: Array("GIF8".utf8)) {
                let a = try GIF.decode(bytes)
                return ComparedFile(format: "GIF", frames: a.frames, delays: a.durations)
            }
            if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
                let a = try WebP.decode(bytes)
                return ComparedFile(format: "WebP", frames: a.frames, delays: a.durations)
            }
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                if containsChunk("acTL", in: bytes) {
                    let a = try APNG.decode(bytes)
                    return ComparedFile(format: "APNG", frames: a.frames, delays: a.durations)
                }
                return ComparedFile(format: "PNG", frames: [try PNG.decode(bytes)], delays: [0])
            }
        } catch {
            throw RuntimeFailure("\(label) \(path)", error)
        }
        throw RuntimeFailure("\(label) \(path): not a PNG, APNG, GIF or WebP file (its first bytes are not a known signature); give an image hudrender can read")
    }

    /// Whether a PNG stream has a chunk of `type` before its image data.
    static func containsChunk(_ type: String, in bytes: [UInt8]) -> Bool {
        let t = Array(type.utf8)
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let name = Array(bytes[i + 4..<i + 8])
            if name == t { return true }
            if name == Array("IDAT".utf8) { return false }
            i += 12 + length
        }
        return false
    }
}
