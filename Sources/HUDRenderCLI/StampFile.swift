// StampFile: what batch remembers about each output it wrote, so it can skip current ones.
//
// Design note: an output is current when its inputs' fingerprint (version, command, options,
// input files) matches the stamp AND the file on disk still has the bytes batch wrote (so a file
// edited or replaced by hand is rendered again). Stamps live beside the manifest in a small,
// sorted, diff-friendly JSON file written atomically; a missing or unreadable stamp file just
// means everything is rendered.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HUDCodecs

struct StampFile {
    struct Stamp: Equatable { var key: String; var output: String }

    let path: String
    var stamps: [String: Stamp] = [:]

    /// The stamp file for `manifest`: `.NAME.stamps.json` in the manifest's folder.
    init(manifest: String) {
        let dir = PathText.parent(manifest)
        let name = ".\(PathText.lastComponent(manifest)).stamps.json"
        path = PathText.appending(dir, name)
        guard let data = FileManager.default.contents(atPath: path),
              let doc = try? JSONReader.parse([UInt8](data)),
              case .object(let entries)? = doc["outputs"] else { return }
        for (out, v) in entries {
            if case .string(let k)? = v["key"], case .string(let o)? = v["output"] { stamps[out] = Stamp(key: k, output: o) }
        }
    }

    func isCurrent(out: String, resolvedOut: String, key: String) -> Bool {
        guard let s = stamps[out], s.key == key,
              let data = FileManager.default.contents(atPath: resolvedOut) else { return false }
        return ContentHash.of([UInt8](data)) == s.output
    }

    func save() throws {
        var text = "{\n  \"generator\": \"hudrender \(Version.string)\",\n  \"outputs\": {"
        let sorted = stamps.sorted { $0.key < $1.key }
        for (i, (out, s)) in sorted.enumerated() {
            text += "\n    \(quote(out)): {\"key\": \"\(s.key)\", \"output\": \"\(s.output)\"}" + (i + 1 < sorted.count ? "," : "")
        }
        text += "\n  }\n}\n"
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    private func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20: out += "\\u" + TextFormat.hex(u.value, digits: 4)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
