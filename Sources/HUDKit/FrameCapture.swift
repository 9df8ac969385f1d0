// FrameCapture: records the frame a scene draws, as a DisplayList, for `hudrender --record-frames`.
//
// Design note: scenes draw on a canvas from `Screen.makeCanvas()`, a copy of the pre-rendered
// backdrop. While a capture runs, that call instead returns a canvas that first draws the backdrop
// again from its own recorded calls and records everything drawn on it afterwards, so the display
// list holds the whole frame as drawing calls. Offscreen layers a scene composites as images stay
// images in the list. A capture is process-wide and one at a time (the command line records its
// frames before rendering the animation); no rendering path changes when none runs.

import HUDRaster
import Synchronization

/// Records scene frames as display lists (one capture at a time).
public enum FrameCapture {
    private final class Slot: @unchecked Sendable {
        var canvas: Canvas?
    }
    private static let active = Mutex<Slot?>(nil)
    private static let serial = Mutex(())

    /// Runs `draw` with capturing on and returns what was drawn on the screen canvas it asked for.
    /// Falls back to the finished frame as one image when the scene never asked for one.
    static func record(width: Int, height: Int, _ draw: () throws -> Image) throws -> DisplayList {
        try serial.withLock { _ in
            let slot = Slot()
            active.withLock { $0 = slot }
            defer { active.withLock { $0 = nil } }
            let image = try draw()
            if let list = slot.canvas?.recorder?.displayList { return list }
            let rec = DisplayListRecorder(width: width, height: height)
            let canvas = try Canvas(width: width, height: height)
            canvas.recorder = rec
            canvas.draw(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            return rec.displayList
        }
    }

    /// A recording canvas showing `screen`'s backdrop, when a capture runs and has none yet.
    static func canvas(for screen: Screen) -> Canvas? {
        guard let slot = active.withLock({ $0 }), slot.canvas == nil,
              let canvas = try? screen.recordingCanvas() else { return nil }
        slot.canvas = canvas
        return canvas
    }
}

extension Screen {
    /// A canvas with a recorder attached on which the backdrop has been drawn again, its CTM
    /// mapping points to pixels (as `makeCanvas`).
    func recordingCanvas() throws -> Canvas {
        let (pw, ph) = pixelSize
        let canvas = try Canvas(width: pw, height: ph, background: .clear)
        canvas.recorder = DisplayListRecorder(width: pw, height: ph)
        canvas.saveGState()
        canvas.scaleBy(x: Double(pw) / pointSize.width, y: Double(ph) / pointSize.height)
        backdrop.draw(in: canvas, size: pointSize, device: device)
        canvas.restoreGState()
        canvas.scaleBy(x: Double(pw) / pointSize.width, y: Double(ph) / pointSize.height)
        return canvas
    }
}

extension SceneRenderable {
    /// The frame at `t` as a display list: the drawing calls on the scene's screen canvas.
    public func displayList(at t: Double) throws -> DisplayList {
        let (w, h) = pixelSize
        return try FrameCapture.record(width: w, height: h) { try render(at: t) }
    }
}
