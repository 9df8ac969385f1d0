// OptionSpec: one declared option of a command, the single source of truth for parsing, help text
// and "did you mean" suggestions.
//
// Design note: in the spirit of swift-argument-parser, options are declared as data rather than
// scanned ad hoc, so that `--help`, the unknown-flag suggestion and the storyboard's `options`
// object all see exactly the same list and cannot drift apart.

/// A long option (`--name`), either a flag or one that takes a value.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// `--quiet`: present or absent.
        case flag
        /// `--fps 30` or `--fps=30`; the placeholder is shown in help (`--fps N`).
        case value(placeholder: String)
    }

    /// The name without dashes, kebab-case (`glow-color`).
    let name: String
    let kind: Kind
    /// One line of help.
    let help: String
    /// The accepted values when the option is an enumeration (checked by `ParsedArguments.choice`).
    let choices: [String]
    /// A single-letter alias (`-h`, `-o`), if any.
    let short: Character?

    init(_ name: String, _ kind: Kind, _ help: String, choices: [String] = [], short: Character? = nil) {
        self.name = name
        self.kind = kind
        self.help = help
        self.choices = choices
        self.short = short
    }

    static func flag(_ name: String, _ help: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(name, .flag, help, short: short)
    }

    static func value(_ name: String, _ placeholder: String, _ help: String,
                      choices: [String] = [], short: Character? = nil) -> OptionSpec {
        OptionSpec(name, .value(placeholder: placeholder), help, choices: choices, short: short)
    }

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    /// `--fps N` / `--quiet` as shown in help.
    var synopsis: String {
        var s = "--\(name)"
        if case let .value(p) = kind { s += " \(p)" }
        if let short { s = "-\(short), " + s }
        return s
    }
}
