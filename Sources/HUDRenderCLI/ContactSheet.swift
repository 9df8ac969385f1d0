// ContactSheet: many moments of an animation on one image, each labelled with its time.
//
// Design note: docs often explain an animation better with a strip of stills than with a GIF
// (print, reviews, issues). Frames are sampled at the middle of equal slices of the duration so the
// first cell is not the empty screen before "show" and the last is not the empty screen after
// "dismiss". Thumbnails are area-averaged so thin strokes survive, and the sheet is capped at
// 2400 px wide so it stays a reasonable download. Labels use HUDText's system font.

import HUDCodecs
import HUDKit
import HUDRaster
import HUDText

enum ContactSheet {
    static let maxSheetWidth = 2400.0
    static let padding = 16.0
    static let labelHeight = 30.0
    static let background = Color(hex: "#F2F2F7")!
    static let labelColor = Color(hex: "#3C3C43")!

    /// Renders `scene` at `times` into a `columns` x `rows` sheet written to `path` (PNG).
    static func render(scene: SceneRenderable, times: [Double], columns: Int, rows: Int,
                       jobs: Int, quiet: Bool, to path: String) throws {
        let (fw, fh) = scene.pixelSize
        let f = min(1, (maxSheetWidth - padding * Double(columns + 1)) / Double(columns * fw))
        let cw = max(1, Int((Double(fw) * f).rounded())), ch = max(1, Int((Double(fh) * f).rounded()))
        let sheetW = Int(padding) * (columns + 1) + cw * columns
        let sheetH = Int(padding) * (rows + 1) + (ch + Int(labelHeight)) * rows
        try Limits.checkFrame(width: sheetW, height: sheetH, command: "hud")

        let canvas: Canvas
        do { canvas = try Canvas(width: sheetW, height: sheetH, background: background) } catch {
            throw RuntimeFailure("cannot make the contact sheet", error)
        }
        let font = try? Font.systemFont(ofSize: 15)
        let progress = ProgressDisplay(total: times.count, label: "contact sheet", quiet: quiet)
        defer { progress.finish() }
        try SceneRunner.stream(scene: scene, times: times, jobs: jobs) { index, frame in
            let thumb = try ImageResampler.downscale(frame, width: cw, height: ch)
            let col = index % columns, row = index / columns
            let x = padding + Double(col) * (Double(cw) + padding)
            let y = padding + Double(row) * (Double(ch) + labelHeight + padding)
            let rect = Rect(x: x, y: y, width: Double(cw), height: Double(ch))
            canvas.saveGState()
            canvas.setShadow(offset: Size(width: 0, height: 1), blur: 4, color: Color(white: 0, alpha: 0.25))
            canvas.setFillColor(.white)
            canvas.fill(rect)
            canvas.restoreGState()
            canvas.draw(thumb, in: rect)
            if let font {
                let label = TextLayout(timeLabel(times[index]), font: font, maxWidth: Double(cw), alignment: .center)
                label.draw(in: canvas, rect: Rect(x: x, y: y + Double(ch) + 6, width: Double(cw), height: labelHeight - 6),
                           color: labelColor)
            }
            progress.advance()
        }
        do { try PNG.write(canvas.image, to: path) } catch { throw RuntimeFailure("", error) }
    }

    /// "0.25 s", "1.5 s", "2 s".
    static func timeLabel(_ t: Double) -> String {
        let ms = (t * 1000).rounded()
        var s = format(ms / 1000)
        if s.contains(".") { while s.hasSuffix("0") { s.removeLast() } }
        return s + " s"
    }
}
