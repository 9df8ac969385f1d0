// UIActivityIndicatorSpinner: UIKit's large white activity indicator (UIActivityIndicatorViewStyleWhiteLarge).
//
// Design note: the real indicator is not a rotating image but 12 round-capped spokes whose opacity
// steps around the circle 12 times a second (one revolution per second). We model exactly that: the
// time is quantised to the step, so a frame at any t shows one of 12 states, identical to what a
// device would show at that instant. Spoke proportions are read off the 37 pt iOS indicator
// (spokes from 47% to 89% of the radius, 3.5 pt wide at 37 pt) and scale with the rect.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

/// UIKit's large white activity indicator: 37 x 37 pt, 12 spokes, one turn per second in 12 steps.
public struct UIActivityIndicatorSpinner: Hashable, Sendable {
    /// The indicator's natural size in points.
    public static let size = Size(width: 37, height: 37)
    /// Number of spokes (and of steps per revolution).
    public static let spokeCount = 12
    /// Revolutions per second.
    public static let revolutionsPerSecond = 1.0

    /// The spokes' colour (`color`, white for the large white style).
    public var color: Color
    /// Opacity of the dimmest spoke (the one just ahead of the head).
    public var minimumAlpha: Double

    public init(color: Color = .white, minimumAlpha: Double = 0.28) {
        self.color = color; self.minimumAlpha = minimumAlpha
    }

    /// The index (0 = 12 o'clock, clockwise) of the brightest spoke at time `t`.
    public static func headSpoke(at t: Double) -> Int {
        guard t.isFinite else { return 0 }
        let steps = Int((t * revolutionsPerSecond * Double(spokeCount)).rounded(.down))
        return ((steps % spokeCount) + spokeCount) % spokeCount
    }

    /// The opacity of spoke `i` when `head` is the brightest: fading linearly behind the head.
    public func alpha(ofSpoke i: Int, head: Int) -> Double {
        let n = Self.spokeCount
        let behind = ((head - i) % n + n) % n
        return 1 - (1 - minimumAlpha) * Double(behind) / Double(n - 1)
    }

    /// Draws the indicator centred in `rect` (scaled to fit its shorter side) at time `t`.
    public func draw(in canvas: Canvas, rect: Rect, time t: Double) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let k = side / Self.size.width
        let c = rect.center
        let inner = 8.7 * k, outer = 16.5 * k
        let head = Self.headSpoke(at: t)
        canvas.saveGState()
        canvas.setLineWidth(3.5 * k)
        canvas.setLineCap(.round)
        for i in 0..<Self.spokeCount {
            let angle = -Double.pi / 2 + Double(i) * 2 * Double.pi / Double(Self.spokeCount)
            var p = Path()
            p.move(to: Point(x: c.x + inner * cos(angle), y: c.y + inner * sin(angle)))
            p.addLine(to: Point(x: c.x + outer * cos(angle), y: c.y + outer * sin(angle)))
            canvas.setStrokeColor(color.withAlphaComponent(color.alpha * alpha(ofSpoke: i, head: head)))
            canvas.stroke(p)
        }
        canvas.restoreGState()
    }
}
