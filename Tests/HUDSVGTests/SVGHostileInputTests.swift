// Hostile input for the SVG reader and renderer: every fuzz seed (Fixtures/fuzz/svg) renders small
// or fails with a typed SVGError, and the bombs (entity expansion, deep nesting, <use> fan-out)
// are stopped by their limits instead of eating memory or time.
//
// Design note: the seeds are what the SVG fuzzer starts from; here they run deterministically,
// through both routes the fuzzer uses (renderImage at 32 px and a rotated, clipped canvas).

import XCTest
import Foundation
@testable import HUDSVG
import HUDRaster

final class SVGHostileInputTests: XCTestCase {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/svg").path

    func seed(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fuzzFolder + "/" + name)))
    }

    func render(_ doc: SVGDocument) throws -> Image {
        _ = try doc.renderImage(width: 32)
        let canvas = try Canvas(width: 24, height: 24)
        canvas.clip(to: Rect(x: 2, y: 2, width: 20, height: 20))
        canvas.translateBy(x: 12, y: 12)
        canvas.rotate(by: 0.5)
        doc.render(in: canvas, rect: Rect(x: -10, y: -10, width: 20, height: 20))
        return canvas.image
    }

    func testEverySeedRendersOrFailsTyped() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 8)
        let drawsInk: Set = ["shapes.svg", "path.svg", "gradients.svg", "use_css.svg", "clip_mask_pattern.svg"]
        for name in names {
            do {
                let image = try render(try SVGDocument(data: seed(name)))
                if drawsInk.contains(name) {
                    XCTAssertGreaterThan(image.pixels.reduce(0) { $0 + Int($1) }, 0, "\(name) drew nothing")
                }
            } catch {
                XCTAssertTrue(error is SVGError, "\(name): untyped error \(error)")
                XCTAssertFalse(drawsInk.contains(name), "\(name) should render: \(error)")
            }
        }
    }

    func testBombsHitTheirLimits() throws {
        XCTAssertThrowsError(try SVGDocument(data: seed("entity_bomb.svg"))) { error in
            guard case SVGError.entityExpansionLimit = error else { return XCTFail("expected entityExpansionLimit, got \(error)") }
        }
        XCTAssertThrowsError(try SVGDocument(data: seed("deep.svg"))) { error in
            guard case SVGError.nestingTooDeep = error else { return XCTFail("expected nestingTooDeep, got \(error)") }
        }
        XCTAssertThrowsError(try SVGDocument(data: seed("unclosed.svg"))) { error in
            guard case SVGError.malformedXML = error else { return XCTFail("expected malformedXML, got \(error)") }
        }
        // 3^12 <use> copies are cut off by the render budget; a self-reference draws nothing more.
        _ = try render(try SVGDocument(data: seed("use_bomb.svg")))
    }

    /// Every prefix of a valid document fails typed or renders.
    func testEveryTruncationFailsTyped() throws {
        let bytes = try seed("clip_mask_pattern.svg")
        for n in stride(from: 0, to: bytes.count, by: 5) {
            do { _ = try render(try SVGDocument(data: Array(bytes[..<n]))) } catch {
                XCTAssertTrue(error is SVGError, "prefix \(n): untyped error \(error)")
            }
        }
    }
}
