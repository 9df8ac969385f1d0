// GIF.LZWEncoder: GIF's LZW compression with a choice of index per pixel (lossy LZW).
//
// Design note: the frame writer knows, for every pixel of a frame, which palette indices would be
// acceptable: a pixel whose truth did not change may be drawn "keep" (transparent) or with the index
// of the colour already shown (so it stays bit-identical), a changed pixel may use its chosen index or
// any colour within the error budget of its true colour. The encoder walks the dictionary trie for
// the longest string whose every index is acceptable at the pixels it would cover (a bounded
// depth-first search), so runs that an exact encoder would break go on. Entries are added at the
// moment the decoder adds them (the previous string plus the first index of the current one), so the
// code width rule is the decoder's: the width of the next free code. The dictionary is reset with a
// clear code when it is full.
extension GIF {
    /// What the LZW encoder may draw at each pixel of a frame.
    struct PixelChoices {
        /// The preferred index (always acceptable).
        var target: [UInt8]
        /// An alternative index drawing exactly the same thing (the shown colour of a pixel whose
        /// truth did not change, or "keep" for one whose shown colour is close enough), or -1.
        var alternative: [Int16]
        /// True colour of a changed pixel (GIF.opaqueBit | RGB) when other colours within the budget
        /// are acceptable; 0 when only `target` and `alternative` are.
        var truth: [UInt32]

        init(count: Int) {
            target = [UInt8](repeating: 0, count: count)
            alternative = [Int16](repeating: -1, count: count)
            truth = [UInt32](repeating: 0, count: count)
        }
    }

    struct LZWEncoder {
        static let maxCode = 4096
        /// Per (code, index): the child code, 0 when absent (no string code is 0).
        private var child = [UInt16](repeating: 0, count: LZWEncoder.maxCode * 256)
        private var firstChild = [UInt16](repeating: 0, count: LZWEncoder.maxCode)
        private var nextSibling = [UInt16](repeating: 0, count: LZWEncoder.maxCode)
        private var suffix = [UInt8](repeating: 0, count: LZWEncoder.maxCode)
        private var parent = [UInt16](repeating: 0, count: LZWEncoder.maxCode)

        /// Empties the dictionary (a previous frame's strings must not be found).
        private mutating func reset() {
            for s in used { child[s] = 0 }
            used.removeAll(keepingCapacity: true)
            for i in 0..<firstChild.count { firstChild[i] = 0 }
        }
        /// Slots of `child` set since the last reset (cleared on reset instead of the whole table).
        private var used: [Int] = []
        /// Nodes a lossy search may branch at per emitted code: bounds the time on long runs of choice.
        static let searchBudget = 48

