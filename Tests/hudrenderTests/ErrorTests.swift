// End-to-end tests of every error class: usage errors (exit 2) with suggestions or the valid
// choices, runtime failures (exit 1) that leave a previous file intact, limits enforced before any
// work, and interruption (exit 130/143) without partial or temporary files.

import Foundation
import XCTest

final class ErrorTests: HudrenderTestCase {
    func testUnknownFlagSuggestsTheNearest() throws {
        assertUsageError(try Hudrender.run(["--stlye", "balloon", "--out", "x.gif"], in: dir),
                         contains: ["unknown option --stlye; did you mean --style?", "hudrender hud --help"])
        assertUsageError(try Hudrender.run(["ring", "--line-widht", "3", "--out", "x.gif"], in: dir), contains: ["did you mean --line-width?"])
        assertUsageError(try Hudrender.run(["--zzzzzz", "--out", "x.gif"], in: dir), contains: ["valid options: --style"])
        assertUsageError(try Hudrender.run(["rign", "--out", "x.gif"], in: dir), contains: ["unknown command \"rign\"; did you mean \"ring\"?"])
        XCTAssertEqual(listing(), [])
    }

    func testBadValueListsTheChoices() throws {
        assertUsageError(try Hudrender.run(["--style", "ballon", "--out", "x.gif"], in: dir),
                         contains: ["--style: invalid value \"ballon\"; did you mean \"balloon\"?",
                                    "Valid choices: drop, expand, shrink, swing-left, swing-right, balloon, fade, none"])
        assertUsageError(try Hudrender.run(["--progress", "circle", "--out", "x.gif"], in: dir), contains: ["Valid choices: radial, linear, none"])
        assertUsageError(try Hudrender.run(["indicator", "--type", "ball-pulsee", "--out", "x.gif"], in: dir),
                         contains: ["did you mean \"ball-pulse\"?", "audio-equalizer"])
        // Nothing near: the list follows a full stop.
        assertUsageError(try Hudrender.run(["indicator", "--type", "zz", "--out", "x.gif"], in: dir),
                         contains: ["unknown indicator type \"zz\". Valid types: ball-pulse,"])
        assertUsageError(try Hudrender.run(["--background", "mock-drak", "--out", "x.gif"], in: dir), contains: ["did you mean \"mock-dark\"?"])
        assertUsageError(try Hudrender.run(["--fps", "abc", "--out", "x.gif"], in: dir), contains: ["--fps: expected frames per second as a number, got \"abc\""])
        assertUsageError(try Hudrender.run(["--size", "big", "--out", "x.gif"], in: dir), contains: ["--size: expected points as WxH"])
        assertUsageError(try Hudrender.run(["--out", "x.jpg"], in: dir), contains: ["cannot write .jpg files"])
        assertUsageError(try Hudrender.run(["--style", "drop"], in: dir), contains: ["missing --out PATH"])
        assertUsageError(try Hudrender.run(["--fps"], in: dir), contains: ["missing value for --fps"])
        XCTAssertEqual(listing(), [])
    }

    func testLimitsAreEnforcedBeforeWork() throws {
        assertUsageError(try Hudrender.run(["--size", "5000x100", "--out", "x.gif"], in: dir), contains: ["out of range", "4096"])
        assertUsageError(try Hudrender.run(["--size", "2000x2000", "--scale", "3", "--out", "x.gif"], in: dir), contains: ["exceeds the limit"])
        assertUsageError(try Hudrender.run(["--duration", "100", "--fps", "60", "--out", "x.gif"], in: dir), contains: ["6000 frames", "limit of 3000 frames"])
        assertUsageError(try Hudrender.run(["--duration", "500", "--out", "x.gif"], in: dir), contains: ["--duration: 500 is out of range"])
        XCTAssertEqual(listing(), [])
    }

    func testMissingInputFiles() throws {
        assertUsageError(try Hudrender.run(["--storyboard", "nope.json", "--out", "x.gif"], in: dir), contains: ["nope.json: no such file"])
        // Issue 26 item 6: a path that names no file is a usage error (2) for every input option,
        // as for --storyboard (it was 1 for --image, --font and svg).
        assertUsageError(try Hudrender.run(small + ["--image", "nope.png", "--out", "x.gif"], in: dir), contains: ["--image nope.png: no such file"])
        assertUsageError(try Hudrender.run(small + ["--font", "nope.ttf", "--out", "x.gif"], in: dir), contains: ["--font nope.ttf: no such file"])
        assertUsageError(try Hudrender.run(["svg", "nope.svg", "--out", "x.png"], in: dir), contains: ["svg nope.svg: no such file"])
        XCTAssertEqual(listing(), [])
    }

