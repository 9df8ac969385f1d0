// IndicatorCommand: `hudrender indicator --type NAME` renders one NVActivityIndicatorView.
//
// Design note: by default the animation is one period in its steady state, so a GIF loops
// seamlessly; the canvas is a small white square because an indicator is usually shown inline.
// The colour defaults to black on light backgrounds and white on dark ones (HUDKit's choice).

import HUDKit
import HUDRaster

enum IndicatorCommand: SceneCommand {
    static let name = "indicator"
    static let abstract = "An NVActivityIndicatorView activity indicator (ball-pulse, line-scale, audio-equalizer, ...)."
    static let usage = "hudrender indicator --type NAME --out PATH [options]"
    static var examples: [(command: String, comment: String)] {
        [
            ("hudrender indicator --type ball-pulse --out pulse.gif", "one seamless period"),
            ("hudrender indicator --type lineScale --color '#FF2D55' --background mock-dark --out bars.apng", "camelCase names work too"),
            ("hudrender indicator --type circle-stroke-spin --at 0.4 --out spin.png", "a still"),
        ]
    }
    static var componentOptions: [OptionSpec] {
        [
            .value("type", "NAME", "The indicator: \(IndicatorTypeOption.names.joined(separator: ", ")) (default ball-spin-fade-loader)."),
            .value("color", "#RRGGBB", "Colour (default black on light backgrounds, white on dark)."),
            .value("padding", "PT", "Padding inside the frame (default 0)."),
            .value("indicator-size", "PT", "The indicator's side in points (default 60)."),
            .flag("no-warm-up", "Start at startAnimating() instead of the steady state."),
        ]
    }
    static let defaults = RenderOptions.Defaults(fps: 30, scale: 2, backdrop: .color(.white), device: nil,
                                                 size: Size(width: 120, height: 120), stillTime: nil)

    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable {
        let type = try IndicatorTypeOption.parse(args, default: .default)
        let color = try args.color("color")
        let padding = try args.double("padding", in: 0...500, what: "points") ?? 0
        let size = try args.double("indicator-size", in: 1...2000, what: "points") ?? min(60, options.screen.pointSize.width, options.screen.pointSize.height)
        if let story = storyboard {
            for e in story.events where e.action != .show || e.at != 0 {
                throw UsageError("storyboard \(story.file): \(e.path): an indicator only animates; its storyboard takes options and a single {\"at\": 0, \"action\": \"show\"}", command: name)
            }
        }
        return try IndicatorScene(screen: options.screen, type: type, color: color, padding: padding,
                                  indicatorSize: size, warmUp: !args.flag("no-warm-up"), duration: options.duration)
    }
}
