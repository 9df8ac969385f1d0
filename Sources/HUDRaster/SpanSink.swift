// SpanSink: the coverage of a row as spans of a coverage buffer, for callers that need the bytes.
//
// Design note: a span ends where an untouched empty stretch begins, so a stroke's empty inside is
// never handed out; every other stretch, touched or not, is written as bytes. (Solid colours, which
// could skip the bytes of a shape's inside, go to SolidSink instead.)

extension Rasterizer {
    struct SpanSink: CoverageSink {
        let body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void
        /// The region's left edge in device columns.
        let x0: Int
        var y = 0
        var C: UnsafeMutablePointer<UInt8>? = nil
        /// The first column of the span being built.
        var start = 0

        @inline(__always) mutating func beginRow(_ y: Int, from x: Int, _ cov: UnsafeMutablePointer<UInt8>) {
            self.y = y; C = cov; start = x
        }
        @inline(__always) func four(_ x: Int, _ c: UInt32) {
            UnsafeMutableRawPointer(C.unsafelyUnwrapped).storeBytes(of: c, toByteOffset: x, as: UInt32.self)
        }
        @inline(__always) func one(_ x: Int, _ c: UInt8) { C.unsafelyUnwrapped[x] = c }
        @inline(__always) func constant(_ x: Int, _ n: Int, _ a: UInt8) {
            Engine.fillBytes(C.unsafelyUnwrapped + x, a, n)
        }
        @inline(__always) mutating func empty(_ x: Int, _ n: Int) { flush(x); start = x + n }
        @inline(__always) mutating func endRow(_ end: Int) { flush(end) }

        /// Hands out the span from `start` to `end`, if it holds anything.
        @inline(__always) func flush(_ end: Int) {
            if end > start { body(y, x0 + start, end - start, C.unsafelyUnwrapped + start) }
        }
    }
}
