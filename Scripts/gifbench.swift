// gifbench (Scripts/gifbench.swift): synthesise frames, encode them with HUDCodecs, and measure encoded animations.
//
// Design note: metrics are computed here, on frames decoded by HUDCodecs' own readers (which apply
// disposal), against the true frames, sampling the output in the middle of each source frame so that
// encoders that merge frames are compared fairly. Banding is measured as the error that survives a
// 5x5 box blur in smooth areas of the source: dither noise averages out, false contours do not.
//
//   gifbench frames <dir> [count] [size]     write frame-0001.png ... (soft-glow HUD animation)
//   gifbench gif <dir> <out.gif> [dither]    encode with GIF.Encoder (dither: none|ordered|fs<strength>)
//   gifbench apng <dir> <out.png>            encode with APNG.Encoder
//   gifbench measure <dir> <file>            bytes, PSNR, SSIM, flicker, banding (GIF, APNG or WebP)
//   gifbench sample <file> <dir>             write the animation's frames at FPS (mid-frame times) as PNGs
//   gifbench exact <dir> <file>              whether the file decodes to exactly the frames at their times
// FPS (environment): the frames' rate, default 30. QUALITY: the GIF quality for gif/gifstream.
import HUDRaster
import HUDCodecs
import Foundation

let fps = Double(ProcessInfo.processInfo.environment["FPS"] ?? "") ?? 30.0
/// QUALITY (environment): the GIF encoder's quality for `gif` and `gifstream`, default the encoder's.
let quality = Int(ProcessInfo.processInfo.environment["QUALITY"] ?? "") ?? GIF.Options.defaultQuality

func framePaths(_ dir: String) -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.sorted()
    return names.map { dir + "/" + $0 }
}

func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
    let t = max(0, min(1, (x - a) / (b - a)))
    return t * t * (3 - 2 * t)
}

/// One frame of the soft-glow animation: a dimmed gradient "app" background, a rounded HUD panel with a
/// soft shadow, a rotating spinner arc with a pulsing glow and a progress ring filling up.
func synthFrame(_ i: Int, count: Int, size: Int) -> Image {
    let t = Double(i) / Double(count)
    var px = [UInt8](repeating: 255, count: size * size * 4)
    let s = Double(size), c = s / 2
    let panel = s * 0.3, radius = s * 0.06
    let angle = t * 2 * Double.pi
    let pulse = 0.5 + 0.5 * sin(t * 4 * Double.pi)
    for y in 0..<size {
        for x in 0..<size {
            let fx = Double(x) + 0.5, fy = Double(y) + 0.5
            // Background gradient (blue to purple), dimmed by a 40% black overlay.
            var r = 0.25 + 0.35 * fx / s, g = 0.35 + 0.2 * fy / s, b = 0.75 - 0.2 * fx / s
            r *= 0.6; g *= 0.6; b *= 0.6
            // Rounded-rect signed distance for the panel.
            let qx = abs(fx - c) - (panel - radius), qy = abs(fy - c) - (panel - radius)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let sd = outside + min(max(qx, qy), 0) - radius
            // Soft shadow below the panel.
            let shadowQy = abs(fy - c - s * 0.02) - (panel - radius)
            let so = (max(qx, 0) * max(qx, 0) + max(shadowQy, 0) * max(shadowQy, 0)).squareRoot() + min(max(qx, shadowQy), 0) - radius
            let shadow = 0.5 * (1 - smoothstep(-s * 0.02, s * 0.08, so))
            r *= 1 - shadow; g *= 1 - shadow; b *= 1 - shadow
            // Panel: translucent dark grey.
            let cover = 1 - smoothstep(-0.5, 0.5, sd)
            r = r * (1 - 0.85 * cover) + 0.12 * 0.85 * cover
            g = g * (1 - 0.85 * cover) + 0.12 * 0.85 * cover
            b = b * (1 - 0.85 * cover) + 0.13 * 0.85 * cover
            // Spinner: an arc of 100 degrees at radius s*0.15, with a glow.
            let dx = fx - c, dy = fy - c
            let dist = (dx * dx + dy * dy).squareRoot()
            var a = atan2(dy, dx) - angle
            while a < 0 { a += 2 * Double.pi }
            while a >= 2 * Double.pi { a -= 2 * Double.pi }
            let ringR = s * 0.15, width = s * 0.025
            let onArc = a < 1.75 ? 1.0 : 0.0
            let ringD = abs(dist - ringR) - width / 2
            let arc = onArc * (1 - smoothstep(-0.5, 0.5, ringD))
            let glow = (0.25 + 0.35 * pulse) * exp(-max(0, ringD) / (s * 0.03)) * (a < 1.75 ? 1 : max(0, 1 - (a - 1.75) * 2))
            // Progress track (full ring, dim) filling with t.
            var p = atan2(dy, dx) + Double.pi / 2
            if p < 0 { p += 2 * Double.pi }
            let trackD = abs(dist - s * 0.22) - 1.5
            let track = 1 - smoothstep(-0.5, 0.5, trackD)
            let filled = p / (2 * Double.pi) < t ? 1.0 : 0.25
            r += track * 0.9 * filled * 0.8; g += track * 0.9 * filled * 0.8; b += track * filled * 0.8
            r = r + (0.35 - r) * glow * 0.6 + arc * (1 - r)
            g = g + (0.7 - g) * glow * 0.6 + arc * (1 - g)
            b = b + (1.0 - b) * glow * 0.6 + arc * (1 - b)
            let o = (y * size + x) * 4
            px[o] = UInt8(max(0, min(255, (r * 255).rounded())))
            px[o + 1] = UInt8(max(0, min(255, (g * 255).rounded())))
            px[o + 2] = UInt8(max(0, min(255, (b * 255).rounded())))
        }
    }
    return try! Image(width: size, height: size, premultipliedPixels: px)
}

