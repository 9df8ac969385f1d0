// The benchmark suite's scenes: seeded and reproducible, inside the canvas, scriptable. (No timing.)
import XCTest
@testable import HUDRaster
import HUDRasterBenchmarks

final class RasterBenchmarkTests: XCTestCase {
    func testScenesAreDeterministicAndInsideTheCanvas() {
        for test in RasterBenchmark.Test.allCases {
            let a = RasterBenchmark.scene(for: test, size: 64, operations: 20)
            let b = RasterBenchmark.scene(for: test, size: 64, operations: 20)
            XCTAssertEqual(a.script, b.script, test.name)
            XCTAssertEqual(a.commands.count, 20)
            XCTAssertNotEqual(a.script, RasterBenchmark.scene(for: test, size: 32, operations: 20).script)
            for c in a.commands {
                let p: Path
                switch c { case .fill(let q, _, _), .stroke(let q, _, _): p = q }
                let bb = p.boundingBox
                XCTAssertGreaterThanOrEqual(bb.minX, -20); XCTAssertLessThanOrEqual(bb.maxX, 532)
                XCTAssertGreaterThanOrEqual(bb.minY, -20); XCTAssertLessThanOrEqual(bb.maxY, 620)
                if test.vertexCount > 0 {
                    XCTAssertEqual(p.elements.count, test.vertexCount + 1)   // n points + close
                }
            }
        }
    }

    func testScriptFormat() throws {
        let s = RasterBenchmark.scene(for: .strokePolygon10, size: 16, operations: 3)
        let lines = s.script.split(separator: "\n")
        XCTAssertEqual(lines.count, 3 + 3)
        XCTAssertEqual(lines[1], "size 512 600")
        XCTAssertTrue(lines[3].hasPrefix("stroke 2.0 butt miter 10.0 "))
        XCTAssertTrue(lines[3].hasSuffix(" Z"))
        let dashed = try XCTUnwrap(RasterBenchmark.accuracyScenes().first { $0.name == "Dashes" })
        XCTAssertTrue(dashed.script.contains(" dash 3.0 2 12.0 9.0 "))
    }

    func testAccuracyScenesRender() throws {
        let scenes = RasterBenchmark.accuracyScenes()
        XCTAssertEqual(Set(scenes.map(\.name)).count, scenes.count)
        XCTAssertGreaterThanOrEqual(scenes.count, 40)
        let circles = try XCTUnwrap(scenes.first { $0.name == "Circles" })
        let img = try circles.render()
        XCTAssertEqual(img.width, 256)
        XCTAssertTrue(img.pixels.contains { $0 != 0 })
    }
}
