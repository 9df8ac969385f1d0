// GradientLoadingBar: fxm90's gradient bar, a 3 pt strip of sliding colours across the top of the
// screen.
//
// Design note: the bar is built exactly as the library builds it: a gradient layer three times the
// bar's width, anchored at its left edge, whose colour list is colours + reversed(colours) without
// both ends + colours (16 evenly spaced stops for the 6 defaults), so its first and last thirds are
// identical. A linear position animation moves the layer's left edge from -2w to 0 each cycle;
// when the cycle wraps the bar shows exactly the same pixels, so the loop has no seam. The notch
// variant masks a full-width strip with the notch outline offset by the bar's height, as
// NotchGradientLoadingBarController does, using the device table's notch numbers across whatever
// width the view has (the library takes the superview's width, so a 375 pt view of any device gets
// that device's notch centred on 375 pt).
// Two flavours draw the same bar: the UIKit view (a CAGradientLayer, whose stops blend in Generic
// RGB) and the SwiftUI `GradientLoadingBarView` (a LinearGradient, nearest to Oklab), whose first
// frame shows the gradient at offset 0, half a cycle on from where the UIKit view starts. The
// library's snapshot references pin both (Tests/HUDKitTests/GradientLoadingBarConformanceTests).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDMotion

/// GradientLoadingBar / GradientActivityIndicatorView.
public struct GradientLoadingBar: Hashable, Sendable {
    /// The library's default colours: #4CD964 #5AC8FA #007AFF #34AADC #5856D6 #FF2D55.
    public static let defaultColors: [Color] = ["#4CD964", "#5AC8FA", "#007AFF", "#34AADC", "#5856D6", "#FF2D55"].map { Color(hex: $0)! }

    /// Which of the library's two views draws the bar.
    public enum Flavour: String, Hashable, Sendable, CaseIterable {
        /// `GradientActivityIndicatorView` (and the controllers built on it): a CAGradientLayer
        /// whose left edge starts at -2 widths.
        case uiKit
        /// The SwiftUI `GradientLoadingBarView`: a LinearGradient whose first frame is at offset 0
        /// (left edge at -1 width), moving on from there at the same speed.
        case swiftUI

        /// The colour space the framework blends the gradient's stops in (see GradientInterpolation).
        public var interpolation: GradientInterpolation { self == .uiKit ? .genericRGB : .oklab }
    }

    /// Where the bar sits.
    public enum Placement: Hashable, Sendable {
        /// Full width at the top of the safe area (`isRelativeToSafeArea: true`, the default).
        case safeArea
        /// Full width at the very top of the screen (`isRelativeToSafeArea: false`).
        case top
        /// NotchGradientLoadingBar: follows the notch outline; falls back to `.safeArea` on devices
        /// without one (home-button iPhones, iPads, Dynamic Island), as the library does.
        case notch
        /// A standalone GradientActivityIndicatorView along the bottom edge of a navigation bar.
        case navigationBar
        /// A standalone view at an explicit frame in points.
        case frame(Rect)
    }

    /// The gradient colours (`gradientColors`).
    public var colors: [Color]
    /// The bar's height in points (default 3).
    public var height: Double
    /// Seconds for one left-to-right cycle (`progressAnimationDuration`, default 3.33).
    public var progressAnimationDuration: Double
    /// Default fade-in seconds (0.33).
    public var fadeInDuration: Double
    /// Default fade-out seconds (0.66).
    public var fadeOutDuration: Double
    /// Where the bar sits.
    public var placement: Placement
    /// The UIKit view or the SwiftUI view (phase and colour blending differ).
    public var flavour: Flavour
    /// Where `.notch` puts the plain bar on a screen without a notch: under the safe area (true, the
    /// library's default `isRelativeToSafeArea`) or at the very top (false).
    public var isRelativeToSafeArea = true

    public init(colors: [Color] = GradientLoadingBar.defaultColors, height: Double = 3, progressAnimationDuration: Double = 3.33,
                fadeInDuration: Double = 0.33, fadeOutDuration: Double = 0.66, placement: Placement = .safeArea,
                flavour: Flavour = .uiKit) {
        self.flavour = flavour
        self.colors = colors.isEmpty ? GradientLoadingBar.defaultColors : colors
        self.height = height.isFinite && height > 0 ? height : 3
        self.progressAnimationDuration = progressAnimationDuration.isFinite && progressAnimationDuration > 0 ? progressAnimationDuration : 3.33
        self.fadeInDuration = fadeInDuration.isFinite ? max(0, fadeInDuration) : 0.33
        self.fadeOutDuration = fadeOutDuration.isFinite ? max(0, fadeOutDuration) : 0.66
        self.placement = placement
    }

    /// The 16-stop list for the default colours: colours, reversed without both ends, colours.
    public var infiniteColorList: [Color] {
        let inner = colors.count > 2 ? Array(colors.reversed().dropFirst().dropLast()) : []
        return colors + inner + colors
    }

    /// The gradient layer's left edge relative to the bar at time `t` after the animation started:
    /// moving right from -2w to 0 each cycle; the UIKit view starts the cycle at -2w, the SwiftUI
    /// view half way, at -w.
    public func gradientOffset(at t: Double, barWidth w: Double) -> Double {
        let f = t / progressAnimationDuration + (flavour == .swiftUI ? 0.5 : 0)
        let frac = f - f.rounded(.down)
        return -2 * w + 2 * w * frac
    }

