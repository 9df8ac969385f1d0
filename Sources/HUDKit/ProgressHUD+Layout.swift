// ProgressHUD+Layout: MMHud's layout rules, step by step, as a pure function of the content.
//
// Design note: layout is computed from measured text sizes only, through the `HUDTextMeasuring`
// protocol, so the rules (100...300 pt, 25 pt steps, the "width >= height + 35" status rule, 5 pt
// padding, CGRectUnion with CGRectZero for missing labels) are testable with fake metrics and do not
// depend on which font file a machine has. The quirks are kept on purpose: a missing label is a zero
// rect at the origin and still takes part in the union, which is what gives a status-only HUD 10 pt
// of padding above and below, exactly as the original.

import HUDRaster

/// Measures text the way `-[NSString sizeWithFont:constrainedToSize:]` does.
public protocol HUDTextMeasuring: Sendable {
    /// The size of `text` word-wrapped to at most `width` points (width = widest line used).
    func size(of text: String, bold: Bool, constrainedToWidth width: Double) -> Size
    /// The height of one line of text in this font.
    func lineHeight(bold: Bool) -> Double
}

/// What fills the HUD's content area.
public enum HUDContentKind: Hashable, Sendable {
    /// Nothing (no area).
    case empty
    /// UIKit's large white activity indicator (37 x 37).
    case spinner
    /// A determinate radial progress view (40 x 40).
    case radialProgress
    /// A determinate linear progress view (200 x 16).
    case linearProgress
    /// A custom image (100 x 100 area).
    case image
    /// The success check (37 x 37).
    case success
    /// The error X (37 x 37).
    case error

    /// The content area's size (`MMProgressHUDDefaultContentAreaSize`, `sizeThatFitsSize:`, ...).
    public var size: Size {
        switch self {
        case .empty: return .zero
        case .spinner: return Size(width: 37, height: 37)
        case .radialProgress: return Size(width: 40, height: 40)
        case .linearProgress: return Size(width: 200, height: 16)
        case .image: return Size(width: 100, height: 100)
        case .success, .error: return Size(width: 37, height: 37)
        }
    }
}

/// Frames of the HUD and its parts, in the HUD's own coordinates (points).
public struct HUDLayout: Hashable, Sendable {
    public static let minimumWidth = 100.0
    public static let maximumWidth = 300.0
    public static let widthIncrement = 25.0
    public static let contentPadding = 5.0
    /// "35 is a fudge number from trial/error" (MMHud).
    public static let statusAdditiveHeight = 35.0

    /// The HUD's bounds size.
    public var size: Size
    public var titleFrame: Rect?
    public var statusFrame: Rect?
    public var contentFrame: Rect

    /// Lays out a HUD showing `title`, `status` and `content`, as `-[MMHud updateLayoutFrames]`.
    public init(title: String?, status: String?, content: HUDContentKind, metrics: HUDTextMeasuring) {
        let pad = Self.contentPadding
        var titleFrame = Rect.zero, statusFrame = Rect.zero
        var titleSize = Size.zero, statusSize = Size.zero
        if let title {
            titleSize = Self.titleSize(title, metrics: metrics)
            titleFrame = Rect(x: pad, y: pad, width: titleSize.width, height: titleSize.height)
        }
        let c = content.size
        var contentFrame = Rect(x: 0, y: titleFrame.maxY + pad, width: c.width, height: c.height)
        if title == nil { contentFrame = contentFrame.offsetBy(dx: 0, dy: pad) }
        if let status {
            statusSize = Self.statusSize(status, bold: title == nil, metrics: metrics)
            statusFrame = Rect(x: pad, y: contentFrame.maxY + pad, width: statusSize.width, height: statusSize.height)
        }
        // layoutLabelFramesForStatusSize:titleSize:
        let hudWidth = max(min(max(titleSize.width, statusSize.width), Self.maximumWidth), Self.minimumWidth)
        if title != nil { titleFrame = Rect(x: titleFrame.minX, y: titleFrame.minY, width: hudWidth, height: titleFrame.height).integral }
        if status != nil { statusFrame = Rect(x: statusFrame.minX, y: statusFrame.minY, width: hudWidth, height: statusFrame.height).integral }
        // CGRectUnion treats CGRectZero as a real rect at the origin.
        let final = Self.cgUnion(Self.cgUnion(titleFrame, contentFrame), statusFrame)
        // layoutChildContentFramesForFinalHUDBounds:
        titleFrame = Rect(x: pad, y: titleFrame.minY, width: final.width, height: titleFrame.height).integral
        statusFrame = Rect(x: pad, y: statusFrame.minY, width: final.width, height: statusFrame.height).integral
        contentFrame = Rect(x: (final.width / 2 - contentFrame.width / 2 + pad).rounded(.down), y: contentFrame.minY,
                            width: contentFrame.width, height: contentFrame.height)
        self.size = Size(width: final.width + 2 * pad, height: final.height + 2 * pad)
        self.titleFrame = title == nil ? nil : titleFrame
        self.statusFrame = status == nil ? nil : statusFrame
        self.contentFrame = contentFrame
    }

