// RingCommand: `hudrender ring` renders UAProgressView (HUDKit's ProgressRing).
//
// Design note: the options are UAProgressView's properties under their own names (tint colour,
// border width, line width, fill on touch), so a UIKit developer recognises them. Without a
// storyboard the ring plays HUDKit's default story; `--progress P` instead animates from empty to
// P, which is what a still of "a ring at 75%" needs. A still defaults to the end of the story,
// where the ring shows its final progress.

import HUDKit
import HUDRaster

enum RingCommand: SceneCommand {
    static let name = "ring"
    static let abstract = "UAProgressView: a ring that fills clockwise, with an optional percentage."
    static let usage = "hudrender ring --out PATH [options]"
    static let examples: [(command: String, comment: String)] = [
        ("hudrender ring --out ring.gif", "the default story: 30%, 70%, 100%, then a touch"),
        ("hudrender ring --progress 0.75 --out ring.png", "a still at 75%"),
        ("hudrender ring --tint-color '#FF2D55' --line-width 6 --central none --out pink.apng", "a thick pink ring, no label"),
    ]
    static let centralChoices = ["percent", "none", "text"]
    static let componentOptions: [OptionSpec] = [
        .value("progress", "P", "Animate to this progress (0-1) instead of the default story."),
        .value("tint-color", "#RRGGBB", "The ring's colour (tintColor; default #007AFF)."),
        .value("border-width", "PT", "The outer circle's width (borderWidth; default 1)."),
        .value("line-width", "PT", "The progress arc's width (lineWidth; default 2)."),
        .value("fill-color", "#RRGGBB", "The touch fill colour (fillColor; default: the tint)."),
        .flag("no-fill-on-touch", "Do not fill the disc when touched (fillOnTouch = NO)."),
        .value("animation-duration", "SECONDS", "Seconds an animated progress change takes (animationDuration; default 0.3)."),
        .value("ring-size", "PT", "The ring's side in points (default 120)."),
        .value("central", "KIND", "What sits inside: percent (default), none, or text (with --label).", choices: centralChoices),
        .value("label", "TEXT", "Text shown inside the ring (implies --central text)."),
    ]
    static let defaults = RenderOptions.Defaults(fps: 30, scale: 2, backdrop: .color(.white), device: nil,
                                                 size: Size(width: 200, height: 200), stillTime: .infinity)

    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable {
        var ring = ProgressRing(centralView: .percentLabel())
        if let c = try args.color("tint-color") { ring.tintColor = c }
        if let w = try args.double("border-width", in: 0...100, what: "points") { ring.borderWidth = w }
        if let w = try args.double("line-width", in: 0...100, what: "points") { ring.lineWidth = w }
        if let c = try args.color("fill-color") { ring.fillColor = c }
        if args.flag("no-fill-on-touch") { ring.fillOnTouch = false }
        if let d = try args.double("animation-duration", in: 0...10, what: "seconds") { ring.animationDuration = d }
        let ringSize = try args.double("ring-size", in: 1...2000, what: "points") ?? min(120, options.screen.pointSize.width * 0.6, options.screen.pointSize.height * 0.6)
        let label = args.string("label")
        switch try args.choice("central", centralChoices) ?? (label != nil ? "text" : "percent") {
        case "none": ring.centralView = .none
        case "text":
            guard let label else { throw UsageError("--central text needs --label TEXT", command: name) }
            ring.centralView = .text(label)
        default: ring.centralView = .percentLabel()
        }

        var events = ProgressRingScene.defaultEvents
        var duration = options.duration
        if let story = storyboard {
            events = []
            for e in story.events {
                switch e.action {
                case .show, .update:
                    if let p = e.progress { events.append((e.at, .setProgress(p, animated: e.action == .update))) }
                    if e.title != nil || e.status != nil {
                        throw UsageError("storyboard \(story.file): \(e.path): the ring has no title or status; remove them or use --label", command: name)
                    }
                case .tap:
                    events.append((e.at, .touchDown))
                    events.append((e.at + 0.3, .touchUp))
                case .dismiss:
                    throw UsageError("storyboard \(story.file): \(e.path).action: the ring cannot be dismissed; end the story with an \"update\" or a \"tap\" (valid actions for ring: show, update, tap)", command: name)
                }
            }
        } else if let p = try args.fraction("progress") {
            events = [(0.2, .setProgress(p))]
            if duration == nil { duration = 0.2 + ring.animationDuration + 0.5 }
        }
        return try ProgressRingScene(screen: options.screen, ring: ring, ringSize: ringSize, events: events, duration: duration)
    }
}
