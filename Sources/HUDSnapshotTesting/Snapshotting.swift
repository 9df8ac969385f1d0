// Snapshotting: golden-image assertions with the conventions of swift-snapshot-testing.
//
// Design note: `verifySnapshot` does the work and returns a failure message (or nil), so the library
// can be tested without failing its own tests; `assertSnapshot` reports that message to whichever
// test framework is running (XCTest or Swift Testing). References live beside the test file in
// `__Snapshots__/<TestFile>/<test>.<name>.png`; on failure the reference, the actual image and a diff
// image are written to `$HUDRENDER_ARTIFACTS` and their paths are part of the message.

import Foundation
import HUDRaster
import HUDCodecs

/// Where references and artifacts go and how they are compared; the defaults follow the
/// environment (`HUDRENDER_RECORD`, `HUDRENDER_ARTIFACTS`, `CI`).
public struct SnapshotConfiguration: Sendable {
    public var record: SnapshotRecordMode
    public var tolerance: SnapshotTolerance
    /// Overrides the `__Snapshots__/<TestFile>` folder beside the test file.
    public var snapshotDirectory: String?
    /// Where failure artifacts are written; default `$HUDRENDER_ARTIFACTS` or a folder under the
    /// system temporary directory.
    public var artifactsDirectory: String

    public init(record: SnapshotRecordMode = .current, tolerance: SnapshotTolerance = .exact,
                snapshotDirectory: String? = nil, artifactsDirectory: String? = nil) {
        self.record = record
        self.tolerance = tolerance
        self.snapshotDirectory = snapshotDirectory
        self.artifactsDirectory = artifactsDirectory ?? SnapshotConfiguration.defaultArtifactsDirectory
    }

    /// `$HUDRENDER_ARTIFACTS`, or `<tmp>/hudrender-artifacts`.
    public static var defaultArtifactsDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["HUDRENDER_ARTIFACTS"], !dir.isEmpty { return dir }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("hudrender-artifacts")
    }
}

/// Compares `image` with its reference and returns a failure message, or nil when it matches.
///
/// - Parameters:
///   - name: distinguishes several snapshots in one test (`<test>.<name>.png`).
///   - file: the test file (`#filePath`), beside which `__Snapshots__` lives.
///   - testName: the test function (`#function`); parentheses are dropped.
public func verifySnapshot(of image: Image, named name: String, configuration: SnapshotConfiguration = .init(),
                           file: String = #filePath, testName: String = #function) -> String? {
    if let problem = SnapshotRecordMode.environmentProblem() { return problem }
    let store = SnapshotStore(file: file, testName: testName, configuration: configuration)
    return store.verify(image, name: name)
}

/// Compares each frame of an animation with its numbered reference (`<test>.<name>.001.png`, …).
/// A changed frame count is a failure of its own.
public func verifySnapshot(of frames: [Image], named name: String, configuration: SnapshotConfiguration = .init(),
                           file: String = #filePath, testName: String = #function) -> String? {
    if let problem = SnapshotRecordMode.environmentProblem() { return problem }
    let store = SnapshotStore(file: file, testName: testName, configuration: configuration)
    var failures: [String] = []
    for (i, frame) in frames.enumerated() {
        if let f = store.verify(frame, name: name + "." + SnapshotStore.frameNumber(i + 1)) { failures.append(f) }
    }
    // A reference frame beyond the actual count means the animation got shorter.
    let extra = store.referencePath(name: name + "." + SnapshotStore.frameNumber(frames.count + 1))
    if FileManager.default.fileExists(atPath: extra) {
        failures.append("animation '\(name)' has \(frames.count) frames but a reference exists for frame \(frames.count + 1) (\(extra))")
    }
    return failures.isEmpty ? nil : failures.joined(separator: "\n")
}

/// Asserts that `image` matches its reference; reports a failure to XCTest or Swift Testing.
public func assertSnapshot(of image: Image, named name: String, tolerance: SnapshotTolerance = .exact,
                           record: SnapshotRecordMode = .current,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let config = SnapshotConfiguration(record: record, tolerance: tolerance)
    if let message = verifySnapshot(of: image, named: name, configuration: config, file: "\(file)", testName: testName) {
        SnapshotFailure.report(message, file: file, line: line)
    }
}

/// Asserts that every frame of an animation matches its numbered reference.
public func assertSnapshot(of frames: [Image], named name: String, tolerance: SnapshotTolerance = .exact,
                           record: SnapshotRecordMode = .current,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let config = SnapshotConfiguration(record: record, tolerance: tolerance)
    if let message = verifySnapshot(of: frames, named: name, configuration: config, file: "\(file)", testName: testName) {
        SnapshotFailure.report(message, file: file, line: line)
    }
}

/// Asserts that the frame `render(t)` matches its reference: a still of an animation at time `t`,
/// e.g. `assertSnapshot(of: scene.render, at: 0.5, named: "drop-mid")`.
public func assertSnapshot(of render: (Double) throws -> Image, at t: Double, named name: String,
                           tolerance: SnapshotTolerance = .exact, record: SnapshotRecordMode = .current,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    do {
        let image = try render(t)
        assertSnapshot(of: image, named: name, tolerance: tolerance, record: record, file: file, testName: testName, line: line)
    } catch {
        SnapshotFailure.report("rendering '\(name)' at t=\(t) failed: \(error)", file: file, line: line)
    }
}

/// Asserts a whole animation sampled at `times`.
public func assertSnapshot(of render: (Double) throws -> Image, times: [Double], named name: String,
                           tolerance: SnapshotTolerance = .exact, record: SnapshotRecordMode = .current,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    do {
        let frames = try times.map(render)
        assertSnapshot(of: frames, named: name, tolerance: tolerance, record: record, file: file, testName: testName, line: line)
    } catch {
        SnapshotFailure.report("rendering '\(name)' failed: \(error)", file: file, line: line)
    }
}