    /// A layout given directly (for tests and custom content).
    public init(size: Size, titleFrame: Rect?, statusFrame: Rect?, contentFrame: Rect) {
        self.size = size; self.titleFrame = titleFrame; self.statusFrame = statusFrame; self.contentFrame = contentFrame
    }

    static func cgUnion(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// Title: widths 100, 125, ... (below 300) until the text takes at most two lines — and, beyond
    /// MMHud's own rule, until no word has to be broken: MMHud's loop accepts "Downloadi / ng" at
    /// 100 pt because a broken word still "fits in two lines", which no user wants when the HUD can grow.
    static func titleSize(_ text: String, metrics: HUDTextMeasuring) -> Size {
        var size = Size.zero
        var lines = 20.0
        let lineHeight = max(metrics.lineHeight(bold: true), 1)
        let word = longestWordWidth(text, bold: true, metrics: metrics)
        var target = minimumWidth
        var measuredAt = 0.0
        while lines > 2 || word > measuredAt {
            if target >= maximumWidth { break }
            size = metrics.size(of: text, bold: true, constrainedToWidth: target)
            lines = size.height / lineHeight
            measuredAt = target
            target += widthIncrement
        }
        return size
    }

    /// Status: widths 100, 125, ... (below 300) until the text is at least its height + 35 wide
    /// (and, as for the title, until no word is broken).
    static func statusSize(_ text: String, bold: Bool, metrics: HUDTextMeasuring) -> Size {
        var size = Size.zero
        let word = longestWordWidth(text, bold: bold, metrics: metrics)
        var target = minimumWidth
        var measuredAt = 0.0
        while size.width < size.height + statusAdditiveHeight || word > measuredAt {
            if target >= maximumWidth { break }
            size = metrics.size(of: text, bold: bold, constrainedToWidth: target)
            measuredAt = target
            target += widthIncrement
        }
        return size
    }

    /// The width of the widest word on one line (words are split at spaces and newlines).
    static func longestWordWidth(_ text: String, bold: Bool, metrics: HUDTextMeasuring) -> Double {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .map { metrics.size(of: String($0), bold: bold, constrainedToWidth: .greatestFiniteMagnitude).width }
            .max() ?? 0
    }

    /// Linear interpolation of every frame (UIView frame animation between two layouts).
    public func interpolated(to other: HUDLayout, fraction f: Double) -> HUDLayout {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        func rect(_ a: Rect, _ b: Rect) -> Rect {
            Rect(x: lerp(a.minX, b.minX), y: lerp(a.minY, b.minY), width: lerp(a.width, b.width), height: lerp(a.height, b.height))
        }
        return HUDLayout(size: Size(width: lerp(size.width, other.size.width), height: lerp(size.height, other.size.height)),
                         titleFrame: other.titleFrame.map { rect(titleFrame ?? $0, $0) } ?? titleFrame.map { rect($0, $0) },
                         statusFrame: other.statusFrame.map { rect(statusFrame ?? $0, $0) } ?? statusFrame.map { rect($0, $0) },
                         contentFrame: rect(contentFrame, other.contentFrame))
    }
}
