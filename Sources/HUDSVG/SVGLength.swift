// SVGLength: a length as written (number and unit), resolved against a context when drawn.
//
// Design note: the text is parsed once when the document loads; what a unit means can depend on
// where the element is used (em/ex follow the inherited font size), so resolution stays a
// separate, cheap step. The arithmetic is the one `SVGValueParser.length` has always used, so a
// parsed-then-resolved length has the same bits as one parsed from text on the spot.

struct SVGLength: Equatable {
    enum Unit: Equatable { case px, percent, mm, cm, inch, pt, pc, em, ex }

    let value: Double
    let unit: Unit

    /// Whether the length depends on the inherited font size.
    var isFontRelative: Bool { unit == .em || unit == .ex }

    /// Parses `12`, `1.5em`, `50%` ...; nil when malformed or the unit is unknown.
    static func parse(_ raw: String?) -> SVGLength? {
        guard let raw else { return nil }
        var sc = SVGScanner(raw)
        // Values without surrounding whitespace (nearly all) are read as bytes; the rest are
        // trimmed the way every other attribute is.
        if let first = sc.bytes.first, let last = sc.bytes.last, SVGScanner.isSpace(first) || SVGScanner.isSpace(last) {
            sc = SVGScanner(raw.trimmingSpaces)
        }
        guard let v = sc.number() else { return nil }
        guard let unit = unit(sc.bytes[sc.pos...]) else { return nil }
        return SVGLength(value: v, unit: unit)
    }

    /// The unit after a number, ASCII case-insensitively (no other letters fold to a unit's).
    private static func unit(_ bytes: ArraySlice<UInt8>) -> Unit? {
        if bytes.isEmpty { return .px }
        if bytes.count == 1 { return bytes.first == 0x25 ? .percent : nil }
        guard bytes.count == 2 else { return nil }
        let a = bytes[bytes.startIndex] | 0x20, b = bytes[bytes.startIndex + 1] | 0x20 // ASCII lower case
        switch (a, b) {
        case (0x70, 0x78): return .px // px
        case (0x6D, 0x6D): return .mm
        case (0x63, 0x6D): return .cm
        case (0x69, 0x6E): return .inch
        case (0x70, 0x74): return .pt
        case (0x70, 0x63): return .pc
        case (0x65, 0x6D): return .em
        case (0x65, 0x78): return .ex
        default: return nil
        }
    }

    /// User units; nil when the result is not finite.
    func resolved(axis: LengthAxis, context: LengthContext) -> Double? {
        let v = value
        let r: Double
        switch unit {
        case .px: r = v
        case .percent: r = v / 100 * context.percentBase(axis)
        case .mm: r = v * 96 / 25.4
        case .cm: r = v * 96 / 2.54
        case .inch: r = v * 96
        case .pt: r = v * 4 / 3
        case .pc: r = v * 16
        case .em: r = v * context.fontSize
        case .ex: r = v * context.fontSize / 2
        }
        return r.isFinite ? r : nil
    }
}
