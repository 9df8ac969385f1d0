// GoldenAccuracySceneTests: every accuracy scene of RasterBenchmark (the scenes that
// Scripts/compare_raster.py renders with Skia, cairo, Blend2D and resvg), pinned to the byte.
//
// Design note: these are the scenes whose accuracy was measured against the peers; pinning them
// means a change that moves a pixel of them is seen, and has to be re-measured.

import XCTest
import HUDRaster
import HUDRasterBenchmarks
import HUDSnapshotTesting

final class GoldenAccuracySceneTests: XCTestCase {
    func testEveryScene() throws {
        let scenes = RasterBenchmark.accuracyScenes()
        XCTAssertGreaterThanOrEqual(scenes.count, 40)
        for scene in scenes {
            assertSnapshot(of: try scene.render(), named: scene.name)
        }
    }
}
