// GGCommand: `hudrender gg` renders GGProgressHUD (a dimmed window with a red equalizer).
//
// Design note: show and hide map to the storyboard's show and dismiss, and to --show-at/--hide-at
// on the command line; the indicator inside takes the same --type names as `indicator`.

import HUDKit
import HUDRaster

enum GGCommand: SceneCommand {
    static let name = "gg"
    static let abstract = "GGProgressHUD: a dimmed full-screen window with a centred activity indicator."
    static let usage = "hudrender gg --out PATH [options]"
    static let examples: [(command: String, comment: String)] = [
        ("hudrender gg --out gg.gif", "show, the red audio equalizer, hide"),
        ("hudrender gg --type ball-spin-fade-loader --color '#FFFFFF' --background mock-dark --out gg-dark.gif", "another indicator"),
        ("hudrender gg --hide-at none --duration 2 --out gg.apng", "stays on screen"),
    ]
    static var componentOptions: [OptionSpec] {
        [
            .value("type", "NAME", "The indicator (default audio-equalizer); same names as `hudrender indicator`."),
            .value("color", "#RRGGBB", "Indicator colour (default red)."),
            .value("dim-color", "#RRGGBBAA", "The window's dim colour (default #00000066, black at 0.4)."),
            .value("indicator-size", "PT", "The indicator's side in points (default 60)."),
            .value("show-at", "SECONDS", "Time of show() (default 0)."),
            .value("hide-at", "SECONDS", "Time of hide() (default 3.5), or none to stay."),
        ]
    }
    static let defaults = RenderOptions.Defaults(fps: 30, scale: 1, backdrop: .mockLight, device: .default, size: nil, stillTime: 2)

    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable {
        var hud = GGProgressHUD()
        hud.indicator.type = try IndicatorTypeOption.parse(args, default: .audioEqualizer)
        if let c = try args.color("color") { hud.indicator.color = c }
        if let c = try args.color("dim-color") { hud.dimColor = c }
        if let s = try args.double("indicator-size", in: 1...2000, what: "points") { hud.indicatorSize = Size(width: s, height: s) }
        var showAt = try args.double("show-at", in: 0...Limits.maxDuration, what: "seconds") ?? 0
        var hideAt: Double? = 3.5
        if args.string("hide-at") == "none" { hideAt = nil } else if let h = try args.double("hide-at", in: 0...Limits.maxDuration, what: "seconds") { hideAt = h }
        if let story = storyboard {
            hideAt = nil
            for e in story.events {
                switch e.action {
                case .show: showAt = e.at
                case .dismiss: hideAt = e.at
                case .update, .tap:
                    throw UsageError("storyboard \(story.file): \(e.path).action: GGProgressHUD has no \"\(e.action.rawValue)\"; valid actions for gg: show, dismiss", command: name)
                }
            }
        }
        if let h = hideAt, h < showAt {
            throw UsageError("--hide-at \(format(h)) is before --show-at \(format(showAt)); hide after showing", command: name)
        }
        return try GGProgressHUDScene(screen: options.screen, hud: hud, showAt: showAt, hideAt: hideAt, duration: options.duration)
    }
}
