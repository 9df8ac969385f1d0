// GIF.RowSplit: runs a per-row loop of the frame writer in parts on two threads.
//
// Design note: the writer's serial step is the critical path of GIF encoding, and some of its
// per-frame scans (the draw box, the pixel choices) are independent per row. Splitting their rows
// lets a second core help while the analysis thread is between frames. The rows are cut into up to
// `maximumParts` parts that the two threads take in turn, not into two halves: when the analysis
// thread holds the second core, the helper's half would wait for it while the writer sat idle;
// with smaller parts the writer takes what the helper has not started. Every part writes only its
// own rows and returns its own partial result, which the caller combines in row order (minima,
// maxima, integer sums, bit unions), so the output depends neither on scheduling nor on the number
// of parts. Short boxes run inline (a thread hop costs more).
import Dispatch

extension GIF {
    enum RowSplit {
        /// Boxes with fewer rows run on the calling thread.
        static let minimumRows = 48

        /// The most parts a range is cut into.
        static let maximumParts = 8

        /// `body` over `rows` in consecutive parts (at least two, each at least half of `minimum`,
        /// when there are at least `minimum`); their results in row order. Any range of independent
        /// items may be split so.
        static func run<T>(_ rows: Range<Int>, minimum: Int = minimumRows, _ body: (Range<Int>) -> T) -> [T] {
            if rows.count < max(2, minimum) { return [body(rows)] }
            let n = max(2, min(maximumParts, rows.count / max(1, minimum / 2)))
            let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: n)
            results.initialize(repeating: nil)
            defer { results.deinitialize(); results.deallocate() }
            DispatchQueue.concurrentPerform(iterations: n) { k in
                results[k] = body((rows.lowerBound + k * rows.count / n)..<(rows.lowerBound + (k + 1) * rows.count / n))
            }
            return results.map { $0! }
        }
    }
}
