// GIFPaletteSortTests: median cut's box sort on packed integer keys gives the order of the
// (coordinate, index) comparison it replaced: ties, equal coordinates and signed zeros included.
import XCTest
@testable import HUDCodecs

final class GIFPaletteSortTests: XCTestCase {
    func testPackedKeysSortAsCoordinateThenIndex() {
        var rng = SystemRandomNumberGenerator()
        let values: [Float] = [0, -0.0, 0.5, -0.5, 1e-30, -1e-30, 0.25, 0.25, -0.125, 3]
        let points = (0..<500).map { _ in
            OkLabColor(l: values.randomElement(using: &rng)!, a: Float.random(in: -0.4...0.4, using: &rng),
                       b: values.randomElement(using: &rng)! * Float(Int.random(in: 1...3, using: &rng)))
        }
        for axis in 0..<3 {
            for range in [0..<500, 17..<333, 40..<41, 5..<5] {
                var order = Array(points.indices).shuffled(using: &rng)
                var expected = order
                func key(_ i: Int) -> Float { let p = points[i]; return axis == 0 ? p.l : (axis == 1 ? p.a : p.b) }
                expected[range].sort { (key($0), $0) < (key($1), $1) }
                GIF.Palette.sortBox(&order, range, points, axis: axis)
                XCTAssertEqual(order, expected, "axis \(axis) range \(range)")
            }
        }
    }
}
