// ProgressHUD+Drawing: how MMHud and its views paint themselves, in the HUD's own points.
//
// Design note: the HUD is drawn into its own offscreen layer (box, shadow, labels, content), which
// the scene then composites with the presentation transform and opacity, as Core Animation renders a
// layer tree. The shadow follows CALayer: MMHud sets a `shadowPath` (the rounded box), so the shadow
// is that opaque shape blurred (sigma = shadowRadius), offset (0,-3), at shadowOpacity, and it shows
// through the translucent box. We therefore build it from a coverage mask rather than with a CG
// shadow on the translucent fill (which would weaken it by the fill's 0.75 alpha).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDText

/// The fonts MMHud uses (bold 16 for the title; 16 for the status, bold when there is no title).
public struct HUDFonts: HUDTextMeasuring {
    public var title: Font
    public var status: Font
    public var statusBold: Font
    /// The line heights the original's faces have (HelveticaNeue-Bold, HelveticaNeue-Light), which
    /// the layout uses per line in place of the stand-in fonts' own; nil lays out with the fonts'
    /// own line heights (a font the user chose).
    public var originalLineHeights: (bold: Double, regular: Double)?

    /// MMProgressHUD's fonts at its size 16: HelveticaNeue-Bold for the title, HelveticaNeue-Light for
    /// the status (Nimbus Sans Bold and Regular stand in: Helvetica Neue's widths), laid out with the
    /// original faces' line heights.
    public static func system() throws -> HUDFonts {
        let bold = try Font(name: "HelveticaNeue-Bold", size: 16)
        var fonts = HUDFonts(title: bold, status: try Font(name: "HelveticaNeue-Light", size: 16), statusBold: bold)
        if let b = OriginalFontMetrics.lineHeight(of: OriginalFontMetrics.mmProgressHUDBold, size: 16),
           let r = OriginalFontMetrics.lineHeight(of: OriginalFontMetrics.mmProgressHUDNormal, size: 16) {
            fonts.originalLineHeights = (b, r)
        }
        return fonts
    }
    public init(title: Font, status: Font, statusBold: Font) {
        self.title = title; self.status = status; self.statusBold = statusBold
    }

    public func size(of text: String, bold: Bool, constrainedToWidth width: Double) -> Size {
        let font = bold ? title : status
        let s = font.size(of: text, constrainedToWidth: width)
        var height = s.height
        if let lines = originalLineHeights, font.lineHeight > 0 {
            // Lines as the stand-in wraps them, each as tall as in the original's face.
            height = (s.height / font.lineHeight).rounded() * (bold ? lines.bold : lines.regular)
        }
        return Size(width: s.width.rounded(.up), height: height.rounded(.up))
    }
    public func lineHeight(bold: Bool) -> Double {
        if let lines = originalLineHeights { return (bold ? lines.bold : lines.regular).rounded(.up) }
        return (bold ? title : status).lineHeight.rounded(.up)
    }
}

/// The look of MMHud and its content views.
public enum HUDStyle {
    public static let backgroundColor = Color(white: 0, alpha: 0.75)
    /// The background during the confirmation glow.
    public static let glowBackgroundColor = Color(white: 0, alpha: 0.85)
    public static let cornerRadius = 10.0
    public static let shadowColor = Color.black
    public static let shadowOpacity = 0.5
    /// CALayer shadowRadius (taken as the Gaussian sigma).
    public static let shadowRadius = 15.0
    /// CALayer's default shadowOffset (0, -3): the shadow sits slightly above.
    public static let shadowOffset = Size(width: 0, height: -3)
    public static let titleColor = Color.white
    public static let titleShadow = TextShadow(offset: Size(width: 0, height: -1), blur: 0, color: .black)
    public static let statusColor = Color(white: 0.9, alpha: 0.95)
    /// Points of room around the box for the shadow in the offscreen layer.
    public static let layerMargin = 48.0

    /// The success check on a 512 x 512 grid (MMVectorImage).
    public static let checkPolygon: [Point] = [
        Point(x: 434.442, y: 58.997), Point(x: 195.559, y: 297.881), Point(x: 77.554, y: 179.88),
        Point(x: 0, y: 257.438), Point(x: 195.559, y: 453.003), Point(x: 512, y: 136.551),
    ]

