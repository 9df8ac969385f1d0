// Cancellation: the process-wide "stop now" flag raised by SIGINT / SIGTERM.
//
// Design note: work is split into frames, and every frame boundary (in workers and in the encoder
// loop) polls this flag, so Ctrl-C stops within one frame's time without unsafe work in a signal
// handler; the signal itself is received on a Dispatch source, not in async-signal context.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

final class Cancellation: @unchecked Sendable {
    static let shared = Cancellation()
    private let raised = Mutex<Int32>(0)

    /// The signal that requested cancellation, 0 if none.
    var signal: Int32 { raised.withLock { $0 } }

    var isCancelled: Bool { signal != 0 }

    func raise(_ signal: Int32) {
        raised.withLock { if $0 == 0 { $0 = signal } }
    }

    /// Throws `Interrupted` once a signal has arrived.
    func check() throws {
        let s = signal
        if s != 0 { throw Interrupted(signal: s) }
    }
}

/// Thrown when the user interrupted the work; exit status 128 + signal (130 for Ctrl-C).
struct Interrupted: Error, CustomStringConvertible {
    let signal: Int32
    var exitStatus: Int32 { 128 + signal }
    var description: String { signal == SIGTERM ? "terminated" : "interrupted" }
}
