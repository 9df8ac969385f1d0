// HelpFormatter: renders `--help` from a command's declared metadata.
//
// Design note: help is generated, never hand-written per command, so that every option a command
// accepts is listed with its choices; examples are part of the declaration because users copy
// examples more than they read option tables.

enum HelpFormatter {
    static func help(for command: Command.Type) -> String {
        var lines: [String] = []
        lines.append("OVERVIEW: \(command.abstract)")
        lines.append("")
        lines.append("USAGE: \(command.usage)")
        lines.append("")
        lines.append("OPTIONS:")
        lines.append(contentsOf: optionLines(allOptions(of: command)))
        if !command.discussion.isEmpty {
            lines.append("")
            lines.append(command.discussion)
        }
        if !command.examples.isEmpty {
            lines.append("")
            lines.append("EXAMPLES:")
            for e in command.examples {
                lines.append("  # \(e.comment)")
                lines.append("  \(e.command)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func optionLines(_ options: [OptionSpec]) -> [String] {
        let width = min(34, (options.map { $0.synopsis.count }.max() ?? 0) + 2)
        var lines: [String] = []
        for o in options {
            var text = o.help
            if !o.choices.isEmpty && !text.contains(o.choices[0]) {
                text += " One of: \(o.choices.joined(separator: ", "))."
            }
            let head = "  " + o.synopsis
            if head.count + 2 > width + 2 {
                lines.append(head)
                lines.append(String(repeating: " ", count: width + 2) + text)
            } else {
                lines.append(TextFormat.padded(head, to: width + 2) + text)
            }
        }
        return lines
    }
}
