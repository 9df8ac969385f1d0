// Storyboard: a JSON description of what a component does when, validated strictly.
//
// Design note: a storyboard is the command line written down plus a time line. Its `options`
// object goes through the very same option declarations and converters as the command line
// (with `options.NAME` as the label in messages), so the two can never accept different things;
// the events are checked for type, range, order and meaning up front, and every message names the
// JSON path (`events[2].at: expected seconds as a number, got "soon"`). Any mistake is a usage error
// (exit 2) and nothing is rendered or written.
//
// Schema (see Fixtures/storyboards/README.md):
//
//     {
//       "component": "hud" | "ring" | "bar" | "gg" | "indicator",     (default "hud")
//       "description": "free text",                                    (optional, ignored)
//       "duration": seconds,                                           (optional)
//       "options": { "<option>": string | number | true | false, ... },(optional)
//       "events": [ { "at": seconds, "action": "show" | "update" | "tap" | "dismiss", ... }, ... ]
//     }
//
// JSON has no comments: "description" (at the top and in any event) is the place for them.

import HUDSupport

struct Storyboard {
    /// One timed event.
    struct Event: Equatable {
        enum Action: String, CaseIterable { case show, update, tap, dismiss }
        enum Outcome: String, CaseIterable { case success, error, none }
        var at: Double
        var action: Action
        var title: String?
        var status: String?
        /// 0...1; on `show` it makes the HUD determinate from the start.
        var progress: Double?
        /// For `dismiss`: how the HUD leaves.
        var result: Outcome?
        /// Where this event is in the file, for later messages (`events[3]`).
        var path: String
    }

    /// Largest storyboard file read (1 MB; real ones are a few KB).
    static let maxFileSize = 1_048_576
    static let components = ["hud", "ring", "bar", "gg", "indicator"]
    static let topLevelKeys = ["component", "description", "duration", "options", "events", "$schema"]
    /// Options that make no sense inside a storyboard (they concern the run, not the story).
    static let runOnlyOptions: Set<String> = ["storyboard", "help", "quiet", "jobs"]
    static let keysForAction: [Event.Action: [String]] = [
        .show: ["at", "action", "title", "status", "progress"],
        .update: ["at", "action", "title", "status", "progress"],
        .tap: ["at", "action"],
        .dismiss: ["at", "action", "result", "title", "status"],
    ]

    var file: String
    var component: String
    var duration: Double?
    /// The `options` object, as if given on the command line (labels `options.NAME`).
    var options: ParsedArguments
    var events: [Event]

    /// Reads the component named in a storyboard file without validating the rest (for dispatch).
    static func peekComponent(path: String) -> String? {
        // Bounded read: the full load reports oversized or unreadable files properly.
        // Regular files only: peeking at a pipe (`/dev/stdin`) would consume what the load needs.
        guard FileKind.of(path) == .regular,
              let data = try? FileBytes.read(path, limit: maxFileSize, regularOnly: true),
              let doc = try? JSONReader.parse(data),
              case .string(let c)? = doc["component"] else { return nil }
        return c
    }

    /// Loads and validates `path` for a command accepting `options`.
    /// - Throws: `UsageError` naming the JSON path of the first problem.
    static func load(path: String, command: String, options specs: [OptionSpec]) throws -> Storyboard {
        guard let kind = FileKind.of(path) else {
            throw UsageError("--storyboard \(path): no such file; check the path", command: command)
        }
        if kind == .directory { throw UsageError("--storyboard \(path): is a folder; give a .json file", command: command) }
        // Pipes and devices are read too (`--storyboard /dev/stdin`). Reading stops just past the
        // limit, so `/dev/zero` or a mistyped path to a video fails at once.
        let data: [UInt8]
        do { data = try FileBytes.read(path, limit: maxFileSize) } catch {
            switch error {
            case .system(let reason):
                throw RuntimeFailure("--storyboard \(path): cannot be read (\(reason)); check the path")
            case .tooLarge:
                throw UsageError("--storyboard \(path): larger than the \(maxFileSize / 1_048_576) MB limit for storyboards; check the path (a storyboard is a few KB of JSON)", command: command)
            default:
                throw RuntimeFailure("--storyboard \(path): cannot be read; check its permissions")
            }
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(data)
        } catch let e as JSONReader.SyntaxError {
            throw UsageError("storyboard \(path): invalid JSON at \(e)", command: command)
        }
        do {
            return try parse(document, file: path, command: command, options: specs)
        } catch let e as UsageError {
            throw UsageError("storyboard \(path): \(e.message)", command: command)
        }
    }

