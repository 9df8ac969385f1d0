// BenchCommand: `hudrender bench` times the rasterizer's suite, or the given SVG files.
//
// Design note: performance is measured by a command, never by timed unit tests (a shared 2-core CI
// machine makes those flaky). The median of N runs is reported because it ignores the odd slow run
// caused by another process; one line per test so a script can compare runs with plain text tools.

import Dispatch
import HUDRaster
import HUDRasterBenchmarks
import HUDSVG

enum BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time the built-in rasterizer benchmarks, or render SVG files repeatedly."
    static let usage = "hudrender bench [FILE.svg...] [--display-list FILE.hdl...] [--iterations N] [--operations N] [--sizes LIST] [--tests LIST] [--width W] [--dump-scenes DIR]"
    static let discussion = """
        Without files, runs HUDRaster's benchmark suite (bl_bench-style: N seeded fills or strokes
        on a 512x600 canvas per test and shape size; the best of --iterations runs counts) and prints
        one line per test and size: NAME  SIZE  us/op  ops/s; then the gradient fills (Gradient*
        tests, one shape on a 1170x2532 canvas each): NAME  SIZE  ns/px  ms.
        With files, prints for each: FILE: median M ms per frame (WxH, N iterations), parse P ms
        (the document is parsed once, then rendered N times; P is the median of up to 5 parses).
        Run release builds (swift build -c release); debug builds are 10-50x slower.
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender bench", "the built-in suite"),
        ("hudrender bench --sizes 16,128 --operations 200 --iterations 5", "a quicker run of the suite"),
        ("hudrender bench Fixtures/fuzz/svg/shapes.svg Fixtures/fuzz/svg/path.svg --iterations 50", "median time to render each SVG"),
        ("hudrender bench --tests GradientLinearDiagonal,GradientRadialTwoCircle --iterations 10", "gradient fills, ns per pixel"),
        ("hudrender bench --dump-scenes /tmp/scenes", "write the suite's scenes as PNGs to compare with other renderers"),
    ]
    static let options: [OptionSpec] = [
        .value("iterations", "N", "Runs per test (1-10000; default 20 for files, 3 for the suite)."),
        .value("operations", "N", "Shapes drawn per suite test (1-100000; default 1000)."),
        .value("sizes", "LIST", "Comma-separated shape sizes for the suite (default 8,16,32,64,128,256)."),
        .value("tests", "LIST", "Comma-separated suite tests to run, by name (e.g. FillRectA,StrokePoly10; default all)."),
        .value("width", "W", "Render SVG files at this width in pixels (default: intrinsic size)."),
        .value("dump-scenes", "DIR", "Write each built-in scene as DIR/NAME.png (existing folder)."),
        .flag("display-list", "The files are display lists (hudrender --record-frames): time their replay."),
        .value("write-png", "DIR", "With --display-list: also write each replayed frame as DIR/NAME.png."),
        .flag("quiet", "Accepted for symmetry; bench prints only results.", short: "q"),
    ]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let iterations = try args.int("iterations", in: 1...10000, what: "an iteration count")
        let operations = try args.int("operations", in: 1...100_000, what: "a shape count") ?? 1000
        var sizes = RasterBenchmark.sizes
        if let raw = args.string("sizes") {
            sizes = try raw.split(separator: ",").map { part in
                guard let v = Int(TextFormat.trimmed(part)), (1...1024).contains(v) else {
                    throw UsageError("\(args.label("sizes")): \"\(part)\" is not a size; give pixel sizes from 1 to 1024 separated by commas, e.g. 8,64", command: name)
                }
                return v
            }
        }
        var tests = RasterBenchmark.Test.allCases
        var gradientTests = GradientBenchmark.Test.allCases
        if let raw = args.string("tests") {
            tests = []; gradientTests = []
            for part in raw.split(separator: ",") {
                let key = TextFormat.trimmed(part)
                if let t = RasterBenchmark.Test(rawValue: key) { tests.append(t); continue }
                if let t = GradientBenchmark.Test(rawValue: key) { gradientTests.append(t); continue }
                let known = (RasterBenchmark.Test.allCases.map(\.name) + GradientBenchmark.Test.allCases.map(\.name)).joined(separator: ",")
                throw UsageError("\(args.label("tests")): \"\(part)\" is not a test; give names from \(known)", command: name)
            }
        }
        let width = try args.int("width", in: 1...Limits.maxFrameSide, what: "pixels")
        if let dir = args.string("dump-scenes") {
            guard FileKind.isDirectory(dir) else {
                throw RuntimeFailure("--dump-scenes \(dir): no such folder; create it first (mkdir -p \(dir))")
            }
            try BuiltInBenchmarks.dumpScenes(to: dir)
            if args.positionals.isEmpty { return 0 }
        }
        if args.flag("display-list") {
            guard !args.positionals.isEmpty else {
                throw UsageError("--display-list needs the display list files to replay, e.g. hudrender bench --display-list Fixtures/displaylists/*.hdl", command: name)
            }
            try DisplayListBench.run(files: args.positionals, iterations: iterations ?? 20, pngFolder: args.string("write-png"))
            return 0
        }
        if args.positionals.isEmpty {
            try BuiltInBenchmarks.run(tests: tests, iterations: iterations ?? 3, operations: operations, sizes: sizes)
            try BuiltInBenchmarks.runGradients(tests: gradientTests, iterations: iterations ?? 3)
            return 0
        }
        for file in args.positionals {
            // The document is parsed once and rendered many times; its parse is timed on its own.
            var document: SVGDocument?
            var parseSamples: [Double] = []
            for _ in 0..<min(5, iterations ?? 20) {
                let start = DispatchTime.now().uptimeNanoseconds
                do { document = try SVGDocument(contentsOfFile: file) } catch { throw RuntimeFailure("cannot benchmark \(file)", error) }
                parseSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            guard let document else { continue }
            if let width { try Limits.checkFrame(width: width, height: Int(Double(width) * document.size.height / max(1e-9, document.size.width)), command: name) }
            var samples: [Double] = []
            var size = (0, 0)
            for _ in 0..<(iterations ?? 20) {
                try Cancellation.shared.check()
                let start = DispatchTime.now().uptimeNanoseconds
                let image: Image
                do { image = try document.renderImage(width: width) } catch { throw RuntimeFailure("cannot benchmark \(file)", error) }
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                size = (image.width, image.height)
            }
            Console.out("\(file): median \(TextFormat.fixed(median(samples), places: 3)) ms per frame (\(size.0)x\(size.1), \(iterations ?? 20) iterations), parse \(TextFormat.fixed(median(parseSamples), places: 3)) ms")
        }
        return 0
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
