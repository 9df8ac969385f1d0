// raster_harness: a tiny driver for Scripts/compare_raster.py until `hudrender bench --dump-scenes`
// writes scene scripts too. It links the release objects of HUDRaster, HUDRasterBenchmarks and
// HUDText directly (see compare_raster.py):
//
//   raster_harness dump DIR            accuracy scenes (with text ones when HUDText is linked in)
//                                      -> DIR/NAME.txt (script) + DIR/NAME.rgba (premultiplied)
//   raster_harness scenes DIR OPS      speed scenes    -> DIR/NAME.txt (OPS shapes each)
//   raster_harness bench OPS REPEATS [NAME[-SIZE]...]   times the suite (or the named tests, at
//                                                every size or one); prints
//                                                "NAME<TAB>SIZE<TAB>us/op"
import Foundation
import HUDRaster
import HUDRasterBenchmarks
#if canImport(HUDText)
import HUDText
#endif

/// Text at HUD sizes, the curves a HUD draws most: glyph outlines (TrueType quadratics) filled as
/// paths, three sizes a scene (the middle one bold), every line twice (at a whole pixel and at a
/// fractional offset). Empty when HUDText is not linked in or no system font is found.
func textScenes() -> [BenchmarkScene] {
    #if canImport(HUDText)
    var out: [BenchmarkScene] = []
    do {
        for (name, sizes) in [("Text-small", [9.0, 11, 13]), ("Text-mid", [17.0, 24, 34])] {
            var scene = BenchmarkScene(name: name, width: 320, height: 150)
            var y = 4.0
            for (i, s) in sizes.enumerated() {
                let font = i == 1 ? try Font.boldSystemFont(ofSize: s) : try Font.systemFont(ofSize: s)
                for d in [0.0, 0.37] {
                    let layout = TextLayout("Loading\u{2026} 73% Completed! Sgaeo@&", font: font, alignment: .left)
                    scene.commands.append(.fill(layout.path().applying(Transform(translationX: 3 + 2 * d, y: y + d)), .winding,
                                                Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)))
                    y += layout.size.height + 2
                }
            }
            scene.height = Int(y + 4)
            out.append(scene)
        }
    } catch {
        FileHandle.standardError.write("raster_harness: no text scenes (\(error))\n".data(using: .utf8)!)
        return []
    }
    return out
    #else
    return []
    #endif
}

let args = CommandLine.arguments
func fail(_ s: String) -> Never { FileHandle.standardError.write((s + "\n").data(using: .utf8)!); exit(2) }
guard args.count >= 2 else { fail("usage: raster_harness dump DIR | scenes DIR OPS | bench OPS REPEATS") }
switch args[1] {
case "dump":
    guard args.count == 3 else { fail("usage: raster_harness dump DIR") }
    for s in RasterBenchmark.accuracyScenes() + textScenes() {
        let img = try s.render()
        try s.script.write(toFile: "\(args[2])/\(s.name).txt", atomically: true, encoding: .utf8)
        try Data(img.pixels).write(to: URL(fileURLWithPath: "\(args[2])/\(s.name).rgba"))
    }
case "scenes":
    guard args.count == 4, let ops = Int(args[3]) else { fail("usage: raster_harness scenes DIR OPS") }
    for t in RasterBenchmark.Test.allCases {
        for size in RasterBenchmark.sizes {
            let s = RasterBenchmark.scene(for: t, size: size, operations: ops)
            try s.script.write(toFile: "\(args[2])/\(s.name).txt", atomically: true, encoding: .utf8)
        }
    }
case "bench":
    guard args.count >= 4, let ops = Int(args[2]), let reps = Int(args[3]) else { fail("usage: raster_harness bench OPS REPEATS [NAME...]") }
    // NAME (every size) or NAME-SIZE.
    let names = Set(args.dropFirst(4).map { $0.split(separator: "-").first.map(String.init) ?? $0 })
    let sizes = Set(args.dropFirst(4).compactMap { $0.split(separator: "-").dropFirst().first.flatMap { Int($0) } })
    let tests = RasterBenchmark.Test.allCases.filter { names.isEmpty || names.contains($0.name) }
    _ = try RasterBenchmark.run(tests: tests, sizes: sizes.isEmpty ? RasterBenchmark.sizes : sizes.sorted(),
                                operations: ops, repeats: reps) { r in
        print("\(r.test.name)\t\(r.size)\t\(r.microsecondsPerOperation)")
        fflush(stdout)
    }
default:
    fail("unknown command \(args[1])")
}
