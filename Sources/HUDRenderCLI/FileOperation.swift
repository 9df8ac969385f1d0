// FileOperation: the folder and file changes the command makes, with the system's reason on failure.
//
// Design note: FoundationEssentials' FileManager reports failures as CocoaError, whose readable
// text (localizedDescription) is Foundation's, and the executable links Essentials only. These
// few POSIX calls give the C library's reason ("Permission denied") for the messages instead.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileOperation {
    /// Creates the folder `path` (its parent must exist); throws the reason it could not.
    static func makeFolder(_ path: String) throws(Failure) {
        if mkdir(path, 0o777) != 0 { throw Failure.current() }
    }

    /// Removes the file `path`; throws the reason it could not.
    static func removeFile(_ path: String) throws(Failure) {
        if unlink(path) != 0 { throw Failure.current() }
    }

    /// Creates a new, private folder inside `parent` whose name starts with `prefix`; nil if it cannot.
    static func makeTemporaryFolder(in parent: String, prefix: String) -> String? {
        var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
        guard let dir = mkdtemp(&template) else { return nil }
        return String(cString: dir)
    }

    /// Why an operation failed, in the C library's words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        static func current() -> Failure { Failure(description: String(cString: strerror(errno))) }
    }
}
