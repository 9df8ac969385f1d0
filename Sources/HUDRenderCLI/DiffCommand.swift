// DiffCommand: `hudrender diff A B` compares two images or animations frame by frame.
//
// Design note: CI and golden workflows need a yes/no answer (exit 0 same, 1 different) plus enough
// detail to act on: which frames, how many pixels, how far off, where (bounding box), and delays.
// The optional diff image shows the first differing frame: the reference dimmed to gray with every
// differing pixel in solid red, which is what people look for at a glance.

import HUDCodecs
import HUDRaster

enum DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two PNG, APNG or GIF files frame by frame; exit 1 when they differ."
    static let usage = "hudrender diff A B [--out DIFF.png] [--tolerance N]"
    static let discussion = """
        Frames are compared after decoding (GIF disposal and APNG blending applied), so two files with
        the same pictures but different encodings are equal. Prints one line per differing frame:
        its index, the number of differing pixels, the largest channel difference and their bounding
        box. Exit status 0 when equal, 1 when different (or a file cannot be read), 2 on usage errors
        (a path that names no file among them).
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender diff docs/hud.gif new.gif", "compare two animations"),
        ("hudrender diff expected.png actual.png --out diff.png", "and write a picture of the differences"),
        ("hudrender diff a.apng b.apng --tolerance 2", "ignore differences of at most 2 levels per channel"),
    ]
    static let options: [OptionSpec] = [
        .value("out", "DIFF.png", "Write the first differing frame with differences in red.", short: "o"),
        .value("tolerance", "N", "Largest per-channel difference (0-255) still counted as equal (default 0)."),
        .flag("quiet", "Print nothing; only the exit status tells.", short: "q"),
    ]

    struct FrameDifference {
        var index: Int
        var pixels: Int
        var maxDelta: Int
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)
    }

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(2...2, usage: usage)
        let tolerance = try args.int("tolerance", in: 0...255, what: "a channel difference") ?? 0
        var diffOut: String?
        if let out = args.string("out") {
            guard case .png = try OutputDestination.parse(out, label: "--out", command: name) else {
                throw UsageError("--out \(out): the diff picture is a PNG; give a path ending in .png", command: name)
            }
            try OutputDestination.png(out).checkWritable()
            diffOut = out
        }
        let (pathA, pathB) = (args.positionals[0], args.positionals[1])
        let a = try ComparedFile.read(pathA, label: "cannot compare")
        let b = try ComparedFile.read(pathB, label: "cannot compare")
        let quiet = args.flag("quiet")
        var report: [String] = []

        if a.frames.count != b.frames.count {
            report.append("frame count: \(a.frames.count) in \(pathA), \(b.frames.count) in \(pathB)")
        }
        let (wa, ha) = (a.frames.first?.width ?? 0, a.frames.first?.height ?? 0)
        let (wb, hb) = (b.frames.first?.width ?? 0, b.frames.first?.height ?? 0)
        if (wa, ha) != (wb, hb) {
            report.append("size: \(wa)x\(ha) in \(pathA), \(wb)x\(hb) in \(pathB)")
        }
        var firstDifferent: (Image, Image)?
        var differingFrames = 0
        for i in 0..<min(a.frames.count, b.frames.count) {
            try Cancellation.shared.check()
            let (fa, fb) = (a.frames[i], b.frames[i])
            guard fa.width == fb.width, fa.height == fb.height else { continue }
            if let d = compare(fa, fb, tolerance: tolerance, index: i) {
                differingFrames += 1
                report.append("frame \(i): \(d.pixels) pixels differ (max channel difference \(d.maxDelta)) in x \(d.box.x0)...\(d.box.x1), y \(d.box.y0)...\(d.box.y1)")
                if firstDifferent == nil { firstDifferent = (fa, fb) }
            }
            if a.format != "PNG" && b.format != "PNG", abs(a.delays[i] - b.delays[i]) > 0.0005 {
                report.append("frame \(i): delay \(format(a.delays[i])) s vs \(format(b.delays[i])) s")
            }
        }
        if let out = diffOut, let (fa, fb) = firstDifferent {
            do { try PNG.write(diffImage(fa, fb, tolerance: tolerance), to: out) } catch {
                throw RuntimeFailure("", error)
            }
        }
        if report.isEmpty {
            if !quiet { Console.out("identical: \(a.frames.count) frame\(a.frames.count == 1 ? "" : "s"), \(wa)x\(ha)") }
            return 0
        }
        if !quiet {
            Console.out("\(pathA) and \(pathB) differ:")
            for line in report { Console.out("  " + line) }
            if differingFrames > 0 {
                Console.out("\(differingFrames) of \(min(a.frames.count, b.frames.count)) frames differ" + (diffOut.map { "; differences drawn in \($0)" } ?? ""))
            }
        }
        return 1
    }

    /// Compares straight-alpha pixels so that fully transparent pixels with different colours are equal.
    static func compare(_ a: Image, _ b: Image, tolerance: Int, index: Int) -> FrameDifference? {
        var count = 0, maxDelta = 0
        var box = (x0: Int.max, y0: Int.max, x1: -1, y1: -1)
        let pa = a.pixels, pb = b.pixels
        for y in 0..<a.height {
            var o = y * a.width * 4
            for x in 0..<a.width {
                var d = 0
                if pa[o + 3] != 0 || pb[o + 3] != 0 {
                    for c in 0..<4 { d = max(d, abs(Int(pa[o + c]) - Int(pb[o + c]))) }
                }
                if d > tolerance {
                    count += 1
                    maxDelta = max(maxDelta, d)
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                }
                o += 4
            }
        }
        return count == 0 ? nil : FrameDifference(index: index, pixels: count, maxDelta: maxDelta, box: box)
    }

    /// The reference dimmed to gray, differing pixels solid red.
    static func diffImage(_ a: Image, _ b: Image, tolerance: Int) throws -> Image {
        var out = [UInt8](repeating: 255, count: a.width * a.height * 4)
        let pa = a.pixels, pb = b.pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
            if d > tolerance {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            } else {
                // Luma of the premultiplied colour over white, faded towards white.
                let alpha = Int(pa[i + 3])
                let luma = (Int(pa[i]) * 54 + Int(pa[i + 1]) * 183 + Int(pa[i + 2]) * 19) >> 8
                let over = luma + (255 - alpha)
                let v = UInt8(min(255, 160 + over * 95 / 255))
                out[i] = v; out[i + 1] = v; out[i + 2] = v
            }
        }
        return try Image(width: a.width, height: a.height, premultipliedPixels: out)
    }
}
