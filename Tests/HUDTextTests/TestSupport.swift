// Test helpers: DejaVu loading (skipping when fonts-dejavu-core is absent), a tiny TrueType
// builder for synthetic glyphs, and the seeded PRNG of the corruption tests.

import XCTest
@testable import HUDText
import HUDRaster

enum Fonts {
    static let dir = "/usr/share/fonts/truetype/dejavu"
    static let regularPath = dir + "/DejaVuSans.ttf"
    static let boldPath = dir + "/DejaVuSans-Bold.ttf"

    static func bytes(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw XCTSkip("\(path) is not installed: apt-get install fonts-dejavu-core to run this test")
        }
        fclose(f)
        return try FontFace.readFile(path)
    }
    static let nimbusRegularPath = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
    static let nimbusBoldPath = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf"
    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let notoCJKPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// A face from a file Scripts/setup.sh installs; skips (naming the package) when it is absent.
    static func load(_ path: String, package: String, index: Int = 0) throws -> FontFace {
        guard let f = fopen(path, "rb") else { throw XCTSkip("\(path) is not installed: apt-get install \(package) (Scripts/setup.sh)") }
        fclose(f)
        return try FontFace(contentsOf: path, index: index)
    }
    static func regular() throws -> FontFace { try FontFace(data: bytes(regularPath)) }
    static func bold() throws -> FontFace { try FontFace(data: bytes(boldPath)) }
}

/// xorshift64*: the corruption tests' generator. Its sequence is part of those tests (which flips
/// a font survives is what they pin), so it stays apart from the project's SplitMix64.
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

/// Builds minimal TrueType fonts (head, hhea, maxp, hmtx, cmap format 4, loca long, glyf).
struct TinyFont {
    var glyphs: [[UInt8]] = []          // raw glyf records
    var advances: [Int] = []
    var cmap: [(UInt16, UInt16)] = []    // (char, glyph), sorted

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }

    /// A simple glyph of one contour with all points on-curve.
    static func simple(_ points: [(Int, Int)], onCurve: [Bool]? = nil) -> [UInt8] {
        let xs = points.map(\.0), ys = points.map(\.1)
        var g = be16(1) + be16(xs.min()!) + be16(ys.min()!) + be16(xs.max()!) + be16(ys.max()!)
        g += be16(points.count - 1) + be16(0)
        let on = onCurve ?? Array(repeating: true, count: points.count)
        g += on.map { $0 ? 1 : 0 }   // long coordinates, no repeats
        var px = 0, py = 0
        for x in xs { g += be16(x - px); px = x }
        for y in ys { g += be16(y - py); py = y }
        return g
    }

    /// A composite glyph: (child, flags, arg1, arg2, transform words).
    static func composite(_ parts: [(glyph: Int, flags: Int, a1: Int, a2: Int, extra: [Int])]) -> [UInt8] {
        var g = be16(-1 & 0xFFFF) + be16(0) + be16(0) + be16(100) + be16(100)
        for (i, p) in parts.enumerated() {
            var f = p.flags | 0x0001   // ARG_1_AND_2_ARE_WORDS
            if i + 1 < parts.count { f |= 0x0020 }
            g += be16(f) + be16(p.glyph) + be16(p.a1 & 0xFFFF) + be16(p.a2 & 0xFFFF)
            for e in p.extra { g += be16(e & 0xFFFF) }
        }
        return g
    }

    func build() -> [UInt8] {
        let n = glyphs.count
        var glyf: [UInt8] = [], loca: [UInt8] = []
        for g in glyphs {
            loca += TinyFont.be32(glyf.count)
            glyf += g
            if glyf.count % 2 == 1 { glyf.append(0) }
        }
        loca += TinyFont.be32(glyf.count)
        var head = TinyFont.be32(0x10000) + TinyFont.be32(0x10000) + TinyFont.be32(0) + TinyFont.be32(0x5F0F3CF5)
        head += TinyFont.be16(0) + TinyFont.be16(1000) + [UInt8](repeating: 0, count: 16)
        head += TinyFont.be16(0) + TinyFont.be16(0) + TinyFont.be16(1000) + TinyFont.be16(1000)
        head += TinyFont.be16(0) + TinyFont.be16(8) + TinyFont.be16(2) + TinyFont.be16(1) + TinyFont.be16(0)
        var hhea = TinyFont.be32(0x10000) + TinyFont.be16(800) + TinyFont.be16(-200 & 0xFFFF) + TinyFont.be16(0)
        hhea += [UInt8](repeating: 0, count: 24) + TinyFont.be16(n)
        let maxp = TinyFont.be32(0x5000) + TinyFont.be16(n)
        var hmtx: [UInt8] = []
        for a in advances { hmtx += TinyFont.be16(a) + TinyFont.be16(0) }
        // cmap format 4: one segment per mapping plus the 0xFFFF terminator.
        let segs = cmap.map { ($0.0, $0.0, Int($0.1) - Int($0.0)) } + [(0xFFFF, 0xFFFF, 1)]
        var sub = TinyFont.be16(4) + TinyFont.be16(16 + segs.count * 8) + TinyFont.be16(0) + TinyFont.be16(segs.count * 2)
        sub += TinyFont.be16(0) + TinyFont.be16(0) + TinyFont.be16(0)
        for s in segs { sub += TinyFont.be16(Int(s.1)) }
        sub += TinyFont.be16(0)
        for s in segs { sub += TinyFont.be16(Int(s.0)) }
        for s in segs { sub += TinyFont.be16(s.2 & 0xFFFF) }
        for _ in segs { sub += TinyFont.be16(0) }
        let cmapT = TinyFont.be16(0) + TinyFont.be16(1) + TinyFont.be16(3) + TinyFont.be16(1) + TinyFont.be32(12) + sub
        let tables: [(String, [UInt8])] = [("cmap", cmapT), ("glyf", glyf), ("head", head), ("hhea", hhea),
                                           ("hmtx", hmtx), ("loca", loca), ("maxp", maxp)]
        var out = TinyFont.be32(0x10000) + TinyFont.be16(tables.count) + TinyFont.be16(0) + TinyFont.be16(0) + TinyFont.be16(0)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for (tag, data) in tables {
            out += Array(tag.utf8) + TinyFont.be32(0) + TinyFont.be32(offset) + TinyFont.be32(data.count)
            body += data
            while body.count % 4 != 0 { body.append(0) }
            offset = 12 + 16 * tables.count + body.count
        }
        return out + body
    }
}

/// A .ttc of the given fonts (their table offsets shifted past the collection header).
func makeCollection(_ fonts: [[UInt8]]) -> [UInt8] {
    let headerSize = 12 + 4 * fonts.count
    var header = Array("ttcf".utf8) + TinyFont.be32(0x10000) + TinyFont.be32(fonts.count)
    var body: [UInt8] = []
    for f in fonts {
        let base = headerSize + body.count
        header += TinyFont.be32(base)
        var copy = f
        let n = Int(f[4]) << 8 | Int(f[5])
        for i in 0..<n {
            let rec = 12 + 16 * i + 8
            let old = Int(f[rec]) << 24 | Int(f[rec + 1]) << 16 | Int(f[rec + 2]) << 8 | Int(f[rec + 3])
            let new = TinyFont.be32(old + base)
            for k in 0..<4 { copy[rec + k] = new[k] }
        }
        body += copy
        while body.count % 4 != 0 { body.append(0) }
    }
    return header + body
}
