// End-to-end tests of --help (every command, with examples and limits) and --version.

import Foundation
import XCTest

final class HelpTests: HudrenderTestCase {
    func testVersion() throws {
        let r = try Hudrender.run(["--version"])
        assertSuccess(r)
        XCTAssertNotNil(r.stdout.range(of: #"^hudrender \d+\.\d+\.\d+\n$"#, options: .regularExpression), r.stdout)
    }

    func testOverviewListsEveryCommand() throws {
        let r = try Hudrender.run(["--help"])
        assertSuccess(r)
        for c in ["hud", "ring", "bar", "gg", "indicator", "svg", "bench", "diff", "batch"] {
            XCTAssertTrue(r.stdout.contains("\n  \(c) "), c)
        }
        XCTAssertTrue(r.stdout.contains("hudrender --style balloon --out hud.gif"))
        let bare = try Hudrender.run([])
        XCTAssertEqual(bare.status, 2, "no arguments is a usage error")
        XCTAssertTrue(bare.stderr.contains("USAGE:"))
    }

    func testEveryCommandHasHelpWithExamples() throws {
        for c in ["hud", "ring", "bar", "gg", "indicator", "svg", "bench", "diff", "batch"] {
            let r = try Hudrender.run([c, "--help"])
            assertSuccess(r)
            XCTAssertTrue(r.stdout.hasPrefix("OVERVIEW: "), c)
            XCTAssertTrue(r.stdout.contains("USAGE: "), c)
            XCTAssertTrue(r.stdout.contains("  -h, --help"), c)
            XCTAssertTrue(r.stdout.contains("EXAMPLES:\n"), c)
            XCTAssertTrue(r.stdout.contains("hudrender \(c == "hud" ? "" : c)"), c)
        }
        let hud = try Hudrender.run(["--help"] + ["--style", "x"])
        XCTAssertTrue(hud.stdout.contains("--style NAME"), "help wins over other arguments")
        let ring = try Hudrender.run(["ring", "-h"])
        XCTAssertTrue(ring.stdout.contains("LIMITS:"), "rendering commands state their limits")
        XCTAssertTrue(ring.stdout.contains("4096 px a side"))
        XCTAssertTrue(ring.stdout.contains("--tint-color"))
        let indicator = try Hudrender.run(["help", "indicator"])
        XCTAssertTrue(indicator.stdout.contains("ball-spin-fade-loader"))
    }
}
