// RenderOptions: the options every rendering command shares, parsed once into typed values.
//
// Design note: `--out`, timing, screen and run options mean the same thing for the HUD, the ring,
// the bar and the indicators, so they are declared once here; each command only adds its own
// component's options and chooses its defaults (a ring is a bare 120 pt square, the HUD a device
// screen). Everything is validated here, before any pixel is drawn, including the limits.

import HUDKit
import HUDRaster

struct RenderOptions {
    /// Defaults a command chooses for its component.
    struct Defaults {
        var fps: Double = 30
        var scale: Double = 2
        var backdrop: Backdrop = .mockLight
        /// A device screen (nil: a bare area of `size`).
        var device: Device? = nil
        var size: Size? = nil
        /// The time of the still when `--out` is a PNG and `--at` is absent (nil: half the duration).
        var stillTime: Double? = nil
    }

    static let backgroundChoices = ["mock-light", "mock-dark", "transparent", "#RRGGBB"]

    static let shared: [OptionSpec] = [
        .value("out", "PATH", "Output: .gif, .webp, .apng, .png (a still), or a folder (existing, or ending in /) for numbered PNG frames.", short: "o"),
        .value("fps", "N", "Frames per second, 1-60 (default 25 for GIF, an exact 4 cs delay; 30 otherwise)."),
        .value("duration", "SECONDS", "Length of the animation (default: the story's own length)."),
        .value("at", "SECONDS", "Render only the still at this time (implied for .png; default: mid-story)."),
        .value("device", "NAME", "Device screen, e.g. iphone-14, iphone-se, iphone-15-pro, ipad (`hudrender devices` lists them)."),
        .value("size", "WxH", "Canvas size in points instead of a full device screen, e.g. 320x320."),
        scaleOption(default: 2),
        .value("background", "NAME", "Backdrop: mock-light, mock-dark, transparent or #RRGGBB."),
        .value("seed", "N", "Seed for the randomness of some styles (drop angles); same seed, same bytes."),
        .value("loop", "N", "Repeats after the first play (GIF's loop count); 0 = loop forever (default)."),
        .value("quality", "0-100", "Animation size against fidelity: GIF error budget (default 72; 100 = no lossy LZW), WebP lossy quality (default: lossless)."),
        .value("storyboard", "FILE.json", "A JSON storyboard: component, options and timed events (see Fixtures/storyboards/README.md)."),
        .value("contact-sheet", "COLSxROWS", "Lay out COLS x ROWS frames with their times on one PNG (--out sheet.png)."),
        .value("jobs", "N", "Worker threads (default: all cores). Output is identical for any value.", short: "j"),
        .flag("quiet", "No progress bar (errors are still printed).", short: "q"),
        .value("record-frames", "DIR", "Also write the frames at --at (seconds, comma-separated) as display lists DIR/COMMAND-tT.hdl (see bench --display-list)."),
    ]

    /// `--scale`, whose help states the command's own default (which is not the device's scale,
    /// the library's default).
    static func scaleOption(default scale: Double) -> OptionSpec {
        .value("scale", "1|2|3", "Pixels per point (default \(format(scale)) for this command, not the device's scale as in the library's Scene; pass the device's, e.g. 3, to match its pixels).", choices: ["1", "2", "3"])
    }

    var destination: OutputDestination
    var fps: Double
    var duration: Double?
    var at: Double?
    var screen: Screen
    var seed: UInt64
    var loop: Int
    /// `--quality`: nil leaves each format's default.
    var quality: Int?
    var jobs: Int
    var quiet: Bool
    var contactSheet: (columns: Int, rows: Int)?
    var stillTime: Double?
    /// `--record-frames`: where to write the frames at which times as display lists.
    var recordFrames: (folder: String, times: [Double])? = nil

    /// Validates the shared options of `args` and builds the screen.
    static func resolve(_ args: ParsedArguments, defaults: Defaults) throws -> RenderOptions {
        let command = args.command
        guard let out = args.string("out") else {
            throw UsageError("missing --out PATH: say where to write, e.g. --out \(command).gif (or .apng, .png, or a folder/)", command: command)
        }
        let destination = try OutputDestination.parse(out, label: args.label("out"), command: command)
        let fps = try args.double("fps", in: Limits.fpsRange, what: "frames per second") ?? {
            if case .gif = destination { return 25 }
            return defaults.fps
        }()
        let duration = try args.double("duration", in: 0.04...Limits.maxDuration, what: "seconds")
        let recordFrames = try FrameRecording.option(args)
        let at = recordFrames == nil ? try args.double("at", in: 0...Limits.maxDuration, what: "seconds") : nil
        let scale = try args.scale() ?? defaults.scale
        let seed = try args.int("seed", in: 0...Int.max, what: "a seed").map(UInt64.init) ?? 0
        let loop = try args.int("loop", in: 0...65535, what: "a loop count") ?? 0
        let quality = try args.int("quality", in: 0...100, what: "a quality")
        if quality != nil {
            switch destination {
            case .gif, .webp: break
            default: throw UsageError("\(args.label("quality")) applies to .gif and .webp outputs only; remove it or write a .gif or .webp", command: command)
            }
        }
        let jobs = try args.int("jobs", in: 1...Limits.maxJobs, what: "a thread count") ?? ProcessInfoCores.count
        var contactSheet: (Int, Int)?
        if let cs = try args.dimensions("contact-sheet", in: 1...12, what: "columns x rows") {
            guard case .png = destination else {
                throw UsageError("\(args.label("contact-sheet")) needs --out to be a .png file (the sheet is one image)", command: command)
            }
            contactSheet = cs
        }
        if at != nil, contactSheet != nil {
            throw UsageError("--at and --contact-sheet cannot be combined: a contact sheet shows many times", command: command)
        }

        var backdrop = defaults.backdrop
        if let raw = args.string("background") {
            do { backdrop = try Backdrop(raw) } catch {
                var message = "\(args.label("background")): invalid value \"\(raw)\""
                if let near = NameSuggester.nearest(to: raw, in: ["mock-light", "mock-dark", "transparent"]) { message += "; did you mean \"\(near)\"?" }
                throw UsageError(message + " Valid choices: \(backgroundChoices.joined(separator: ", "))", command: command)
            }
        }
        var device = defaults.device
        if let name = args.string("device") {
            do { device = try Device.named(name) } catch {
                throw UsageError("\(args.label("device")): \(error) Run 'hudrender devices' for the table.", command: command)
            }
        }
        var size: Size? = defaults.size
        if let (w, h) = try args.dimensions("size", in: 1...Limits.maxFrameSide, what: "points") {
            size = Size(width: Double(w), height: Double(h))
        } else if args.has("device") {
            size = nil
        }
        // Enforce the frame limit before the backdrop is drawn.
        let points = size ?? device?.pointSize ?? Size(width: 320, height: 320)
        try Limits.checkFrame(width: Int((points.width * scale).rounded()), height: Int((points.height * scale).rounded()), command: command)
        let screen: Screen
        do {
            if let device {
                screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
            } else {
                screen = try Screen(size: points, scale: scale, backdrop: backdrop)
            }
        } catch {
            throw UsageError("\(error)", command: command)
        }
        return RenderOptions(destination: destination, fps: fps, duration: duration, at: at, screen: screen,
                             seed: seed, loop: loop, quality: quality, jobs: jobs, quiet: args.flag("quiet"),
                             contactSheet: contactSheet, stillTime: defaults.stillTime, recordFrames: recordFrames)
    }
}