    static func parse(_ document: JSONValue, file: String, command: String, options specs: [OptionSpec]) throws -> Storyboard {
        func fail(_ message: String) -> UsageError { UsageError(message, command: command) }
        guard case .object(let members) = document else {
            throw fail("the document must be a JSON object with \"events\", got \(document.summary)")
        }
        for m in members where !topLevelKeys.contains(m.key) {
            throw fail(unknownKey(m.key, at: "", valid: topLevelKeys))
        }
        var component = "hud"
        if let c = document["component"] {
            guard case .string(let s) = c else { throw fail("component: expected a string, got \(c.summary)") }
            guard components.contains(s) else {
                throw fail("component: unknown component \"\(s)\"\(suggestion(s, components)); valid components: \(components.joined(separator: ", "))")
            }
            component = s
        }
        if component != command {
            throw fail("component: the storyboard is for \"\(component)\" but the command is \"\(command)\"; run hudrender \(component) --storyboard \(file)")
        }
        if case .string(let d)? = document["description"] { _ = d } else if let d = document["description"] {
            throw fail("description: expected a string, got \(d.summary)")
        }
        var duration: Double?
        if let d = document["duration"] {
            guard case .number(let v) = d else { throw fail("duration: expected seconds as a number, got \(d.summary)") }
            guard v > 0, v <= Limits.maxDuration else { throw fail("duration: \(format(v)) is out of range; use seconds from more than 0 to \(format(Limits.maxDuration))") }
            duration = v
        }

        var options = ParsedArguments(command: command)
        if let o = document["options"] {
            guard case .object(let items) = o else { throw fail("options: expected an object of option names and values, got \(o.summary)") }
            let allowed = specs.filter { !runOnlyOptions.contains($0.name) }
            for (key, value) in items {
                // The file is part of the label: these values are validated later, by the command.
                let label = "storyboard \(file): options.\(key)"
                let place = "options.\(key)"
                guard let spec = allowed.first(where: { $0.name == key }) else {
                    if runOnlyOptions.contains(key) { throw fail("\(place): --\(key) belongs on the command line, not in a storyboard") }
                    throw fail(unknownKey(key, at: "options.", valid: allowed.map(\.name)))
                }
                switch (spec.kind, value) {
                case (.flag, .bool(let b)):
                    if b { options.set(key, "true", label: label) }
                case (.flag, _):
                    throw fail("\(place): expected true or false, got \(value.summary)")
                case (.value, .string(let s)):
                    options.set(key, s, label: label)
                case (.value, .number(let n)):
                    options.set(key, format(n), label: label)
                case (.value(let placeholder), _):
                    throw fail("\(place): expected \(placeholder) as a string or number, got \(value.summary)")
                }
            }
        }

        guard let eventsValue = document["events"] else {
            throw fail("events: missing; add \"events\": [{\"at\": 0, \"action\": \"show\"}, ...]")
        }
        guard case .array(let items) = eventsValue else { throw fail("events: expected an array of events, got \(eventsValue.summary)") }
        var events: [Event] = []
        var shown = false
        for (i, item) in items.enumerated() {
            let path = "events[\(i)]"
            guard case .object(let fields) = item else { throw fail("\(path): expected an object such as {\"at\": 1.5, \"action\": \"update\"}, got \(item.summary)") }
            guard let atValue = item["at"] else { throw fail("\(path).at: missing; give the time in seconds, e.g. \"at\": 1.5") }
            guard case .number(let at) = atValue else { throw fail("\(path).at: expected seconds as a number, got \(atValue.summary)") }
            guard at >= 0, at <= Limits.maxDuration else { throw fail("\(path).at: \(format(at)) is out of range; use seconds from 0 to \(format(Limits.maxDuration))") }
            if let previous = events.last, at < previous.at {
                throw fail("\(path).at: \(format(at)) is earlier than \(previous.path).at (\(format(previous.at))); list events in time order")
            }
            guard let actionValue = item["action"] else { throw fail("\(path).action: missing; use one of \(Event.Action.allCases.map(\.rawValue).joined(separator: ", "))") }
            guard case .string(let actionName) = actionValue else { throw fail("\(path).action: expected a string, got \(actionValue.summary)") }
            let actions = Event.Action.allCases.map(\.rawValue)
            guard let action = Event.Action(rawValue: actionName) else {
                throw fail("\(path).action: unknown action \"\(actionName)\"\(suggestion(actionName, actions)); valid actions: \(actions.joined(separator: ", "))")
            }
            // "description" is an event's comment (JSON has none), as at the top level.
            let validKeys = keysForAction[action]! + ["description"]
            if let d = item["description"], case .string = d {} else if let d = item["description"] {
                throw fail("\(path).description: expected a string (a comment), got \(d.summary)")
            }
            for f in fields where !validKeys.contains(f.key) {
                throw fail(unknownKey(f.key, at: "\(path).", valid: validKeys, context: "for action \"\(actionName)\""))
            }
            var event = Event(at: at, action: action, path: path)
            for key in ["title", "status"] {
                guard let v = item[key] else { continue }
                guard case .string(let s) = v else { throw fail("\(path).\(key): expected a string, got \(v.summary)") }
                if key == "title" { event.title = s } else { event.status = s }
            }
            if let v = item["progress"] {
                guard case .number(let p) = v else { throw fail("\(path).progress: expected a fraction from 0 to 1 as a number, got \(v.summary)") }
                guard (0...1).contains(p) else { throw fail("\(path).progress: \(format(p)) is out of range; use a fraction from 0 to 1 (0.5 is 50%)") }
                event.progress = p
            }
            if let v = item["result"] {
                let outcomes = Event.Outcome.allCases.map(\.rawValue)
                guard case .string(let r) = v else { throw fail("\(path).result: expected a string, got \(v.summary)") }
                guard let o = Event.Outcome(rawValue: r) else {
                    throw fail("\(path).result: unknown result \"\(r)\"\(suggestion(r, outcomes)); valid results: \(outcomes.joined(separator: ", "))")
                }
                event.result = o
            }
            switch action {
            case .show:
                shown = true
            case .update, .tap, .dismiss:
                guard shown else { throw fail("\(path).action: \"\(actionName)\" before any \"show\"; add {\"at\": 0, \"action\": \"show\"} first") }
                if action == .dismiss { shown = false }
            }
            events.append(event)
        }
        if events.isEmpty { throw fail("events: empty; add at least {\"at\": 0, \"action\": \"show\"}") }
        if let d = duration, let last = events.last, last.at > d {
            throw fail("\(last.path).at: \(format(last.at)) is after the storyboard's duration (\(format(d)) s); raise duration or move the event")
        }
        return Storyboard(file: file, component: component, duration: duration, options: options, events: events)
    }

    private static func suggestion(_ word: String, _ valid: [String]) -> String {
        NameSuggester.nearest(to: word, in: valid).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    private static func unknownKey(_ key: String, at prefix: String, valid: [String], context: String = "") -> String {
        var m = "\(prefix)\(key): unknown key" + (context.isEmpty ? "" : " \(context)")
        m += suggestion(key, valid)
        m += "; valid keys: \(valid.joined(separator: ", "))"
        return m
    }
}