func loadFrames(_ dir: String) throws -> [Image] { try framePaths(dir).map { try PNG.read($0) } }

/// Output frames resampled at the source frame times.
func resample(_ anim: DecodedAnimation, count: Int) -> [Image] {
    var out: [Image] = []
    var start = 0.0, k = 0
    var ends: [Double] = []
    for d in anim.durations { start += d; ends.append(start) }
    for i in 0..<count {
        let t = (Double(i) + 0.5) / fps // mid-frame: robust to centisecond rounding
        while k < anim.frames.count - 1 && ends[k] <= t { k += 1 }
        out.append(anim.frames[k])
    }
    return out
}

func luma(_ im: Image) -> [Double] {
    var l = [Double](repeating: 0, count: im.width * im.height)
    for i in 0..<l.count { l[i] = 0.299 * Double(im.pixels[i * 4]) + 0.587 * Double(im.pixels[i * 4 + 1]) + 0.114 * Double(im.pixels[i * 4 + 2]) }
    return l
}

func ssim(_ a: Image, _ b: Image) -> Double {
    let la = luma(a), lb = luma(b), w = a.width, h = a.height
    let c1 = 6.5025, c2 = 58.5225
    var total = 0.0, n = 0
    var y = 0
    while y + 8 <= h {
        var x = 0
        while x + 8 <= w {
            var ma = 0.0, mb = 0.0
            for yy in y..<(y + 8) { for xx in x..<(x + 8) { ma += la[yy * w + xx]; mb += lb[yy * w + xx] } }
            ma /= 64; mb /= 64
            var va = 0.0, vb = 0.0, cov = 0.0
            for yy in y..<(y + 8) { for xx in x..<(x + 8) {
                let da = la[yy * w + xx] - ma, db = lb[yy * w + xx] - mb
                va += da * da; vb += db * db; cov += da * db
            } }
            va /= 63; vb /= 63; cov /= 63
            total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
            n += 1
            x += 4
        }
        y += 4
    }
    return total / Double(n)
}

func boxBlur(_ im: Image, channel: Int) -> [Double] {
    let w = im.width, h = im.height
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h { for x in 0..<w {
        var s = 0.0, n = 0.0
        for yy in max(0, y - 2)...min(h - 1, y + 2) { for xx in max(0, x - 2)...min(w - 1, x + 2) { s += Double(im.pixels[(yy * w + xx) * 4 + channel]); n += 1 } }
        out[y * w + x] = s / n
    } }
    return out
}

