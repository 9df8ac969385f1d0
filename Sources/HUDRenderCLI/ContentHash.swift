// ContentHash: a stable 64-bit fingerprint (FNV-1a) for batch's "is this output current?" check.
//
// Design note: the stamp only has to notice change, not resist attack, and it must be identical on
// every machine and run (Swift's Hasher is randomly seeded per process), so a fixed FNV-1a over the
// bytes of the inputs is the right tool.

struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        // A separator so that ("ab", "c") and ("a", "bc") differ.
        value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ string: String) { add(Array(string.utf8)) }

    var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    static func of(_ bytes: [UInt8]) -> String {
        var h = ContentHash()
        h.add(bytes)
        return h.hex
    }
}
