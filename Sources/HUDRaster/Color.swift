// Color: straight-alpha sRGB colours, as UIColor / CGColor present them.
//
// Design note: colours are stored straight (not premultiplied) in Double components 0...1, the way
// users write them; conversion to the premultiplied 8-bit form the compositor works in happens once
// per paint, in `premultipliedRGBA8`.

/// An sRGB colour with straight alpha, components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A grey, as `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// 8-bit components, as `#RRGGBB` gives them.
    public init(r8: UInt8, g8: UInt8, b8: UInt8, a8: UInt8 = 255) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: Double(a8) / 255)
    }
    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional). Nil when malformed.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard [3, 4, 6, 8].contains(s.count), s.allSatisfy({ $0.isHexDigit }) else { return nil }
        var digits = s.map { UInt8($0.hexDigitValue!) }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        func byte(_ i: Int) -> UInt8 { digits[2 * i] << 4 | digits[2 * i + 1] }
        self.init(r8: byte(0), g8: byte(1), b8: byte(2), a8: digits.count == 8 ? byte(3) : 255)
    }
    public func withAlphaComponent(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// iOS system blue, UAProgressView's default tint.
    public static let systemBlue = Color(hex: "#007AFF")!

    /// Components clamped to 0...1 (NaN becomes 0).
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
    /// Premultiplied 8-bit RGBA, rounded to nearest.
    public var premultipliedRGBA8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let k = clamped
        func q(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        return (q(k.red * k.alpha), q(k.green * k.alpha), q(k.blue * k.alpha), q(k.alpha))
    }
    /// `#RRGGBB` or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        let k = clamped
        func h(_ v: Double) -> String {
            let n = Int((v * 255).rounded()); let s = String(n, radix: 16, uppercase: true)
            return n < 16 ? "0" + s : s
        }
        return "#" + h(k.red) + h(k.green) + h(k.blue) + (k.alpha < 1 ? h(k.alpha) : "")
    }
    public var description: String { hexString }
}