    func testUnwritableDestinationKeepsThePreviousFile() throws {
        let missing = try Hudrender.run(small + ["--out", "no/such/dir/x.gif"], in: dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no such directory no/such/dir"), missing.stderr)

        try write("previous", to: "file")
        let notDir = try Hudrender.run(small + ["--out", "file/x.gif"], in: dir)
        XCTAssertEqual(notDir.status, 1)
        XCTAssertEqual(String(decoding: try XCTUnwrap(bytes("file")), as: UTF8.self), "previous")

        // A read-only folder (root ignores permissions, so this part needs an ordinary user).
        try FileManager.default.createDirectory(atPath: path("ro"), withIntermediateDirectories: true)
        try write("previous gif", to: "ro/hud.gif")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path("ro"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("ro")) }
        if getuid() != 0 {
            let r = try Hudrender.run(small + ["--out", "ro/hud.gif"], in: dir)
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains("permission denied"), r.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("ro")), ["hud.gif"])
        }
        XCTAssertEqual(String(decoding: try XCTUnwrap(bytes("ro/hud.gif")), as: UTF8.self), "previous gif")
    }

    func testInterruptStopsPromptlyAndLeavesNoPartialFile() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            try write("previous", to: "long.gif")
            let running = try Hudrender.start(["--size", "300x300", "--scale", "2", "--fps", "50", "--duration", "60",
                                                "--quiet", "--out", "long.gif"], in: dir)
            // Wait until the encoder's temporary file exists, i.e. the work has started.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline && !listing().contains(where: { $0.contains(".tmp-") }) { usleep(20_000) }
            usleep(200_000)
            let sent = Date()
            kill(running.process.processIdentifier, signal)
            let r = try Hudrender.finish(running, timeout: 30)
            XCTAssertLessThan(Date().timeIntervalSince(sent), 5, "stops promptly")
            XCTAssertEqual(r.status, status, r.stderr)
            XCTAssertTrue(r.stderr.contains("no output written"), r.stderr)
            XCTAssertEqual(listing(), ["long.gif"], "no temporary file is left")
            XCTAssertEqual(String(decoding: try XCTUnwrap(bytes("long.gif")), as: UTF8.self), "previous")
        }
    }

    func testRuntimeFailureMidRenderKeepsThePreviousFile() throws {
        // A storyboard-free run whose image is not an image fails at load time with exit 1.
        try write("not a png", to: "fake.png")
        try write("previous", to: "out.gif")
        let r = try Hudrender.run(small + ["--image", "fake.png", "--out", "out.gif"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("hudrender: error: --image fake.png"), r.stderr)
        XCTAssertEqual(String(decoding: try XCTUnwrap(bytes("out.gif")), as: UTF8.self), "previous")
        XCTAssertEqual(listing(), ["fake.png", "out.gif"])
    }

    /// From the hostile-input table: a device as an input, and an output under a regular file, used
    /// to get messages that pointed at the wrong fix ("permission denied?", "no such directory").
    func testDeviceInputsAndFileParentsAreNamedForWhatTheyAre() throws {
        let r = try Hudrender.run(["diff", "/dev/zero", "/dev/zero"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("is not a regular file"), r.stderr)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/plain", contents: Data("x".utf8)))
        let w = try Hudrender.run(["--out", "plain/hud.gif", "--duration", "0.2"], in: dir)
        XCTAssertEqual(w.status, 1, w.stderr)
        XCTAssertTrue(w.stderr.contains("plain is a file, not a folder"), w.stderr)
    }

    /// `--out hud.gif` where hud.gif is a folder used to fill the folder with PNG frames; a file
    /// name asks for a file, so it is refused and the folder left as it was.
    func testFolderNamedLikeAnImageIsRefused() throws {
        try FileManager.default.createDirectory(atPath: dir + "/hud.gif", withIntermediateDirectories: false)
        let r = try Hudrender.run(["--out", "hud.gif", "--duration", "0.2"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write hud.gif: it is a folder"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/hud.gif"), [])
        // With a trailing slash the folder is what the user asked for.
        let ok = try Hudrender.run(["--out", "hud.gif/", "--duration", "0.2"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir + "/hud.gif").isEmpty)
    }
}