    /// The error X on a 512 x 512 grid: a plus sign with 135-unit arms turned 45 degrees, centred.
    public static let crossPolygon: [Point] = {
        let half = 67.5
        let reach = 256 * 2.0.squareRoot() - half
        let plus: [(Double, Double)] = [
            (half, half), (reach, half), (reach, -half), (half, -half), (half, -reach), (-half, -reach),
            (-half, -half), (-reach, -half), (-reach, half), (-half, half), (-half, reach), (half, reach),
        ]
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        return plus.map { Point(x: 256 + $0.0 * c - $0.1 * s, y: 256 + $0.0 * s + $0.1 * c) }
    }()

    static func polygonPath(_ pts: [Point], in rect: Rect) -> Path {
        var p = Path()
        let k = min(rect.width, rect.height) / 512
        for (i, q) in pts.enumerated() {
            let m = Point(x: rect.minX + q.x * k, y: rect.minY + q.y * k)
            if i == 0 { p.move(to: m) } else { p.addLine(to: m) }
        }
        p.closeSubpath()
        return p
    }

    /// MMRadialProgressView: an annulus (outer oval inset 1, inner 3/5 of it) with a white wedge.
    public static func drawRadialProgress(_ progress: Double, in canvas: Canvas, rect: Rect) {
        let outerRect = rect.insetBy(dx: 1, dy: 1)
        let c = outerRect.center
        let R = min(outerRect.width, outerRect.height) / 2
        let r = R * 3 / 5
        var ring = Path()
        ring.addEllipse(in: Rect(x: c.x - R, y: c.y - R, width: 2 * R, height: 2 * R))
        ring.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        canvas.saveGState()
        canvas.setFillColor(Color(white: 1, alpha: 0.2))
        canvas.fill(ring, rule: .evenOdd)
        let p = min(max(progress, 0), 1)
        if p > 0 {
            canvas.saveGState()
            canvas.clip(to: ring, rule: .evenOdd)
            var wedge = Path()
            if p >= 1 {
                wedge.addEllipse(in: Rect(x: c.x - R - 1, y: c.y - R - 1, width: 2 * R + 2, height: 2 * R + 2))
            } else {
                wedge.move(to: c)
                // A Core Graphics wedge (CGContextAddArc, clockwise 0 = clockwise on UIKit's screen).
                wedge.addArc(center: c, radius: R + 1, startAngle: -Double.pi / 2,
                             endAngle: -Double.pi / 2 + 2 * Double.pi * p, clockwise: false)
                wedge.closeSubpath()
            }
            canvas.setFillColor(.white)
            canvas.fill(wedge)
            canvas.restoreGState()
        }
        canvas.setStrokeColor(Color(white: 1, alpha: 0.5))
        canvas.setLineWidth(1)
        canvas.strokeEllipse(in: Rect(x: c.x - R, y: c.y - R, width: 2 * R, height: 2 * R))
        canvas.strokeEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        canvas.restoreGState()
    }

    /// MMLinearProgressView: a stadium outline (inset 1, 2 pt white) and an inner stadium filled to p.
    public static func drawLinearProgress(_ progress: Double, in canvas: Canvas, rect: Rect) {
        let outer = rect.insetBy(dx: 1, dy: 1)
        canvas.saveGState()
        canvas.setStrokeColor(.white)
        canvas.setLineWidth(2)
        canvas.stroke(KitShapes.capsule(outer))
        let inner = outer.insetBy(dx: 3, dy: 3)
        let p = min(max(progress, 0), 1)
        let w = max(inner.width * p, inner.height)
        canvas.setFillColor(.white)
        canvas.fill(KitShapes.capsule(Rect(x: inner.minX, y: inner.minY, width: min(w, inner.width), height: inner.height)))
        canvas.restoreGState()
    }

    /// The default success / error image: a white polygon on the 512 grid scaled into `rect`.
    public static func drawCompletion(success: Bool, in canvas: Canvas, rect: Rect, color: Color = .white) {
        canvas.saveGState()
        canvas.setFillColor(color)
        canvas.fill(polygonPath(success ? checkPolygon : crossPolygon, in: rect))
        canvas.restoreGState()
    }
}

/// What one frame of the HUD layer shows.
struct HUDFrameState {
    var layout: HUDLayout
    var current: HUDContent
    var previous: HUDContent?
    var fade: Double
    var progress: Double
    var glow: Double
    var time: Double
}

