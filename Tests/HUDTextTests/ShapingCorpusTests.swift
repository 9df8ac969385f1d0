// HUDText's shaping against HarfBuzz's own hb-shape output (Fixtures/shaping/hb-shape.json, written
// by Scripts/check_shaping.py --write-goldens) for HUD strings in 13 scripts.
//
// Design note: each string is laid out through the whole pipeline (NFC, face, bidi, script
// itemisation, HarfBuzz, visual reordering) at a size of one point per font unit, so every glyph id
// and position must equal hb-shape's exactly: a wrong form, order or offset shows. With
// HUDTEXT_SHAPING_DUMP=FILE the test also writes what it got, for Scripts/check_shaping.py --hudtext.

import XCTest
import Foundation
@testable import HUDText

final class ShapingCorpusTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/shaping").path

    struct Entry { var name, text, font, direction, script: String; var index: Int }

    func corpus() throws -> [Entry] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/corpus.json"))
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return list.map {
            Entry(name: $0["name"] as! String, text: $0["text"] as! String, font: $0["font"] as! String,
                  direction: $0["direction"] as! String, script: $0["script"] as! String, index: $0["index"] as! Int)
        }
    }

    /// [gid, x, y, advance] per glyph in font units, as the goldens store them.
    func shaped(_ e: Entry) throws -> [[Int]]? {
        guard let face = try? FontFace(contentsOf: e.font, index: e.index) else { return nil }
        let layout = TextLayout(e.text, font: Font(face: face, size: Double(face.unitsPerEm), fallbackLibrary: nil))
        XCTAssertEqual(layout.lineCount, 1, e.name)
        XCTAssertEqual(layout.lines[0].isRightToLeft, e.direction == "rtl", e.name)
        return layout.lines[0].glyphs.map { [$0.id, Int($0.x), Int(-$0.y), Int($0.advance)] }
    }

    func testGlyphsAndPositionsEqualHBShape() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/hb-shape.json"))
        let goldens = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [[Int]]])
        var dump: [String: [[Int]]] = [:], checked = Set<String>()
        for e in try corpus() {
            guard let got = try shaped(e) else { continue }   // a font Scripts/setup.sh did not install
            dump[e.name] = got
            checked.insert(e.script)
            let want = try XCTUnwrap(goldens[e.name], "no golden for \(e.name)")
            XCTAssertEqual(got.map { $0[0] }, want.map { $0[0] }, "\(e.name): glyph ids")
            XCTAssertEqual(got, want, "\(e.name): [gid, x, y, advance]")
        }
        if let out = ProcessInfo.processInfo.environment["HUDTEXT_SHAPING_DUMP"] {
            try JSONSerialization.data(withJSONObject: dump, options: [.sortedKeys]).write(to: URL(fileURLWithPath: out))
        }
        guard checked.count >= 10 else { throw XCTSkip("only \(checked.count) scripts' fonts installed: run Scripts/setup.sh") }
    }
}
