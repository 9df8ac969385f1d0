// CommandLineTool+Check: everything `hudrender` does before the first frame, without rendering.
//
// Design note: the command line and storyboards are checked by the same code that runs a render
// (dispatch, the argument parser, every option converter, the scene and its frame plan), stopping
// before any frame is drawn or any file is written. The fuzzers and editors' pre-commit checks call
// these entry points, so what they accept is exactly what a render would accept.

import HUDKit

extension CommandLineTool {
    /// The components a storyboard can name (`"component": "ring"`).
    public static var componentNames: [String] { Storyboard.components }

    /// Parses `arguments` (without the program name) as `hudrender` would and plans the render.
    ///
    /// Input files named by the options (fonts, images, storyboards) are read, as a render reads
    /// them; nothing is drawn and nothing is written.
    /// - Throws: the error the command would report; ``exitStatus(for:)`` gives its exit status.
    public static func check(_ arguments: [String]) throws {
        var rest = arguments
        var chosen: Command.Type = HUDCommand.self
        if let first = rest.first, !first.hasPrefix("-") {
            guard let c = command(named: first) else {
                throw UsageError("unknown command \"\(first)\"; valid commands: \(commands.map { $0.name }.joined(separator: ", "))")
            }
            chosen = c
            rest.removeFirst()
        }
        let parsed = try ArgumentParser.parse(rest, options: allOptions(of: chosen), command: chosen.name)
        if let scene = chosen as? any SceneCommand.Type {
            try plan(scene, parsed)
        } else {
            try convert(parsed)
        }
    }

    /// Validates a storyboard's bytes for `component` (by default the one it names) and plans the
    /// render it describes.
    ///
    /// - Parameter confined: when true, a storyboard whose options name a file outside the working
    ///   folder (an absolute path, `..` or `~`) is refused instead of read.
    /// - Throws: `UsageError` naming the JSON path of the first problem.
    public static func checkStoryboard(_ bytes: [UInt8], file: String, component: String? = nil,
                                       confined: Bool = false) throws {
        let document: JSONValue
        do { document = try JSONReader.parse(bytes) } catch let e as JSONReader.SyntaxError {
            throw UsageError("storyboard \(file): invalid JSON at \(e)")
        }
        var name = component ?? "hud"
        if component == nil, case .string(let named)? = document["component"] { name = named }
        guard let command = command(named: name) as? any SceneCommand.Type else {
            throw UsageError("storyboard \(file): unknown component \"\(name)\"; valid components: \(componentNames.joined(separator: ", "))")
        }
        try open(command, document, file: file, confined: confined)
    }

    /// The exit status `hudrender` gives for `error`: 2 for usage errors, 1 for the rest.
    public static func exitStatus(for error: Error) -> Int32 {
        error is UsageError ? 2 : 1
    }

    private static func plan<C: SceneCommand>(_ command: C.Type, _ args: ParsedArguments) throws {
        let job = try C.job(args)
        _ = try SceneRunner.plan(scene: job.scene, options: job.options, command: C.name)
    }

    /// Storyboard.load's steps after reading, then SceneCommand.job's, for one component (generic,
    /// so the static members are called on a concrete type).
    private static func open<C: SceneCommand>(_ command: C.Type, _ document: JSONValue, file: String,
                                              confined: Bool) throws {
        let story = try Storyboard.parse(document, file: file, command: C.name, options: allOptions(of: command))
        if C.self == HUDCommand.self {
            _ = try HUDCommand.script(from: story, story: ProgressHUDStory(), confirm: true)
        }
        var args = story.options
        if confined, let (name, path) = args.allValues.first(where: { escapesWorkingFolder($0.1) }) {
            throw UsageError("storyboard \(file): options.\(name) \"\(path)\" is outside the working folder; use a relative path")
        }
        args.set("out", "check.gif", label: "--out")
        args.set("quiet", "true", label: "--quiet")
        var options = try RenderOptions.resolve(args, defaults: C.defaults)
        if options.duration == nil, let d = story.duration { options.duration = d }
        let scene = try C.makeScene(args, options: options, storyboard: story)
        _ = try SceneRunner.plan(scene: scene, options: options, command: C.name)
    }

    /// The converters the non-rendering commands apply (their `run` would read inputs and write).
    private static func convert(_ args: ParsedArguments) throws {
        if let out = args.string("out") { _ = try OutputDestination.parse(out, command: args.command) }
        for name in ["width", "tolerance", "jobs", "iterations"] { _ = try args.int(name, in: 0...10_000, what: "n") }
        _ = try args.double("scale", in: 0.01...64, what: "a scale factor")
        _ = try args.color("background")
    }

    private static func escapesWorkingFolder(_ path: String) -> Bool {
        path.hasPrefix("/") || path.contains("..") || path.hasPrefix("~")
    }
}