extension ProgressHUD {
    /// Renders the HUD (shadow, box, border, labels, content) into an offscreen image at `scale`,
    /// with `HUDStyle.layerMargin` points of room on each side.
    func renderLayer(_ s: HUDFrameState, fonts: HUDFonts, scale: Double) throws -> Image {
        let m = HUDStyle.layerMargin
        let size = s.layout.size
        let pw = Int(((size.width + 2 * m) * scale).rounded(.up)), ph = Int(((size.height + 2 * m) * scale).rounded(.up))
        let canvas = try Canvas(width: max(pw, 1), height: max(ph, 1), background: .clear)
        canvas.scaleBy(x: scale, y: scale)
        canvas.translateBy(x: m, y: m)
        drawLayer(s, fonts: fonts, in: canvas)
        return canvas.image
    }

    /// Draws the HUD (shadow, box, border, labels, content) with its box at the origin of the
    /// canvas's user space (points); the shadow's blur follows the CTM's scale.
    func drawLayer(_ s: HUDFrameState, fonts: HUDFonts, in canvas: Canvas) {
        let size = s.layout.size
        let scale = abs(canvas.ctm.determinant).squareRoot()
        let box = Rect(origin: .zero, size: size)
        let boxPath = KitShapes.roundedRect(box, radius: HUDStyle.cornerRadius)

        // Shadow: the shadow path, offset, blurred, at shadowOpacity; glows towards glowColor.
        let g = min(max(s.glow, 0), 1)
        let shadowOpacity = HUDStyle.shadowOpacity + (1 - HUDStyle.shadowOpacity) * g
        let sc = HUDStyle.shadowColor, gc = glowColor
        let shadowColor = Color(red: sc.red + (gc.red - sc.red) * g, green: sc.green + (gc.green - sc.green) * g,
                                blue: sc.blue + (gc.blue - sc.blue) * g, alpha: (sc.alpha + (gc.alpha - sc.alpha) * g) * shadowOpacity)
        let shadowPath = boxPath.applying(Transform(translationX: HUDStyle.shadowOffset.width, y: HUDStyle.shadowOffset.height))
        if let mask = Rasterizer.mask(for: shadowPath, transform: canvas.ctm) {
            canvas.fill(Blur.gaussian(mask: mask, sigma: HUDStyle.shadowRadius * scale), color: shadowColor)
        }
        let bgAlpha = HUDStyle.backgroundColor.alpha + (HUDStyle.glowBackgroundColor.alpha - HUDStyle.backgroundColor.alpha) * g
        canvas.setFillColor(Color(white: 0, alpha: bgAlpha))
        canvas.fill(boxPath)
        if hasBorder && borderWidth > 0 {
            // CALayer borders are drawn inside the bounds.
            canvas.setStrokeColor(borderColor)
            canvas.setLineWidth(borderWidth)
            canvas.stroke(KitShapes.roundedRect(box.insetBy(dx: borderWidth / 2, dy: borderWidth / 2),
                                                radius: max(HUDStyle.cornerRadius - borderWidth / 2, 0)))
        }

        // Each part cross-fades only when it changed (a fade transition between identical renderings
        // shows no change in Core Animation), so a status update does not dim the title or the ring.
        let c = s.current
        let fade = s.previous == nil ? 1 : min(max(s.fade, 0), 1)
        let p = fade < 1 ? s.previous : nil
        if let p, p.title != c.title {
            drawTitle(p, alpha: 1 - fade, in: canvas, layout: s.layout, fonts: fonts)
            drawTitle(c, alpha: fade, in: canvas, layout: s.layout, fonts: fonts)
        } else {
            drawTitle(c, alpha: 1, in: canvas, layout: s.layout, fonts: fonts)
        }
        if let p, p.status != c.status || (p.title == nil) != (c.title == nil) {
            drawStatus(p, alpha: 1 - fade, in: canvas, layout: s.layout, fonts: fonts)
            drawStatus(c, alpha: fade, in: canvas, layout: s.layout, fonts: fonts)
        } else {
            drawStatus(c, alpha: 1, in: canvas, layout: s.layout, fonts: fonts)
        }
        if let p, p.kind != c.kind || p.image != c.image {
            drawContentArea(p, alpha: 1 - fade, in: canvas, state: s)
            drawContentArea(c, alpha: fade, in: canvas, state: s)
        } else {
            drawContentArea(c, alpha: 1, in: canvas, state: s)
        }
    }

    private func drawTitle(_ c: HUDContent, alpha: Double, in canvas: Canvas, layout: HUDLayout, fonts: HUDFonts) {
        guard alpha > 0.001, let title = c.title, let frame = layout.titleFrame else { return }
        canvas.saveGState()
        canvas.setAlpha(alpha)
        let text = TextLayout(title, font: fonts.title, maxWidth: frame.width, alignment: .center)
        text.draw(in: canvas, rect: Self.labelTextRect(text, in: frame), color: HUDStyle.titleColor, shadow: HUDStyle.titleShadow)
        canvas.restoreGState()
    }

