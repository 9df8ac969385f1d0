// ProgressHUDScene: a scripted ProgressHUD on a device screen, rendered at any time t.
//
// Design note: the script is replayed once, at init, into a `HUDPlan`; `render(at:)` then only reads
// the plan, so frames are independent and may be rendered in any order or in parallel. Each frame is
// composed as Core Animation would: backdrop, overlay view (its own alpha), then the HUD layer rendered
// offscreen at device scale and composited with its presentation transform (position of the anchor
// point, rotation, scale) and opacity through `Canvas.draw(_:in:)`. The overlay is black at varying
// alpha, so it is rasterised once per scene and applied per frame as a darkening by its coverage
// (exactly the source-over result, without redrawing a full-screen gradient every frame).

import HUDMotion
import HUDRaster
import HUDText

/// A ProgressHUD on a device screen, as a `SceneRenderable`.
public struct ProgressHUDScene: SceneRenderable {
    public let hud: ProgressHUD
    public let screen: Screen
    public let plan: HUDPlan
    public let fonts: HUDFonts
    /// Seconds the scene lasts (the script's end plus a short rest, unless given).
    public let duration: Double
    /// The overlay at full opacity as a coverage map (one byte per screen pixel), rendered once:
    /// each frame then darkens the backdrop by it at the overlay's current alpha.
    let overlayCoverage: [UInt8]?
    /// The backdrop under the overlay at full opacity, which most frames of a story show (the
    /// whole time the HUD is up): made once instead of once per frame.
    let fullOverlayBackdrop: Image?

    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }

    /// A scene on `screen`, with text measured and drawn in `fonts` (default: the system fonts).
    public init(hud: ProgressHUD, screen: Screen, fonts: HUDFonts? = nil, duration: Double? = nil) throws {
        self.hud = hud
        self.screen = screen
        // The overlay needs no fonts, so it is drawn first: the system fonts may still be loading
        // on another thread (fontconfig reads its configuration), and the wait is shorter after it.
        let coverage = try Self.renderOverlayCoverage(hud: hud, screen: screen)
        self.overlayCoverage = coverage
        self.fullOverlayBackdrop = try coverage.map { try Self.darken(screen.backdropImage, by: $0, k: 256) }
        self.fonts = try fonts ?? HUDFonts.system()
        self.plan = hud.plan(window: screen.pointSize, metrics: self.fonts)
        self.duration = duration ?? max(plan.endTime + 0.25, 0.5)
    }

    /// The overlay is black at varying alpha: rendering it once and keeping only the alpha is exact.
    static func renderOverlayCoverage(hud: ProgressHUD, screen: Screen) throws -> [UInt8]? {
        guard hud.overlayMode != .none else { return nil }
        let (w, h) = screen.pixelSize
        let canvas = try Canvas(width: w, height: h, background: .clear)
        canvas.scaleBy(x: Double(w) / screen.pointSize.width, y: Double(h) / screen.pointSize.height)
        hud.drawOverlay(in: canvas, size: screen.pointSize, alpha: 1)
        let px = canvas.image.pixels
        var coverage = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) { coverage[i] = px[i * 4 + 3] }
        return coverage
    }

    /// The backdrop with the overlay composited at `alpha` (source-over of black, premultiplied).
    func backdropWithOverlay(alpha: Double) throws -> Image {
        let base = screen.backdropImage
        guard let coverage = overlayCoverage, alpha > 0.001 else { return base }
        let k = Int((min(alpha, 1) * 256).rounded())
        if k == 256, let full = fullOverlayBackdrop { return full }
        return try Self.darken(base, by: coverage, k: k)
    }

    /// `darken`'s lanes: the first `count` pixels of `from` to `out`, four at a time, by `coverage`
    /// at `k`/256; returns how many it did (the rest are for the scalar tail). A function of its
    /// own, not part of `darken`'s closure: with the loop inside that closure, the testing build
    /// (`-enable-testing`) returned from `darken` with the register that carries a thrown error
    /// set, so that `darken` seemed to throw. A code generation fault, which this sidesteps.
    @inline(never)
    private static func darkenLanes(_ from: UnsafeRawPointer, _ out: UnsafeMutableRawPointer,
                                    _ coverage: UnsafeBufferPointer<UInt8>, count: Int, k: Int) -> Int {
        let c = coverage, kk = UInt16(truncatingIfNeeded: k)
        @inline(__always) func scaled(_ v: SIMD8<UInt16>, _ inv: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let x = v &* inv &+ 127
            return (x &+ 1 &+ (x &>> 8)) &>> 8
        }
        var i = 0
        while i &+ 4 <= count {
            // Little-endian: byte 2j is lane j's low byte.
            let lanes = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let cv = SIMD4<UInt16>(UInt16(c[i]), UInt16(c[i &+ 1]), UInt16(c[i &+ 2]), UInt16(c[i &+ 3]))
            if cv == .zero {
                out.storeBytes(of: lanes, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                i &+= 4
                continue
            }
            let a = (cv &* kk) &>> 8
            let inv = 255 &- a
            // Lanes 2p and 2p + 1 hold pixel p's bytes.
            let inv8 = SIMD8<UInt16>(inv[0], inv[0], inv[1], inv[1], inv[2], inv[2], inv[3], inv[3])
            let alpha = SIMD8<UInt16>(0, a[0], 0, a[1], 0, a[2], 0, a[3])
            let redBlue = scaled(lanes & 0x00FF, inv8)
            let greenAlpha = scaled(lanes &>> 8, inv8) &+ alpha
            out.storeBytes(of: redBlue | greenAlpha &<< 8, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        return i
    }

    /// `base` darkened by the overlay `coverage` at `k`/256 of its opacity: per channel
    /// `(v * (255 - a) + 127) / 255`, plus `a` on alpha, where `a = coverage * k >> 8`. Four pixels
    /// at a time in 16-bit lanes (the division by 255 as `(x + 1 + x >> 8) >> 8`, exact for every
    /// product here), with the same bytes as the scalar formula, which the tail uses. The four
    /// pixels' 16 bytes are read as eight 16-bit lanes and split into their low bytes (red and blue)
    /// and high bytes (green and alpha) by masks and shifts: a widening conversion of 16 bytes was
    /// a call that converted them one at a time. Written in one pass from `base` into a new buffer
    /// (not copied first, then changed in place).
    static func darken(_ base: Image, by coverage: [UInt8], k: Int) throws -> Image {
        let count = base.pixels.count
        let px = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            base.pixels.withUnsafeBytes { src in
                coverage.withUnsafeBufferPointer { c in
                    let from = src.baseAddress!
                    let n = min(c.count, count / 4)
                    var i = darkenLanes(from, out, c, count: n, k: k)
                    let p = src.bindMemory(to: UInt8.self), o = buffer
                    while i < n {
                        let a = (Int(c[i]) &* k) &>> 8          // overlay alpha 0...255
                        let j = i &* 4
                        if a != 0 {
                            let inv = 255 &- a
                            o[j] = UInt8((Int(p[j]) &* inv &+ 127) / 255)
                            o[j &+ 1] = UInt8((Int(p[j &+ 1]) &* inv &+ 127) / 255)
                            o[j &+ 2] = UInt8((Int(p[j &+ 2]) &* inv &+ 127) / 255)
                            o[j &+ 3] = UInt8(a &+ (Int(p[j &+ 3]) &* inv &+ 127) / 255)
                        } else {
                            o[j] = p[j]; o[j &+ 1] = p[j &+ 1]; o[j &+ 2] = p[j &+ 2]; o[j &+ 3] = p[j &+ 3]
                        }
                        i &+= 1
                    }
                    // Pixels the coverage does not reach are the backdrop's.
                    if n &* 4 < count { (out + n &* 4).copyMemory(from: from + n &* 4, byteCount: count &- n &* 4) }
                }
            }
            initialized = count
        }
        return try Image(width: base.width, height: base.height, premultipliedPixels: px)
    }

    /// A scene on a device screen (`device`'s size and scale unless `scale` is given) over `backdrop`.
    public init(hud: ProgressHUD, device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight,
                fonts: HUDFonts? = nil, duration: Double? = nil) throws {
        try self.init(hud: hud, screen: try Screen(device: device, scale: scale, backdrop: backdrop),
                      fonts: fonts, duration: duration)
    }

    /// The HUD's presentation state at `t` (nil when it is not on screen): where its anchor point is,
    /// rotation, scale, opacity, anchor and the size of its box.
    public func hudState(at t: Double) -> (state: LayerState, anchor: Vector2, size: Size)? {
        guard let (p, s0) = plan.presentation(at: t), let layout = plan.layout(at: t) else { return nil }
        var s = s0
        if !p.isDismissal {
            // Content changes re-centre the HUD (`_updateHUD` sets hud.center for the new height).
            let now = PresentationStyle.windowCenter(anchor: p.animation.anchor, hudSize: layout.size, window: screen.pointSize)
            let then = PresentationStyle.windowCenter(anchor: p.animation.anchor, hudSize: p.hudSize, window: screen.pointSize)
            s.position = s.position + (now - then)
        }
        return (s, p.animation.anchor, layout.size)
    }

    /// The HUD's own layer (box, shadow, content) at `t`, at the screen's scale, with
    /// `HUDStyle.layerMargin` points around the box; nil when nothing is on screen.
    public func hudLayerImage(at t: Double) throws -> Image? {
        guard let state = frameState(at: t) else { return nil }
        return try hud.renderLayer(state, fonts: fonts, scale: screen.scale)
    }

    public func render(at t: Double) throws -> Image {
        let base = try backdropWithOverlay(alpha: plan.overlayAlpha(at: t))
        let canvas = Canvas(image: base)
        canvas.scaleBy(x: Double(base.width) / screen.pointSize.width, y: Double(base.height) / screen.pointSize.height)
        guard let (s, anchor, size) = hudState(at: t), s.opacity > 0.001, s.scale > 1e-6,
              let layer = try hudLayerImage(at: t) else { return canvas.image }
        let m = HUDStyle.layerMargin
        canvas.saveGState()
        Self.enterHUDLayer(s, anchor: anchor, size: size, on: canvas)
        canvas.draw(layer, in: Rect(x: -m, y: -m, width: Double(layer.width) / screen.scale,
                                    height: Double(layer.height) / screen.scale))
        canvas.restoreGState()
        return canvas.image
    }

    /// Moves `canvas` into the HUD layer's own space at its animated position, rotation, scale and
    /// opacity, as Core Animation composites the layer (anchor point in unit coordinates).
    static func enterHUDLayer(_ s: LayerState, anchor: Vector2, size: Size, on canvas: Canvas) {
        canvas.translateBy(x: s.position.x, y: s.position.y)
        canvas.rotate(by: s.rotation)
        canvas.scaleBy(x: s.scale, y: s.scale)
        canvas.translateBy(x: -anchor.x * size.width, y: -anchor.y * size.height)
        canvas.setAlpha(min(s.opacity, 1))
    }
}

/// The scripted stories the command line renders: the default one ("Loading…" with the spinner,
/// progress 0 to 100% with the percentage as status, then "Completed!") and its variations.
public struct ProgressHUDStory: Sendable {
    /// Determinate progress after the spinner: radial, linear, or none (the spinner and the opening
    /// status throughout, no percentages).
    public enum Progress: String, CaseIterable, Sendable { case radial, linear, none }
    /// How the story ends.
    public enum Result: String, CaseIterable, Sendable { case success, error, none }

    public var title: String? = "Loading…"
    /// The status under the spinner before progress starts (nil: none).
    public var status: String? = nil
    public var progress: Progress = .radial
    public var result: Result = .success
    /// The status shown with the result ("Completed!" / "Failed").
    public var resultMessage: String? = nil
    public var presentationStyle: PresentationStyle = .drop
    public var overlayMode: ProgressHUD.OverlayMode = .gradient
    public var glowColor: Color = .red
    /// A custom image shown instead of the spinner while loading.
    public var image: Image? = nil
    /// Tap the HUD once during progress to show the confirmation glow (it times out after 2.8 s).
    public var confirmationTap: Bool = false
    public var hasBorder: Bool = false
    public var seed: UInt64 = 0

    public init() {}

    /// The default story's timings: spinner for 0.8 s, progress 0.8...2.2 s in 7 steps, result at 2.4 s
    /// (the HUD leaves at 3.25 s, after MMProgressHUD's 0.1 + 0.75 s; the overlay has faded by 4.35 s).
    /// Steps are 0.2 s apart, longer than the label's 0.15 s cross-fade: at 14 steps (0.1 s) every
    /// percentage was drawn over the fading previous one ("36%" over "43%").
    public static let progressStart = 0.8, progressEnd = 2.2, resultTime = 2.4, progressSteps = 7

    /// The story as a scripted HUD.
    public func makeHUD() -> ProgressHUD {
        var hud = ProgressHUD()
        hud.presentationStyle = presentationStyle
        hud.overlayMode = overlayMode
        hud.glowColor = glowColor
        hud.hasBorder = hasBorder
        hud.seed = seed
        switch progress {
        case .radial: hud.progressStyle = .radial
        case .linear: hud.progressStyle = .linear
        case .none: hud.progressStyle = .indeterminate
        }
        let title = self.title, status = self.status, image = self.image, tap = confirmationTap
        hud.at(0) {
            if let image { $0.show(title: title, status: status, image: image) }
            else if tap { $0.show(title: title, status: status, confirmationMessage: nil) }
            else { $0.show(title: title, status: status) }
        }
        // Without a progress indicator there is no progress to report: the spinner and the
        // status the HUD opened with stay until the result (a percentage under a spinner would
        // claim a measurement the HUD does not show).
        // After the confirmation tap the updates move the progress but leave the label, so
        // "Cancel?" stays readable instead of cross-fading into the next percentage 0.1 s later.
        let tapTime = Self.progressStart + 0.3
        if progress != .none {
            let n = Self.progressSteps
            for k in 0...n {
                let p = Double(k) / Double(n)
                let t = Self.progressStart + (Self.progressEnd - Self.progressStart) * p
                let confirming = tap && t > tapTime && t < tapTime + ProgressHUD.confirmationTimeout
                hud.at(t) { $0.updateProgress(p, status: confirming ? nil : "\(Int((p * 100).rounded()))%") }
            }
        }
        if tap { hud.at(tapTime) { $0.tap() } }
        switch result {
        case .success: hud.at(Self.resultTime) { $0.dismiss(withSuccess: resultMessage ?? "Completed!") }
        case .error: hud.at(Self.resultTime) { $0.dismiss(withError: resultMessage ?? "Failed") }
        case .none: hud.at(Self.resultTime) { $0.dismiss() }
        }
        return hud
    }

    /// The story on a device screen.
    public func makeScene(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight,
                          fonts: HUDFonts? = nil) throws -> ProgressHUDScene {
        try ProgressHUDScene(hud: makeHUD(), device: device, scale: scale, backdrop: backdrop, fonts: fonts)
    }
}

extension ProgressHUDScene {
    /// The default story (spinner, progress to 100%, "Completed!"), about 4 s.
    public static func defaultStory(device: Device = .default, scale: Double? = nil,
                                    backdrop: Backdrop = .mockLight) throws -> ProgressHUDScene {
        try ProgressHUDStory().makeScene(device: device, scale: scale, backdrop: backdrop)
    }
}
