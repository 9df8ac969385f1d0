// GoldenSupport: small canvases and crops shared by the golden-image suite (Golden*Tests).
//
// Design note: goldens pin pixels, so they are kept as small as the subject allows. A component
// that lives in a corner of the screen (the notch bar) is rendered on its real device and cropped
// to the part that matters, instead of storing a whole screen; everything else is rendered on a
// bare screen just large enough for its motion. References are re-recorded with
// Scripts/record-goldens.sh and must be looked at before they are committed.

import HUDRaster
@testable import HUDKit

enum Golden {
    /// A plain light grey that is neither the HUD's black nor white content, so edges stay visible.
    static let paper = Backdrop.color(Color(hex: "#E9E9EE")!)

    /// The `width` x `height` point rectangle at (`x`, `y`) of `image`, whose scale is `scale`
    /// pixels per point.
    static func crop(_ image: Image, x: Double, y: Double, width: Double, height: Double, scale: Double) throws -> Image {
        let x0 = Int((x * scale).rounded()), y0 = Int((y * scale).rounded())
        let w = min(Int((width * scale).rounded()), image.width - x0)
        let h = min(Int((height * scale).rounded()), image.height - y0)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = image.pixels
        for row in 0..<h {
            let s = ((y0 + row) * image.width + x0) * 4, d = row * w * 4
            for i in 0..<(w * 4) { out[d + i] = src[s + i] }
        }
        return try Image(width: w, height: h, premultipliedPixels: out)
    }

    /// A ProgressHUD scripted by `script` at t = 0 on a bare `size`-point screen.
    static func hudScene(size: Size, scale: Double, backdrop: Backdrop = Golden.paper,
                         style: PresentationStyle = .none, overlay: ProgressHUD.OverlayMode = .none,
                         configure: (inout ProgressHUD) -> Void = { _ in },
                         _ script: @escaping (inout HUDScript.Actions) -> Void) throws -> ProgressHUDScene {
        var hud = ProgressHUD()
        hud.presentationStyle = style
        hud.overlayMode = overlay
        configure(&hud)
        hud.at(0, script)
        let screen = try Screen(size: size, scale: scale, backdrop: backdrop)
        return try ProgressHUDScene(hud: hud, screen: screen)
    }
}
