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

    /// zlib-compresses `data` at `level` (memLevel 9, the given strategy); `maxChain` > 0 caps level
    /// 9's match search (see `hud_deflate`).
    static func deflate(_ data: [UInt8], level: Int, strategy: Int32 = Z_DEFAULT_STRATEGY, maxChain: Int = 0) throws -> [UInt8] {
        var buffer = hud_buffer(data: nil, length: 0, capacity: 0)
        defer { hud_buffer_free(&buffer) }
        let status = data.withUnsafeBufferPointer {
            hud_deflate($0.baseAddress, $0.count, Int32(level), 9, strategy, Int32(maxChain), &buffer)
        }
        guard status == Z_OK, let p = buffer.data else {
            throw CodecError.encodeFailed(format: "APNG", reason: "zlib deflate returned \(status)")
        }
        return [UInt8](UnsafeBufferPointer(start: p, count: buffer.length))
    }

    /// Every fourth band of eight filtered rows (each `rowBytes` long, filter byte included), or all of
    /// them for short images: a sample that ranks candidate filterings like the whole does, for a
    /// quarter of the compression work.
    static func sampleRows(_ filtered: [UInt8], rowBytes: Int) -> [UInt8] {
        let rows = filtered.count / max(1, rowBytes)
        if rows < 32 { return filtered }
        var out: [UInt8] = []
        out.reserveCapacity(filtered.count / 4 + rowBytes * 8)
        var y = 0
        while y < rows {
            let end = min(rows, y + 8)
            out += filtered[(y * rowBytes)..<(end * rowBytes)]
            y += 32
        }
        return out
    }

    /// Filters rows of `bpp`-byte pixels for PNG. `filter` nil picks per row by the minimum-sum heuristic.
    /// Each row is copied after `bpp` zero bytes (and the row above likewise, zeros for the first
    /// row), so the left, up and up-left neighbours are plain loads with no edge tests, and all
    /// five filters of a row are computed in one pass.
    static func filterRows(_ pixels: [UInt8], width: Int, height: Int, bpp: Int, filter: Int?) -> [UInt8] {
        let stride = width * bpp
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidate = [UInt8](repeating: 0, count: 5 * stride)
        var rows = [UInt8](repeating: 0, count: 2 * (stride + bpp))
        pixels.withUnsafeBufferPointer { px in
        out.withUnsafeMutableBufferPointer { o in
        candidate.withUnsafeMutableBufferPointer { cb in
        rows.withUnsafeMutableBufferPointer { rb in
            var cur = rb.baseAddress! + bpp, prev = rb.baseAddress! + stride + 2 * bpp
            let cand = cb.baseAddress!
            for y in 0..<height {
                let src = px.baseAddress! + y * stride
                cur.update(from: src, count: stride)
                var sums = (0, 0, 0, 0, 0)
                @inline(__always) func cost(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }
                let only = filter ?? -1
                for i in 0..<stride {
                    let x = cur[i], a = cur[i - bpp], b = prev[i], c = prev[i - bpp]
                    if only < 0 || only == 0 { cand[i] = x; sums.0 &+= cost(x) }
                    if only < 0 || only == 1 { let v = x &- a; cand[stride + i] = v; sums.1 &+= cost(v) }
                    if only < 0 || only == 2 { let v = x &- b; cand[2 * stride + i] = v; sums.2 &+= cost(v) }
                    if only < 0 || only == 3 {
                        let v = x &- UInt8(truncatingIfNeeded: (Int(a) &+ Int(b)) >> 1)
                        cand[3 * stride + i] = v; sums.3 &+= cost(v)
                    }
                    if only < 0 || only == 4 {
                        let p = Int(a) &+ Int(b) &- Int(c)
                        let pa = abs(p &- Int(a)), pb = abs(p &- Int(b)), pc = abs(p &- Int(c))
                        let v = x &- ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c))
                        cand[4 * stride + i] = v; sums.4 &+= cost(v)
                    }
                }
                var best = max(only, 0)
                if only < 0 {
                    // The first filter with the smallest sum, as when they were tried in order.
                    let all = [sums.0, sums.1, sums.2, sums.3, sums.4]
                    for f in 1..<5 where all[f] < all[best] { best = f }
                }
                o[y * (stride + 1)] = UInt8(best)
                (o.baseAddress! + y * (stride + 1) + 1).update(from: cand + best * stride, count: stride)
                swap(&cur, &prev)
            }
        }}}}
        return out
    }
}
