// ThaiWordBreaker: word boundaries in Thai (and Lao-free Thai-script) text, by libthai's dictionary.
//
// Design note: Thai writes no spaces between words, so UIKit breaks Thai lines at dictionary word
// boundaries; libthai (Debian's libthai, as used by Pango) does the same. Its breaker object keeps
// state between calls, so one shared instance is used under a lock.

import Synchronization
import CThai

/// Dictionary word boundaries in Thai text.
enum ThaiWordBreaker {
    private final class Breaker: @unchecked Sendable {
        // @unchecked: only touched under `shared`'s lock.
        let brk: OpaquePointer?
        init() { brk = th_brk_new(nil) }
    }
    private static let shared = Mutex(Breaker())

    /// Scalar offsets in `scalars` (0 < offset < count) where a line may break between Thai words.
    static func breaks(in scalars: [Unicode.Scalar]) -> Set<Int> {
        guard scalars.contains(where: isThai) else { return [] }
        var text = scalars.map { wchar_t(bitPattern: $0.value == 0 ? 0x20 : $0.value) } + [0]   // NUL-terminated
        var positions = [Int32](repeating: 0, count: scalars.count + 1)
        let n: Int32 = shared.withLock { b in
            guard let brk = b.brk else { return 0 }
            return th_brk_wc_find_breaks(brk, &text, &positions, positions.count)
        }
        return Set(positions.prefix(Int(max(0, n))).map(Int.init).filter { $0 > 0 && $0 < scalars.count })
    }

    static func isThai(_ s: Unicode.Scalar) -> Bool { (0x0E00...0x0E7F).contains(s.value) }
}