    /// The bar's frame in points on `screen`, and for the notch variant the outline to fill.
    public func layout(on screen: Screen) -> (frame: Rect, mask: Path?) {
        let w = screen.pointSize.width
        switch placement {
        case .safeArea:
            return (Rect(x: 0, y: screen.safeAreaInsets.top, width: w, height: height), nil)
        case .top:
            return (Rect(x: 0, y: 0, width: w, height: height), nil)
        case .navigationBar:
            let bottom = screen.safeAreaInsets.top + 44
            return (Rect(x: 0, y: bottom - height, width: w, height: height), nil)
        case .frame(let r):
            return (r, nil)
        case .notch:
            guard let device = screen.device ?? screen.namedDevice, let n = device.notchLayout else {
                let y = isRelativeToSafeArea ? screen.safeAreaInsets.top : 0
                return (Rect(x: 0, y: y, width: w, height: height), nil)
            }
            let path = GradientLoadingBar.notchPath(screenWidth: w, notch: n, height: height)
            let b = path.boundingBox
            return (Rect(x: 0, y: 0, width: w, height: b.maxY), path)
        }
    }

    /// NotchGradientLoadingBar's outline: along the top edge, around the notch (6 pt ear arcs, large
    /// lower arcs) and back, `height` lower, with the radii grown or shrunk by `height`.
    public static func notchPath(screenWidth: Double, notch n: Device.NotchLayout, height: Double) -> Path {
        let cx = screenWidth / 2
        let s = n.smallCircleRadius, big = n.largeCircleRadius
        let leftSmall = Point(x: cx - n.notchWidth / 2 - s, y: s)
        let leftLarge = Point(x: cx - n.notchWidth / 2 + big, y: 2 * s + n.largeCircleVerticalOffset)
        let rightSmall = Point(x: cx + n.notchWidth / 2 + s, y: s)
        let rightLarge = Point(x: cx + n.notchWidth / 2 - big, y: 2 * s + n.largeCircleVerticalOffset)
        let top = -Double.pi / 2, right = 0.0, bottom = Double.pi / 2, left = Double.pi
        var p = Path()
        p.move(to: .zero)
        p.addLine(to: Point(x: leftSmall.x, y: 0))
        p.addArc(withCenter: leftSmall, radius: s, startAngle: top, endAngle: right, clockwise: true)
        p.addArc(withCenter: leftLarge, radius: big, startAngle: left, endAngle: bottom, clockwise: false)
        p.addLine(to: Point(x: rightLarge.x, y: rightLarge.y + big))
        p.addArc(withCenter: rightLarge, radius: big, startAngle: bottom, endAngle: right, clockwise: false)
        p.addArc(withCenter: rightSmall, radius: s, startAngle: left, endAngle: top, clockwise: true)
        p.addLine(to: Point(x: screenWidth, y: 0))
        p.addLine(to: Point(x: screenWidth, y: height))
        p.addLine(to: Point(x: height + rightSmall.x, y: height))
        p.addArc(withCenter: rightSmall, radius: s - height, startAngle: top, endAngle: left, clockwise: false)
        p.addArc(withCenter: rightLarge, radius: big + height, startAngle: right, endAngle: bottom, clockwise: true)
        p.addLine(to: Point(x: height + leftLarge.x, y: height + leftLarge.y + big))
        p.addArc(withCenter: leftLarge, radius: big + height, startAngle: bottom, endAngle: left, clockwise: true)
        p.addArc(withCenter: leftSmall, radius: s - height, startAngle: right, endAngle: top, clockwise: false)
        p.addLine(to: Point(x: 0, y: height))
        p.closeSubpath()
        return p.applying(Transform(translationX: n.horizontalOffset, y: 0))
    }

    /// Draws the bar as it looks `t` seconds after its progress animation started, with `opacity`
    /// (the fade state), on `screen`'s canvas.
    public func draw(in canvas: Canvas, on screen: Screen, at t: Double, opacity: Double = 1) {
        guard opacity > 0 else { return }
        let (frame, mask) = layout(on: screen)
        draw(in: canvas, frame: frame, mask: mask, at: t, opacity: opacity)
    }

    /// Draws the bar in `frame` (points), clipped to `mask` when given (points, same space).
    public func draw(in canvas: Canvas, frame: Rect, mask: Path? = nil, at t: Double, opacity: Double = 1) {
        guard opacity > 0, frame.width > 0, frame.height > 0 else { return }
        let w = frame.width
        let x0 = frame.minX + gradientOffset(at: t, barWidth: w)
        let list = infiniteColorList
        let gradient = Gradient(colors: list, interpolation: flavour.interpolation)
        canvas.saveGState()
        canvas.clip(to: frame)
        if let mask { canvas.clip(to: mask) }
        if opacity < 1 { canvas.setAlpha(min(1, opacity)) }
        canvas.drawLinearGradient(gradient, start: Point(x: x0, y: frame.minY), end: Point(x: x0 + 3 * w, y: frame.minY),
                                  options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        canvas.restoreGState()
    }

    /// The fade state at `t` for a bar faded in at `fadeInAt` (nil = already visible) and out at
    /// `fadeOutAt` (nil = stays). UIView animations with the default ease-in-ease-out curve, as the
    /// library's `fadeIn(duration:)` / `fadeOut(duration:)` use.
    public func opacity(at t: Double, fadeInAt: Double?, fadeOutAt: Double?) -> Double {
        func fadedIn(_ t: Double) -> Double {
            guard let fi = fadeInAt else { return 1 }
            if t < fi { return 0 }
            return fadeInDuration > 0 ? TimingFunction.easeInEaseOut.value(at: min(1, (t - fi) / fadeInDuration)) : 1
        }
        guard let fo = fadeOutAt, t >= fo else { return fadedIn(t) }
        // The fade-out starts from whatever opacity the bar had when it was asked to fade out.
        let f = fadeOutDuration > 0 ? min(1, (t - fo) / fadeOutDuration) : 1
        return fadedIn(fo) * (1 - TimingFunction.easeInEaseOut.value(at: f))
    }
}
