// Inputs the codec fuzzers found, kept as regression tests (the inputs live in Fixtures/fuzz).
//
// Design note: a trap inside the decoder would kill the test process, so simply decoding the input
// is the regression check; the assertions add what a correct decode must look like.

import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class CodecsFuzzRegressionTests: XCTestCase {
    /// FuzzGIF, first second of fuzzing (before 14983bb): a frame whose box lies outside the
    /// logical screen trapped on "Range requires lowerBound <= upperBound" when disposed to
    /// background (GIF.Decoder.swift, the disposal loop). Fixed in 14983bb; the input stays here.
    func testFrameOutsideTheScreenDisposesWithoutTrapping() throws {
        let bytes = try readBytes(CodecsHostileInputTests.fuzzFolder + "/gif/crash-disposal-outside-canvas.gif")
        do {
            let anim = try GIF.decode(bytes)
            XCTAssertFalse(anim.frames.isEmpty)
            XCTAssertEqual(anim.frames.count, anim.durations.count)
            for f in anim.frames {
                XCTAssertEqual([f.width, f.height], [6, 5], "every frame is the full logical screen")
            }
        } catch {
            XCTAssertTrue(error is CodecError, "untyped error \(error)")
        }
    }
}
