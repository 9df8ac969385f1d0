// FuzzCommandLine: command dispatch, the argument parser and every option converter, up to the
// validated job and its frame plan (limits), exactly as `hudrender` runs before rendering.
// Input: the arguments separated by NUL bytes. Nothing is rendered and nothing is written.
// Runs when FuzzCLI is called as FuzzCommandLine (see FuzzCLI.swift).
//
// Design note: inputs naming absolute paths or climbing with ".." are skipped: a fuzzer that finds
// `--font /dev/stdin` would block, and reading system files says nothing about the parser. Relative
// names resolve in the working folder, where only small repository files can match.
import HUDKit
import HUDRaster

enum FuzzCommandLine {
    static func run(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard arguments.count <= 64 else { return }
        if arguments.contains(where: { $0.hasPrefix("/") || $0.contains("=/") || $0.contains("..") || $0.contains("~") }) { return }

        // Dispatch as CommandLineTool.main does.
        var rest = arguments
        var chosen: Command.Type = HUDCommand.self
        if let first = rest.first, !first.hasPrefix("-") {
            if let c = CommandLineTool.command(named: first) {
                chosen = c
                rest.removeFirst()
            } else {
                _ = NameSuggester.nearest(to: first, in: CommandLineTool.commands.map { $0.name })
            }
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(rest, options: allOptions(of: chosen), command: chosen.name)
        } catch {
            _ = String(describing: error)
            return
        }
        if let scene = chosen as? any SceneCommand.Type { job(scene, parsed) } else { convert(parsed) }
    }

    private static func job<C: SceneCommand>(_ command: C.Type, _ args: ParsedArguments) {
        guard let job = try? C.job(args) else { return }
        _ = try? SceneRunner.plan(scene: job.scene, options: job.options, command: C.name)
    }

    /// The converters the non-rendering commands apply (their `run` would read inputs and write).
    private static func convert(_ args: ParsedArguments) {
        if let out = args.string("out") { _ = try? OutputDestination.parse(out, command: args.command) }
        for name in ["width", "tolerance", "jobs", "iterations"] { _ = try? args.int(name, in: 0...10_000, what: "n") }
        _ = try? args.double("scale", in: 0.01...64, what: "a scale factor")
        _ = try? args.color("background")
        _ = try? args.expectPositionals(1...2, usage: "fuzz")
    }
}
