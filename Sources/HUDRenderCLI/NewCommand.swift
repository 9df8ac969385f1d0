// NewCommand: `hudrender new FILE.json` writes a commented starting storyboard for a component.
//
// Design note: scripts as code (as VHS does for terminals): a storyboard is a file to edit and
// keep under version control, so the way in is a working example with its comments in place, not
// a schema to read first. An existing file is never overwritten without --force.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HUDCodecs

enum NewCommand: Command {
    static let name = "new"
    static let abstract = "Write a commented starting storyboard (JSON) for a component."
    static let usage = "hudrender new FILE.json [--component hud|ring|bar|gg|indicator] [--force]"
    static let discussion = """
        JSON has no comments: the storyboard's "description" keys (at the top and in any event) hold
        them, and the reader ignores them. Edit the file, check it with hudrender validate FILE.json,
        render it with hudrender --storyboard FILE.json --out OUT.gif.
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender new upload.json", "a HUD story: show, progress, success"),
        ("hudrender new ring.json --component ring", "a progress ring story"),
    ]
    static let options: [OptionSpec] = [
        .value("component", "NAME", "hud (default), ring, bar, gg or indicator.", choices: Storyboard.components),
        .flag("force", "Overwrite FILE.json if it exists."),
    ]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(1...1, usage: usage)
        let file = args.positionals[0]
        let component = try args.choice("component", Storyboard.components) ?? "hud"
        guard file.lowercased().hasSuffix(".json") else {
            throw UsageError("\(file): a storyboard is a .json file; give a name ending in .json", command: name)
        }
        if FileManager.default.fileExists(atPath: file), !args.flag("force") {
            throw UsageError("\(file) exists; choose another name or pass --force to overwrite it", command: name)
        }
        do {
            try AtomicFile.write(Array(StoryboardTemplate.text(for: component, file: file).utf8), to: file)
        } catch {
            throw RuntimeFailure("cannot write \(file)", error)
        }
        Console.out("wrote \(file) (\(component)); check it with: hudrender validate \(file)")
        return 0
    }
}
