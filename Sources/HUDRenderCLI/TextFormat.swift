// TextFormat: the few printf-style layouts the command prints, without Foundation.
//
// Design note: the executable links FoundationEssentials only (Foundation would load ICU and
// its internationalisation library at every start), and Essentials has no String(format:),
// NSString padding or CharacterSet trimming. Numbers go through the C library's vsnprintf,
// which is what String(format:) used for them, so the printed text is unchanged.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TextFormat {
    /// `value` with `places` decimals, as `%.<places>f` prints it.
    static func fixed(_ value: Double, places: Int) -> String {
        printf("%.*f", Int32(places), value)
    }

    /// `value` in hexadecimal with at least `digits` digits, as `%0<digits>x` (or `X`) prints it.
    static func hex<T: BinaryInteger>(_ value: T, digits: Int, uppercase: Bool = false) -> String {
        rightAligned(String(value, radix: 16, uppercase: uppercase), width: digits, pad: "0")
    }

    /// `text` preceded by `pad` up to `width` characters, as `%<width>d` aligns numbers.
    static func rightAligned(_ text: String, width: Int, pad: Character = " ") -> String {
        String(repeating: pad, count: max(0, width - text.count)) + text
    }

    /// `text` cut or filled with spaces to exactly `width` characters, as NSString's
    /// `padding(toLength:withPad:" ",startingAt:0)` does.
    static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` without leading and trailing spaces and tabs (CharacterSet.whitespaces: Unicode's
    /// space separators and the tab).
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let scalars = String(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    private static func isSpace(_ u: Unicode.Scalar) -> Bool {
        u == "\t" || u.properties.generalCategory == .spaceSeparator
    }

    private static func printf(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 64)
            let n = Int(vsnprintf(&buffer, buffer.count, format, list))
            if n < buffer.count { return String(cString: buffer) }
            buffer = [CChar](repeating: 0, count: n + 1)
            return withVaList(arguments) { again in
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(cString: buffer)
            }
        }
    }
}
