// FrameSpool.Writer: writes a spool's records to its file on a thread of its own.
//
// Design note: a write holds on to the record it writes (an array, which the appending thread no
// longer changes) until it is done, and at most `pendingLimit` writes wait, so memory stays at a few
// frames whatever the frame count. Writes run in order on one serial queue, each at the offset the
// spool gave it. The first failure is kept and reported by the next `check` or `drain`; later writes
// are skipped, since the encoder is going to fail anyway.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

extension FrameSpool {
    final class Writer: @unchecked Sendable {
        /// Writes that may wait at once: a few, so that a fade's full-frame writes overlap the next
        /// frames' rendering, while the frames they hold stay few.
        static let pendingLimit = 4
        private let fd: Int32
        private let queue = DispatchQueue(label: "hudrender.spool.write")
        private let pending = DispatchGroup()
        private let slots = DispatchSemaphore(value: Writer.pendingLimit)
        private let lock = DispatchSemaphore(value: 1)
        private var failure: Error?

        init(fd: Int32) { self.fd = fd }

        /// Writes `bytes` of `record` at `offset`, after every write asked for before it.
        func write<Element: Sendable>(_ record: [Element], bytes: Range<Int>, at offset: off_t) {
            slots.wait()
            pending.enter()
            queue.async { [self] in
                defer { slots.signal(); pending.leave() }
                if currentFailure() != nil { return }
                let error = record.withUnsafeBytes { raw in
                    writeAll(UnsafeRawBufferPointer(rebasing: raw[bytes]), at: offset)
                }
                if let error { lock.wait(); failure = failure ?? error; lock.signal() }
            }
        }

        /// Rethrows the first failed write, if any (without waiting for the others).
        func check() throws {
            if let e = currentFailure() { throw e }
        }

        /// Waits for every write, then rethrows the first failure, if any.
        func drain() throws {
            pending.wait()
            try check()
        }

        private func currentFailure() -> Error? {
            lock.wait(); defer { lock.signal() }
            return failure
        }

        private func writeAll(_ raw: UnsafeRawBufferPointer, at offset: off_t) -> Error? {
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
                if n < 0 {
                    let e = errno
                    if e == EINTR { continue }
                    return CodecError.writeFailed(path: "temporary spool", reason: "\(String(cString: strerror(e))) (free disk space in TMPDIR)")
                }
                done += n
            }
            return nil
        }
    }
}
