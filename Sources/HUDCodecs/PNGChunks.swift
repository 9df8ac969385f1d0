// PNGChunks: the byte-level pieces of PNG that APNG needs and libpng does not offer: chunk framing
// with CRC, row filters, and zlib compression of filtered rows.
//
// Design note: Debian's libpng has no APNG support, so animation frames (fcTL/fdAT) are written here
// with zlib directly. Row filtering follows libpng's heuristic (per row, the filter with the smallest
// sum of absolute signed bytes), which is what makes photographic and gradient rows compress.
import CZlib
import CCodecShims

enum PNGChunks {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    /// A complete chunk: length, type, data, CRC-32 over type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        var out = be32(UInt32(data.count))
        out += t
        out += data
        var crc = crc32(0, nil, 0)
        crc = t.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += be32(UInt32(truncatingIfNeeded: crc))
        return out
    }

    /// zlib-compresses `data` at `level` (memLevel 9, the given strategy).
    static func deflate(_ data: [UInt8], level: Int, strategy: Int32 = Z_DEFAULT_STRATEGY) throws -> [UInt8] {
        var buffer = hud_buffer(data: nil, length: 0, capacity: 0)
        defer { hud_buffer_free(&buffer) }
        let status = data.withUnsafeBufferPointer { hud_deflate($0.baseAddress, $0.count, Int32(level), 9, strategy, &buffer) }
        guard status == Z_OK, let p = buffer.data else {
            throw CodecError.encodeFailed(format: "APNG", reason: "zlib deflate returned \(status)")
        }
        return [UInt8](UnsafeBufferPointer(start: p, count: buffer.length))
    }

    /// Filters rows of `bpp`-byte pixels for PNG. `filter` nil picks per row by the minimum-sum heuristic.
    static func filterRows(_ pixels: [UInt8], width: Int, height: Int, bpp: Int, filter: Int?) -> [UInt8] {
        let stride = width * bpp
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidate = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 5)
        pixels.withUnsafeBufferPointer { px in
            for y in 0..<height {
                let row = y * stride, prior = row - stride
                let choices = filter.map { [$0] } ?? [0, 1, 2, 3, 4]
                var bestSum = Int.max, best = 0
                for f in choices {
                    var sum = 0
                    candidate[f].withUnsafeMutableBufferPointer { c in
                        for i in 0..<stride {
                            let x = px[row + i]
                            let a: UInt8 = i >= bpp ? px[row + i - bpp] : 0
                            let b: UInt8 = y > 0 ? px[prior + i] : 0
                            let cc: UInt8 = (i >= bpp && y > 0) ? px[prior + i - bpp] : 0
                            let v: UInt8
                            switch f {
                            case 0: v = x
                            case 1: v = x &- a
                            case 2: v = x &- b
                            case 3: v = x &- UInt8((Int(a) + Int(b)) >> 1)
                            default:
                                let p = Int(a) + Int(b) - Int(cc)
                                let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(cc))
                                v = x &- ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : cc))
                            }
                            c[i] = v
                            sum += v < 128 ? Int(v) : 256 - Int(v)
                        }
                    }
                    if sum < bestSum { bestSum = sum; best = f }
                }
                out[y * (stride + 1)] = UInt8(best)
                for i in 0..<stride { out[y * (stride + 1) + 1 + i] = candidate[best][i] }
            }
        }
        return out
    }
}
