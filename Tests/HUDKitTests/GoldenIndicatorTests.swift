// GoldenIndicatorTests: every NVActivityIndicatorView type, pinned at four phases of its period.
//
// Design note: an indicator is a loop, so a single still cannot tell a wrong phase offset or
// keyframe curve from a right one; four frames a quarter period apart can. Each is drawn alone on a
// transparent 64 pt square (the 48 pt frame plus room for types that scale beyond it), at 2x for the
// sequences and once at 1x, where thin strokes and small balls are hardest to keep clean.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenIndicatorTests: XCTestCase {
    func scene(_ type: ActivityIndicatorType, scale: Double, color: Color? = nil) throws -> IndicatorScene {
        let screen = try Screen(size: Size(width: 64, height: 64), scale: scale, backdrop: .transparent)
        return try IndicatorScene(screen: screen, type: type, color: color, indicatorSize: 48)
    }

    func testEveryTypeOverAPeriod() throws {
        XCTAssertEqual(ActivityIndicatorType.allCases.count, 11, "a new type needs its goldens")
        for type in ActivityIndicatorType.allCases {
            let s = try scene(type, scale: 2)
            let p = s.indicator.period
            assertSnapshot(of: s.render, times: [0, p / 4, p / 2, 3 * p / 4], named: "\(type.id)-2x")
        }
    }

    func testEveryTypeAt1x() throws {
        for type in ActivityIndicatorType.allCases {
            let s = try scene(type, scale: 1)
            assertSnapshot(of: s.render, at: s.indicator.period / 3, named: "\(type.id)-1x")
        }
    }

    /// GGProgressHUD's own pairing: the red audio equalizer.
    func testColoured() throws {
        let s = try scene(.audioEqualizer, scale: 2, color: .red)
        assertSnapshot(of: s.render, at: 1.0, named: "audio-equalizer-red-2x")
    }
}
