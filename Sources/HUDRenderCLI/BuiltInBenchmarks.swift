// BuiltInBenchmarks: the suite `hudrender bench` runs without files, from HUDRasterBenchmarks.
//
// Design note: the suite itself (bl_bench-style fills and strokes of seeded shapes at several
// sizes) lives in its own library so that its scenes are shared with the raster tests and the peer
// comparison scripts; the CLI only chooses how much to run and prints one line per test and size.
// `--dump-scenes` writes the accuracy scenes as PNGs for side-by-side comparison with other renderers.

import HUDCodecs
import HUDRaster
import HUDRasterBenchmarks

enum BuiltInBenchmarks {
    static func run(tests: [RasterBenchmark.Test], iterations: Int, operations: Int, sizes: [Int]) throws {
        _ = try RasterBenchmark.run(tests: tests, sizes: sizes, operations: operations, repeats: iterations) { result in
            Console.out(result.description)
        }
    }

    static func runGradients(tests: [GradientBenchmark.Test], iterations: Int) throws {
        _ = try GradientBenchmark.run(tests: tests, repeats: iterations) { result in
            Console.out(result.description)
        }
    }

    static func dumpScenes(to dir: String) throws {
        for scene in RasterBenchmark.accuracyScenes() {
            try Cancellation.shared.check()
            // Fast zlib: these are inputs to comparison scripts, not assets to ship.
            do { try PNG.write(try scene.render(), to: "\(dir)/\(scene.name).png", options: PNG.WriteOptions(compressionLevel: 1)) } catch {
                throw RuntimeFailure("cannot write \(dir)/\(scene.name).png", error)
            }
        }
    }
}
