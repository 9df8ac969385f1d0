// Backdrop: what lies behind a component: a neutral mock app screen (light or dark), a colour, or
// nothing.
//
// Design note: the mock screen is drawn entirely from vector shapes (placeholder bars instead of
// text, stroked digits for the clock) so it depends on no font file and is byte-identical on every
// machine. It is laid out from the device's own numbers (status bar, safe area, notch) in points
// and drawn through the canvas's CTM, so it is sharp at any scale. Its content is busy enough
// (coloured icons, rows, separators) that a blurred material or a dim overlay visibly acts on it.

import HUDRaster

/// The background a scene is rendered on.
public enum Backdrop: Hashable, Sendable, CustomStringConvertible {
    /// A mock app screen in light appearance: status bar, navigation bar, a list.
    case mockLight
    /// The same mock app screen in dark appearance.
    case mockDark
    /// Nothing: pixels outside the component stay fully transparent.
    case transparent
    /// A solid colour.
    case color(Color)

    /// Parses "mock-light", "mock-dark", "transparent" (or "none", "clear") and "#RRGGBB[AA]" /
    /// "RRGGBB" colours. Also accepts "light", "dark", "mockLight", "mockDark".
    public init(_ string: String) throws {
        let key = String(string.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "#" })
        switch key {
        case "mocklight", "light", "mock": self = .mockLight
        case "mockdark", "dark": self = .mockDark
        case "transparent", "none", "clear": self = .transparent
        case "black": self = .color(.black)
        case "white": self = .color(.white)
        default:
            if let c = Color(hex: string.hasPrefix("#") ? string : "#" + string) { self = .color(c); return }
            throw BackdropError.unknownBackdrop(string)
        }
    }

    /// The kebab-case name ("mock-light", ...) or the colour's hex string.
    public var description: String {
        switch self {
        case .mockLight: return "mock-light"
        case .mockDark: return "mock-dark"
        case .transparent: return "transparent"
        case .color(let c): return c.hexString
        }
    }

    /// Whether components should pick their dark-appearance colours on this backdrop.
    public var isDark: Bool {
        switch self {
        case .mockDark: return true
        case .mockLight, .transparent: return false
        case .color(let c): return (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue) < 0.5 && c.alpha > 0.5
        }
    }

    /// Paints the backdrop over `size` points of `canvas`, whose CTM must map points to pixels.
    /// `device` supplies the status bar, safe area and notch; without one the mock screen shows
    /// only its navigation bar and list.
    public func draw(in canvas: Canvas, size: Size, device: Device?) {
        switch self {
        case .transparent: return
        case .color(let c):
            canvas.saveGState()
            canvas.setBlendMode(.copy)
            canvas.setFillColor(c)
            canvas.fill(Rect(origin: .zero, size: size))
            canvas.restoreGState()
        case .mockLight: MockScreen(size: size, device: device, dark: false).draw(in: canvas)
        case .mockDark: MockScreen(size: size, device: device, dark: true).draw(in: canvas)
        }
    }
}

/// Errors from parsing a backdrop name.
public enum BackdropError: Error, Equatable, CustomStringConvertible {
    case unknownBackdrop(String)
    public var description: String {
        switch self {
        case .unknownBackdrop(let s):
            return "Unknown backdrop \"\(s)\". Use mock-light, mock-dark, transparent, or a colour such as #336699."
        }
    }
}

/// The mock app screen's layout and palette.
struct MockScreen {
    let size: Size
    let device: Device?
    let dark: Bool

    // iOS system colours (light / dark).
    var background: Color { dark ? .black : .white }
    var barBackground: Color { dark ? Color(hex: "#161618")! : Color(hex: "#F7F7F8")! }
    var separator: Color { dark ? Color(hex: "#38383A")! : Color(hex: "#C6C6C8")! }
    var label: Color { dark ? .white : .black }
    var placeholder: Color { dark ? Color(white: 1, alpha: 0.80) : Color(white: 0, alpha: 0.78) }
    var secondary: Color { dark ? Color(hex: "#8D8D93")! : Color(hex: "#8A8A8E")! }
    var tertiary: Color { dark ? Color(hex: "#48484A")! : Color(hex: "#C4C4C7")! }
    var tint: Color { dark ? Color(hex: "#0A84FF")! : Color(hex: "#007AFF")! }
    static let iconColors: [String] = ["#FF9500", "#007AFF", "#34C759", "#FF3B30", "#5856D6", "#FF2D55", "#5AC8FA", "#8E8E93", "#FFCC00"]
    static let titleLengths: [Double] = [0.46, 0.31, 0.55, 0.38, 0.50, 0.27, 0.43, 0.60, 0.35, 0.48]

