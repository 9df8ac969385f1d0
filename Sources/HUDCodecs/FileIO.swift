// FileIO: reading whole files into memory with errors that name the path.
//
// Design note: every decoder works on bytes in memory (PNG and GIF files here are small next to the
// images they hold), so reading is one function and the decoders never touch the file system.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileIO {
    /// Largest input read (256 MB): far above any real PNG/GIF/APNG, and it stops `/dev/zero` or an
    /// endless pipe from filling memory.
    static let maxInputSize = 256 * 1024 * 1024

    /// The whole contents of `path`, at most `limit` bytes.
    static func readAll(_ path: String, limit: Int = maxInputSize) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            switch e {
            case ENOENT: throw CodecError.readFailed(path: path, reason: "no such file (check the path)")
            case EACCES, EPERM: throw CodecError.readFailed(path: path, reason: "permission denied")
            default: throw CodecError.readFailed(path: path, reason: String(cString: strerror(e)))
            }
        }
        defer { _ = close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw CodecError.readFailed(path: path, reason: "it is a directory, not a file")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw CodecError.readFailed(path: path, reason: String(cString: strerror(e)))
            }
            if n == 0 { break }
            if out.count + n > limit {
                throw CodecError.readFailed(path: path, reason: "more than the \(limit / 1_048_576) MB input limit (is it a device or an endless stream?); give an image file")
            }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
