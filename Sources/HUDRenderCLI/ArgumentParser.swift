// ArgumentParser: turns argv into ParsedArguments against a command's declared options.
//
// Design note: the grammar is deliberately small and strict (long options `--name value` or
// `--name=value`, declared single-letter aliases, positionals, `--` ends options). Anything
// undeclared is a usage error with the nearest valid name, because a silently ignored typo
// (`--dration 2`) would render the wrong thing without telling anyone.

enum ArgumentParser {
    /// Parses `arguments` (without the program and command names) for the command `command`.
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var index = 0
        var onlyPositionals = false
        func spec(named name: String) -> OptionSpec? { options.first { $0.name == name } }

        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") || isNegativeNumber(token) {
                parsed.positionals.append(token)
                continue
            }
            if token == "--" { onlyPositionals = true; continue }

            var name: String
            var inlineValue: String?
            if token.hasPrefix("--") {
                name = String(token.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                let letters = token.dropFirst()
                guard letters.count == 1, let match = options.first(where: { $0.short == letters.first }) else {
                    throw unknown(token, options: options, command: command)
                }
                name = match.name
            }
            guard let option = spec(named: name) else {
                throw unknown("--" + name, options: options, command: command)
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count, !(arguments[index].hasPrefix("--") && arguments[index].count > 2) else {
                        throw UsageError("missing value for --\(name): expected \(option.synopsis) (\(option.help))",
                                         command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                try refuseRepeat(name, value, in: parsed, command: command)
                parsed.set(name, value, label: "--\(name)")
            } else {
                if inlineValue != nil {
                    throw UsageError("--\(name) is a flag and takes no value; write just --\(name)", command: command)
                }
                try refuseRepeat(name, nil, in: parsed, command: command)
                parsed.set(name, "true", label: "--\(name)")
            }
        }
        return parsed
    }

    /// An option given twice (`--out a.gif --out b.gif`) is refused: which one was meant is a guess.
    static func refuseRepeat(_ name: String, _ value: String?, in parsed: ParsedArguments, command: String) throws {
        guard let earlier = parsed.string(name) else { return }
        if let value {
            throw UsageError("--\(name) is given twice (\"\(earlier)\" and \"\(value)\"); give it once", command: command)
        }
        throw UsageError("--\(name) is given twice; give it once", command: command)
    }

    static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Double(token) != nil
    }

    static func unknown(_ token: String, options: [OptionSpec], command: String) -> UsageError {
        let names = options.map { "--" + $0.name }
        // `ring --style balloon`: an option of another command is named as such, not "corrected"
        // to a look-alike of this command (`--scale`).
        let bare = token.hasPrefix("--") ? String(token.dropFirst(2)) : token
        let owners = CommandLineTool.commands.filter { c in c.name != command && allOptions(of: c).contains { $0.name == bare && $0.name != "help" } }
        if !owners.isEmpty, !options.contains(where: { $0.name == bare }) {
            let list = owners.map { "hudrender \($0.name) \(token)" }.joined(separator: ", ")
            return UsageError("unknown option \(token) for \(command); it is an option of \(owners.map { $0.name }.joined(separator: ", ")) (\(list))", command: command)
        }
        if let near = NameSuggester.nearest(to: token, in: names) {
            return UsageError("unknown option \(token); did you mean \(near)?", command: command)
        }
        return UsageError("unknown option \(token); valid options: \(names.joined(separator: ", "))",
                          command: command)
    }
}