    func draw(in canvas: Canvas) {
        let w = size.width, h = size.height
        canvas.saveGState()
        canvas.setBlendMode(.copy)
        canvas.setFillColor(background)
        canvas.fill(Rect(x: 0, y: 0, width: w, height: h))
        canvas.restoreGState()

        let statusBar = device?.statusBarHeight ?? 0
        let top = device?.safeAreaInsets.top ?? 0
        let hairline = 1 / max(1, canvas.ctm.maxScale)
        let navHeight = h >= 200 ? 44.0 : 0
        let navBottom = top + navHeight

        // Bars: the status bar shares the navigation bar's material.
        if navBottom > 0 {
            canvas.setFillColor(barBackground)
            canvas.fill(Rect(x: 0, y: 0, width: w, height: navBottom))
            canvas.setFillColor(separator)
            canvas.fill(Rect(x: 0, y: navBottom - hairline, width: w, height: hairline))
        }
        if navHeight > 0 { drawNavigationBar(canvas, top: top) }

        // List: a section header, then 44 pt rows down to the bottom.
        var y = navBottom + 22
        if h - y > 60 {
            canvas.setFillColor(secondary)
            canvas.fill(KitShapes.capsule(Rect(x: 16, y: y + 8, width: min(90, w * 0.25), height: 7)))
            y += 28
            canvas.setFillColor(separator)
            canvas.fill(Rect(x: 0, y: y - hairline, width: w, height: hairline))
        } else {
            y = navBottom
        }
        var row = 0
        let rowHeight = 44.0
        while y < h {
            drawRow(canvas, index: row, y: y, height: rowHeight)
            y += rowHeight
            row += 1
        }

        if statusBar > 0, let device { drawStatusBar(canvas, device: device) }
        if let device, device.hasHomeIndicator, h >= device.pointSize.height - 1 {
            canvas.setFillColor(label)
            canvas.fill(KitShapes.capsule(Rect(x: (w - 134) / 2, y: h - 8 - 5, width: 134, height: 5)))
        }
        if let device, let cut = device.cutoutPath() {
            canvas.setFillColor(.black)
            canvas.fill(cut)
        }
    }

    private func drawNavigationBar(_ canvas: Canvas, top: Double) {
        let w = size.width, mid = top + 22
        // Title placeholder, centred.
        canvas.setFillColor(placeholder)
        let titleW = min(120, w * 0.32)
        canvas.fill(KitShapes.capsule(Rect(x: (w - titleW) / 2, y: mid - 5, width: titleW, height: 10)))
        // Back chevron and a short tinted label.
        var chevron = Path()
        chevron.move(to: Point(x: 18.5, y: mid - 8))
        chevron.addLine(to: Point(x: 11, y: mid))
        chevron.addLine(to: Point(x: 18.5, y: mid + 8))
        canvas.saveGState()
        canvas.setStrokeColor(tint)
        canvas.setLineWidth(2.6)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.stroke(chevron)
        canvas.restoreGState()
        canvas.setFillColor(tint)
        canvas.fill(KitShapes.capsule(Rect(x: 26, y: mid - 4, width: min(48, w * 0.13), height: 8)))
        // A round tinted bar button on the right.
        canvas.fill(KitShapes.circle(center: Point(x: w - 24, y: mid), radius: 11))
        canvas.setFillColor(barBackground)
        canvas.fill(Rect(x: w - 29.5, y: mid - 1, width: 11, height: 2))
        canvas.fill(Rect(x: w - 25, y: mid - 5.5, width: 2, height: 11))
    }

