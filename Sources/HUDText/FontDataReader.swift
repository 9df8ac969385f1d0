// FontDataReader: big-endian reads over a font's bytes that check every bound.
//
// Design note: all font parsing goes through this one small type. Every read returns a value or
// throws `FontError.truncated` naming the table being read; offsets are `Int` and additions are
// checked before indexing, so a hostile offset of 0xFFFFFFFF can neither wrap nor trap.

struct FontDataReader {
    let bytes: [UInt8]
    /// The table name used in error messages.
    var table: String

    init(_ bytes: [UInt8], table: String) { self.bytes = bytes; self.table = table }

    /// Throws unless `count` bytes exist at `offset`.
    @inline(__always)
    func check(_ offset: Int, _ count: Int) throws {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw FontError.truncated(table: table, offset: offset)
        }
    }

    @inline(__always)
    func u8(_ o: Int) throws -> UInt8 { try check(o, 1); return bytes[o] }

    @inline(__always)
    func u16(_ o: Int) throws -> UInt16 {
        try check(o, 2)
        return UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1])
    }

    @inline(__always)
    func i16(_ o: Int) throws -> Int16 { Int16(bitPattern: try u16(o)) }

    @inline(__always)
    func u32(_ o: Int) throws -> UInt32 {
        try check(o, 4)
        return UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
    }

    /// A 2.14 fixed-point number (composite glyph scales).
    @inline(__always)
    func f2dot14(_ o: Int) throws -> Double { Double(try i16(o)) / 16384 }

    /// A four-character tag such as `glyf`.
    func tag(_ o: Int) throws -> String {
        try check(o, 4)
        return String(decoding: bytes[o..<o + 4].map { $0 >= 32 && $0 < 127 ? $0 : 63 }, as: UTF8.self)
    }

    /// `base + delta`, throwing instead of overflowing.
    @inline(__always)
    func offset(_ base: Int, _ delta: Int) throws -> Int {
        let (r, o) = base.addingReportingOverflow(delta)
        guard !o, r >= 0, r <= bytes.count else { throw FontError.truncated(table: table, offset: base) }
        return r
    }
}
