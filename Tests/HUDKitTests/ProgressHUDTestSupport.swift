// Helpers shared by the ProgressHUD tests: fake text metrics, pixel measurements, still output.
import HUDRaster
import HUDCodecs
@testable import HUDKit

/// Monospaced fake metrics: every character 8 pt wide, lines 20 pt, words wrap greedily.
struct FakeMetrics: HUDTextMeasuring {
    var charWidth = 8.0
    var line = 20.0
    func size(of text: String, bold: Bool, constrainedToWidth width: Double) -> Size {
        var lines: [Int] = []
        var current = 0
        for word in text.split(separator: " ") {
            let w = word.count
            if current == 0 { current = w }
            else if Double(current + 1 + w) * charWidth <= width { current += 1 + w }
            else { lines.append(current); current = w }
        }
        lines.append(current)
        let widest = lines.map { min(Double($0) * charWidth, width) }.max() ?? 0
        return Size(width: widest, height: Double(lines.count) * line)
    }
    func lineHeight(bold: Bool) -> Double { line }
}

/// Bounding box and centroid of pixels darker than `threshold` (0...255 luma).
struct InkMeasure {
    var box: Rect?
    var centroid: Point?
    var count: Int

    /// Measures at half the frame's darkest ink (so a uniformly faded HUD measures the same).
    init(halfMaximumOf image: Image) {
        let px = image.straightPixels()
        var darkest = 255
        for i in stride(from: 0, to: px.count, by: 4) {
            let a = Int(px[i + 3])
            let r = (Int(px[i]) * a + 255 * (255 - a)) / 255
            let g = (Int(px[i + 1]) * a + 255 * (255 - a)) / 255
            let b = (Int(px[i + 2]) * a + 255 * (255 - a)) / 255
            darkest = min(darkest, (r * 54 + g * 183 + b * 19) >> 8)
        }
        self.init(image, threshold: darkest >= 250 ? 0 : (255 + darkest) / 2)
    }

    init(_ image: Image, threshold: Int = 140) {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var sx = 0.0, sy = 0.0, n = 0
        let px = image.straightPixels()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let a = Int(px[i + 3])
                // Composite over white for measuring.
                let r = (Int(px[i]) * a + 255 * (255 - a)) / 255
                let g = (Int(px[i + 1]) * a + 255 * (255 - a)) / 255
                let b = (Int(px[i + 2]) * a + 255 * (255 - a)) / 255
                let luma = (r * 54 + g * 183 + b * 19) >> 8
                if luma < threshold {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    sx += Double(x); sy += Double(y); n += 1
                }
            }
        }
        count = n
        if n > 0 {
            box = Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
            centroid = Point(x: sx / Double(n), y: sy / Double(n))
        }
    }
}

enum Stills {
    static let directory = "/tmp/hud-stills"
    static func write(_ image: Image, _ name: String) {
        _ = mkdirP(directory)
        try? PNG.write(image, to: "\(directory)/\(name).png", options: PNG.WriteOptions(compressionLevel: 1))
    }
    private static func mkdirP(_ path: String) -> Bool {
        var parts = ""
        for c in path.split(separator: "/") {
            parts += "/" + c
            _ = parts.withCString { mkdir($0, 0o755) }
        }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#endif
