// SVGCommand: `hudrender svg FILE.svg --out OUT.png` renders an SVG with HUDSVG.
//
// Design note: the size is given one way only (--width, height following the aspect ratio, or
// --scale times the intrinsic size), because two conflicting sizes would silently distort the
// icon. Parts of the file HUDSVG skips are reported as warnings on stderr (silenced by --quiet),
// since a user comparing with a browser needs to know why something is missing.

import HUDCodecs
import HUDRaster
import HUDSVG

enum SVGCommand: Command {
    static let name = "svg"
    static let abstract = "Render an SVG file to PNG."
    static let usage = "hudrender svg FILE.svg --out OUT.png [--width W | --scale S] [--background C]"
    static let discussion = """
        The height follows the document's aspect ratio. Without --width or --scale the intrinsic size
        (width/height attributes, else the viewBox) is used. Output is at most \(Limits.maxFrameSide) px a side.
        Unsupported SVG features are listed as warnings on stderr (not with --quiet).
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender svg icon.svg --out icon.png", "intrinsic size, transparent background"),
        ("hudrender svg icon.svg --out icon@3x.png --scale 3", "three times the intrinsic size"),
        ("hudrender svg logo.svg --out logo.png --width 512 --background white", "512 px wide on white"),
    ]
    static let options: [OptionSpec] = [
        .value("out", "OUT.png", "The PNG to write.", short: "o"),
        .value("width", "W", "Output width in pixels (height follows the aspect ratio)."),
        .value("scale", "S", "Multiple of the intrinsic size (0.01-64)."),
        .value("background", "C", "transparent (default), white, black or #RRGGBB[AA]."),
        .flag("quiet", "Do not print warnings about unsupported SVG content.", short: "q"),
    ]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(1...1, usage: usage)
        guard let out = args.string("out") else {
            throw UsageError("missing --out OUT.png: say where to write the PNG", command: name)
        }
        guard case .png = try OutputDestination.parse(out, command: name) else {
            throw UsageError("--out \(out): svg writes a PNG; give a path ending in .png", command: name)
        }
        let width = try args.int("width", in: 1...Limits.maxFrameSide, what: "pixels")
        let scale = try args.double("scale", in: 0.01...64, what: "a scale factor")
        if width != nil && scale != nil {
            throw UsageError("give either --width or --scale, not both (the height always follows the aspect ratio)", command: name)
        }
        var background = Color.clear
        if let raw = args.string("background") {
            switch raw.lowercased() {
            case "transparent", "none", "clear": background = .clear
            case "white": background = .white
            case "black": background = .black
            default:
                guard let c = try? args.color("background") else {
                    throw UsageError("--background: invalid value \"\(raw)\". Valid choices: transparent, white, black, #RRGGBB, #RRGGBBAA", command: name)
                }
                background = c
            }
        }
        let input = args.positionals[0]
        try InputFile.requireFile(input, label: "svg")
        try OutputDestination.png(out).checkWritable()
        let document: SVGDocument
        do { document = try SVGDocument(contentsOfFile: input) } catch {
            throw RuntimeFailure("cannot render \(input)", error)
        }
        // Enforce the size limit before allocating.
        let w = Double(width ?? 0) > 0 ? Double(width!) : document.size.width * (scale ?? 1)
        let h = document.size.width > 0 ? w * document.size.height / document.size.width : document.size.height
        try Limits.checkFrame(width: Int(w.rounded()), height: Int(h.rounded()), command: name)
        if !args.flag("quiet") {
            for warning in document.warnings { Console.err("hudrender: warning: \(input): \(warning)") }
        }
        try Cancellation.shared.check()
        do {
            let image = try document.renderImage(width: width, scale: scale, background: background)
            try PNG.write(image, to: out)
        } catch {
            throw RuntimeFailure("cannot render \(input)", error)
        }
        return 0
    }
}
