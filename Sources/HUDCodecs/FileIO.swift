// FileIO: reading whole files into memory with errors that name the path.
//
// Design note: every decoder works on bytes in memory (PNG and GIF files here are small next to the
// images they hold), so reading is one function and the decoders never touch the file system.
import Glibc

enum FileIO {
    /// The whole contents of `path`.
    static func readAll(_ path: String) throws -> [UInt8] {
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
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