func measure(_ dir: String, _ file: String) throws {
    let src = try loadFrames(dir)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file)).count
    let lower = file.lowercased()
    let anim = lower.hasSuffix(".gif") ? try GIF.read(file) : lower.hasSuffix(".webp") ? try WebP.read(file) : try APNG.read(file)
    let out = resample(anim, count: src.count)
    var se = 0.0, samples = 0.0, ssimSum = 0.0
    var unchanged = 0, flicker = 0
    var bandSE = 0.0, bandN = 0.0
    for i in 0..<src.count {
        let a = src[i], b = out[i]
        for k in 0..<a.pixels.count where k % 4 != 3 {
            let d = Double(a.pixels[k]) - Double(b.pixels[k]); se += d * d; samples += 1
        }
        ssimSum += ssim(a, b)
        if i > 0 {
            let pa = src[i - 1], pb = out[i - 1]
            for p in 0..<(a.width * a.height) {
                let o = p * 4
                if a.pixels[o] == pa.pixels[o] && a.pixels[o + 1] == pa.pixels[o + 1] && a.pixels[o + 2] == pa.pixels[o + 2] {
                    unchanged += 1
                    if b.pixels[o] != pb.pixels[o] || b.pixels[o + 1] != pb.pixels[o + 1] || b.pixels[o + 2] != pb.pixels[o + 2] { flicker += 1 }
                }
            }
        }
        if i % 6 == 0 { // banding on every 6th frame (blurs are slow)
            let w = a.width, h = a.height
            for ch in 0..<3 {
                let ba = boxBlur(a, channel: ch), bb = boxBlur(b, channel: ch)
                for y in 1..<(h - 1) { for x in 1..<(w - 1) {
                    let p = y * w + x, o = p * 4 + ch
                    // Smooth source area: every 4-neighbour within 3 levels.
                    var smooth = true
                    for q in [o - 4, o + 4, o - w * 4, o + w * 4] where abs(Int(a.pixels[q]) - Int(a.pixels[o])) > 3 { smooth = false }
                    if smooth { let d = ba[p] - bb[p]; bandSE += d * d; bandN += 1 }
                } }
            }
        }
    }
    let psnr = 10 * log10(255 * 255 / (se / samples))
    let result = String(format: "bytes=%d frames=%d psnr=%.2f ssim=%.4f flicker=%.3f%% banding=%.3f",
                        bytes, anim.frames.count, psnr, ssimSum / Double(src.count),
                        100 * Double(flicker) / Double(max(1, unchanged)), (bandSE / max(1, bandN)).squareRoot())
    print(result)
}

func parseDither(_ s: String?) -> GIF.Dithering {
    guard let s else { return .default }
    if s == "none" { return .none }
    if s == "ordered" { return .ordered }
    if s.hasPrefix("fs") { return .errorDiffusion(strength: Double(s.dropFirst(2)) ?? 0.8) }
    return .default
}

let args = CommandLine.arguments
do {
    switch args.count > 1 ? args[1] : "" {
    case "frames":
        let dir = args[2], count = args.count > 3 ? Int(args[3])! : 60, size = args.count > 4 ? Int(args[4])! : 256
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let seq = try PNGSequence(directory: dir)
        for i in 0..<count { try seq.append(synthFrame(i, count: count, size: size), duration: 1 / fps) }
        try seq.finish()
    case "gif":
        let paths = framePaths(args[2])
        try GIF.Encoder.encode(to: args[3], frameCount: paths.count, options: .init(dithering: parseDither(args.count > 4 ? args[4] : nil), quality: quality)) { i in
            (try PNG.read(paths[i]), 1 / fps)
        }
    case "gifstream":
        let enc = try GIF.Encoder(path: args[3], options: .init(dithering: parseDither(args.count > 4 ? args[4] : nil), quality: quality))
        for p in framePaths(args[2]) { try enc.append(try PNG.read(p), duration: 1 / fps) }
        try enc.finish()
    case "apng":
        let enc = try APNG.Encoder(path: args[3])
        for p in framePaths(args[2]) { try enc.append(try PNG.read(p), duration: 1 / fps) }
        try enc.finish()
    case "measure":
        try measure(args[2], args[3])
    case "sample":
        let lower = args[2].lowercased()
        let anim = lower.hasSuffix(".gif") ? try GIF.read(args[2]) : lower.hasSuffix(".webp") ? try WebP.read(args[2]) : try APNG.read(args[2])
        let total = anim.durations.reduce(0, +)
        let count = max(1, Int((total * fps).rounded()))
        try FileManager.default.createDirectory(atPath: args[3], withIntermediateDirectories: true)
        let seq = try PNGSequence(directory: args[3])
        for frame in resample(anim, count: count) { try seq.append(frame, duration: 1 / fps) }
        try seq.finish()
    case "exact":
        let src = try loadFrames(args[2])
        let lower = args[3].lowercased()
        let anim = lower.hasSuffix(".webp") ? try WebP.read(args[3]) : lower.hasSuffix(".gif") ? try GIF.read(args[3]) : try APNG.read(args[3])
        let out = resample(anim, count: src.count)
        let differing = (0..<src.count).filter { src[$0].pixels != out[$0].pixels }
        print(differing.isEmpty ? "exact: all \(src.count) frames identical" : "exact: \(differing.count) of \(src.count) frames differ (first: \(differing[0] + 1))")
        if !differing.isEmpty { exit(1) }
    default:
        FileHandle.standardError.write("usage: gifbench frames|gif|gifstream|apng|measure ...\n".data(using: .utf8)!)
        exit(2)
    }
} catch {
    FileHandle.standardError.write("gifbench: \(error)\n".data(using: .utf8)!)
    exit(1)
}
