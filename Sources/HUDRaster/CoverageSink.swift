// CoverageSink: where the scan converter's sweep puts a row's coverage.
//
// Design note: the sweep turns each row's cells into coverage four pixels at a time, and stretches
// no edge touched into one constant. A sink receives exactly that, in region columns, left to right:
// `SpanSink` writes it into a coverage buffer and hands out spans (masks, shaders, clip masks), and
// `SolidSink` composites a solid colour straight onto the pixels, which is what nearly every fill a
// HUD makes needs. Going through the buffer cost a store and a load per pixel, a scan of the bytes
// for full-coverage runs, and a call per span; composited where the coverage is computed, the edge
// pixels and the inside of a shape cost only their blend (Blend2D's pipelines work the same way).
// The sweep is generic over the sink and specialised for each one, with the sink's methods inlined
// into that copy, so neither sink pays for the other.

extension Rasterizer {
    protocol CoverageSink {
        /// Starts device row `y`, whose coverage begins at column `x`; `cov` is the sweep's
        /// coverage buffer for the row (indexed by region column).
        mutating func beginRow(_ y: Int, from x: Int, _ cov: UnsafeMutablePointer<UInt8>)
        /// Columns x ..< x + 4 get the four coverage bytes of `c`, the lowest byte first.
        mutating func four(_ x: Int, _ c: UInt32)
        /// Column x gets coverage `c`.
        mutating func one(_ x: Int, _ c: UInt8)
        /// Columns x ..< x + n, untouched by any edge, all get coverage `a` (which may be 0 only at
        /// the row's right end).
        mutating func constant(_ x: Int, _ n: Int, _ a: UInt8)
        /// Columns x ..< x + n, untouched by any edge, are empty (inside a stroke, an even-odd hole).
        mutating func empty(_ x: Int, _ n: Int)
        /// The row's coverage ends before column `end`.
        mutating func endRow(_ end: Int)
    }
}
