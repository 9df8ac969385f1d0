// ProgressDisplay: one progress bar on stderr, only for a person watching a terminal.
//
// Design note: scripts and CI must see nothing but errors, so the bar is drawn only when stderr
// is a TTY, never with --quiet, and only once the work has taken more than half a second (short
// renders stay silent even interactively). Updates are throttled to ~10 per second and come from
// the consuming thread only, so the line is never torn.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

final class ProgressDisplay: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let lock = Mutex(())
    private var done = 0

    /// A display for `total` units of work; silent unless stderr is a terminal and not `quiet`.
    init(total: Int, label: String, quiet: Bool) {
        self.total = max(total, 1)
        self.label = label
        enabled = !quiet && Console.stderrIsTerminal
    }

    /// Records `n` more units done and redraws if due.
    func advance(by n: Int = 1) {
        guard enabled else { return }
        lock.withLock { _ in
            done += n
            let now = Date()
            guard now.timeIntervalSince(start) > 0.5, now.timeIntervalSince(lastDraw) >= 0.1 || done >= total else { return }
            lastDraw = now
            draw(now: now)
        }
    }

    private func draw(now: Date) {
        let fraction = min(1, Double(done) / Double(total))
        let elapsed = now.timeIntervalSince(start)
        let eta = fraction > 0 ? elapsed / fraction - elapsed : 0
        let percent = TextFormat.rightAligned(String(Int(fraction * 100)), width: 3)
        let time = fraction < 1 ? "ETA \(TextFormat.fixed(eta, places: 1))s" : "\(TextFormat.fixed(elapsed, places: 1))s"
        let tail = " \(percent)% \(done)/\(total)  \(time)"
        let barWidth = max(10, min(40, Console.terminalWidth - label.count - tail.count - 4))
        let filled = Int(fraction * Double(barWidth))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        Console.err("\r\u{1B}[2K\(label) \(bar)\(tail)", terminator: "")
        drawn = true
    }

    /// Clears the bar so that what follows starts on a clean line.
    func finish() {
        guard enabled else { return }
        lock.withLock { _ in
            if drawn { Console.err("\r\u{1B}[2K", terminator: "") }
            drawn = false
        }
    }
}
