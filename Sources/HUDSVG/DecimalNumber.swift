// DecimalNumber: text to Double for the SVG number grammar, without a String per number.
//
// Design note: SVG files are mostly short decimals ("12.5", "-0.25", "3e2"). Going through
// `Double(String)` costs a String allocation and a general strtod per number, which dominated
// parsing. Clinger's fast path is exact for them: when the digits form an integer w <= 2^53 and the
// decimal exponent e has |e| <= 22, both w and 10^|e| are exact Doubles, so the single IEEE
// multiply or divide w * 10^e is the correctly rounded result, the same bits strtod produces.
// Anything else (more digits, large exponents) falls back to `Double(String)`, so every result
// is bit-identical to it.

enum DecimalNumber {
    /// 10^0 ... 10^22: every one is exactly representable as a Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of `bytes[range]`, which must match the SVG number grammar
    /// (`[+-]? digits? ('.' digits?)? ([eE] [+-]? digits)?` with at least one digit in the mantissa);
    /// nil when the text does not convert (as `Double(String)` would say).
    static func value(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        if let v = fastValue(bytes, range) { return v }
        return Double(String(decoding: bytes[range], as: UTF8.self))
    }

    /// Clinger's fast path; nil when it does not apply (the caller then uses the exact parser).
    static func fastValue(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        var negative = false
        if i < end, bytes[i] == 0x2B || bytes[i] == 0x2D { negative = bytes[i] == 0x2D; i += 1 }
        var mantissa: UInt64 = 0
        var significant = 0 // digits from the first non-zero one on
        var exponent = 0
        var seenPoint = false
        while i < end {
            let b = bytes[i]
            if b == 0x2E {
                if seenPoint { return nil }
                seenPoint = true
            } else if b >= 0x30 && b <= 0x39 {
                let d = UInt64(b - 0x30)
                if significant > 0 || d != 0 {
                    significant += 1
                    // 19 digits always fit in a UInt64; beyond that the fast path cannot be exact.
                    if significant > 19 { return nil }
                    mantissa = mantissa * 10 + d
                }
                if seenPoint { exponent -= 1 }
            } else {
                break
            }
            i += 1
        }
        if i < end {
            guard bytes[i] == 0x65 || bytes[i] == 0x45 else { return nil }
            i += 1
            var expNegative = false
            if i < end, bytes[i] == 0x2B || bytes[i] == 0x2D { expNegative = bytes[i] == 0x2D; i += 1 }
            var e = 0
            var expDigits = 0
            while i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                e = e * 10 + Int(bytes[i] - 0x30)
                expDigits += 1
                if expDigits > 6 { return nil } // far outside the fast range; let strtod decide
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == end, mantissa <= (1 << 53), exponent >= -22, exponent <= 22 else { return nil }
        var v = Double(mantissa)
        if exponent < 0 { v /= powersOfTen[-exponent] } else if exponent > 0 { v *= powersOfTen[exponent] }
        return negative ? -v : v
    }
}
