// GIF.AnalysisQueue: reads spooled frames and analyses them on another thread, a few frames ahead of
// the frame writer.
//
// Design note: the writer's serial step (what to draw given what is shown, lossy LZW) and the
// per-frame work that depends only on the true frames (GIF.FrameAnalyzer) then run on two cores at
// once. At most `depth` analyses wait in the queue, so memory stays at a few frames whatever the
// animation's length. Frames come out strictly in order and are analysed by one analyzer in order,
// so the output does not depend on thread timing.
import Dispatch

extension GIF {
    final class AnalysisQueue: @unchecked Sendable {
        private let spool: FrameSpool
        private var analyzer: FrameAnalyzer
        private let depth: Int
        private var ring: [Result<FrameAnalysis, Error>?]
        private let lock = DispatchSemaphore(value: 1)
        private let free: DispatchSemaphore
        private let filled = DispatchSemaphore(value: 0)
        private let done = DispatchGroup()
        private var stopped = false
        private var consumed = 0

        /// Starts analysing the frames of `spool` (each width x height flattened pixels).
        init(spool: FrameSpool, analyzer: FrameAnalyzer, depth: Int = 3) {
            self.spool = spool
            self.analyzer = analyzer
            self.depth = depth
            ring = Array(repeating: nil, count: depth)
            free = DispatchSemaphore(value: depth)
            done.enter()
            DispatchQueue(label: "hudrender.gif.analysis").async { [self] in produce() }
        }

        /// The next frame's analysis, in order; rethrows a failure to read the spool.
        func next() throws -> FrameAnalysis {
            filled.wait()
            lock.wait()
            let r = ring[consumed % depth]!
            ring[consumed % depth] = nil
            lock.signal()
            consumed += 1
            free.signal()
            return try r.get()
        }

        /// Stops the analysis (if still running) and waits for its thread to end.
        func stop() {
            lock.wait(); stopped = true; lock.signal()
            free.signal()
            done.wait()
        }

        private func produce() {
            defer { done.leave() }
            let n = analyzer.width * analyzer.height
            for i in 0..<spool.count {
                free.wait()
                lock.wait(); let stop = stopped; lock.signal()
                if stop { return }
                let result = Result { () throws -> FrameAnalysis in
                    // Read over in full, so not cleared first.
                    var frame = [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n }
                    try frame.withUnsafeMutableBytes { try spool.read(i, into: $0) }
                    // Rows the spool did not store equal the previous frame's: not compared.
                    return analyzer.analyze(frame, rows: spool.storedRows(i))
                }
                lock.wait(); ring[i % depth] = result; lock.signal()
                filled.signal()
                if case .failure = result { return }
            }
        }
    }
}
