// SVGScanner: the shared micro-syntax reader for numbers, lengths and lists in SVG attributes.
//
// Design note: path data, transform lists, points and dash arrays all share the SVG number grammar
// (`-1.5e3`, `.5.5` = two numbers, comma-or-space separators). One byte-level scanner serves them
// all so that they agree on edge cases. Non-finite results are reported as failures, so NaN and
// infinity never reach geometry.

struct SVGScanner {
    let bytes: [UInt8]
    var pos = 0

    init(_ s: String) { bytes = Array(s.utf8) }
    init(bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    var atEnd: Bool { pos >= bytes.count }
    func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func skipSpaces() { while let b = peek(), SVGScanner.isSpace(b) { pos += 1 } }
    /// Skips whitespace and at most one comma.
    mutating func skipCommaSpaces() {
        skipSpaces()
        if peek() == 0x2C { pos += 1; skipSpaces() }
    }

    /// Whether a number could start here.
    func atNumberStart() -> Bool {
        guard let b = peek() else { return false }
        return SVGScanner.isDigit(b) || b == 0x2D || b == 0x2B || b == 0x2E
    }

    /// Reads an SVG number; nil (position unchanged) when there is none or it is not finite.
    mutating func number() -> Double? {
        let start = pos
        var i = pos
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        var digits = 0
        while i < bytes.count, SVGScanner.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            while i < bytes.count, SVGScanner.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { pos = start; return nil }
        // Exponent, but not the start of a unit such as "em"/"ex".
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            var j = i + 1
            if j < bytes.count, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            if j < bytes.count, SVGScanner.isDigit(bytes[j]) {
                while j < bytes.count, SVGScanner.isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        guard let v = DecimalNumber.value(bytes, start..<i), v.isFinite else { pos = start; return nil }
        pos = i
        return v
    }

    /// Reads a number followed by an optional comma/whitespace.
    mutating func listNumber() -> Double? {
        guard let v = number() else { return nil }
        skipCommaSpaces()
        return v
    }

    /// Reads an identifier-like word of ASCII letters, '%' or '-'.
    mutating func word() -> String {
        let s = pos
        while let b = peek(), (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x25 { pos += 1 }
        return String(decoding: bytes[s..<pos], as: UTF8.self)
    }

    /// Reads a flag (`0` or `1`) as used by arc commands (no separator needed after it).
    mutating func flag() -> Bool? {
        skipSpaces()
        guard let b = peek(), b == 0x30 || b == 0x31 else { return nil }
        pos += 1
        skipCommaSpaces()
        return b == 0x31
    }

    /// A whitespace/comma separated list of numbers; nil when any item is malformed.
    static func numberList(_ s: String) -> [Double]? {
        var sc = SVGScanner(s)
        sc.skipSpaces()
        var out: [Double] = []
        while !sc.atEnd {
            guard let v = sc.listNumber() else { return nil }
            out.append(v)
        }
        return out
    }
}