    private func drawRow(_ canvas: Canvas, index i: Int, y: Double, height: Double) {
        let w = size.width
        let iconSide = 29.0
        let iconRect = Rect(x: 16, y: y + (height - iconSide) / 2, width: iconSide, height: iconSide)
        canvas.setFillColor(Color(hex: MockScreen.iconColors[i % MockScreen.iconColors.count])!)
        canvas.fill(KitShapes.roundedRect(iconRect, radius: 6.5))
        // A white glyph placeholder inside the icon.
        canvas.setFillColor(Color(white: 1, alpha: 0.92))
        canvas.fill(KitShapes.circle(center: iconRect.center, radius: 6.5))
        let textX = iconRect.maxX + 16
        let avail = max(0, w - textX - 70)
        let len = MockScreen.titleLengths[i % MockScreen.titleLengths.count] * avail + 30
        canvas.setFillColor(placeholder)
        canvas.fill(KitShapes.capsule(Rect(x: textX, y: y + height / 2 - 4, width: min(len, avail + 30), height: 8)))
        // Detail placeholder and disclosure chevron on the right.
        canvas.setFillColor(secondary)
        let detailW = Double(18 + (i * 7) % 22)
        canvas.fill(KitShapes.capsule(Rect(x: w - 36 - detailW, y: y + height / 2 - 3.5, width: detailW, height: 7)))
        var chevron = Path()
        chevron.move(to: Point(x: w - 22, y: y + height / 2 - 5.5))
        chevron.addLine(to: Point(x: w - 16.5, y: y + height / 2))
        chevron.addLine(to: Point(x: w - 22, y: y + height / 2 + 5.5))
        canvas.saveGState()
        canvas.setStrokeColor(tertiary)
        canvas.setLineWidth(2)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.stroke(chevron)
        canvas.restoreGState()
        let hairline = 1 / max(1, canvas.ctm.maxScale)
        canvas.setFillColor(separator)
        canvas.fill(Rect(x: textX, y: y + height - hairline, width: w - textX, height: hairline))
    }

    // MARK: Status bar

    private func drawStatusBar(_ canvas: Canvas, device: Device) {
        let w = size.width
        let cutoutWidth: Double
        let centreY: Double
        switch device.cutout {
        case .none:
            cutoutWidth = 0
            centreY = device.statusBarHeight / 2
        case .notch(let n):
            cutoutWidth = n.notchWidth + 2 * n.smallCircleRadius
            centreY = min(device.statusBarHeight / 2, 25) + 0.5
        case .dynamicIsland(let r):
            cutoutWidth = r.width
            centreY = r.midY
        }
        let timeWidth = 37.0
        let iconsWidth = 17.0 + 6 + 15.5 + 6 + 27
        let timeCentreX: Double, iconsLeft: Double
        if cutoutWidth > 0 {
            let ear = (w - cutoutWidth) / 2
            timeCentreX = ear / 2 + 4
            iconsLeft = w - ear / 2 - iconsWidth / 2 - 2
        } else if device.isPad {
            timeCentreX = 20 + timeWidth / 2
            iconsLeft = w - 12 - iconsWidth
        } else {
            timeCentreX = w / 2
            iconsLeft = w - 6 - iconsWidth
        }
        drawClock(canvas, centre: Point(x: timeCentreX, y: centreY))
        if cutoutWidth > 0 || device.isPad {
            drawSignal(canvas, left: iconsLeft, centreY: centreY)
            drawWiFi(canvas, left: iconsLeft + 17 + 6, centreY: centreY)
            drawBattery(canvas, left: iconsLeft + 17 + 6 + 15.5 + 6, centreY: centreY)
        } else {
            // Home-button iPhones: signal and Wi-Fi on the left, battery on the right.
            drawSignal(canvas, left: 6, centreY: centreY)
            drawWiFi(canvas, left: 6 + 17 + 5, centreY: centreY)
            drawBattery(canvas, left: w - 6 - 27, centreY: centreY)
        }
    }

