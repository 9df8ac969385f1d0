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
        var sc = SVGScanner(raw.trimmingSpaces)
        guard let v = sc.number() else { return nil }
        let unit: Unit
        switch String(decoding: sc.bytes[sc.pos...], as: UTF8.self).lowercased() {
        case "", "px": unit = .px
        case "%": unit = .percent
        case "mm": unit = .mm
        case "cm": unit = .cm
        case "in": unit = .inch
        case "pt": unit = .pt
        case "pc": unit = .pc
        case "em": unit = .em
        case "ex": unit = .ex
        default: return nil
        }
        return SVGLength(value: v, unit: unit)
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
