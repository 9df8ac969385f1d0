// Command: what each subcommand declares so that dispatch, `--help` and errors are uniform.
//
// Design note: commands are types with static metadata and a static `run`, one per file, as in
// swift-argument-parser; the registry in `CommandLineTool` is a plain array, so adding a command
// is adding a file and a line.

protocol Command {
    /// The subcommand name (`ring`); the default command's name is `hud`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The synopsis after "usage:".
    static var usage: String { get }
    /// Paragraphs after the options (limits, notes).
    static var discussion: String { get }
    /// Example invocations with a comment each.
    static var examples: [(command: String, comment: String)] { get }
    /// Declared options (without `--help`, which every command gets).
    static var options: [OptionSpec] { get }
    /// Does the work; throws UsageError (exit 2) or RuntimeFailure (exit 1). Returns the exit status.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Command {
    static var discussion: String { "" }
}

/// A command's declared options plus `--help`. (A free function: calling protocol-extension
/// members on an existential metatype crashes the Swift 6.3 compiler's SILGen.)
func allOptions(of command: Command.Type) -> [OptionSpec] {
    command.options + [.flag("help", "Show this help and exit.", short: "h")]
}
