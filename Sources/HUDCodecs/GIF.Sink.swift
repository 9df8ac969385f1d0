// GIF.Sink: the bytes giflib produces, forwarded to the atomic file in large writes.
//
// Design note: giflib calls its output function for every few bytes; buffering here keeps the write
// calls few, and an error from the file is kept for the writer to rethrow (giflib only sees a short
// write).
extension GIF {
    /// Receives giflib's output and forwards it to the atomic file in large writes.
    final class Sink {
        let file: AtomicFile
        var buffer: [UInt8] = []
        var failure: Error?
        init(file: AtomicFile) { self.file = file; buffer.reserveCapacity(1 << 16) }
        func flush() throws {
            if !buffer.isEmpty { try file.write(buffer); buffer.removeAll(keepingCapacity: true) }
        }
    }
}
