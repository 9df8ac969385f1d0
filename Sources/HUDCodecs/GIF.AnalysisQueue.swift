// GIF.AnalysisQueue: reads spooled frames and analyses them on another thread, a few frames ahead of
// the frame writer.
//
// Design note: the writer's serial step (what to draw given what is shown, lossy LZW) and the
// per-frame work that depends only on the true frames (GIF.FrameAnalyzer) then run on two cores at
// once. At most `depth` analyses wait in the queue, so memory stays at a few frames whatever the
// animation's length. Frames come out strictly in order and are analysed by one analyzer in order,
// so the output does not depend on thread timing. The queue is the spool's last owner: once the last
// frame is read, the spool (its file's cached pages) and the analyzer (its colour cache) are released
// on the analysis thread, while the writer still works, instead of when the encoder ends.
import Dispatch

extension GIF {
    final class AnalysisQueue: @unchecked Sendable {
        /// Read only on the analysis thread; nil once every frame is read.
        private var spool: FrameSpool?
        private var analyzer: FrameAnalyzer?
        private let count: Int
        private let width: Int, height: Int
        private let depth: Int
        private var ring: [Result<FrameAnalysis, Error>?]
        private let lock = DispatchSemaphore(value: 1)
        private let free: DispatchSemaphore
        private let filled = DispatchSemaphore(value: 0)
        private let done = DispatchGroup()
        private var stopped = false
        private var consumed = 0

        /// Starts analysing the frames of `spool` (each width x height flattened pixels). The caller
        /// should keep no reference to `spool`, so that it is released once read.
        init(spool: FrameSpool, analyzer: FrameAnalyzer, depth: Int = 3) {
            self.spool = spool
            self.analyzer = analyzer
            count = spool.count
            width = analyzer.width; height = analyzer.height
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
            consumed += 1
            lock.signal()
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
            // Released here, once the last analysis is handed over, not by whoever drops the queue.
            defer { spool = nil; analyzer = nil; done.leave() }
            let n = width * height
            for i in 0..<count {
                free.wait()
                // When the writer has taken every analysis before this one, it waits for this one
                // (or soon will): a large frame is then quantised on two threads. Ahead of the
                // writer, the second core is left to it.
                lock.wait(); let stop = stopped, urgent = consumed >= i; lock.signal()
                if stop { return }
                let result = Result { () throws -> FrameAnalysis in
                    // Read over in full, so not cleared first.
                    var frame = [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n }
                    try frame.withUnsafeMutableBytes { try spool!.read(i, into: $0) }
                    // Rows the spool did not store equal the previous frame's: not compared.
                    return analyzer!.analyze(frame, rows: spool!.storedRows(i), parallel: urgent)
                }
                lock.wait(); ring[i % depth] = result; lock.signal()
                filled.signal()
                if case .failure = result { return }
            }
        }
    }
}
