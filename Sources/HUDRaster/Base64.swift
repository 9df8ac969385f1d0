// Base64: the standard alphabet with padding, for pixel data in text formats (display lists).
//
// Design note: HUDRaster has no Foundation dependency, and the format needs only these two
// functions; decoding rejects anything outside the alphabet instead of skipping it, so a damaged
// file fails with an error rather than drawing garbage.

enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for s in [18, 12, 6, 0] { out.append(alphabet[Int((v >> UInt32(s)) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18)]); out.append(alphabet[Int((v >> 12) & 63)])
            out.append(rest == 2 ? alphabet[Int((v >> 6) & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not padded base64.
    static func decode(_ text: Substring) -> [UInt8]? {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        let u = Array(text.utf8)
        guard u.count % 4 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(u.count / 4 * 3)
        var i = 0
        while i < u.count {
            var v: UInt32 = 0, pad = 0
            for k in 0..<4 {
                let c = u[i + k]
                if c == UInt8(ascii: "=") && k >= 2 && i + 4 == u.count { pad += 1; v <<= 6; continue }
                let d = table[Int(c)]
                if d < 0 || pad > 0 { return nil }
                v = v << 6 | UInt32(d)
            }
            out.append(UInt8(v >> 16))
            if pad < 2 { out.append(UInt8((v >> 8) & 255)) }
            if pad < 1 { out.append(UInt8(v & 255)) }
            i += 4
        }
        return out
    }
}