    /// "9:41" as stroked digits, 12 pt tall (the cap height of the 17 pt semibold clock).
    private func drawClock(_ canvas: Canvas, centre: Point) {
        let hgt = 11.5, dw = 7.0, gap = 1.8, colonW = 2.6
        let total = dw * 3 + colonW + gap * 3
        var x = centre.x - total / 2
        let top = centre.y - hgt / 2
        var strokes = Path()
        var dots = Path()
        func p(_ u: Double, _ v: Double) -> Point { Point(x: x + u * dw, y: top + v * hgt) }
        // 9
        strokes.addEllipse(in: Rect(x: x, y: top, width: dw, height: hgt * 0.56))
        strokes.move(to: p(1, 0.28))
        strokes.addLine(to: p(1, 0.62))
        strokes.addCurve(to: p(0.05, 0.9), control1: p(1, 1.02), control2: p(0.3, 1.04))
        x += dw + gap
        // :
        dots.addPath(KitShapes.circle(center: Point(x: x + colonW / 2, y: top + hgt * 0.3), radius: 1.25))
        dots.addPath(KitShapes.circle(center: Point(x: x + colonW / 2, y: top + hgt * 0.88), radius: 1.25))
        x += colonW + gap
        // 4
        strokes.move(to: p(0.72, 1))
        strokes.addLine(to: p(0.72, 0))
        strokes.addLine(to: p(0, 0.7))
        strokes.addLine(to: p(1.02, 0.7))
        x += dw + gap
        // 1
        strokes.move(to: p(0.12, 0.2))
        strokes.addLine(to: p(0.55, 0))
        strokes.addLine(to: p(0.55, 1))
        canvas.saveGState()
        canvas.setStrokeColor(label)
        canvas.setLineWidth(1.9)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.stroke(strokes)
        canvas.restoreGState()
        canvas.setFillColor(label)
        canvas.fill(dots)
    }

    /// Four signal bars, 17 pt wide, bottom-aligned.
    private func drawSignal(_ canvas: Canvas, left: Double, centreY: Double) {
        let heights = [4.0, 6.3, 8.7, 11.0]
        let bottom = centreY + 5.5
        canvas.setFillColor(label)
        for (i, bh) in heights.enumerated() {
            canvas.fill(KitShapes.roundedRect(Rect(x: left + Double(i) * 4.6, y: bottom - bh, width: 3.2, height: bh), radius: 1))
        }
    }

    /// The Wi-Fi fan: a dot sector and two arcs opening upwards, 15.5 pt wide.
    private func drawWiFi(_ canvas: Canvas, left: Double, centreY: Double) {
        let c = Point(x: left + 7.75, y: centreY + 5.5)
        let start = -3 * Double.pi / 4, sweep = Double.pi / 2
        var p = Path()
        p.addPath(KitShapes.annularSector(center: c, inner: 0, outer: 3.4, start: start, sweep: sweep))
        p.addPath(KitShapes.annularSector(center: c, inner: 5.0, outer: 7.3, start: start, sweep: sweep))
        p.addPath(KitShapes.annularSector(center: c, inner: 8.9, outer: 11.2, start: start, sweep: sweep))
        canvas.setFillColor(label)
        canvas.fill(p)
    }

    /// The battery: an outlined body at 35% of the label colour, a full charge bar, and a nub.
    private func drawBattery(_ canvas: Canvas, left: Double, centreY: Double) {
        let body = Rect(x: left, y: centreY - 6, width: 24.5, height: 12)
        canvas.saveGState()
        canvas.setStrokeColor(label.withAlphaComponent(0.35))
        canvas.setLineWidth(1)
        canvas.stroke(KitShapes.roundedRect(body.insetBy(dx: 0.5, dy: 0.5), radius: 3.6))
        canvas.restoreGState()
        canvas.setFillColor(label)
        canvas.fill(KitShapes.roundedRect(body.insetBy(dx: 2, dy: 2), radius: 2))
        canvas.setFillColor(label.withAlphaComponent(0.4))
        var nub = Path()
        nub.move(to: Point(x: body.maxX + 1, y: centreY - 2))
        nub.addArc(withCenter: Point(x: body.maxX + 1, y: centreY), radius: 2, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: true)
        nub.closeSubpath()
        canvas.fill(nub)
    }
}
