// PathText: the parent folder and last component of a path, in plain Swift.
//
// Design note: swift-corelibs-foundation's NSString.deletingLastPathComponent traps on a
// one-character path ("f", from `--out f/`) in the 6.3 toolchain, so the command does its own
// path text: split at the last "/", with NSString's answers for the edge cases ("a" has the
// parent "", "/a" has "/", trailing slashes are ignored).

enum PathText {
    /// The path without its last component: "a/b/" -> "a", "a" -> "", "/a" -> "/".
    static func parent(_ path: String) -> String {
        let s = trimmed(path)
        guard let i = s.lastIndex(of: "/") else { return "" }
        if i == s.startIndex { return "/" }
        return String(trimmed(String(s[..<i])))
    }

    /// The last component: "a/b/" -> "b", "a" -> "a", "/" -> "/".
    static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard s.count > 1, let i = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: i)...])
    }

    /// The last component's extension without the dot, as NSString's pathExtension gives it:
    /// "a/b.GIF" -> "GIF"; none for "a", "a." or a hidden file's name (".gif").
    static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `name` inside `folder` ("" is the working folder).
    static func appending(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` without trailing slashes (a lone "/" stays).
    private static func trimmed(_ path: String) -> Substring {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }
}
