// BoxSample: what a box blur pass sums, one line's value or several lines' side by side.
//
// Design note: the blur's running sum is the same code for a single line (Double) and for four
// lines in the lanes of a vector (SIMD4<Double>, Blur+BoxLanes.swift); each lane sees the same
// additions, subtractions and product as the single line, so both give the same bits.

/// A value a box pass can sum and scale.
protocol BoxSample {
    static var zero: Self { get }
    static func += (lhs: inout Self, rhs: Self)
    static func -= (lhs: inout Self, rhs: Self)
    static func * (lhs: Self, rhs: Double) -> Self
}

extension Double: BoxSample {}
extension SIMD4: BoxSample where Scalar == Double {}
