// Hostile storyboards end to end: oversized files, devices and pipes that never end, deep nesting
// and absurd numbers are usage errors (exit 2) that name the problem, promptly, writing nothing.
//
// Design note: these run the built binary, as a user or a CI job sending it a file would; each
// case also checks that no output (or temporary file) appears next to where --out points.

import Foundation
import XCTest

final class StoryboardHostileInputTests: HudrenderTestCase {
    func assertRejected(_ arguments: [String], mentions: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let started = Date()
        let r = try Hudrender.run(arguments, in: dir, timeout: 30, file: file, line: line)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(mentions), "expected “\(mentions)” in: \(r.stderr)", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "rejected promptly", file: file, line: line)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir))?.filter { !$0.hasSuffix(".json") } ?? []
        XCTAssertEqual(left, [], "nothing written", file: file, line: line)
    }

    /// Found with the hostile-input table: `--storyboard /dev/zero` read until memory ran out once
    /// storyboards could come from devices and pipes. Reading now stops past 1 MB.
    func testEndlessAndOversizedStoryboardsAreRejected() throws {
        try assertRejected(["--storyboard", "/dev/zero", "--out", "a.gif"], mentions: "1 MB limit for storyboards")
        let big = "{\"component\":\"hud\",\"description\":\"" + String(repeating: "x", count: 1_100_000) + "\",\"events\":[]}"
        try write(big, to: "big.json")
        try assertRejected(["--storyboard", "big.json", "--out", "a.gif"], mentions: "1 MB limit for storyboards")
    }

    func testDeepNestingAndAbsurdNumbers() throws {
        try write(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), to: "deep.json")
        try assertRejected(["--storyboard", "deep.json", "--out", "a.gif"], mentions: "nesting deeper than 64 levels")
        try write(#"{"component":"ring","events":[{"at":1e308,"action":"show"}]}"#, to: "far.json")
        try assertRejected(["--storyboard", "far.json", "--out", "a.gif"], mentions: "events[0].at")
        try write(#"{"component":"ring","duration":1e999,"events":[{"at":0,"action":"show"}]}"#, to: "inf.json")
        let r = try Hudrender.run(["--storyboard", "inf.json", "--out", "a.gif"], in: dir, timeout: 30)
        XCTAssertEqual(r.status, 2, r.stderr)
    }
}
