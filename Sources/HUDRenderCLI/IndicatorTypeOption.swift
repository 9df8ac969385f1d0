// IndicatorTypeOption: `--type NAME` for activity indicators, in kebab-case or camelCase.
//
// Design note: NVActivityIndicatorView users paste `.ballPulse` or `ballPulse`; the docs write
// `ball-pulse`. HUDKit parses every spelling; this adds the CLI's uniform message (the nearest
// name and the full list) so a typo is fixed in one go.

import HUDKit

enum IndicatorTypeOption {
    static var names: [String] { ActivityIndicatorType.allCases.map(\.rawValue) }

    static func parse(_ args: ParsedArguments, name option: String = "type", default fallback: ActivityIndicatorType) throws -> ActivityIndicatorType {
        guard let raw = args.string(option) else { return fallback }
        if let t = try? ActivityIndicatorType(raw) { return t }
        let candidates = names + ActivityIndicatorType.allCases.map(\.camelCaseName)
        var message = "\(args.label(option)): unknown indicator type \"\(raw)\""
        if let near = NameSuggester.nearest(to: raw, in: candidates),
           let t = try? ActivityIndicatorType(near) {
            message += "; did you mean \"\(t.rawValue)\"?"
        } else {
            message += "."
        }
        message += " Valid types: \(names.joined(separator: ", ")) (camelCase names such as ballPulse work too)"
        throw UsageError(message, command: args.command)
    }
}
