// FrameSpool: frames parked on disk between an encoder's first and second pass.
//
// Design note: formats that need the whole animation before writing (a global GIF palette, the APNG
// frame count and colour type) would otherwise hold every frame in memory. The spool is an unlinked
// temporary file (it disappears even if the process is killed) holding fixed-size records, so memory
// stays at one frame whatever the frame count. Identical consecutive frames are stored once with
// their durations summed.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class FrameSpool {
    let recordBytes: Int
    private var fd: Int32
    private(set) var durations: [Double] = []
    private var last: [UInt8] = []

    init(recordBytes: Int) throws {
        self.recordBytes = recordBytes
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/hudrender-spool-XXXXXX".utf8CString)
        fd = mkstemp(&template)
        if fd < 0 {
            let e = errno
            throw CodecError.writeFailed(path: base, reason: "cannot create a temporary spool file: \(String(cString: strerror(e))) (set TMPDIR to a writable folder)")
        }
        let path = String(cString: template)
        _ = unlink(path)
    }

    deinit { if fd >= 0 { _ = close(fd) } }

    var count: Int { durations.count }

    /// Stores a record, or extends the previous one's duration when the bytes are identical.
    /// Returns false when the record was merged.
    @discardableResult
    func append(_ bytes: [UInt8], duration: Double) throws -> Bool {
        try bytes.withUnsafeBytes { try append(raw: $0, duration: duration) }
    }

    /// `append(_:duration:)` for bytes the caller holds in another form (no copy into an array).
    @discardableResult
    func append(raw: UnsafeRawBufferPointer, duration: Double) throws -> Bool {
        precondition(raw.count == recordBytes)
        if !durations.isEmpty && last.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, recordBytes) == 0 }) {
            durations[durations.count - 1] += duration
            return false
        }
        let offset = off_t(durations.count) * off_t(recordBytes)
        var done = 0
        while done < raw.count {
            let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw CodecError.writeFailed(path: "temporary spool", reason: "\(String(cString: strerror(e))) (free disk space in TMPDIR)")
            }
            done += n
        }
        durations.append(duration)
        if last.count != recordBytes { last = [UInt8](repeating: 0, count: recordBytes) }
        last.withUnsafeMutableBytes { $0.copyMemory(from: raw) }
        return true
    }

    /// Reads record `index` into `buffer`.
    func read(_ index: Int, into buffer: inout [UInt8]) throws {
        if buffer.count != recordBytes { buffer = [UInt8](repeating: 0, count: recordBytes) }
        try buffer.withUnsafeMutableBytes { try read(index, into: $0) }
    }

    /// Reads record `index` into `raw` (`recordBytes` long). Safe to call from any one thread once
    /// appending is over.
    func read(_ index: Int, into raw: UnsafeMutableRawBufferPointer) throws {
        precondition(raw.count == recordBytes)
        let offset = off_t(index) * off_t(recordBytes)
        var done = 0
        while done < raw.count {
            let n = pread(fd, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw CodecError.readFailed(path: "temporary spool", reason: String(cString: strerror(e)))
            }
            if n == 0 { throw CodecError.readFailed(path: "temporary spool", reason: "unexpected end of file") }
            done += n
        }
    }
}