    /// Where a UILabel puts its text: centred vertically in the label's frame. MMHud sizes the title
    /// frame at the width where the title first fits in two lines, then widens the HUD for the status,
    /// so the text can need fewer lines than its frame holds.
    static func labelTextRect(_ text: TextLayout, in frame: Rect) -> Rect {
        let spare = max(0, frame.height - text.size.height)
        return Rect(x: frame.minX, y: frame.minY + spare / 2, width: frame.width, height: frame.height - spare)
    }

    private func drawStatus(_ c: HUDContent, alpha: Double, in canvas: Canvas, layout: HUDLayout, fonts: HUDFonts) {
        guard alpha > 0.001, let status = c.status, let frame = layout.statusFrame else { return }
        canvas.saveGState()
        canvas.setAlpha(alpha)
        let font = c.title == nil ? fonts.statusBold : fonts.status
        let text = TextLayout(status, font: font, maxWidth: frame.width, alignment: .center)
        text.draw(in: canvas, rect: Self.labelTextRect(text, in: frame), color: HUDStyle.statusColor)
        canvas.restoreGState()
    }

    private func drawContentArea(_ c: HUDContent, alpha: Double, in canvas: Canvas, state s: HUDFrameState) {
        guard alpha > 0.001 else { return }
        canvas.saveGState()
        canvas.setAlpha(alpha)
        let layout = s.layout
        // The content area keeps its own size; it is centred in the animated frame.
        let area = layout.contentFrame
        let natural = c.kind.size
        let rect = Rect(x: area.midX - natural.width / 2, y: area.midY - natural.height / 2,
                        width: natural.width, height: natural.height)
        switch c.kind {
        case .empty: break
        case .spinner: UIActivityIndicatorSpinner().draw(in: canvas, rect: rect, time: s.time)
        case .radialProgress: HUDStyle.drawRadialProgress(s.progress, in: canvas, rect: rect)
        case .linearProgress: HUDStyle.drawLinearProgress(s.progress, in: canvas, rect: rect)
        case .image:
            if let img = c.image, img.width > 0, img.height > 0 {
                canvas.draw(img, in: Self.imageRect(imageSize: Size(width: Double(img.width), height: Double(img.height)), area: rect))
            }
        case .success, .error:
            if let img = c.kind == .success ? successImage : errorImage, img.width > 0, img.height > 0 {
                canvas.draw(img, in: rect)
            } else {
                HUDStyle.drawCompletion(success: c.kind == .success, in: canvas, rect: rect)
            }
        }
        canvas.restoreGState()
    }

    /// Where MMHud's image view shows an image of `imageSize` points (one point per pixel) in the
    /// 100 x 100 area (`contentModeForImage:`): smaller both ways = centred at its own size, larger both
    /// ways = aspect fit, otherwise aspect fill (not clipped: UIImageView does not clip by default).
    static func imageRect(imageSize s: Size, area: Rect) -> Rect {
        let xr = s.width / area.width, yr = s.height / area.height
        let k: Double
        if xr < 1 && yr < 1 { k = 1 }
        else if xr > 1 && yr > 1 { k = min(area.width / s.width, area.height / s.height) }
        else { k = max(area.width / s.width, area.height / s.height) }
        let w = s.width * k, h = s.height * k
        return Rect(x: area.midX - w / 2, y: area.midY - h / 2, width: w, height: h)
    }

    /// Paints the overlay (`overlayMode`) over a screen of `size` points at `alpha`.
    func drawOverlay(in canvas: Canvas, size: Size, alpha: Double) {
        guard alpha > 0.001 else { return }
        canvas.saveGState()
        canvas.setAlpha(min(alpha, 1))
        switch overlayMode {
        case .none: break
        case .linear:
            canvas.setFillColor(Color(white: 0, alpha: 0.3))
            canvas.fill(Rect(origin: .zero, size: size))
        case .gradient:
            let c = Point(x: size.width / 2, y: size.height / 2)
            let g = Gradient(colors: [Color(white: 0, alpha: 0), Color(white: 0, alpha: 0.4), Color(white: 0, alpha: 0.5)],
                             locations: [0, 0.5, 1])
            canvas.clip(to: Rect(origin: .zero, size: size))
            canvas.drawRadialGradient(g, startCenter: c, startRadius: 50, endCenter: c, endRadius: 0.66 * size.height,
                                      options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        canvas.restoreGState()
    }
}
