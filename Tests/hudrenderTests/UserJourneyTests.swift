// UserJourneyTests: issue 26, the mistakes and questions of a new user, run end to end.
//
// Design note: each test names the issue's item it reproduces; every one failed before the fix
// (a wrong exit status, a silent acceptance, a missing command, a suggestion the flag does not take).

import Foundation
import XCTest

final class UserJourneyTests: HudrenderTestCase {
    private var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Item 4: a folder holding an earlier, longer render keeps only the new render's frames.
    func testFolderRenderRemovesFramesOfAnEarlierLongerRender() throws {
        assertSuccess(try Hudrender.run(small + ["--duration", "2", "--out", "frames/"], in: dir))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("frames")).count, 10)
        try write("keep me", to: "frames/notes.txt")
        let r = try Hudrender.run(small + ["--duration", "1", "--out", "frames/"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removed 5 frames of an earlier, longer render"), r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
        XCTAssertEqual(names, (1...5).map { String(format: "frame-%04d.png", $0) } + ["notes.txt"])
        // A one-letter folder name (it crashed in Foundation's path code).
        assertSuccess(try Hudrender.run(small + ["--duration", "1", "--out", "f/"], in: dir))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("f")).count, 5)
    }

    /// Item 5: --help names a command that exists; an unknown device is answered with a flag value.
    func testDeviceHelpAndSuggestion() throws {
        let help = try Hudrender.run(["--help"], in: dir)
        let hudHelp = try Hudrender.run(["hud", "--help"], in: dir)
        XCTAssertFalse(hudHelp.stdout.contains("Device table"), hudHelp.stdout)
        XCTAssertTrue(hudHelp.stdout.contains("hudrender devices"), hudHelp.stdout)
        XCTAssertTrue(help.stdout.contains("devices"), help.stdout)
        // The command's default scale is said, and that it is not the device's.
        XCTAssertTrue(hudHelp.stdout.contains("default 1 for this command, not the device's scale"), hudHelp.stdout)
        XCTAssertTrue(try Hudrender.run(["ring", "--help"], in: dir).stdout.contains("default 2 for this command"))
        assertUsageError(try Hudrender.run(small + ["--device", "iphone-16", "--out", "x.png"], in: dir),
                         contains: ["Did you mean \"iphone-15\"?", "hudrender devices"])
    }

    /// `hudrender devices` lists every device with its flag value, points, scale and safe area.
    func testDevicesListsEveryDevice() throws {
        let r = try Hudrender.run(["devices"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        for line in ["iphone-se-3rd-generation", "iphone-14-pro", "ipad-10th-generation", "393x852", "@3x", "59, 34", "Dynamic Island"] {
            XCTAssertTrue(r.stdout.contains(line), "\(line) missing from:\n\(r.stdout)")
        }
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 22, "a header and 21 devices")
        // Every listed id is a value --device takes.
        for row in r.stdout.split(separator: "\n").dropFirst() {
            let id = String(row.split(separator: " ")[0])
            assertSuccess(try Hudrender.run(["--device", id, "--scale", "1", "--at", "0.5", "--quiet", "--out", "\(id).png"], in: dir))
        }
    }

    /// Item 6: repeated flags, --at past the end, scale and progress values, another command's option.
    func testCommandLineMistakesAreNamed() throws {
        assertUsageError(try Hudrender.run(small + ["--out", "a.gif", "--out", "b.gif"], in: dir),
                         contains: ["--out is given twice (\"a.gif\" and \"b.gif\"); give it once"])
        assertUsageError(try Hudrender.run(small + ["--at", "10", "--out", "x.png"], in: dir),
                         contains: ["--at 10 is after the end of the story"])
        let half = try Hudrender.run(["--scale", "2.5", "--size", "80x80", "--out", "x.png"], in: dir)
        XCTAssertEqual(half.status, 2)
        XCTAssertTrue(half.stderr.contains("one of 1, 2 or 3"), half.stderr)
        let four = try Hudrender.run(["--scale", "4", "--size", "80x80", "--out", "x.png"], in: dir)
        XCTAssertEqual(four.status, 2)
        XCTAssertFalse(four.stderr.contains("did you mean"), four.stderr)
        assertUsageError(try Hudrender.run(["ring", "--style", "balloon", "--out", "x.png"], in: dir),
                         contains: ["it is an option of hud"])
        assertUsageError(try Hudrender.run(["ring", "--progress", "75", "--out", "x.png"], in: dir),
                         contains: ["0.75 = 75 %"])
        XCTAssertEqual(listing(), [])
    }

    /// Item 6: every example in `bench --help` names files that exist.
    func testBenchHelpExamplesNameExistingFiles() throws {
        let help = try Hudrender.run(["bench", "--help"], in: dir)
        let paths = help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .filter { $0.hasSuffix(".svg") }.map(String.init)
        XCTAssertFalse(paths.isEmpty, help.stdout)
        for p in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/" + p), "bench --help names \(p)") }
    }

    /// `new` writes a storyboard for each component that `validate` accepts and that renders.
    func testNewStoryboardsValidateAndRender() throws {
        for component in ["hud", "ring", "bar", "gg", "indicator"] {
            let file = "\(component).json"
            let made = try Hudrender.run(["new", file, "--component", component], in: dir)
            XCTAssertEqual(made.status, 0, made.stderr)
            let checked = try Hudrender.run(["validate", file], in: dir)
            XCTAssertEqual(checked.status, 0, checked.stderr)
            XCTAssertEqual(checked.stdout, "\(file): ok\n")
            assertSuccess(try Hudrender.run(["--storyboard", file, "--scale", "1", "--at", "0.5", "--quiet", "--out", "\(component).png"], in: dir))
        }
        assertUsageError(try Hudrender.run(["new", "hud.json"], in: dir), contains: ["hud.json exists", "--force"])
    }

    /// `validate` names every bad file with its place, checks all of them, and exits 2.
    func testValidateNamesEveryError() throws {
        try write(#"{"events": [{"at": "soon", "action": "show"}]}"#, to: "a.json")
        try write(#"{"component": "ring", "events": [{"at": 0, "action": "shwo"}]}"#, to: "b.json")
        try write(#"{"outputs": [{"out": "x.gif", "options": {"stlye": "drop"}}]}"#, to: "m.json")
        _ = try Hudrender.run(["new", "good.json"], in: dir)
        let r = try Hudrender.run(["validate", "a.json", "good.json", "b.json", "m.json", "nope.json"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "good.json: ok\n")
        for fragment in ["a.json: events[0].at: expected seconds", "b.json: events[0].action: unknown action \"shwo\"",
                         "m.json: outputs[0].options.stlye: unknown key", "nope.json: no such file"] {
            XCTAssertTrue(r.stderr.contains(fragment), "\(fragment) missing from:\n\(r.stderr)")
        }
    }

    /// `batch --shard K/3` splits docs/assets.json into disjoint shards whose union is the manifest,
    /// with estimated work within 25 % of each other; `--list` renders nothing.
    func testShardsOfTheDocsGalleryAreDisjointCompleteAndBalanced() throws {
        let manifest = root + "/docs/assets.json"
        func listed(_ extra: [String]) throws -> (outs: [String], work: Int) {
            let r = try Hudrender.run(["batch", manifest, "--list"] + extra, in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n")
            let outs = lines.filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
            let work = lines.filter { !$0.hasPrefix("#") }.reduce(0) { $0 + Int($1.split(separator: " ").last!)! }
            return (outs, work)
        }
        let all = try listed([])
        let shards = try (1...3).map { try listed(["--shard", "\($0)/3"]) }
        XCTAssertEqual(shards.flatMap(\.outs).sorted(), all.outs.sorted(), "the union is the manifest")
        XCTAssertEqual(Set(shards.flatMap(\.outs)).count, all.outs.count, "the shards are disjoint")
        let works = shards.map(\.work)
        XCTAssertLessThanOrEqual(Double(works.max()!), 1.25 * Double(works.min()!), "estimated work \(works)")
        XCTAssertEqual(try listed(["--shard", "2/3"]).outs, shards[1].outs, "deterministic")
        XCTAssertEqual(listing(), [], "--list renders nothing")
        assertUsageError(try Hudrender.run(["batch", manifest, "--shard", "4/3"], in: dir), contains: ["K is from 1 to N"])
    }

    /// Shards rendered into one folder make the whole gallery, which `--check` accepts.
    func testShardsRenderedTogetherPassCheck() throws {
        try write("""
            {"defaults": {"size": "60x60", "scale": 1, "fps": 5},
             "outputs": [
               {"out": "a.gif", "command": "hud"}, {"out": "b.png", "command": "ring", "options": {"progress": 0.5}},
               {"out": "c.gif", "command": "indicator"}, {"out": "d.png", "command": "hud", "options": {"at": 1}}
             ]}
            """, to: "gallery.json")
        for k in 1...2 { assertSuccess(try Hudrender.run(["batch", "gallery.json", "--shard", "\(k)/2", "--quiet"], in: dir)) }
        for out in ["a.gif", "b.png", "c.gif", "d.png"] { XCTAssertNotNil(bytes(out), out) }
        let check = try Hudrender.run(["batch", "gallery.json", "--check"], in: dir)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}
