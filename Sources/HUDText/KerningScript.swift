// KerningScript: which script's GPOS kerning lookups a glyph pair uses.
//
// Design note: OpenType fonts enable lookups per script (DejaVu's main Latin pair lookup is on for
// `latn` only), and HUDText does no full script itemisation, so a pair takes the script of its first
// letter that belongs to a known block, falling back to the default script. That is what HarfBuzz
// would resolve for the Latin, Greek and Cyrillic text that HUDs show.

/// The scripts whose kerning lookups are resolved separately.
enum KerningScript: Int, Sendable, CaseIterable {
    case `default`, latin, greek, cyrillic

    var tag: String { ["DFLT", "latn", "grek", "cyrl"][rawValue] }

    /// A guess of the script of one scalar from its block; `nil` for common characters.
    static func of(_ v: UInt32) -> KerningScript? {
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        default: return nil
        }
    }
}
