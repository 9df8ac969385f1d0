// FrameDifference: the box of pixels that differ between two RGBA8 frames of the same size.
//
// Design note: APNG and WebP both write only what changed since the previous frame; the scan (an
// unchanged row costs one memcmp, a changed one is compared as 32-bit words from both ends and stops
// at its first and last difference) is written once here, and each container adds its own rules
// (APNG's blend decision, WebP's even offsets).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FrameDifference {
    /// The inclusive box of differing pixels, nil when the frames are identical.
    struct Box {
        var x0: Int, y0: Int, x1: Int, y1: Int
        /// Whether every differing pixel of `current` is opaque (so drawing it over the old one is
        /// the same as replacing it).
        var changedOpaque: Bool
    }

    /// Compares `current` with `previous` (both `width` x `height` RGBA8); `checkOpacity` false skips
    /// the opacity test and reports `changedOpaque` as false.
    static func box(_ current: [UInt8], _ previous: [UInt8], width: Int, height: Int,
                    checkOpacity: Bool = true) -> Box? {
        var bx0 = width, by0 = height, bx1 = -1, by1 = -1
        var changedOpaque = checkOpacity
        current.withUnsafeBytes { c in
            previous.withUnsafeBytes { p in
                let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    // Most rows of a UI animation are unchanged: libc's vectorised compare tells
                    // faster than the word loop below.
                    if memcmp(c.baseAddress! + row * 4, p.baseAddress! + row * 4, width * 4) == 0 { continue }
                    var x = 0
                    while x < width && cw[row + x] == pw[row + x] { x += 1 }
                    if x == width { continue }
                    var last = width - 1
                    while cw[row + last] == pw[row + last] { last -= 1 }
                    bx0 = min(bx0, x); bx1 = max(bx1, last); by0 = min(by0, y); by1 = max(by1, y)
                    if changedOpaque {
                        for i in x...last where cw[row + i] != pw[row + i] && c[(row + i) * 4 + 3] != 255 {
                            changedOpaque = false; break
                        }
                    }
                }
            }
        }
        if bx1 < 0 { return nil }
        return Box(x0: bx0, y0: by0, x1: bx1, y1: by1, changedOpaque: changedOpaque)
    }
}
