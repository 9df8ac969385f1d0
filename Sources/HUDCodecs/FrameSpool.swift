// FrameSpool: frames parked on disk between an encoder's first and second pass.
//
// Design note: formats that need the whole animation before writing (a global GIF palette, the APNG
// frame count and colour type) would otherwise hold every frame in memory. The spool is an unlinked
// temporary file (it disappears even if the process is killed), so memory stays at a few frames
// whatever the frame count. Identical consecutive frames are stored once with their durations summed.
// A record holds only the rows that differ from the record before it (a UI animation mostly changes
// a band of rows), which cuts what is written, read back and dropped from the page cache; reading
// rebuilds each record on top of the one read before it, so reading in order (as every encoder
// does) costs one pass over the changed rows. The thread that appends is the hub of the first pass
// (rendered frames in, colour statistics out), so it does not wait for the page cache: each record
// is written on a thread of its own (FrameSpool.Writer) from the frame the caller handed over,
// which the spool keeps until it is written. Where each record goes is decided as it is appended,
// so the file is the same whichever write ends first; reading waits for every write.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

final class FrameSpool {
    let recordBytes: Int
    /// Bytes per row: a record stores whole rows, `rowBytes` dividing `recordBytes`.
    let rowBytes: Int
    private var fd: Int32
    private(set) var durations: [Double] = []
    /// The rows each record stores (the first record: all of them) and where they start in the file.
    private var rows: [Range<Int>] = []
    private var offsets: [off_t] = []
    private var end: off_t = 0
    /// Calls a function with the bytes of the last record appended (every row, not only those it
    /// stored); nil before the first. A closure, as records may be arrays of any element type.
    private var withLast: (((UnsafeRawBufferPointer) -> Range<Int>?) -> Range<Int>?)?
    private let writer: Writer
    /// The record `read` rebuilt last, and its index (-1: none yet).
    private var current: [UInt8] = []
    private var currentIndex = -1

    /// A spool of records of `recordBytes` bytes, stored in rows of `rowBytes` (default: one row).
    init(recordBytes: Int, rowBytes: Int? = nil) throws {
        self.recordBytes = recordBytes
        self.rowBytes = max(1, rowBytes ?? recordBytes)
        precondition(recordBytes % self.rowBytes == 0)
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/hudrender-spool-XXXXXX".utf8CString)
        fd = mkstemp(&template)
        if fd < 0 {
            let e = errno
            throw CodecError.writeFailed(path: base, reason: "cannot create a temporary spool file: \(String(cString: strerror(e))) (set TMPDIR to a writable folder)")
        }
        let path = String(cString: template)
        _ = unlink(path)
        writer = Writer(fd: fd)
    }

    deinit {
        // Pending writes still use the descriptor.
        _ = try? writer.drain()
        if fd >= 0 { _ = close(fd) }
    }

    var count: Int { durations.count }

    /// Stores a record (`recordBytes` bytes of pixels, any element type), or extends the previous
    /// one's duration when the bytes are identical. Returns false when the record was merged. The
    /// spool keeps `record` (no copy) until it is written; rethrows a failure of an earlier write.
    @discardableResult
    func append<Element: Sendable>(_ record: [Element], duration: Double) throws -> Bool {
        precondition(record.count * MemoryLayout<Element>.stride == recordBytes)
        try writer.check()
        var changed = 0..<(recordBytes / rowBytes)
        if let withLast {
            guard let c = record.withUnsafeBytes({ raw in withLast { changedRows(raw, from: $0) } }) else {
                durations[durations.count - 1] += duration
                return false
            }
            changed = c
        }
        let at = changed.lowerBound * rowBytes, count = changed.count * rowBytes
        writer.write(record, bytes: at..<(at + count), at: end)
        rows.append(changed); offsets.append(end); end += off_t(count)
        durations.append(duration)
        withLast = { record.withUnsafeBytes($0) }
        return true
    }

    /// The rows where `raw` differs from `old`, nil when it equals it.
    private func changedRows(_ raw: UnsafeRawBufferPointer, from old: UnsafeRawBufferPointer) -> Range<Int>? {
        let n = recordBytes / rowBytes, rb = rowBytes
        func same(_ y: Int) -> Bool { memcmp(old.baseAddress! + y * rb, raw.baseAddress! + y * rb, rb) == 0 }
        var y0 = 0
        while y0 < n && same(y0) { y0 += 1 }
        if y0 == n { return nil }
        var y1 = n
        while same(y1 - 1) { y1 -= 1 }
        return y0..<y1
    }

    /// The rows (of `rowBytes`) record `index` stores: every row that differs from the record
    /// before it (all rows for the first).
    func storedRows(_ index: Int) -> Range<Int> { rows[index] }

    /// Reads record `index` into `buffer`.
    func read(_ index: Int, into buffer: inout [UInt8]) throws {
        if buffer.count != recordBytes { buffer = [UInt8](repeating: 0, count: recordBytes) }
        try buffer.withUnsafeMutableBytes { try read(index, into: $0) }
    }

    /// Reads record `index` into `raw` (`recordBytes` long). Safe to call from any one thread once
    /// appending is over. Fastest in order: each record is rebuilt on the one read before it.
    func read(_ index: Int, into raw: UnsafeMutableRawBufferPointer) throws {
        precondition(raw.count == recordBytes)
        try writer.drain()
        if current.count != recordBytes { current = [UInt8](repeating: 0, count: recordBytes) }
        if index < currentIndex { currentIndex = -1 }
        while currentIndex < index {
            try load(currentIndex + 1)
            currentIndex += 1
        }
        current.withUnsafeBytes { raw.copyMemory(from: $0) }
    }

    /// Applies record `index`'s rows to `current`.
    private func load(_ index: Int) throws {
        let at = rows[index].lowerBound * rowBytes, count = rows[index].count * rowBytes
        let offset = offsets[index]
        try current.withUnsafeMutableBytes { c in
            var done = 0
            while done < count {
                let n = pread(fd, c.baseAddress! + at + done, count - done, offset + off_t(done))
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
}
