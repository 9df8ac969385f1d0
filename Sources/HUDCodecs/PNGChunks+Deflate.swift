// PNGChunks+Deflate: zlib compression of filtered rows, with a tunable match search.
//
// Design note: zlib's level 9 walks hash chains of up to 4096 entries; on rendered frames that
// search costs most of the time for a few bytes, so the APNG encoder caps it (`MatchSearch`) through
// deflateTune. The stream is set up here with zlib's own calls (as Gzip does for inflate) so the
// encoder chooses every search parameter.
import CZlib

extension PNGChunks {
    /// deflateTune's parameters: chains are searched up to `maxChain` entries, a quarter of that
    /// when the match already found is at least `goodLength` long; a match of `niceLength` ends
    /// the search; no lazy search is tried after a match of `maxLazy`.
    struct MatchSearch {
        var goodLength: Int32, maxLazy: Int32, niceLength: Int32, maxChain: Int32

        /// Level 9's lazy matching over chains of 256 (zlib's: 4096), 64 once a match of 8 is found.
        static let capped = MatchSearch(goodLength: 8, maxLazy: 258, niceLength: 258, maxChain: 256)
    }

    /// zlib-compresses `data` at `level` (window 32 KiB, memLevel 9, default strategy), with
    /// `search` replacing the level's own match search when given.
    static func deflate(_ data: [UInt8], level: Int, search: MatchSearch? = nil) throws -> [UInt8] {
        var z = z_stream()
        var status = deflateInit2_(&z, Int32(level), Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw deflateError(status) }
        defer { deflateEnd(&z) }
        if let s = search {
            status = deflateTune(&z, s.goodLength, s.maxLazy, s.niceLength, s.maxChain)
            guard status == Z_OK else { throw deflateError(status) }
        }
        let capacity = Int(deflateBound(&z, uLong(data.count))) + 16
        let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { output, produced in
            data.withUnsafeBufferPointer { input in
                z.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                z.avail_in = uInt(input.count)
                z.next_out = output.baseAddress
                z.avail_out = uInt(capacity)
                status = CZlib.deflate(&z, Z_FINISH)
            }
            produced = capacity - Int(z.avail_out)
        }
        guard status == Z_STREAM_END else { throw deflateError(status == Z_OK ? Z_BUF_ERROR : status) }
        // A copy of the exact size: the buffer was sized for incompressible input.
        return Array(buffer)
    }

    private static func deflateError(_ status: Int32) -> CodecError {
        CodecError.encodeFailed(format: "APNG", reason: "zlib deflate returned \(status)")
    }
}
