// FontFace: one parsed TrueType face (a .ttf file, or one font of a .ttc collection).
//
// Design note: a face is immutable once loaded, so one instance is shared by every size, thread
// and frame. Loading validates the table directory and every table the renderer reads (head,
// hhea, maxp, hmtx, cmap, loca, glyf, kern / GPOS) up front, turning a truncated or corrupt file
// into a typed `FontError` at load time; glyph outlines are decoded lazily (and cached by the
// glyph cache) because a HUD uses a few dozen of a font's thousands of glyphs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import HUDRaster

/// A parsed TrueType / OpenType (glyf outlines) font face, like a `CTFontDescriptor` resolved to a file.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// Font files larger than this are refused (the largest CJK fonts are ~30 MB).
    public static let maxFileSize = 256 * 1024 * 1024

    /// Font design units per em (2048 for DejaVu).
    public let unitsPerEm: Int
    /// Typographic ascender from `hhea`, in font units (positive, above the baseline).
    public let ascender: Int
    /// Typographic descender from `hhea`, in font units (negative, below the baseline).
    public let descender: Int
    /// Extra gap between lines from `hhea`, in font units.
    public let lineGap: Int
    /// Number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int
    /// The family name from the `name` table (e.g. "DejaVu Sans"), when present.
    public let familyName: String?
    /// The style name from the `name` table (e.g. "Bold"), when present.
    public let styleName: String?
    /// Height of the lowercase 'x' (top of its outline), in font units; nil when the face has no 'x'.
    /// Small sizes snap it to whole pixels (light vertical hinting) for crisp x-height edges.
    public let xHeight: Int?
    /// The file this face was read from, when it came from a file.
    public let path: String?
    /// Which font of a collection this is (0 for plain .ttf files).
    public let index: Int

    /// A process-unique identity, used as glyph cache key (never reused, unlike an address).
    let id: Int
    let data: [UInt8]
    let cmap: CharacterMap
    let kerning: KerningTable
    let advances: [UInt16]
    /// `loca`: glyph i spans glyf[locations[i] ..< locations[i+1]] (absolute offsets).
    let locations: [Int]
    let glyfEnd: Int

    private static let nextID = Atomic<Int>(1)

    /// Parses a font file (.ttf, .otf with glyf outlines, or one face of a .ttc collection).
    public convenience init(contentsOf path: String, index: Int = 0) throws {
        try self.init(data: FontFace.readFile(path), index: index, path: path)
    }

    /// Parses font bytes (.ttf, .otf with glyf outlines, or one face of a .ttc collection).
    public convenience init(data: [UInt8], index: Int = 0) throws {
        try self.init(data: data, index: index, path: nil)
    }

    /// The number of faces in a font file's bytes: 1 for a .ttf, the count for a .ttc.
    public static func faceCount(in data: [UInt8]) throws -> Int {
        let r = FontDataReader(data, table: "header")
        if try r.u32(0) == 0x7474_6366 { return Int(try r.u32(8)) }
        return 1
    }

    init(data: [UInt8], index: Int, path: String?) throws {
        var r = FontDataReader(data, table: "header")
        var dir = 0
        let signature = try r.u32(0)
        if signature == 0x7474_6366 {   // 'ttcf'
            let n = Int(try r.u32(8))
            guard index >= 0, index < n else { throw FontError.fontIndexOutOfRange(index: index, count: n) }
            dir = Int(try r.u32(12 + 4 * index))
        } else if index != 0 {
            throw FontError.fontIndexOutOfRange(index: index, count: 1)
        }
        let flavour = try r.u32(dir)
        switch flavour {
        case 0x0001_0000, 0x7472_7565 /* true */: break
        case 0x4F54_544F /* OTTO */: throw FontError.missingTable("glyf")
        default: throw FontError.notAFont(signature: flavour)
        }
        let tableCount = Int(try r.u16(dir + 4))
        try r.check(dir + 12, tableCount * 16)
        var tables: [String: (offset: Int, length: Int)] = [:]
        for i in 0..<tableCount {
            let rec = dir + 12 + 16 * i
            let tag = try r.tag(rec)
            let off = Int(try r.u32(rec + 8)), len = Int(try r.u32(rec + 12))
            r.table = tag
            try r.check(off, len)
            tables[tag] = (off, len)
        }
        func table(_ tag: String, minLength: Int) throws -> Int {
            guard let t = tables[tag] else { throw FontError.missingTable(tag) }
            guard t.length >= minLength else { throw FontError.truncated(table: tag, offset: t.offset + t.length) }
            r.table = tag
            return t.offset
        }

        let head = try table("head", minLength: 54)
        guard try r.u32(head + 12) == 0x5F0F_3CF5 else { throw FontError.malformedTable("head", reason: "bad magic number") }
        let upem = Int(try r.u16(head + 18))
        guard (16...16384).contains(upem) else { throw FontError.malformedTable("head", reason: "unitsPerEm \(upem)") }
        let locaFormat = try r.i16(head + 50)
        guard locaFormat == 0 || locaFormat == 1 else { throw FontError.malformedTable("head", reason: "indexToLocFormat \(locaFormat)") }

        let maxp = try table("maxp", minLength: 6)
        let numGlyphs = Int(try r.u16(maxp + 4))
        guard numGlyphs > 0 else { throw FontError.malformedTable("maxp", reason: "no glyphs") }

        let hhea = try table("hhea", minLength: 36)
        let asc = Int(try r.i16(hhea + 4)), desc = Int(try r.i16(hhea + 6)), gap = Int(try r.i16(hhea + 8))
        let numberOfHMetrics = Int(try r.u16(hhea + 34))
        guard numberOfHMetrics > 0, numberOfHMetrics <= numGlyphs else {
            throw FontError.malformedTable("hhea", reason: "numberOfHMetrics \(numberOfHMetrics) for \(numGlyphs) glyphs")
        }
        let hmtx = try table("hmtx", minLength: 4 * numberOfHMetrics)
        var adv = [UInt16](repeating: 0, count: numGlyphs)
        for g in 0..<numberOfHMetrics { adv[g] = try r.u16(hmtx + 4 * g) }
        for g in numberOfHMetrics..<numGlyphs { adv[g] = adv[numberOfHMetrics - 1] }

        let locaSize = locaFormat == 0 ? 2 : 4
        let loca = try table("loca", minLength: (numGlyphs + 1) * locaSize)
        guard let glyf = tables["glyf"] else { throw FontError.missingTable("glyf") }
        var locs = [Int](repeating: 0, count: numGlyphs + 1)
        for g in 0...numGlyphs {
            let v = locaFormat == 0 ? Int(try r.u16(loca + 2 * g)) * 2 : Int(try r.u32(loca + 4 * g))
            guard v <= glyf.length else {
                throw FontError.malformedTable("loca", reason: "glyph \(g) starts at \(v), beyond glyf's \(glyf.length) bytes")
            }
            locs[g] = glyf.offset + v
        }

        let cmapOffset = try table("cmap", minLength: 4)
        cmap = try CharacterMap(reader: r, base: cmapOffset, length: tables["cmap"]!.length, glyphCount: numGlyphs)
        kerning = try KerningTable(bytes: data, gpos: tables["GPOS"], kern: tables["kern"])

        var family: String? = nil, style: String? = nil
        if let name = tables["name"] {
            family = FontFace.name(data, table: name.offset, id: 16) ?? FontFace.name(data, table: name.offset, id: 1)
            style = FontFace.name(data, table: name.offset, id: 17) ?? FontFace.name(data, table: name.offset, id: 2)
        }

        // yMax from the 'x' glyph's header (a composite or blank 'x' gives no x-height).
        var xh: Int? = nil
        let xGlyph = cmap.glyph(for: 0x78)
        if xGlyph > 0, locs[xGlyph + 1] - locs[xGlyph] >= 10, let top = try? r.i16(locs[xGlyph] + 8), top > 0, Int(top) < upem {
            xh = Int(top)
        }
        self.xHeight = xh
        self.unitsPerEm = upem
        self.ascender = asc; self.descender = desc; self.lineGap = gap
        self.glyphCount = numGlyphs
        self.advances = adv
        self.locations = locs
        self.glyfEnd = glyf.offset + glyf.length
        self.familyName = family; self.styleName = style
        self.path = path; self.index = index
        self.data = data
        self.id = FontFace.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    public static func == (l: FontFace, r: FontFace) -> Bool { l.id == r.id }
    public func hash(into h: inout Hasher) { h.combine(id) }

    public var description: String {
        "FontFace(\(familyName ?? "?") \(styleName ?? ""), \(glyphCount) glyphs\(path.map { ", " + $0 } ?? ""))"
    }

    // MARK: - Metrics

    /// The glyph id for a Unicode scalar, or 0 (.notdef) when the face has none.
    public func glyph(for scalar: Unicode.Scalar) -> Int { cmap.glyph(for: scalar.value) }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// Advance width of a glyph in font units (`hmtx`).
    public func advance(ofGlyph g: Int) -> Int { g >= 0 && g < advances.count ? Int(advances[g]) : 0 }

    /// Pair kerning between two glyphs in font units (GPOS `kern` feature, else the `kern` table);
    /// `latin` selects the lookups a Latin run uses (fonts such as DejaVu enable more pairs there).
    public func kerning(left: Int, right: Int) -> Int { kerning.adjustment(left: left, right: right, script: .latin) }

    func kerning(left: Int, right: Int, script: KerningScript) -> Int {
        kerning.adjustment(left: left, right: right, script: script)
    }

    /// Whether the face carries pair kerning at all.
    public var hasKerning: Bool { !kerning.isEmpty }

    // MARK: - Files

    /// Reads a whole file with stdio (no Foundation).
    static func readFile(_ path: String) throws -> [UInt8] {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw FontError.unreadableFile(path: path, reason: "not a regular file")
        }
        guard let f = fopen(path, "rb") else {
            throw FontError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(f) }
        guard fseek(f, 0, SEEK_END) == 0 else { throw FontError.unreadableFile(path: path, reason: "not a regular file") }
        let size = ftell(f)
        guard size >= 0 else { throw FontError.unreadableFile(path: path, reason: "not a regular file") }
        guard size <= FontFace.maxFileSize else {
            throw FontError.unreadableFile(path: path, reason: "\(size) bytes is larger than the \(FontFace.maxFileSize)-byte limit")
        }
        rewind(f)
        var bytes = [UInt8](repeating: 0, count: size)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, f) }
        guard got == size else { throw FontError.unreadableFile(path: path, reason: "short read (\(got) of \(size) bytes)") }
        return bytes
    }

    /// A best-effort name record (Windows Unicode or Mac Roman); nil when absent or unreadable.
    private static func name(_ data: [UInt8], table: Int, id: Int) -> String? {
        let r = FontDataReader(data, table: "name")
        guard let count = try? Int(r.u16(table + 2)), let strings = try? Int(r.u16(table + 4)) else { return nil }
        var mac: String? = nil
        for i in 0..<count {
            let rec = table + 6 + 12 * i
            guard let platform = try? r.u16(rec), let encoding = try? r.u16(rec + 2), let lang = try? r.u16(rec + 4),
                  let nameID = try? r.u16(rec + 6), let len = try? Int(r.u16(rec + 8)),
                  let off = try? Int(r.u16(rec + 10)), Int(nameID) == id else { continue }
            let start = table + strings + off
            guard (try? r.check(start, len)) != nil else { continue }
            let raw = Array(data[start..<start + len])
            if platform == 3, encoding == 1 || encoding == 10, lang == 0x409 || mac == nil {
                var units: [UInt16] = []
                for k in stride(from: 0, to: raw.count - 1, by: 2) { units.append(UInt16(raw[k]) << 8 | UInt16(raw[k + 1])) }
                let s = String(decoding: units, as: UTF16.self)
                if lang == 0x409 { return s }
                mac = s
            } else if platform == 1, encoding == 0, mac == nil {
                mac = String(decoding: raw.map { $0 < 128 ? $0 : 63 }, as: UTF8.self)
            }
        }
        return mac
    }
}
