// PNGChunks: the byte-level pieces of PNG that APNG needs and libpng does not offer: chunk framing
// with CRC and row filters (zlib compression is in PNGChunks+Deflate).
//
// Design note: Debian's libpng has no APNG support, so animation frames (fcTL/fdAT) are written here
// with zlib directly. Row filtering follows libpng's heuristic (per row, the filter with the smallest
// sum of absolute signed bytes), which is what makes photographic and gradient rows compress. Any
// range of rows can be filtered on its own (a row depends only on itself and the row above), which
// is how the encoder's trials filter just the rows they sample.
import CZlib

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

    /// Filters rows of `bpp`-byte pixels for PNG, each output row led by its filter type: the rows in
    /// `rows` (default: all `height`), which come out as the same bytes as those rows of the whole
    /// image filtered. `filter` nil picks per row by the minimum-sum heuristic; 0 copies.
    /// Each row is copied after `bpp` zero bytes (and the row above likewise, zeros for the first
    /// row), so the left, up and up-left neighbours are plain loads with no edge tests; the
    /// heuristic computes all five filters of a row in one pass (`filterAdaptiveRow`).
    static func filterRows(_ pixels: [UInt8], width: Int, height: Int, bpp: Int, filter: Int?,
                           rows: Range<Int>? = nil) -> [UInt8] {
        let range = rows ?? 0..<height
        if filter == 0 { return unfilteredRows(pixels, rowBytes: width * bpp, rows: range) }
        let stride = width * bpp
        // Every byte (filter type and filtered row) is written below: no zeroing first.
        var out = [UInt8](unsafeUninitializedCapacity: (stride + 1) * range.count) { $1 = $0.count }
        var candidate = [UInt8](repeating: 0, count: 5 * stride)
        var rows = [UInt8](repeating: 0, count: 2 * (stride + bpp))
        pixels.withUnsafeBufferPointer { px in
        out.withUnsafeMutableBufferPointer { o in
        candidate.withUnsafeMutableBufferPointer { cb in
        rows.withUnsafeMutableBufferPointer { rb in
            var cur = rb.baseAddress! + bpp, prev = rb.baseAddress! + stride + 2 * bpp
            let cand = cb.baseAddress!
            if range.lowerBound > 0 { prev.update(from: px.baseAddress! + (range.lowerBound - 1) * stride, count: stride) }
            for (row, y) in range.enumerated() {
                let src = px.baseAddress! + y * stride
                cur.update(from: src, count: stride)
                let only = filter ?? -1
                var best = max(only, 0)
                if only < 0 {
                    let sums = filterAdaptiveRow(cur, prev, stride: stride, bpp: bpp, into: cand)
                    // The first filter with the smallest sum, as when they were tried in order.
                    for f in 1..<5 where sums[f] < sums[best] { best = f }
                } else {
                    filterRow(cur, prev, stride: stride, bpp: bpp, filter: only, into: cand + only * stride)
                }
                o[row * (stride + 1)] = UInt8(best)
                (o.baseAddress! + row * (stride + 1) + 1).update(from: cand + best * stride, count: stride)
                swap(&cur, &prev)
            }
        }}}}
        return out
    }

    /// Writes filter `filter` (1 to 4) of the row at `cur` to `out`; `cur` and `prev` (the row
    /// above) have `bpp` readable bytes before them.
    private static func filterRow(_ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, stride: Int, bpp: Int,
                                  filter: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<stride {
            let x = cur[i], a = cur[i - bpp], b = prev[i], c = prev[i - bpp]
            switch filter {
            case 1: out[i] = x &- a
            case 2: out[i] = x &- b
            case 3: out[i] = x &- UInt8(truncatingIfNeeded: (Int(a) &+ Int(b)) >> 1)
            default:
                let p = Int(a) &+ Int(b) &- Int(c)
                let pa = abs(p &- Int(a)), pb = abs(p &- Int(b)), pc = abs(p &- Int(c))
                out[i] = x &- ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c))
            }
        }
    }

    /// Rows of filter type 0: each row copied after a zero byte.
    private static func unfilteredRows(_ pixels: [UInt8], rowBytes: Int, rows: Range<Int>) -> [UInt8] {
        let count = (rowBytes + 1) * rows.count
        return [UInt8](unsafeUninitializedCapacity: count) { o, initialized in
            pixels.withUnsafeBufferPointer { px in
                for (row, y) in rows.enumerated() {
                    let d = o.baseAddress! + row * (rowBytes + 1)
                    d.initialize(to: 0)
                    (d + 1).initialize(from: px.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
            initialized = count
        }
    }

    /// Bands of 16 filtered rows, one every 64 rows (all rows of an image under 32 rows high): a
    /// sample whose compressed size ranks candidate filterings as the whole frame's does, for a
    /// quarter of the work. Bands this long keep the matches a row finds a few rows up, which is
    /// what ranks unfiltered against filtered rows correctly.
    static func filteredSample(_ pixels: [UInt8], width: Int, height: Int, bpp: Int, filter: Int?) -> [UInt8] {
        if height < 32 { return filterRows(pixels, width: width, height: height, bpp: bpp, filter: filter) }
        var out: [UInt8] = []
        out.reserveCapacity((width * bpp + 1) * (height / 4 + 16))
        for y in Swift.stride(from: 0, to: height, by: 64) {
            out += filterRows(pixels, width: width, height: height, bpp: bpp, filter: filter, rows: y..<min(height, y + 16))
        }
        return out
    }
}
