// Gzip: reading gzip-compressed files (the display-list corpus is stored compressed).
//
// Design note: zlib's inflate with a gzip wrapper (window bits 15 + 16), output grown in steps;
// a damaged stream throws instead of returning a partial result.
import CZlib

/// gzip decompression (namespace).
public enum Gzip {
    /// Whether `bytes` start with the gzip magic number.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// The decompressed bytes of a gzip stream.
    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CodecError.encodeFailed(format: "gzip", reason: "zlib inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { inp in
            stream.next_in = inp.baseAddress
            stream.avail_in = UInt32(inp.count)
            var s = Z_OK
            repeat {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = UInt32(c.count)
                    s = inflate(&stream, Z_NO_FLUSH)
                    out.append(contentsOf: c[0..<(c.count - Int(stream.avail_out))])
                }
            } while s == Z_OK
            return s
        }
        guard status == Z_STREAM_END else {
            throw CodecError.readFailed(path: "gzip stream", reason: "damaged or truncated (zlib status \(status))")
        }
        return out
    }
}
