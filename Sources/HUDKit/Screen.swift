// Screen: a device (or a bare size), a scale and a backdrop, turned into the canvas every frame of
// a scene starts from.
//
// Design note: the backdrop is rendered once, when the screen is made, and kept as an `Image`;
// each frame starts from a copy of it (`makeCanvas()`), so a 90-frame GIF pays for the mock app
// screen once, and frames stay independent of each other (copy-on-write values, no shared mutable
// state, safe to render on many threads). The canvas handed out has its CTM scaled so components
// draw in points, as UIKit code does.

import HUDRaster

/// The surface a scene draws on: size in points, scale, safe area and a cached backdrop.
public struct Screen: Sendable {
    /// The device whose screen this is, or nil for a bare size (a standalone component).
    public let device: Device?
    /// The device this screen was made for, even when a size override made it a bare area: a
    /// component may still take the device's constants from it (NotchGradientLoadingBar draws the
    /// device's notch across whatever width the canvas has, as the library does in a plain view).
    public let namedDevice: Device?
    /// The size in points.
    public let pointSize: Size
    /// Pixels per point.
    public let scale: Double
    /// What is drawn behind the component.
    public let backdrop: Backdrop
    /// The safe area in points (the device's, or what was given; zero for a bare size).
    public let safeAreaInsets: Device.Insets
    /// The rendered backdrop, the first layer of every frame.
    public let backdropImage: Image

    /// The output size in pixels.
    public var pixelSize: (width: Int, height: Int) { (backdropImage.width, backdropImage.height) }
    /// The screen's bounds in points.
    public var bounds: Rect { Rect(origin: .zero, size: pointSize) }

    /// A full device screen.
    /// - Parameters:
    ///   - device: the device (status bar, safe area, notch); default iPhone 14.
    ///   - scale: pixels per point; nil uses the device's own scale (2 or 3).
    ///   - backdrop: what lies behind the component.
    ///   - size: a size override in points. The device's status bar and notch are kept only when
    ///     the size equals the device's; otherwise the screen is a bare area with no safe area
    ///     (`namedDevice` still names the device).
    ///   - safeAreaInsets: the safe area to lay components out in (like a view whose
    ///     `safeAreaInsets` are set); nil uses the device's, or none for a size override.
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                safeAreaInsets: Device.Insets? = nil) throws {
        let s = scale ?? device.scale
        let useDevice = size == nil || size == device.pointSize
        try self.init(pointSize: size ?? device.pointSize, scale: s, backdrop: backdrop, device: useDevice ? device : nil,
                      namedDevice: device, safeAreaInsets: safeAreaInsets)
    }

    /// A bare area of `size` points (no status bar; no safe area unless `safeAreaInsets` gives
    /// one), e.g. a ring on its own.
    public init(size: Size, scale: Double = 2, backdrop: Backdrop = .transparent, safeAreaInsets: Device.Insets? = nil) throws {
        try self.init(pointSize: size, scale: scale, backdrop: backdrop, device: nil, namedDevice: nil, safeAreaInsets: safeAreaInsets)
    }

    private init(pointSize: Size, scale: Double, backdrop: Backdrop, device: Device?, namedDevice: Device?,
                 safeAreaInsets: Device.Insets?) throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ScreenError.invalidScale(scale) }
        guard pointSize.width.isFinite, pointSize.height.isFinite, pointSize.width > 0, pointSize.height > 0 else {
            throw ScreenError.invalidSize(pointSize)
        }
        let pw = Int((pointSize.width * scale).rounded()), ph = Int((pointSize.height * scale).rounded())
        guard pw >= 1, ph >= 1 else { throw ScreenError.invalidSize(pointSize) }
        do { try Image.validate(width: pw, height: ph) } catch { throw ScreenError.tooLarge(width: pw, height: ph) }
        if let i = safeAreaInsets {
            for v in [i.top, i.left, i.bottom, i.right] where !(v.isFinite && v >= 0) { throw ScreenError.invalidSafeArea(v) }
        }
        self.device = device
        self.namedDevice = namedDevice
        self.pointSize = pointSize
        self.scale = scale
        self.backdrop = backdrop
        self.safeAreaInsets = safeAreaInsets ?? device?.safeAreaInsets ?? .zero
        let canvas = try Canvas(width: pw, height: ph, background: .clear)
        canvas.scaleBy(x: Double(pw) / pointSize.width, y: Double(ph) / pointSize.height)
        backdrop.draw(in: canvas, size: pointSize, device: device)
        self.backdropImage = canvas.image
    }

    /// A canvas holding a copy of the backdrop, its CTM mapping points to pixels.
    public func makeCanvas() -> Canvas {
        _ = DebugBuildNote.printed
        if let recording = FrameCapture.canvas(for: self) { return recording }
        let canvas = Canvas(image: backdropImage)
        canvas.scaleBy(x: Double(backdropImage.width) / pointSize.width, y: Double(backdropImage.height) / pointSize.height)
        return canvas
    }

    /// The backdrop pixels under a rect given in points (clamped to the screen), for materials that
    /// blur what lies behind them. Returns the pixel rect actually copied alongside the image.
    public func backdropPixels(in rect: Rect) -> (image: Image, pixelRect: (x: Int, y: Int, width: Int, height: Int))? {
        let sx = Double(backdropImage.width) / pointSize.width, sy = Double(backdropImage.height) / pointSize.height
        let x0 = max(0, Int((rect.minX * sx).rounded(.down))), y0 = max(0, Int((rect.minY * sy).rounded(.down)))
        let x1 = min(backdropImage.width, Int((rect.maxX * sx).rounded(.up)))
        let y1 = min(backdropImage.height, Int((rect.maxY * sy).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        var px = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0) * 4)
        let src = backdropImage.pixels
        for y in y0..<y1 {
            let s = (y * backdropImage.width + x0) * 4, d = (y - y0) * (x1 - x0) * 4
            for i in 0..<((x1 - x0) * 4) { px[d + i] = src[s + i] }
        }
        guard let img = try? Image(width: x1 - x0, height: y1 - y0, premultipliedPixels: px) else { return nil }
        return (img, (x0, y0, x1 - x0, y1 - y0))
    }
}

/// Errors from making a screen.
public enum ScreenError: Error, Equatable, CustomStringConvertible {
    case invalidScale(Double)
    case invalidSize(Size)
    case tooLarge(width: Int, height: Int)
    case invalidSafeArea(Double)
    public var description: String {
        switch self {
        case .invalidScale(let s):
            return "Invalid scale \(s): use a positive number up to 8 (iPhones use 2 or 3)."
        case .invalidSize(let s):
            return "Invalid size \(s) points: width and height must be positive numbers."
        case .invalidSafeArea(let v):
            return "Invalid safe-area inset \(v) points: use a number of points of zero or more, e.g. 62."
        case .tooLarge(let w, let h):
            return "The frame would be \(w)x\(h) pixels, more than an image may hold (\(Image.maxDimension) px a side, \(Image.maxPixels) pixels): use a smaller size or scale."
        }
    }
}
