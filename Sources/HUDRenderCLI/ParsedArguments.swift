// ParsedArguments: validated access to option values, shared by the command line and storyboards.
//
// Design note: every value remembers the label it came from (`--fps` on the command line,
// `options.fps` in a storyboard), so one set of converters produces messages that point at the
// right place whichever way the user supplied the value.

import HUDRaster

struct ParsedArguments {
    let command: String
    var positionals: [String] = []
    private(set) var values: [String: (value: String, label: String)] = [:]

    init(command: String) { self.command = command }

    mutating func set(_ name: String, _ value: String, label: String) {
        values[name] = (value, label)
    }

    /// Values from `other` override ours (the command line overrides a storyboard's options).
    mutating func merge(overriding other: ParsedArguments) {
        for (k, v) in other.values { values[k] = v }
    }

    /// Every option value, by name (for batch fingerprints).
    var allValues: [(String, String)] { values.map { ($0.key, $0.value.value) } }

    func has(_ name: String) -> Bool { values[name] != nil }
    func flag(_ name: String) -> Bool { values[name].map { $0.value == "true" } ?? false }
    func string(_ name: String) -> String? { values[name]?.value }
    func label(_ name: String) -> String { values[name]?.label ?? "--\(name)" }

    private func fail(_ name: String, _ message: String) -> UsageError {
        UsageError("\(label(name)): \(message)", command: command)
    }

    /// A number in `range`, e.g. `--fps 30`.
    func double(_ name: String, in range: ClosedRange<Double>, what: String) throws -> Double? {
        guard let raw = string(name) else { return nil }
        guard let v = Double(raw), v.isFinite else {
            throw fail(name, "expected \(what) as a number, got \"\(raw)\"")
        }
        guard range.contains(v) else {
            throw fail(name, "\(raw) is out of range; use \(what) from \(format(range.lowerBound)) to \(format(range.upperBound))")
        }
        return v
    }

    /// A fraction from 0 to 1; a percentage (`75`) is answered with the fraction it means (`0.75`).
    func fraction(_ name: String) throws -> Double? {
        guard let raw = string(name), let v = Double(raw), v > 1, v <= 100 else {
            return try double(name, in: 0...1, what: "a fraction")
        }
        throw fail(name, "\(raw) is out of range; use a fraction from 0 to 1 (\(format(v / 100)) = \(raw) %)")
    }

    /// `--scale`: pixels per point, 1, 2 or 3 as `UIScreen.scale` is; no near-miss is suggested,
    /// because the nearest spelling of a number is not the nearest number.
    func scale() throws -> Double? {
        guard let raw = string("scale") else { return nil }
        if let v = Double(raw), [1.0, 2, 3].contains(v) { return v }
        throw fail("scale", "invalid value \"\(raw)\": the scale is pixels per point as UIScreen.scale is, one of 1, 2 or 3 (for other sizes use --size)")
    }

    func int(_ name: String, in range: ClosedRange<Int>, what: String) throws -> Int? {
        guard let raw = string(name) else { return nil }
        guard let v = Int(raw) else {
            throw fail(name, "expected \(what) as a whole number, got \"\(raw)\"")
        }
        guard range.contains(v) else {
            throw fail(name, "\(raw) is out of range; use \(what) from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    /// One of `choices`; a wrong value lists the choices and suggests the nearest one.
    func choice(_ name: String, _ choices: [String]) throws -> String? {
        guard let raw = string(name) else { return nil }
        if choices.contains(raw) { return raw }
        if let ci = choices.first(where: { $0.lowercased() == raw.lowercased() }) { return ci }
        var message = "invalid value \"\(raw)\""
        if let near = NameSuggester.nearest(to: raw, in: choices) { message += "; did you mean \"\(near)\"?" }
        message += " Valid choices: \(choices.joined(separator: ", "))"
        throw fail(name, message)
    }

    /// `WxH` with both sides in `range` (e.g. `--size 320x480`, `--contact-sheet 4x3`).
    func dimensions(_ name: String, in range: ClosedRange<Int>, what: String) throws -> (Int, Int)? {
        guard let raw = string(name) else { return nil }
        let parts = raw.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw fail(name, "expected \(what) as WxH (for example 320x480), got \"\(raw)\"")
        }
        guard range.contains(w), range.contains(h) else {
            throw fail(name, "\(raw) is out of range; each side must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return (w, h)
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    func color(_ name: String) throws -> Color? {
        guard let raw = string(name) else { return nil }
        let hex = raw.hasPrefix("#") ? raw : "#" + raw
        guard hex.count == 7 || hex.count == 9, let c = Color(hex: hex) else {
            throw fail(name, "expected a colour as #RRGGBB or #RRGGBBAA, got \"\(raw)\"")
        }
        return c
    }

    /// Throws when a positional argument is present that the command does not take.
    func expectPositionals(_ count: ClosedRange<Int>, usage: String) throws {
        if positionals.count < count.lowerBound {
            throw UsageError("missing argument: usage: \(usage)", command: command)
        }
        if positionals.count > count.upperBound {
            let extra = positionals[count.upperBound]
            throw UsageError("unexpected argument \"\(extra)\": usage: \(usage)", command: command)
        }
    }
}

/// Numbers in messages without a pointless ".0".
func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
