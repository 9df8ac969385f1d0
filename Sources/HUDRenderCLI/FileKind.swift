// FileKind: what a path names (a file, a folder, something else), with POSIX calls only.
//
// Design note: FoundationEssentials' FileManager has no `fileExists(atPath:isDirectory:)` that
// reads the same on Linux and macOS (ObjCBool is Darwin's), and the executable links Essentials
// only. `stat` follows symbolic links, as FileManager's answer did.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileKind: Equatable {
    case regular, directory, other

    /// What `path` names after following links; nil when it names nothing (or cannot be reached).
    static func of(_ path: String) -> FileKind? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` names a folder (after following links).
    static func isDirectory(_ path: String) -> Bool { of(path) == .directory }
}
