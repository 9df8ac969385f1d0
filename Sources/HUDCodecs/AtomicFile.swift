// AtomicFile: the one way every output file is written, so that a file is either the complete new
// content or whatever was there before, never half of either.
//
// Design note: bytes go to a temporary file in the destination's own folder (same filesystem, so the
// final rename(2) is atomic), are fsync'ed, and the temporary file is renamed over the destination.
// Any failure unlinks the temporary file and leaves the destination untouched. Temporary paths are
// also kept in a preallocated C registry so an interrupted run (Ctrl-C) can remove them from a signal
// handler without allocating. Destinations that are devices or pipes (/dev/stdout) are written in
// place, since they cannot be renamed over.
#if canImport(Glibc)
import Glibc
private let writeToDescriptor = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let writeToDescriptor = Darwin.write
#endif
import CCodecShims

/// A file being written atomically: create, `write`, then `commit` (or `discard`).
///
///     let file = try AtomicFile(path: "out.png")
///     try file.write(bytes)
///     try file.commit()
///
/// If the object is released without `commit`, the temporary file is removed.
public final class AtomicFile {
    /// The destination path.
    public let path: String
    /// Where the bytes go until `commit` (equal to `path` for devices and pipes).
    public let temporaryPath: String
    /// The open descriptor of the temporary file (-1 after commit or discard).
    public private(set) var fileDescriptor: Int32
    /// Bytes written so far by `write(_:)`.
    public private(set) var bytesWritten = 0
    private var slot: Int32 = -1
    private let inPlace: Bool

