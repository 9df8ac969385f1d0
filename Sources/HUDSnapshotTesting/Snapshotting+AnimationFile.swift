// Snapshotting+AnimationFile: golden assertions on an encoded animation file (GIF, APNG or WebP).
//
// Design note: the file is decoded to what a viewer shows (disposal and blending applied) and each
// frame is compared with its numbered PNG reference, so a test can pin the output of an encoder
// without depending on its container's bytes.

import HUDRaster
import HUDCodecs

/// Compares every frame of the animation file at `path` (.gif, .apng/.png or .webp, told apart by
/// content) with its numbered reference; returns a failure message, or nil when all match.
public func verifySnapshot(ofAnimationAt path: String, named name: String, configuration: SnapshotConfiguration = .init(),
                           file: String = #filePath, testName: String = #function) -> String? {
    let animation: DecodedAnimation
    do { animation = try AnimationReader.read(path) } catch {
        return "cannot decode animation \(path): \(error)"
    }
    return verifySnapshot(of: animation.frames, named: name, configuration: configuration, file: file, testName: testName)
}

/// Asserts that every frame of the animation file at `path` matches its numbered reference.
public func assertSnapshot(ofAnimationAt path: String, named name: String, tolerance: SnapshotTolerance = .exact,
                           record: SnapshotRecordMode = .current,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let config = SnapshotConfiguration(record: record, tolerance: tolerance)
    if let message = verifySnapshot(ofAnimationAt: path, named: name, configuration: config, file: "\(file)", testName: testName) {
        SnapshotFailure.report(message, file: file, line: line)
    }
}
