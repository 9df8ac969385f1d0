// InputFile: reading a user-named input file with a message that says what to do when it fails.
//
// Design note: "no such file", "is a folder" and "permission denied" need different fixes, so they
// are told apart here rather than reported as one generic read failure. A path that names no file
// (or a folder) is what the user typed wrong (exit 2, as for --storyboard); a file that exists but
// cannot be read is what the system did (exit 1).

import HUDSupport

enum InputFile {
    /// Throws a usage error (exit 2) when `path` names nothing or a folder.
    static func requireFile(_ path: String, label: String) throws {
        guard let kind = FileKind.of(path) else {
            throw UsageError("\(label) \(path): no such file; check the path")
        }
        if kind == .directory { throw UsageError("\(label) \(path): is a folder; give a file") }
    }

    static func read(_ path: String, label: String) throws -> [UInt8] {
        try requireFile(path, label: label)
        // A device such as /dev/zero is refused before reading: it would never end.
        if FileKind.of(path) == .other {
            throw RuntimeFailure("\(label) \(path): is not a regular file (a device or pipe?); give an image file")
        }
        do { return try FileBytes.read(path, limit: Int.max) } catch {
            throw RuntimeFailure("\(label) \(path): cannot be read (permission denied?); check its permissions")
        }
    }
}
