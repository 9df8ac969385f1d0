// FontFace: one font face (a .ttf / .otf file, or one face of a .ttc / .otc collection), read by HarfBuzz.
//
// Design note: HarfBuzz is the one font engine: it reads cmap, metrics, GSUB / GPOS, and the glyph
// outlines of TrueType (glyf), CFF and CFF2 faces through its draw API, so no table is parsed by hand
// here. A face is immutable once loaded (HarfBuzz objects are made immutable and are thread-safe to
// share), so one instance serves every size, thread and frame. Loading checks up front what the
// renderer relies on (a font signature, head, hhea, maxp, cmap and an outline or colour-bitmap table)
// and turns a truncated or corrupt file into a typed `FontError`; what HarfBuzz's sanitizer rejects
// inside a table reads as empty, so hostile data never crashes, it draws as nothing or as the box.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import CHarfBuzz
import HUDSupport

/// A font face read by HarfBuzz (TrueType, CFF or CFF2 outlines), like a `CTFontDescriptor` resolved to a file.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: the HarfBuzz face and font are made immutable at load time, after which HarfBuzz
    // documents them as safe to use from any thread; nothing else in the class is mutable.

    /// Font files larger than this are refused (the largest CJK collections are ~30 MB).
    public static let maxFileSize = 256 * 1024 * 1024

    /// Font design units per em (2048 for DejaVu, 1000 for most CFF faces).
    public let unitsPerEm: Int
    /// Ascender in font units (positive, above the baseline): `hhea`, or OS/2's typographic value
    /// when the font asks for it (USE_TYPO_METRICS), as HarfBuzz and Core Text read it.
    public let ascender: Int
    /// Descender in font units (negative, below the baseline).
    public let descender: Int
    /// Extra gap between lines in font units.
    public let lineGap: Int
    /// Number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int
    /// The family name from the `name` table (e.g. "Nimbus Sans"), when present.
    public let familyName: String?
    /// The style name from the `name` table (e.g. "Bold"), when present.
    public let styleName: String?
    /// Height of the lowercase 'x' (top of its outline) in font units; nil when the face has no 'x'.
    /// Small sizes snap it to whole pixels (light vertical hinting) for crisp x-height edges.
    public let xHeight: Int?
    /// The file this face was read from, when it came from a file.
    public let path: String?
    /// Which face of a collection this is (0 for single-face files).
    public let index: Int
    /// The OS/2 weight class (400 regular, 700 bold).
    public let weightClass: Int
    /// Whether glyphs come as colour PNG bitmaps (CBDT / sbix, e.g. Noto Color Emoji).
    public let hasColorBitmaps: Bool

    /// A process-unique identity, used as glyph cache key (never reused, unlike an address).
    let id: Int
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer

    private static let nextID = Atomic<Int>(1)

    /// Reads a font file: a .ttf or .otf, or face `index` of a .ttc / .otc collection.
    public convenience init(contentsOf path: String, index: Int = 0) throws {
        try self.init(data: FontFace.readFile(path), index: index, path: path)
    }

    /// Reads font bytes: a .ttf or .otf, or face `index` of a collection.
    public convenience init(data: [UInt8], index: Int = 0) throws {
        try self.init(data: data, index: index, path: nil)
    }

    /// The number of faces in a font file's bytes: 1 for a .ttf / .otf, the count for a collection.
    public static func faceCount(in data: [UInt8]) throws -> Int {
        try FontFace.checkSignature(data)
        let blob = FontFace.blob(data)
        defer { hb_blob_destroy(blob) }
        return Int(hb_face_count(blob))
    }

    init(data: [UInt8], index: Int, path: String?) throws {
        try FontFace.checkSignature(data)
        let blob = FontFace.blob(data)
        defer { hb_blob_destroy(blob) }
        let count = Int(hb_face_count(blob))
        guard index >= 0, index < max(count, 1) else { throw FontError.fontIndexOutOfRange(index: index, count: count) }
        try FontFace.checkTableDirectory(data, index: index)
        let face = hb_face_create(blob, UInt32(index))!
        do {
            try FontFace.validate(face)
        } catch {
            hb_face_destroy(face)
            throw error
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        hbFace = face
        hbFont = font

        unitsPerEm = Int(hb_face_get_upem(face))
        glyphCount = Int(hb_face_get_glyph_count(face))
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = Int(extents.descender)
        lineGap = Int(extents.line_gap)
        familyName = FontFace.name(face, ids: [16, 1])
        styleName = FontFace.name(face, ids: [17, 2])
        hasColorBitmaps = hb_ot_color_has_png(face) != 0
        let wght = hb_style_get_value(font, hb_style_tag_t(rawValue: FontFace.tag("wght")))
        weightClass = wght.isFinite ? Int(wght) : 400
        var xh: Int? = nil
        var x: hb_codepoint_t = 0, box = hb_glyph_extents_t()
        if hb_font_get_nominal_glyph(font, 0x78, &x) != 0, hb_font_get_glyph_extents(font, x, &box) != 0,
           box.y_bearing > 0, Int(box.y_bearing) < unitsPerEm {
            xh = Int(box.y_bearing)
        }
        xHeight = xh
        self.path = path
        self.index = index
        id = FontFace.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    public static func == (l: FontFace, r: FontFace) -> Bool { l.id == r.id }
    public func hash(into h: inout Hasher) { h.combine(id) }

    public var description: String {
        "FontFace(\(familyName ?? "?") \(styleName ?? ""), \(glyphCount) glyphs\(path.map { ", " + $0 } ?? ""))"
    }

    // MARK: - Metrics

    /// The glyph id for a Unicode scalar, or 0 (.notdef) when the face has none.
    public func glyph(for scalar: Unicode.Scalar) -> Int {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &g) != 0 ? Int(g) : 0
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// Advance width of a glyph in font units (`hmtx`, or the variable font's default instance).
    public func advance(ofGlyph g: Int) -> Int {
        g >= 0 && g < glyphCount ? Int(hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(g))) : 0
    }

    /// The ink box of a glyph in font units, y up (nil for blank glyphs and bad ids).
    public func extents(ofGlyph g: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var e = hb_glyph_extents_t()
        guard g >= 0, g < glyphCount, hb_font_get_glyph_extents(hbFont, hb_codepoint_t(g), &e) != 0,
              e.width != 0, e.height != 0 else { return nil }
        // HarfBuzz gives the top-left corner and a negative height (y up).
        return (Int(e.x_bearing), Int(e.y_bearing + e.height), Int(e.width), Int(-e.height))
    }

    // MARK: - Loading

    /// A table's length in bytes (0 when absent; HarfBuzz hands back the raw table).
    func tableLength(_ tag: String) -> Int {
        let blob = hb_face_reference_table(hbFace, FontFace.tag(tag))
        defer { hb_blob_destroy(blob) }
        return Int(hb_blob_get_length(blob))
    }

    static func tag(_ s: String) -> hb_tag_t {
        s.utf8.prefix(4).reduce(0) { ($0 << 8) | UInt32($1) }
    }

    /// HarfBuzz's own copy of `data` (so the face outlives the array).
    static func blob(_ data: [UInt8]) -> OpaquePointer {
        data.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                hb_blob_create($0, UInt32(buf.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)!
            }
        }
    }

    /// Refuses data that is no sfnt font or collection (HarfBuzz would read it as an empty face).
    static func checkSignature(_ data: [UInt8]) throws {
        guard data.count >= 12 else { throw FontError.truncated(table: "header", offset: data.count) }
        let sig = data[0..<4].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        switch sig {
        case 0x0001_0000, 0x7472_7565 /* true */, 0x4F54_544F /* OTTO */, 0x7474_6366 /* ttcf */: break
        default: throw FontError.notAFont(signature: sig)
        }
        guard data.count <= maxFileSize, data.count < Int(UInt32.max) else {
            throw FontError.malformedTable("header", reason: "\(data.count) bytes is larger than the \(maxFileSize)-byte limit")
        }
    }

    /// Every table the face's directory lists must lie within the data: HarfBuzz would quietly
    /// shorten a cut-off table, and a font cut short in transit should be an error, not half-drawn.
    static func checkTableDirectory(_ data: [UInt8], index: Int) throws {
        func u32(_ at: Int) throws -> Int {
            guard at >= 0, at + 4 <= data.count else { throw FontError.truncated(table: "header", offset: at) }
            return data[at..<at + 4].reduce(0) { ($0 << 8) | Int($1) }
        }
        var dir = 0
        if try u32(0) == 0x7474_6366 { dir = try u32(12 + 4 * index) }
        let tables = try u32(dir + 4) >> 16
        for i in 0..<tables {
            let rec = dir + 12 + 16 * i
            let offset = try u32(rec + 8), length = try u32(rec + 12)
            guard offset + length <= data.count else {
                let tag = String(decoding: data[rec..<rec + 4], as: UTF8.self)
                throw FontError.truncated(table: tag, offset: data.count)
            }
        }
    }

    /// The checks that make a face usable: the tables every glyph needs, with sane values.
    private static func validate(_ face: OpaquePointer) throws {
        func length(_ t: String) -> Int {
            let b = hb_face_reference_table(face, tag(t))
            defer { hb_blob_destroy(b) }
            return Int(hb_blob_get_length(b))
        }
        for (t, minimum) in [("head", 54), ("hhea", 36), ("maxp", 6), ("cmap", 4)] {
            let n = length(t)
            guard n > 0 else { throw FontError.missingTable(t) }
            guard n >= minimum else { throw FontError.truncated(table: t, offset: n) }
        }
        let upem = hb_face_get_upem(face)
        guard (16...16384).contains(upem) else { throw FontError.malformedTable("head", reason: "unitsPerEm \(upem)") }
        guard hb_face_get_glyph_count(face) > 0 else { throw FontError.malformedTable("maxp", reason: "no glyphs") }
        let outlines = (length("glyf") > 0 && length("loca") > 0) || length("CFF ") > 0 || length("CFF2") > 0
            || length("CBDT") > 0 || length("sbix") > 0
        guard outlines else { throw FontError.missingTable("glyf") }
    }

    /// The first present name record among `ids` (English when there is one).
    private static func name(_ face: OpaquePointer, ids: [UInt32]) -> String? {
        for id in ids {
            for lang in [hb_language_from_string("en", -1), nil] {
                var length: UInt32 = 128
                var buf = [CChar](repeating: 0, count: Int(length) + 1)
                let total = hb_ot_name_get_utf8(face, id, lang, &length, &buf)
                if total > 0 { return String(cString: buf) }
            }
        }
        return nil
    }

    /// Reads a whole font file (regular files only: a font is never a stream).
    static func readFile(_ path: String) throws -> [UInt8] {
        do { return try FileBytes.read(path, limit: FontFace.maxFileSize, regularOnly: true) } catch {
            throw FontError.unreadableFile(path: path, reason: error.reason)
        }
    }
}
