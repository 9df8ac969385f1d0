// CSSColor: parsing of CSS colour values (hex, rgb(), rgba(), hsl(), hsla(), the 147 keywords).
//
// Design note: lenient where browsers and resvg are lenient (case, spaces, out-of-range values are
// clamped, CSS Color 4 space/slash syntax) and strict where they
// are strict (a malformed value is rejected so the property falls back as if it were absent).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

enum CSSColor {
    /// Parses a colour; nil when the text is not a colour. `currentColor` is handled by the caller.
    static func parse(_ raw: String) -> Color? {
        if let c = plainHex(raw) { return c }
        let s = Substring(raw.trimmingSpaces)
        // ICC colours (`#CD853F icc-color(...)`) are rejected as resvg does, so the paint falls back.
        if !s.contains("("), s.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) { return nil }
        if s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy({ $0.isHexDigit }) else { return nil }
            return Color(hex: String(hex))
        }
        let lower = s.lowercased()
        if lower == "transparent" { return .clear }
        if let v = NamedColors.rgb(lower) {
            return Color(r8: UInt8(v >> 16), g8: UInt8((v >> 8) & 0xFF), b8: UInt8(v & 0xFF))
        }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let fn = lower[..<open].trimmingSpacesSub
        let inner = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        guard let args = splitArgs(inner) else { return nil }
        switch fn {
        case "rgb", "rgba":
            guard args.count == 3 || args.count == 4 else { return nil }
            var c = [Double]()
            var kinds = Set<Bool>()
            for a in args.prefix(3) {
                guard let (v, pct) = numberOrPercent(a) else { return nil }
                kinds.insert(pct)
                c.append(min(max(pct ? v / 100 : v / 255, 0), 1))
            }
            // The comma (legacy) syntax needs all numbers or all percentages (CSS Color 4).
            if kinds.count > 1 && inner.contains(",") { return nil }
            let alpha = args.count == 4 ? alphaValue(args[3]) : 1
            guard let al = alpha else { return nil }
            // resvg rounds components to 8 bits, as the file format would.
            func q(_ v: Double) -> Double { (v * 255).rounded() / 255 }
            return Color(red: q(c[0]), green: q(c[1]), blue: q(c[2]), alpha: al)
        case "hsl", "hsla":
            guard args.count == 3 || args.count == 4 else { return nil }
            var hs = args[0]
            if hs.hasSuffix("deg") { hs = String(hs.dropLast(3)) }
            guard let h = Double(hs), h.isFinite,
                  let (sv, _) = numberOrPercent(args[1]), let (lv, _) = numberOrPercent(args[2]) else { return nil }
            let alpha = args.count == 4 ? alphaValue(args[3]) : 1
            guard let al = alpha else { return nil }
            var hue = h.truncatingRemainder(dividingBy: 360)
            if hue < 0 { hue += 360 }
            let sat = min(max(sv / 100, 0), 1), light = min(max(lv / 100, 0), 1)
            let (r, g, b) = hslToRGB(hue / 360, sat, light)
            func q(_ v: Double) -> Double { (v * 255).rounded() / 255 }
            return Color(red: q(r), green: q(g), blue: q(b), alpha: al)
        default:
            return nil
        }
    }

    private static func splitArgs(_ s: Substring) -> [String]? {
        var parts: [String] = []
        if s.contains(",") {
            parts = s.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpacesSub) }
        } else {
            // CSS Color 4: `rgb(0 127 0 / 0.5)`.
            let slash = s.split(separator: "/", omittingEmptySubsequences: false)
            guard slash.count <= 2 else { return nil }
            parts = slash[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            if slash.count == 2 { parts.append(String(slash[1].trimmingSpacesSub)) }
        }
        if parts.contains(where: { $0.isEmpty }) { return nil }
        return parts
    }

    private static func numberOrPercent(_ s: String) -> (Double, Bool)? {
        var sc = SVGScanner(s)
        guard let v = sc.number() else { return nil }
        let rest = String(decoding: sc.bytes[sc.pos...], as: UTF8.self)
        if rest == "%" { return (v, true) }
        if rest.isEmpty { return (v, false) }
        return nil
    }

    private static func alphaValue(_ s: String) -> Double? {
        guard let (v, pct) = numberOrPercent(s) else { return nil }
        return min(max(pct ? v / 100 : v, 0), 1)
    }

    static func hslToRGB(_ h: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        if s == 0 { return (l, l, l) }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func hue(_ t0: Double) -> Double {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (hue(h + 1.0 / 3), hue(h), hue(h - 1.0 / 3))
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` in ASCII with nothing around it, read byte by byte
    /// (the common case in files); nil for anything else, which the general parser then decides.
    static func plainHex(_ raw: String) -> Color? {
        let u = raw.utf8
        let n = u.count - 1
        guard n == 3 || n == 4 || n == 6 || n == 8, u.first == 0x23 else { return nil }
        var v: UInt32 = 0
        for b in u.dropFirst() {
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        func byte(_ shift: UInt32) -> UInt8 { UInt8((v >> shift) & 0xFF) }
        func doubled(_ shift: UInt32) -> UInt8 { UInt8((v >> shift) & 0xF) * 17 }
        switch n {
        case 3: return Color(r8: doubled(8), g8: doubled(4), b8: doubled(0))
        case 4: return Color(r8: doubled(12), g8: doubled(8), b8: doubled(4), a8: doubled(0))
        case 6: return Color(r8: byte(16), g8: byte(8), b8: byte(0))
        default: return Color(r8: byte(24), g8: byte(16), b8: byte(8), a8: byte(0))
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing XML/CSS whitespace.
    var trimmingSpaces: String {
        // Nearly every value has no surrounding whitespace; a first and last byte that are not
        // whitespace mean the first and last Characters are not either (each whitespace
        // Character here is one ASCII byte, and a cluster like CR LF ends in one).
        let s = String(self)
        if let a = s.utf8.first, let b = s.utf8.last, !SVGScanner.isSpace(a), !SVGScanner.isSpace(b) { return s }
        return String(s.trimmingSpacesSub)
    }
    var trimmingSpacesSub: Substring {
        let ws: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        let sub = self[...]
        guard let a = sub.firstIndex(where: { !ws($0) }) else { return "" }
        let b = sub.lastIndex(where: { !ws($0) })!
        return Substring(sub[a...b])
    }
}
