// BarCommand: `hudrender bar` renders GradientLoadingBar on a device screen.
//
// Design note: by default the bar is already visible and the animation lasts exactly one colour
// cycle, so the GIF loops without a seam; `--fade-in-at`/`--fade-out-at` (or a storyboard's show
// and dismiss) add the library's fades. The notch variant needs a notched device, so choosing
// `--placement notch` without --device picks the iPhone 13, whose notch the library draws; with
// --size the named device's notch is drawn centred on the canvas width, as the library draws it in
// any view. `--flavour swiftui` is the SwiftUI view, whose phase and colour blending differ.

import HUDKit
import HUDRaster

enum BarCommand: SceneCommand {
    static let name = "bar"
    static let abstract = "GradientLoadingBar: the animated gradient bar at the top of the screen (plain or notch)."
    static let usage = "hudrender bar --out PATH [options]"
    static let examples: [(command: String, comment: String)] = [
        ("hudrender bar --out bar.gif", "one seamless 3.33 s cycle on an iPhone 14"),
        ("hudrender bar --placement notch --device iphone-13 --out notch.gif", "NotchGradientLoadingBar hugging the notch"),
        ("hudrender bar --colors '#FF9500,#FF2D55' --height 4 --fade-in-at 0.2 --fade-out-at 3 --out fade.apng", "custom colours with fades"),
        ("hudrender bar --flavour swiftui --size 375x4 --scale 3 --background transparent --out view.png", "the SwiftUI GradientLoadingBarView's first frame"),
    ]
    static let flavours = ["uikit", "swiftui"]
    static let placements = ["safe-area", "top", "notch", "navigation-bar"]
    static let componentOptions: [OptionSpec] = [
        .value("placement", "WHERE", "Where the bar sits: safe-area (default), top, notch, navigation-bar.", choices: placements),
        .value("flavour", "VIEW", "uikit (GradientActivityIndicatorView and the controllers, default) or swiftui (GradientLoadingBarView: its own phase and colour blending).", choices: flavours),
        .value("colors", "#RGB,...", "Comma-separated gradient colours (gradientColors; default the iOS 7 palette)."),
        .value("height", "PT", "Bar height in points (default 3)."),
        .value("safe-area-top", "PT", "Top safe-area inset the bar sits under, in points (like a view whose safeAreaInsets are set; default: the device's, none with --size), e.g. 62."),
        .value("cycle", "SECONDS", "Seconds for one colour cycle (progressAnimationDuration; default 3.33)."),
        .value("fade-in-at", "SECONDS", "Time of fadeIn() (default: visible from the start)."),
        .value("fade-out-at", "SECONDS", "Time of fadeOut() (default: never)."),
    ]
    static let defaults = RenderOptions.Defaults(fps: 30, scale: 2, backdrop: .mockLight, device: .default, size: nil, stillTime: nil)

    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable {
        var bar = GradientLoadingBar()
        if let raw = args.string("colors") {
            var colors: [Color] = []
            for part in raw.split(separator: ",") {
                let s = TextFormat.trimmed(part)
                guard let c = Color(hex: s.hasPrefix("#") ? s : "#" + s), s.count >= 6 else {
                    throw UsageError("\(args.label("colors")): \"\(s)\" is not a colour; write #RRGGBB values separated by commas, e.g. #4CD964,#5AC8FA", command: name)
                }
                colors.append(c)
            }
            guard colors.count >= 2 else { throw UsageError("\(args.label("colors")): give at least two colours for a gradient", command: name) }
            bar.colors = colors
        }
        if let h = try args.double("height", in: 0.5...100, what: "points") { bar.height = h }
        if let c = try args.double("cycle", in: 0.1...60, what: "seconds") { bar.progressAnimationDuration = c }
        switch try args.choice("placement", placements) ?? "safe-area" {
        case "top": bar.placement = .top
        case "notch": bar.placement = .notch
        case "navigation-bar": bar.placement = .navigationBar
        default: bar.placement = .safeArea
        }
        if try args.choice("flavour", flavours) == "swiftui" { bar.flavour = .swiftUI }
        var fadeIn = try args.double("fade-in-at", in: 0...Limits.maxDuration, what: "seconds")
        var fadeOut = try args.double("fade-out-at", in: 0...Limits.maxDuration, what: "seconds")
        if let story = storyboard {
            for e in story.events {
                switch e.action {
                case .show: fadeIn = e.at
                case .dismiss: fadeOut = e.at
                case .update, .tap:
                    throw UsageError("storyboard \(story.file): \(e.path).action: the loading bar has no \"\(e.action.rawValue)\"; valid actions for bar: show (fadeIn), dismiss (fadeOut)", command: name)
                }
            }
        }
        let screen = try makeScreen(args, options: options, notch: bar.placement == .notch)
        return try GradientLoadingBarScene(screen: screen, bar: bar, fadeInAt: fadeIn, fadeOutAt: fadeOut, duration: options.duration)
    }

    /// The shared options' screen, with `--safe-area-top` applied, or the iPhone 13 for the notch
    /// variant when no device or size is given (the default device has a Dynamic Island).
    static func makeScreen(_ args: ParsedArguments, options: RenderOptions, notch: Bool) throws -> Screen {
        let s = options.screen
        let iPhone13 = notch && !args.has("device") && !args.has("size")
        let top = try args.double("safe-area-top", in: 0...1000, what: "points")
        guard iPhone13 || top != nil else { return s }
        var insets: Device.Insets? = nil
        if let top {
            var i = iPhone13 ? Device.iPhone13.safeAreaInsets : s.safeAreaInsets
            i.top = top
            insets = i
        }
        if iPhone13 { return try Screen(device: .iPhone13, scale: s.scale, backdrop: s.backdrop, safeAreaInsets: insets) }
        if let d = s.namedDevice {
            return try Screen(device: d, scale: s.scale, backdrop: s.backdrop, size: s.device == nil ? s.pointSize : nil, safeAreaInsets: insets)
        }
        return try Screen(size: s.pointSize, scale: s.scale, backdrop: s.backdrop, safeAreaInsets: insets)
    }
}
