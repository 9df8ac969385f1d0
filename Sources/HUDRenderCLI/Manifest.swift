// Manifest: the list of assets `hudrender batch` renders, validated strictly like a storyboard.
//
// Design note: an entry is a command line written as data (`command` + `options`, or a
// `storyboard`), and is turned into the same ParsedArguments the command line produces, with
// labels such as `outputs[3].options.style` so that messages point into the manifest. Paths in a
// manifest are relative to the manifest's own folder, so `hudrender batch docs/assets.json` works
// from any working directory.
//
//     {
//       "description": "free text",                    (optional)
//       "defaults": { "<option>": value, ... },        (optional; applied where the command has the option)
//       "outputs": [
//         { "out": "hud-balloon.gif", "command": "hud", "options": { "style": "balloon" } },
//         { "out": "upload.gif", "storyboard": "../Fixtures/storyboards/upload.json" }
//       ]
//     }

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HUDSupport

struct Manifest {
    struct Entry {
        /// `outputs[i]`, for messages.
        var path: String
        var command: SceneCommand.Type
        var arguments: ParsedArguments
        /// The output path as written in the manifest (for messages) and resolved.
        var out: String
        var resolvedOut: String
        /// Files whose content the output depends on (storyboard, image, font).
        var inputs: [String]
    }

    static let topLevelKeys = ["description", "defaults", "outputs", "$schema"]
    static let entryKeys = ["out", "command", "options", "storyboard", "description"]
    /// Options whose values are file paths (resolved against the manifest's folder).
    static let pathOptions: Set<String> = ["image", "font", "storyboard"]
    static let sceneCommands: [SceneCommand.Type] = [HUDCommand.self, RingCommand.self, BarCommand.self, GGCommand.self, IndicatorCommand.self]

    var file: String
    var entries: [Entry]

