// FileBytes: the one whole-file reader of the package's libraries (fonts, SVG documents, images).
//
// Design note: every reader works on bytes in memory, and each library reports failures in its own
// error type; the reading itself (a limit, so that `/dev/zero` or an endless pipe cannot fill
// memory, and failures told apart because their fixes differ) is written once here, with POSIX calls
// only, so that HUDRaster's dependants stay free of Foundation.
#if canImport(Glibc)
import Glibc
private let readFromDescriptor = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let readFromDescriptor = Darwin.read
#endif

/// Reads whole files for the package's targets (`package` access: not public API).
package enum FileBytes {
    /// Why a read failed; `reason` is the text the callers put in their own errors.
    package enum Failure: Error, Equatable {
        case notFound, isDirectory, notRegularFile, permissionDenied
        case tooLarge(limit: Int)
        case system(String)

        package var reason: String {
            switch self {
            case .notFound: return "no such file (check the path)"
            case .isDirectory: return "it is a directory, not a file"
            case .notRegularFile: return "not a regular file (a device or pipe?)"
            case .permissionDenied: return "permission denied"
            case .tooLarge(let limit): return "larger than the \(limit / 1_048_576) MB input limit (is it a device or an endless stream?)"
            case .system(let text): return text
            }
        }
    }

    /// The whole contents of `path`, at most `limit` bytes. Pipes are read to their end (or the
    /// limit); devices other than pipes are refused when `regularOnly`.
    package static func read(_ path: String, limit: Int, regularOnly: Bool = false) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw failure(errno) }
        defer { _ = close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR { throw .isDirectory }
            if regularOnly && type != S_IFREG { throw .notRegularFile }
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { readFromDescriptor(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw .system(String(cString: strerror(e)))
            }
            if n == 0 { return out }
            if out.count + n > limit { throw .tooLarge(limit: limit) }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    private static func failure(_ e: Int32) -> Failure {
        switch e {
        case ENOENT: return .notFound
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .isDirectory
        default: return .system(String(cString: strerror(e)))
        }
    }
}
