// End-to-end tests of `hudrender bench` (the output format, never the timings).

import Foundation
import XCTest

final class BenchCommandTests: HudrenderTestCase {
    func testBuiltInSuitePrintsOneLinePerTest() throws {
        let r = try Hudrender.run(["bench", "--iterations", "1", "--operations", "5", "--sizes", "8,16"], in: dir)
        assertSuccess(r)
        let lines = r.stdout.split(separator: "\n")
        // The shape suite first, then the full-screen gradient fills.
        let suite = lines.prefix { !$0.hasPrefix("Gradient") }, gradients = lines.dropFirst(suite.count)
        XCTAssertEqual(suite.count, 17 * 2, "17 tests at 2 sizes")
        XCTAssertEqual(gradients.count, 11, "11 gradient fills")
        XCTAssertTrue(lines[0].hasPrefix("FillRectA"), String(lines[0]))
        for line in suite {
            XCTAssertNotNil(line.range(of: #"^\w+\s+(8x8|16x16)\s+[0-9.]+ us/op\s+\d+ ops/s$"#, options: .regularExpression), String(line))
        }
        for line in gradients {
            XCTAssertNotNil(line.range(of: #"^Gradient\w+\s+1170x2532\s+[0-9.]+ ns/px\s+[0-9.]+ ms$"#, options: .regularExpression), String(line))
        }
        assertUsageError(try Hudrender.run(["bench", "--sizes", "8,big"], in: dir), contains: ["--sizes: \"big\" is not a size"])
    }

    func testTestsOption() throws {
        let r = try Hudrender.run(["bench", "--iterations", "1", "--operations", "5", "--sizes", "8", "--tests", "StrokePoly10,FillRectA"], in: dir)
        assertSuccess(r)
        XCTAssertEqual(r.stdout.split(separator: "\n").map { String($0.prefix(12)) }, ["StrokePoly10", "FillRectA   "])
        assertUsageError(try Hudrender.run(["bench", "--tests", "FillRectA,Nope"], in: dir), contains: ["--tests: \"Nope\" is not a test"])
    }

    func testSVGFiles() throws {
        try write("<svg xmlns='http://www.w3.org/2000/svg' width='16' height='8'><circle cx='4' cy='4' r='3'/></svg>", to: "a.svg")
        let r = try Hudrender.run(["bench", "a.svg", "--iterations", "3"], in: dir)
        assertSuccess(r)
        XCTAssertNotNil(r.stdout.range(of: #"^a\.svg: median [0-9.]+ ms per frame \(16x8, 3 iterations\), parse [0-9.]+ ms\n$"#, options: .regularExpression), r.stdout)
    }

    func testDisplayListErrorsNameTheFileAndTheFix() throws {
        assertUsageError(try Hudrender.run(["bench", "--display-list", "missing.hdl"], in: dir),
                         contains: ["display list missing.hdl: no such file; check the path"])
        try write("not a list", to: "bad.hdl")
        let r = try Hudrender.run(["bench", "--display-list", "bad.hdl"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("hudrender: error: display list bad.hdl is not a valid display list"), r.stderr)
        XCTAssertFalse(r.stderr.contains("CocoaError"), r.stderr)
    }

    func testDumpScenes() throws {
        try FileManager.default.createDirectory(atPath: path("scenes"), withIntermediateDirectories: true)
        assertSuccess(try Hudrender.run(["bench", "--dump-scenes", "scenes"], in: dir))
        let files = try FileManager.default.contentsOfDirectory(atPath: path("scenes"))
        XCTAssertFalse(files.isEmpty)
        XCTAssertTrue(files.allSatisfy { $0.hasSuffix(".png") })
    }
}