    /// Creates the temporary file beside `path`. Throws `CodecError` naming the problem and the fix
    /// (missing folder, a file where a folder should be, permission denied, no space).
    public init(path: String) throws {
        guard !path.isEmpty else { throw CodecError.writeFailed(path: path, reason: "empty path (give a file name)") }
        self.path = path
        var st = stat()
        if stat(path, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR {
                throw CodecError.writeFailed(path: path, reason: "it is a directory (give a file name inside it)")
            }
            if type == S_IFCHR || type == S_IFIFO || type == S_IFSOCK {
                let fd = open(path, O_WRONLY | O_CLOEXEC)
                if fd < 0 { throw AtomicFile.error(errno, path: path) }
                temporaryPath = path
                fileDescriptor = fd
                inPlace = true
                return
            }
        }
        inPlace = false
        let dir = AtomicFile.directory(of: path)
        let base = AtomicFile.baseName(of: path)
        var attempt = 0
        while true {
            let serial = hud_next_serial()
            let candidate = (dir == "." && !path.hasPrefix("./") ? "" : (dir.hasSuffix("/") ? dir : dir + "/"))
                + ".\(base).tmp-\(getpid())-\(serial)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                temporaryPath = candidate
                fileDescriptor = fd
                slot = hud_pending_add(candidate)
                // Keep the permissions of a file being replaced.
                if stat(path, &st) == 0 { _ = fchmod(fd, st.st_mode & 0o7777) }
                return
            }
            let e = errno
            if e == EEXIST && attempt < 100 { attempt += 1; continue }
            throw AtomicFile.error(e, path: path)
        }
    }

    deinit { discard() }

    /// Appends bytes. On failure the temporary file is removed and the error names the destination.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard fileDescriptor >= 0 else { throw CodecError.alreadyFinished }
        var offset = 0
        while offset < bytes.count {
            let n = writeToDescriptor(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                discard()
                throw AtomicFile.error(e, path: path)
            }
            offset += n
        }
        bytesWritten += bytes.count
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Overwrites bytes already written at `offset` (for headers patched when the count is known).
    public func write(_ bytes: [UInt8], at offset: Int) throws {
        guard fileDescriptor >= 0 else { throw CodecError.alreadyFinished }
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fileDescriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 {
                    let e = errno
                    if e == EINTR { continue }
                    discard()
                    throw AtomicFile.error(e, path: path)
                }
                done += n
            }
        }
    }

    /// Runs `body` to write the file's contents, then commits; if anything throws, the temporary file
    /// is discarded and the error rethrown, so the destination is never half-written.
    public func commit(after body: () throws -> Void) throws {
        do {
            try body()
            try commit()
        } catch {
            discard()
            throw error
        }
    }

    /// Flushes to disk and renames the temporary file over the destination.
    public func commit() throws {
        guard fileDescriptor >= 0 else { throw CodecError.alreadyFinished }
        if inPlace {
            let r = close(fileDescriptor)
            let e = errno
            fileDescriptor = -1
            if r != 0 && e != EINTR { throw AtomicFile.error(e, path: path) }
            return
        }
        if fsync(fileDescriptor) != 0 {
            let e = errno
            discard()
            throw AtomicFile.error(e, path: path)
        }
        if close(fileDescriptor) != 0 {
            let e = errno
            fileDescriptor = -1
            unlinkTemporary()
            throw AtomicFile.error(e, path: path)
        }
        fileDescriptor = -1
        if rename(temporaryPath, path) != 0 {
            let e = errno
            let vanished = access(temporaryPath, F_OK) != 0
            unlinkTemporary()
            if e == ENOENT && vanished {
                throw CodecError.writeFailed(path: path, reason: "the temporary file was removed before it was complete (interrupted; run again)")
            }
            throw AtomicFile.error(e, path: path)
        }
        hud_pending_remove(slot)
        slot = -1
        // The folder is not synced: should the system fail before the rename reaches the disk, the
        // previous file is what remains, which is all this type promises (old or new, never half).
    }

    /// Abandons the write: closes and removes the temporary file. The destination is untouched.
    public func discard() {
        if fileDescriptor >= 0 { _ = close(fileDescriptor); fileDescriptor = -1 }
        if !inPlace { unlinkTemporary() }
    }

    private func unlinkTemporary() {
        if slot >= 0 || access(temporaryPath, F_OK) == 0 {
            _ = unlink(temporaryPath)
        }
        if slot >= 0 { hud_pending_remove(slot); slot = -1 }
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Removes every temporary file still being written by this process. Safe to call from a signal
    /// handler (it only calls unlink(2) over preallocated storage); the CLI calls it on SIGINT/SIGTERM
    /// before exiting.
    public static func removeAllPending() {
        hud_pending_unlink_all()
    }

    // MARK: - Paths and errors

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Turns an errno from writing `path` into an error that says what to do.
    static func error(_ code: Int32, path: String) -> CodecError {
        switch code {
        case ENOENT:
            var dir = directory(of: path)
            // The folder exists but refuses new files (/proc, /sys): creating it is not the fix.
            if access(dir, F_OK) == 0 {
                return .writeFailed(path: path, reason: "\(dir) does not accept new files (a virtual file system such as /proc?); choose a writable folder")
            }
            // Report the nearest missing folder, which is what the user has to create.
            var missing = dir
            while dir != "/" && dir != "." && access(dir, F_OK) != 0 {
                missing = dir
                dir = directory(of: dir)
            }
            return .noSuchDirectory(path: path, directory: missing)
        case ENOTDIR:
            var dir = directory(of: path)
            var st = stat()
            while dir != "/" && dir != "." {
                if stat(dir, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR {
                    return .notADirectory(path: path, component: dir)
                }
                dir = directory(of: dir)
            }
            return .writeFailed(path: path, reason: "a component of the path is not a directory")
        case EACCES, EPERM, EROFS:
            return .permissionDenied(path: path)
        case ENOSPC, EDQUOT, EFBIG:
            return .noSpace(path: path)
        case EISDIR:
            return .writeFailed(path: path, reason: "it is a directory (give a file name inside it)")
        default:
            return .writeFailed(path: path, reason: String(cString: strerror(code)))
        }
    }
}