    static func load(_ file: String) throws -> Manifest {
        func fail(_ m: String) -> UsageError { UsageError("manifest \(file): \(m)", command: "batch") }
        // Bounded, like storyboards: a device or pipe that never ends is refused, not read forever.
        let data: [UInt8]
        do { data = try FileBytes.read(file, limit: 16 << 20) } catch {
            switch error {
            case .system(let reason): throw fail("cannot be read (\(reason)); check the path")
            case .tooLarge: throw fail("larger than the 16 MB limit for manifests; check the path")
            default: throw UsageError("manifest \(file): no such file (or not readable); check the path", command: "batch")
            }
        }
        let doc: JSONValue
        do { doc = try JSONReader.parse(data) } catch { throw fail("invalid JSON at \(error)") }
        guard case .object(let members) = doc else { throw fail("the document must be a JSON object with \"outputs\", got \(doc.summary)") }
        for m in members where !topLevelKeys.contains(m.key) { throw fail(unknownKey(m.key, "", topLevelKeys)) }
        let base = PathText.parent(file)
        func resolve(_ p: String) -> String {
            if p.hasPrefix("/") || base.isEmpty { return p }
            return PathText.appending(base, p)
        }
        var defaults: [(key: String, value: JSONValue)] = []
        if let d = doc["defaults"] {
            guard case .object(let items) = d else { throw fail("defaults: expected an object of options, got \(d.summary)") }
            defaults = items
        }
        guard let outputs = doc["outputs"] else { throw fail("outputs: missing; add \"outputs\": [{\"out\": \"hud.gif\", \"command\": \"hud\"}]") }
        guard case .array(let items) = outputs else { throw fail("outputs: expected an array, got \(outputs.summary)") }
        var entries: [Entry] = []
        var seen: [String: String] = [:]
        for (i, item) in items.enumerated() {
            let path = "outputs[\(i)]"
            guard case .object(let fields) = item else { throw fail("\(path): expected an object such as {\"out\": \"hud.gif\", \"command\": \"hud\"}, got \(item.summary)") }
            for f in fields where !entryKeys.contains(f.key) { throw fail(unknownKey(f.key, "\(path).", entryKeys)) }
            guard let outValue = item["out"] else { throw fail("\(path).out: missing; give the output file, e.g. \"out\": \"hud.gif\"") }
            guard case .string(let out) = outValue, !out.isEmpty else { throw fail("\(path).out: expected a file name, got \(outValue.summary)") }
            if out.hasSuffix("/") { throw fail("\(path).out: \"\(out)\" is a folder; batch writes single files (.gif, .webp, .apng, .png)") }
            if let other = seen[out] { throw fail("\(path).out: \"\(out)\" is also written by \(other); give each output its own file") }
            seen[out] = path

            var commandName = "hud"
            var storyboard: String?
            if let s = item["storyboard"] {
                guard case .string(let sp) = s else { throw fail("\(path).storyboard: expected a file path, got \(s.summary)") }
                storyboard = resolve(sp)
                if let c = Storyboard.peekComponent(path: resolve(sp)) { commandName = c }
            }
            if let c = item["command"] {
                let names = sceneCommands.map { $0.name }
                guard case .string(let cn) = c else { throw fail("\(path).command: expected a string, got \(c.summary)") }
                guard names.contains(cn) else {
                    let near = NameSuggester.nearest(to: cn, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw fail("\(path).command: unknown command \"\(cn)\"\(near); valid commands: \(names.joined(separator: ", "))")
                }
                commandName = cn
            }
            let command = sceneCommands.first { $0.name == commandName }!
            var args = ParsedArguments(command: commandName)
            let specs = command.options.filter { !["out", "jobs", "quiet", "storyboard", "help"].contains($0.name) }
            func apply(_ key: String, _ value: JSONValue, label: String, strict: Bool) throws {
                guard let spec = specs.first(where: { $0.name == key }) else {
                    if !strict { return }
                    throw fail(unknownKey(key, "\(path).options.", specs.map(\.name), context: "for command \"\(commandName)\""))
                }
                switch (spec.kind, value) {
                case (.flag, .bool(let b)): if b { args.set(key, "true", label: label) }
                case (.flag, _): throw fail("\(label): expected true or false, got \(value.summary)")
                case (.value, .string(let s)): args.set(key, pathOptions.contains(key) ? resolve(s) : s, label: label)
                case (.value, .number(let n)): args.set(key, format(n), label: label)
                case (.value(let p), _): throw fail("\(label): expected \(p) as a string or number, got \(value.summary)")
                }
            }
            for (k, v) in defaults { try apply(k, v, label: "defaults.\(k)", strict: false) }
            if let o = item["options"] {
                guard case .object(let opts) = o else { throw fail("\(path).options: expected an object, got \(o.summary)") }
                for (k, v) in opts { try apply(k, v, label: "\(path).options.\(k)", strict: true) }
            }
            var inputs: [String] = []
            if let storyboard {
                args.set("storyboard", storyboard, label: "\(path).storyboard")
                inputs.append(storyboard)
            }
            for p in pathOptions where p != "storyboard" { if let v = args.string(p) { inputs.append(v) } }
            let resolvedOut = resolve(out)
            args.set("out", resolvedOut, label: "\(path).out")
            entries.append(Entry(path: path, command: command, arguments: args, out: out, resolvedOut: resolvedOut, inputs: inputs))
        }
        if entries.isEmpty { throw fail("outputs: empty; list at least one output") }
        return Manifest(file: file, entries: entries)
    }

    static func unknownKey(_ key: String, _ prefix: String, _ valid: [String], context: String = "") -> String {
        var m = "\(prefix)\(key): unknown key" + (context.isEmpty ? "" : " \(context)")
        if let near = NameSuggester.nearest(to: key, in: valid) { m += " (did you mean \"\(near)\"?)" }
        return m + "; valid keys: \(valid.joined(separator: ", "))"
    }

    /// The fingerprint of everything an entry's output depends on except the code itself:
    /// the version, the command, its options (sorted) and the bytes of its input files.
    static func key(of entry: Entry) -> String {
        var h = ContentHash()
        h.add(Version.string)
        h.add(entry.command.name)
        for (name, value) in entry.arguments.allValues.sorted(by: { $0.0 < $1.0 }) where name != "out" {
            h.add(name); h.add(value)
        }
        for input in entry.inputs {
            h.add(FileManager.default.contents(atPath: input).map { [UInt8]($0) } ?? [])
        }
        return h.hex
    }
}
