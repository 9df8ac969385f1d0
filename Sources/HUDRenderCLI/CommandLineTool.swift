// CommandLineTool: dispatch from argv to a command, and the mapping from errors to exit statuses.
//
// Design note: `hudrender [hud] [options]` makes the HUD the default command, so a first argument
// that is not a command name is taken as the HUD's (an option, or a mistyped command, which gets a
// "did you mean"). Exit statuses are decided here only: 0 success, 1 runtime failure, 2 usage
// error, 128 + signal when interrupted.

import HUDCodecs

/// The `hudrender` command: the executable's `main.swift` only calls ``installSignalHandlers()`` and
/// ``main(_:)``, so tests and other tools run exactly what the command runs.
public enum CommandLineTool {
    static let commands: [Command.Type] = [
        HUDCommand.self, RingCommand.self, BarCommand.self, GGCommand.self, IndicatorCommand.self,
        SVGCommand.self, BenchCommand.self, DiffCommand.self, BatchCommand.self, DevicesCommand.self,
        NewCommand.self, ValidateCommand.self,
    ]

    static func command(named name: String) -> Command.Type? { commands.first { $0.name == name } }

    static var overview: String {
        var lines = [
            "OVERVIEW: hudrender \(Version.string): iOS-style progress HUDs, rings, loading bars and activity",
            "indicators rendered headless to GIF, APNG and PNG.",
            "",
            "USAGE: hudrender [COMMAND] [OPTIONS]   (the command defaults to hud)",
            "",
            "COMMANDS:",
        ]
        for c in commands {
            lines.append("  " + TextFormat.padded(c.name, to: 12) + c.abstract)
        }
        lines += [
            "",
            "OPTIONS:",
            "  -h, --help    Show help (hudrender COMMAND --help for a command's options).",
            "  --version     Show the version.",
            "",
            "EXAMPLES:",
            "  hudrender --style balloon --out hud.gif",
            "  hudrender ring --progress 0.75 --out ring.png",
            "  hudrender indicator --type ball-pulse --out pulse.apng",
            "  hudrender --storyboard Fixtures/storyboards/upload.json --out upload.gif",
            "",
            "Exit status: 0 success; 2 for what was typed wrong (command line, storyboard, manifest);",
            "1 for what the system or an input file did; 130/143 interrupted.",
        ]
        return lines.joined(separator: "\n")
    }

    /// Makes SIGINT and SIGTERM cancel the render cooperatively and remove unfinished output files.
    /// Call once, before ``main(_:)``, in a process that runs the command.
    public static func installSignalHandlers() {
        SignalTrap.removeTemporaryFiles = { AtomicFile.removeAllPending() }
        SignalTrap.install()
    }

    /// Runs with `arguments` (without the program name), printing to standard output and error as
    /// the command does, and returns the exit status (0 success, 1 runtime failure, 2 usage error).
    public static func main(_ arguments: [String]) -> Int32 {
        if arguments == ["--version"] || arguments == ["version"] {
            Console.out("hudrender \(Version.string)")
            return 0
        }
        if arguments.isEmpty {
            Console.err(overview)
            return 2
        }
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            Console.out(overview)
            return 0
        }
        var rest = arguments
        var chosen: Command.Type = HUDCommand.self
        if let first = rest.first, !first.hasPrefix("-") {
            if first == "help", rest.count >= 2, let c = command(named: rest[1]) {
                Console.out(HelpFormatter.help(for: c))
                return 0
            }
            if let c = command(named: first) {
                chosen = c
                rest.removeFirst()
            } else if let near = NameSuggester.nearest(to: first, in: commands.map { $0.name }) {
                return report(UsageError("unknown command \"\(first)\"; did you mean \"\(near)\"?"))
            } else if !first.contains(".") && !first.contains("/") {
                return report(UsageError("unknown command \"\(first)\"; valid commands: \(commands.map { $0.name }.joined(separator: ", "))"))
            }
        } else if let i = rest.firstIndex(of: "--storyboard"), i + 1 < rest.count,
                  let component = Storyboard.peekComponent(path: rest[i + 1]), let c = command(named: component) {
            // `hudrender --storyboard ring.json ...`: the storyboard names its component.
            chosen = c
        }
        if let end = rest.firstIndex(of: "--") ?? Optional(rest.count),
           rest[..<end].contains("--help") || rest[..<end].contains("-h") {
            Console.out(HelpFormatter.help(for: chosen))
            return 0
        }
        if rest.contains("--version") {
            Console.out("hudrender \(Version.string)")
            return 0
        }
        do {
            let parsed = try ArgumentParser.parse(rest, options: allOptions(of: chosen), command: chosen.name)
            return try chosen.run(parsed)
        } catch {
            return report(error, command: chosen)
        }
    }

    /// Prints `error` and returns its exit status.
    static func report(_ error: Error, command: Command.Type? = nil) -> Int32 {
        switch error {
        case let e as UsageError:
            Console.error(e.message)
            let name = e.command ?? command?.name
            Console.err("Run 'hudrender \(name.map { $0 + " " } ?? "")--help' for usage.")
            return 2
        case let e as Interrupted:
            AtomicFile.removeAllPending()
            Console.error("\(e); no output written")
            return e.exitStatus
        case let e as RuntimeFailure:
            Console.error(e.message)
            return 1
        default:
            Console.error(String(describing: error))
            return 1
        }
    }
}
