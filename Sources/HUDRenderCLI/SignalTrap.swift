// SignalTrap: turns SIGINT / SIGTERM into cooperative cancellation, with a hard stop as backstop.
//
// Design note: the signals are blocked from their default action and delivered to a Dispatch
// source, which raises `Cancellation`; the render loop then unwinds normally and the encoders
// remove their temporary files. If the work does not unwind within a short grace period (a frame
// stuck in a huge blur, say), the trap removes every registered temporary file itself and exits
// with 128 + signal, so Ctrl-C is always prompt and never leaves a partial file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

enum SignalTrap {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// How long cooperative cancellation may take before the hard stop.
    static let gracePeriod: Double = 1.5
    /// Removes temporary files of unfinished writes (wired to HUDCodecs' AtomicFile registry).
    nonisolated(unsafe) static var removeTemporaryFiles: () -> Void = {}

    static func install() {
        let queue = DispatchQueue(label: "hudrender.signals")
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                Cancellation.shared.raise(sig)
                queue.asyncAfter(deadline: .now() + gracePeriod) {
                    removeTemporaryFiles()
                    Console.error("\(sig == SIGTERM ? "terminated" : "interrupted"); no output written")
                    exit(128 + sig)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
