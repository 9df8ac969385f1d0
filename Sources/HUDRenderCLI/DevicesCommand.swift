// DevicesCommand: `hudrender devices` prints the device table the --device flag chooses from.
//
// Design note: the table is HUDKit's `Device.all`, printed as it is (nothing is kept here), so the
// list cannot drift from what `--device` accepts. The first column is the id, the value the flag
// takes as written; the rest is what a layout depends on (points, scale, safe area, cut-out).

import HUDKit

enum DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "List the devices --device takes, with points, scale and safe area."
    static let usage = "hudrender devices"
    static let discussion = """
        The first column is the value --device takes; names are also matched loosely ("14 pro",
        "iPhone 14 Pro"). --scale defaults to each command's own value, not the device's scale
        (see hudrender COMMAND --help); pass --scale to match a device's pixels.
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender devices", "the table"),
        ("hudrender --device iphone-15-pro --scale 3 --out hud.png", "a still at that device's pixels"),
    ]
    static let options: [OptionSpec] = []

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(0...0, usage: usage)
        Console.out(table())
        return 0
    }

    /// One line per device under a header, columns aligned.
    static func table() -> String {
        var rows = [["--device", "name", "points", "scale", "safe area (top, bottom)", "cut-out"]]
        for d in Device.all {
            let cutout: String
            switch d.cutout {
            case .none: cutout = "none"
            case .notch: cutout = "notch"
            case .dynamicIsland: cutout = "Dynamic Island"
            }
            rows.append([d.id, d.name, "\(format(d.pointSize.width))x\(format(d.pointSize.height))",
                         "@\(format(d.scale))x", "\(format(d.safeAreaInsets.top)), \(format(d.safeAreaInsets.bottom))",
                         cutout + (d == Device.default ? " (default)" : "")])
        }
        let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : TextFormat.padded(cell, to: widths[i] + 2)
            }.joined()
        }.joined(separator: "\n")
    }
}