        /// Compresses `count` pixels into GIF sub-blocks (each a length byte and up to 255 bytes), without
        /// the terminating empty block. `indices` receives the index chosen for every pixel.
        /// `colors` are the table's colours as flattened pixels (0 for the transparent entry);
        /// `budget` the squared sRGB error a pixel with a `truth` may take.
        mutating func encode(_ choices: PixelChoices, count: Int, minCodeSize: Int, colors: [UInt32],
                             budget: Int, indices: inout [UInt8]) -> [UInt8] {
            reset()
            var bits = BitWriter()
            let clear = 1 << minCodeSize, end = clear + 1
            var next = clear + 2, width = minCodeSize + 1
            bits.put(clear, width)
            var previous = -1
            if indices.count < count { indices = [UInt8](repeating: 0, count: count) }
            var palette = colors
            while palette.count < 256 { palette.append(0) }
            var stack = [(code: Int, depth: Int)]()
            stack.reserveCapacity(1024)
            choices.target.withUnsafeBufferPointer { target in
            choices.alternative.withUnsafeBufferPointer { alt in
            choices.truth.withUnsafeBufferPointer { truth in
            palette.withUnsafeBufferPointer { pal in
            indices.withUnsafeMutableBufferPointer { out in
            child.withUnsafeMutableBufferPointer { child in
            firstChild.withUnsafeMutableBufferPointer { first in
            nextSibling.withUnsafeMutableBufferPointer { sibling in
            parent.withUnsafeMutableBufferPointer { parent in
            suffix.withUnsafeMutableBufferPointer { suffix in
                @inline(__always) func acceptable(_ p: Int, _ k: UInt8) -> Bool {
                    if k == target[p] || Int16(k) == alt[p] { return true }
                    let t = truth[p]
                    if t == 0 { return false }
                    let c = pal[Int(k)]
                    if c == 0 { return false }
                    return GIF.squaredError(t, c) <= budget
                }
                var p = 0
                while p < count {
                    var bestCode = Int(target[p]), bestLength = 1
                    var visits = 0
                    stack.removeAll(keepingCapacity: true)
                    if alt[p] >= 0 { stack.append((Int(alt[p]), 1)) }
                    stack.append((Int(target[p]), 1))
                    // Depth-first over the trie, the exact child first at each node; longest wins.
                    while let (code, depth) = stack.popLast() {
                        if depth > bestLength { bestCode = code; bestLength = depth }
                        let q = p + depth
                        if q >= count { continue }
                        let exact = Int(child[code << 8 | Int(target[q])])
                        // The budget bounds the branching only: the exact chain is always followed,
                        // so a long run (a flat area) gets strings as long as plain LZW's.
                        if (truth[q] != 0 || alt[q] >= 0) && visits < LZWEncoder.searchBudget {
                            visits += 1
                            var c = Int(first[code])
                            while c != 0 {
                                if c != exact && acceptable(q, suffix[c]) { stack.append((c, depth + 1)) }
                                c = Int(sibling[c])
                            }
                        }
                        if exact != 0 { stack.append((exact, depth + 1)) }
                    }
                    // The string's indices, read back from the trie.
                    var c = bestCode, k = p + bestLength - 1
                    while k > p { out[k] = suffix[c]; c = Int(parent[c]); k -= 1 }
                    out[p] = UInt8(c)
                    bits.put(bestCode, width)
                    // The decoder adds previous + first index of this string once it has read it.
                    if previous >= 0 && next < LZWEncoder.maxCode {
                        let slot = previous << 8 | Int(out[p])
                        if child[slot] == 0 {
                            child[slot] = UInt16(next)
                            suffix[next] = out[p]
                            parent[next] = UInt16(previous)
                            sibling[next] = first[previous]
                            first[previous] = UInt16(next)
                            used.append(slot)
                        }
                        next += 1
                        if next == 1 << width && width < 12 { width += 1 }
                    }
                    previous = bestCode
                    p += bestLength
                    if next >= LZWEncoder.maxCode {
                        bits.put(clear, width)
                        for s in used { child[s] = 0 }
                        used.removeAll(keepingCapacity: true)
                        for i in 0..<first.count { first[i] = 0 }
                        next = clear + 2; width = minCodeSize + 1; previous = -1
                    }
                }
            }}}}}}}}}}
            bits.put(end, width)
            return bits.finish()
        }
    }

    /// Packs codes least significant bit first into GIF sub-blocks.
    struct BitWriter {
        private var out: [UInt8] = []
        private var block: [UInt8] = []
        private var acc: UInt64 = 0
        private var count = 0

        init() { out.reserveCapacity(1 << 16); block.reserveCapacity(255) }

        @inline(__always)
        mutating func put(_ code: Int, _ width: Int) {
            acc |= UInt64(code) << UInt64(count)
            count += width
            while count >= 8 {
                block.append(UInt8(truncatingIfNeeded: acc))
                acc >>= 8; count -= 8
                if block.count == 255 { emitBlock() }
            }
        }

        private mutating func emitBlock() {
            out.append(UInt8(block.count)); out.append(contentsOf: block); block.removeAll(keepingCapacity: true)
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { block.append(UInt8(truncatingIfNeeded: acc)); acc = 0; count = 0 }
            if !block.isEmpty { emitBlock() }
            return out
        }
    }
}
