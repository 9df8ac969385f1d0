import XCTest
import Foundation
import HUDRaster
import HUDCodecs
@testable import HUDSnapshotTesting

final class RecordModeTests: XCTestCase {
    private var root = ""
    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "snapshot-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func config(_ mode: SnapshotRecordMode, tolerance: SnapshotTolerance = .exact) -> SnapshotConfiguration {
        SnapshotConfiguration(record: mode, tolerance: tolerance, snapshotDirectory: root + "/snaps", artifactsDirectory: root + "/artifacts")
    }
    private func square(_ c: Color) -> Image {
        var img = try! Image(width: 6, height: 6, fill: .white)
        img[2, 2] = c.premultipliedRGBA8
        return img
    }
    private var refPath: String { root + "/snaps/testCase.square.png" }

    func testEnvironmentParsing() throws {
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment(["CI": "true"]), .never)
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment(["CI": "true", "HUDRENDER_RECORD": "all"]), .all)
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment(["HUDRENDER_RECORD": "FAILED"]), .failed)
        XCTAssertThrowsError(try SnapshotRecordMode.fromEnvironment(["HUDRENDER_RECORD": "sometimes"])) { error in
            XCTAssertTrue("\(error)".contains("use all, missing, failed or never"))
        }
    }

    /// Issue 26 item 3: a mistyped HUDRENDER_RECORD (`true`, `yes`) fails every assertion with the
    /// reason instead of being taken as `never`.
    func testMistypedRecordModeFailsTheAssertion() throws {
        XCTAssertNotNil(SnapshotRecordMode.environmentProblem(["HUDRENDER_RECORD": "yes"]))
        XCTAssertNil(SnapshotRecordMode.environmentProblem(["HUDRENDER_RECORD": "missing"]))
        let saved = ProcessInfo.processInfo.environment["HUDRENDER_RECORD"]
        setenv("HUDRENDER_RECORD", "true", 1)
        defer { if let saved { setenv("HUDRENDER_RECORD", saved, 1) } else { unsetenv("HUDRENDER_RECORD") } }
        _ = verifySnapshot(of: square(.red), named: "square", configuration: config(.all), testName: "testCase()")
        let msg = try XCTUnwrap(verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()"))
        XCTAssertTrue(msg.contains("HUDRENDER_RECORD=true is not a record mode"), msg)
        XCTAssertFalse(FileManager.default.fileExists(atPath: refPath), "nothing is recorded")
    }

    func testMissingRecordsAndStillFailsThenPasses() {
        let first = verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()")
        XCTAssertNotNil(first)
        XCTAssertTrue(first!.contains("recorded"), first!)
        XCTAssertTrue(FileManager.default.fileExists(atPath: refPath))
        XCTAssertNil(verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()"))
    }

    func testNeverFailsWhenMissingAndWritesNothing() {
        let msg = verifySnapshot(of: square(.red), named: "square", configuration: config(.never), testName: "testCase()")
        XCTAssertNotNil(msg)
        XCTAssertTrue(msg!.contains("no reference"), msg!)
        XCTAssertFalse(FileManager.default.fileExists(atPath: refPath))
    }

    func testMismatchWritesThreeArtifactsAndNamesThem() throws {
        _ = verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()")
        let msg = try XCTUnwrap(verifySnapshot(of: square(.blue), named: "square", configuration: config(.never), testName: "testCase()"))
        for kind in ["reference", "actual", "diff"] {
            let p = root + "/artifacts/\(RecordModeTests.stem)/testCase.square.\(kind).png"
            XCTAssertTrue(msg.contains(p), msg)
            XCTAssertTrue(FileManager.default.fileExists(atPath: p), p)
        }
        XCTAssertTrue(msg.contains("1 of 36 pixels differ"), msg)
        // The reference is left alone under `never`.
        XCTAssertEqual(try PNG.read(refPath), square(.red))
    }
    static let stem = URL(fileURLWithPath: #filePath).deletingPathExtension().lastPathComponent

    func testFailedRerecordsOnMismatchOnly() throws {
        _ = verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()")
        XCTAssertNil(verifySnapshot(of: square(.red), named: "square", configuration: config(.failed), testName: "testCase()"))
        let msg = try XCTUnwrap(verifySnapshot(of: square(.green), named: "square", configuration: config(.failed), testName: "testCase()"))
        XCTAssertTrue(msg.contains("re-recorded"), msg)
        XCTAssertEqual(try PNG.read(refPath), square(.green))
    }

    func testAllAlwaysRecordsAndFails() throws {
        _ = verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()")
        let msg = verifySnapshot(of: square(.blue), named: "square", configuration: config(.all), testName: "testCase()")
        XCTAssertNotNil(msg)
        XCTAssertEqual(try PNG.read(refPath), square(.blue))
    }

    func testToleranceAppliesThroughVerify() {
        _ = verifySnapshot(of: square(.red), named: "square", configuration: config(.missing), testName: "testCase()")
        let near = square(Color(red: 0.99, green: 0, blue: 0))
        XCTAssertNotNil(verifySnapshot(of: near, named: "square", configuration: config(.never), testName: "testCase()"))
        XCTAssertNil(verifySnapshot(of: near, named: "square", configuration: config(.never, tolerance: .init(pixel: .channel(3))), testName: "testCase()"))
    }

    func testSequenceFramesAreNumberedAndCountChecked() {
        let frames = [square(.red), square(.green), square(.blue)]
        XCTAssertNotNil(verifySnapshot(of: frames, named: "anim", configuration: config(.missing), testName: "testCase()"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/snaps/testCase.anim.003.png"))
        XCTAssertNil(verifySnapshot(of: frames, named: "anim", configuration: config(.never), testName: "testCase()"))
        let shorter = verifySnapshot(of: Array(frames.prefix(2)), named: "anim", configuration: config(.never), testName: "testCase()")
        XCTAssertNotNil(shorter)
        XCTAssertTrue(shorter!.contains("has 2 frames"), shorter!)
    }

    func testDefaultPathIsBesideTheTestFile() {
        let store = SnapshotStore(file: "/x/Tests/FooTests/BarTests.swift", testName: "testBaz()", configuration: .init(record: .never))
        XCTAssertEqual(store.referencePath(name: "hud"), "/x/Tests/FooTests/__Snapshots__/BarTests/testBaz.hud.png")
    }
}
