// SVGPaintValue: a fill or stroke value parsed once, with `currentColor` still open.
//
// Design note: the text of a paint is parsed when the document loads; only `currentColor` depends
// on where the element sits in the tree, so it stays a case of its own and is replaced by the
// inherited colour while rendering (`spec(currentColor:)`), giving the same SVGPaintSpec as
// parsing the text at that point would.

import HUDRaster

enum SVGPaintValue: Equatable {
    case none
    case color(Color)
    case currentColor
    indirect case server(id: String, fallback: SVGPaintValue?)

    /// Parses a paint; nil when invalid (the property then falls back as if absent).
    static func parse(_ raw: String) -> SVGPaintValue? {
        let s = raw.trimmingSpaces
        if s == "none" { return SVGPaintValue.none }
        if s.lowercased() == "currentcolor" { return .currentColor }
        if s.hasPrefix("url(") {
            guard let close = s.firstIndex(of: ")") else { return nil }
            var ref = s[s.index(s.startIndex, offsetBy: 4)..<close].trimmingSpaces
            if (ref.hasPrefix("'") && ref.hasSuffix("'")) || (ref.hasPrefix("\"") && ref.hasSuffix("\"")), ref.count >= 2 {
                ref = String(ref.dropFirst().dropLast())
            }
            guard ref.hasPrefix("#") else { return nil }
            let rest = s[s.index(after: close)...].trimmingSpaces
            var fallback: SVGPaintValue? = nil
            if !rest.isEmpty {
                // An unparsable fallback makes the whole value invalid (CSS), as resvg treats it.
                guard let f = parse(rest) else { return nil }
                if case .server = f { return nil }
                fallback = f
            }
            return .server(id: String(ref.dropFirst()), fallback: fallback)
        }
        return CSSColor.parse(s).map { .color($0) }
    }

    /// The specified paint with `currentColor` replaced by `currentColor`.
    func spec(currentColor: Color) -> SVGPaintSpec {
        switch self {
        case .none: return .none
        case .color(let c): return .color(c)
        case .currentColor: return .color(currentColor)
        case let .server(id, fallback): return .server(id: id, fallback: fallback.map { $0.spec(currentColor: currentColor) })
        }
    }
}
