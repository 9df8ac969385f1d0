// GIF.RowSplit: runs a per-row loop of the frame writer as two halves on two threads.
//
// Design note: the writer's serial step is the critical path of GIF encoding, and some of its
// per-frame scans (the draw box, the pixel choices) are independent per row. Splitting their rows
// in two lets a second core help while the analysis thread is between frames. Every half writes
// only its own rows and returns its own partial result, which the caller combines in a fixed order,
// so the output does not depend on scheduling. Short boxes run inline (a thread hop costs more).
import Dispatch

extension GIF {
    enum RowSplit {
        /// Boxes with fewer rows run on the calling thread.
        static let minimumRows = 48

        /// `body` over `rows` in at most two consecutive parts (two when there are at least
        /// `minimum`); their results in row order. Any range of independent items may be split so.
        static func run<T>(_ rows: Range<Int>, minimum: Int = minimumRows, _ body: (Range<Int>) -> T) -> [T] {
            if rows.count < max(2, minimum) { return [body(rows)] }
            let mid = rows.lowerBound + rows.count / 2
            let parts = [rows.lowerBound..<mid, mid..<rows.upperBound]
            let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: 2)
            results.initialize(repeating: nil)
            defer { results.deinitialize(); results.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 2) { k in results[k] = body(parts[k]) }
            return results.map { $0! }
        }
    }
}
