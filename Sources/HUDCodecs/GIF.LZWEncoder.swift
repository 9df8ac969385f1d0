// GIF.LZWEncoder: GIF's LZW compression with a choice of index per pixel (lossy LZW).
//
// Design note: the frame writer knows, for every pixel of a frame, which palette indices would be
// acceptable: a pixel whose truth did not change may be drawn "keep" (transparent) or with the index
// of the colour already shown (so it stays bit-identical), a changed pixel may use its chosen index or
// any colour within the error budget of its true colour. The encoder walks the dictionary trie for
// the longest string whose every index is acceptable at the pixels it would cover (a bounded
// depth-first search), so runs that an exact encoder would break go on. Entries are added at the
// moment the decoder adds them (the previous string plus the first index of the current one), so the
// code width rule is the decoder's: the width of the next free code. The code the decoder is about to
// define (the previous string plus its own first index) can be read before it is defined, so the
// encoder offers it too when the pixels repeat the previous string; without it, runs grow by half
// as much per code. The longest string is not always the best choice (a shorter one can let the next
// string reach further); on request the encoder looks one string ahead over the last few prefixes.
// Neither way wins every frame, so the caller may compress both (GIF.LZWEncoder+Variants). The
// dictionary is reset with a clear code when it is full. The search is the encoder's cost: a node's
// sibling link, suffix and first child sit in one 32-bit word (a whole dictionary's in 16 KiB,
// which the core's first-level cache holds), so walking a node's children to test them is one load
// per child (a child's colour is its suffix's palette entry), and the exact child (searched first)
// is walked into rather than pushed, its word already loaded.
// Each node also knows the length of the longest string below it, so the search leaves out
// subtrees that cannot beat the best string found so far (leaves, most of a young dictionary,
// among them) and its budget goes to branches that still can.
// A code's string is already in the frame's output: the decoder defines it as the previous string
// plus the next index, which were emitted side by side. So the encoder keeps where that string
// starts and copies it from there, instead of walking its parents one dependent load at a time.
// The search is also the serial step of GIF encoding (each frame's choices depend on what the frame
// before it showed), so a large frame is cut into segments of a fixed size, each compressed with a
// dictionary of its own and joined by a clear code, and the segments are compressed on all cores.
// The cut costs the dictionary that the next segment would have inherited; a segment is about as
// long as a dictionary lasts on a full-screen frame. A caller may ask for at least two segments
// where each stays long enough (a mid-sized lossy frame on a large canvas, see `largeCanvasPixels`).
// The segments depend on the pixel count and that request alone, so the bytes do not depend on the
// machine.
import Dispatch

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

        /// Choices whose every entry the caller writes before use.
        init(uninitializedCount count: Int) {
            target = [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count }
            alternative = [Int16](unsafeUninitializedCapacity: count) { _, n in n = count }
            truth = [UInt32](unsafeUninitializedCapacity: count) { _, n in n = count }
        }
    }

    struct LZWEncoder {
        static let maxCode = 4096
        /// Slots of a dictionary's (code, index) -> child map (see `Tables.slots`).
        static let slotCount = 1 << 13
        /// One dictionary per segment of a frame (see `segments`), grown on demand.
        private var tables: [Tables] = [Tables()]
        /// Nodes a lossy search may branch at per emitted code: bounds the time on long runs of choice.
        static let searchBudget = 48
        /// A second encoder, for compressing variants on a second thread (GIF.LZWEncoder+Variants).
        var spare: [LZWEncoder] = []

        /// Compresses `count` pixels into GIF sub-blocks (each a length byte and up to 255 bytes), without
        /// the terminating empty block. `indices` receives the index chosen for every pixel.
        /// `lookingAhead` chooses each string by `lookAhead` instead of greedily.
        /// `colors` are the table's colours as flattened pixels (0 for the transparent entry);
        /// `budget` the squared sRGB error a pixel with a `truth` may take. `minimumSegments` asks
        /// for at least that many segments where the frame is large enough (see `segments`). With
        /// `parallel`, the segments are compressed on all cores; the bytes are the same either way.
        mutating func encode(_ choices: PixelChoices, count: Int, minCodeSize: Int, colors: [UInt32],
                             budget: Int, lookingAhead: Bool = false, minimumSegments: Int = 1,
                             parallel: Bool = false, indices: inout [UInt8]) -> [UInt8] {
            // Every index is written below.
            if indices.count < count { indices = [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count } }
            var palette = colors
            while palette.count < 256 { palette.append(0) }
            let parts = LZWEncoder.segments(count, atLeast: minimumSegments)
            while tables.count < parts.count { tables.append(Tables()) }
            var streams = [BitWriter](repeating: BitWriter(), count: parts.count)
            choices.target.withUnsafeBufferPointer { target in
            choices.alternative.withUnsafeBufferPointer { alt in
            choices.truth.withUnsafeBufferPointer { truth in
            palette.withUnsafeBufferPointer { pal in
            indices.withUnsafeMutableBufferPointer { out in
            tables.withUnsafeMutableBufferPointer { tables in
            streams.withUnsafeMutableBufferPointer { streams in
                func run(_ k: Int) {
                    let r = parts[k]
                    let input = Input(target: UnsafeBufferPointer(rebasing: target[r]), alt: UnsafeBufferPointer(rebasing: alt[r]),
                                      truth: UnsafeBufferPointer(rebasing: truth[r]), palette: pal, budget: budget,
                                      count: r.count, lookingAhead: lookingAhead)
                    streams[k] = tables[k].compress(input, minCodeSize: minCodeSize, out: UnsafeMutableBufferPointer(rebasing: out[r]),
                                                    opens: k == 0, closes: k == parts.count - 1)
                }
                if parallel && parts.count > 1 {
                    DispatchQueue.concurrentPerform(iterations: parts.count, execute: run)
                } else {
                    for k in parts.indices { run(k) }
                }
            }}}}}}}
            var bits = streams[0]
            for s in streams.dropFirst() { bits.append(s) }
            return bits.finish()
        }

        /// Pixels per segment: a frame is compressed in segments of at least this many pixels, each
        /// with a dictionary of its own (a clear code between them), so that they can be compressed
        /// at once.
        static let segmentPixels = 1 << 16

        /// The fewest pixels of a segment cut only so that a frame has `minimumSegments`: in a
        /// shorter one the dictionary is dropped while still young, and the cut costs more bytes
        /// than the second core saves time.
        static let shortestSegmentPixels = 12288

        /// Canvases of at least this many pixels (an iPhone screen at 1x has 329,160) cut a lossy
        /// frame that is compressed one way only into two segments at least (GIF.FrameWriter): a
        /// HUD growing on such a canvas changes some 30,000 pixels a frame, too few for the fixed
        /// segments, and its search would leave the second core idle. A smaller canvas encodes in
        /// milliseconds anyway, and its frames carry fewer bytes for the cut to cost: it cost up to
        /// 7 % of the gallery's 240x320 animations.
        static let largeCanvasPixels = 2 * segmentPixels

        /// The segments of a frame of `count` pixels, at least `atLeast` of them where each keeps
        /// `shortestSegmentPixels`: they depend on these numbers alone, never on the machine, so the
        /// output does not either.
        static func segments(_ count: Int, atLeast: Int = 1) -> [Range<Int>] {
            let n = max(1, count / segmentPixels, min(atLeast, count / shortestSegmentPixels))
            return (0..<n).map { k in k * count / n ..< (k + 1) * count / n }
        }

        /// A dictionary and the search's stack.
        private struct Tables {
            /// The (code, index) -> child map, open-addressed: each slot holds key << 12 | child, 0 when
            /// empty (no child code is 0). A dense table of every (code, index) pair is megabytes, and its
            /// lookups (one per trie node the search visits) missed the caches; this one stays in them.
            var slots = [UInt32](repeating: 0, count: LZWEncoder.slotCount)
            /// Per code, its links and suffix in one word (see `Trie.node`).
            var node = [UInt32](repeating: 0, count: LZWEncoder.maxCode)
            /// Per code, the length of the longest string below it (see `Trie.below`).
            var below = [UInt16](repeating: 0, count: LZWEncoder.maxCode)
            /// Per code, where its string starts in the segment's output (the previous string's start
            /// when the code was defined).
            var start = [Int32](repeating: 0, count: LZWEncoder.maxCode)
            var parent = [UInt16](repeating: 0, count: LZWEncoder.maxCode)
            /// The search's pending (code, depth) pairs as code | depth << 16; sized for the most a search
            /// can push (every visit pushes at most one entry per child).
            var stack = [Int](repeating: 0, count: (LZWEncoder.searchBudget + 1) * 257)

            /// Compresses one segment: `opens` the frame's (its first clear code), `closes` it (the end
            /// code) or else ends with a clear code, after which the next segment starts afresh.
            mutating func compress(_ input: Input, minCodeSize: Int, out: UnsafeMutableBufferPointer<UInt8>,
                                   opens: Bool, closes: Bool) -> BitWriter {
                var bits = BitWriter()
                slots.withUnsafeMutableBufferPointer { slots in
                below.withUnsafeMutableBufferPointer { below in
                node.withUnsafeMutableBufferPointer { node in
                parent.withUnsafeMutableBufferPointer { parent in
                start.withUnsafeMutableBufferPointer { start in
                stack.withUnsafeMutableBufferPointer { stack in
                    let trie = Trie(slots: slots, node: node, below: below, parent: parent, start: start,
                                    roots: 1 << minCodeSize)
                    LZWEncoder.compress(input, trie: trie, stack: stack, minCodeSize: minCodeSize, out: out,
                                        opens: opens, closes: closes, bits: &bits)
                }}}}}}
                return bits
            }
        }

        /// The pixels' choices as raw buffers.
        private struct Input {
            let target: UnsafeBufferPointer<UInt8>, alt: UnsafeBufferPointer<Int16>, truth: UnsafeBufferPointer<UInt32>
            let palette: UnsafeBufferPointer<UInt32>
            let budget: Int, count: Int
            /// Whether strings are chosen with `lookAhead` rather than greedily.
            let lookingAhead: Bool

            /// Whether index `k` is one of the pixel's own choices (its target or alternative).
            @inline(__always)
            func preferred(_ p: Int, _ k: UInt8) -> Bool { k == target[p] || Int16(k) == alt[p] }
        }

        /// The dictionary trie over raw buffers.
        private struct Trie {
            let slots: UnsafeMutableBufferPointer<UInt32>
            /// Per code: its next sibling | its suffix << 12 | its first child << 20. A child's
            /// suffix and sibling come in one load while its parent's children are walked, and the
            /// exact child's word is then at hand for the next step.
            let node: UnsafeMutableBufferPointer<UInt32>
            /// Per code, the length of the longest string below it (its own included): a search
            /// stops where nothing below can be longer than its best.
            let below: UnsafeMutableBufferPointer<UInt16>
            let parent: UnsafeMutableBufferPointer<UInt16>, start: UnsafeMutableBufferPointer<Int32>
            /// The single-index codes (the clear code's value).
            let roots: Int

            @inline(__always)
            static func home(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> 19) }

            /// The child of `code` with suffix `k`, or 0.
            @inline(__always)
            func child(_ code: Int, _ k: UInt8) -> Int {
                let key = UInt32(code << 8 | Int(k))
                var h = Trie.home(key)
                while true {
                    let e = slots[h]
                    if e == 0 { return 0 }
                    if e >> 12 == key { return Int(e & 0xFFF) }
                    h = (h + 1) & (LZWEncoder.slotCount - 1)
                }
            }

            @inline(__always) static func sibling(_ node: UInt32) -> Int { Int(node & 0xFFF) }
            @inline(__always) static func suffix(_ node: UInt32) -> UInt32 { (node >> 12) & 0xFF }
            @inline(__always) static func firstChild(_ node: UInt32) -> Int { Int(node >> 20) }

            /// Adds `code` as the child of `previous` with suffix `k`, its string `length` long and
            /// starting at `at` in the output, unless that child exists.
            @inline(__always)
            func add(_ code: Int, previous: Int, _ k: UInt8, length: Int, at: Int) {
                let key = UInt32(previous << 8 | Int(k))
                var h = Trie.home(key)
                while slots[h] != 0 {
                    if slots[h] >> 12 == key { return }
                    h = (h + 1) & (LZWEncoder.slotCount - 1)
                }
                slots[h] = key << 12 | UInt32(code)
                start[code] = Int32(truncatingIfNeeded: at)
                parent[code] = UInt16(previous)
                let up = node[previous]
                node[code] = UInt32(Trie.firstChild(up)) | UInt32(k) << 12
                node[previous] = up & 0xF_FFFF | UInt32(code) << 20
                let mark = UInt16(length)
                below[code] = mark
                // The longest string below each ancestor, up to the first that has one as long.
                var a = previous
                while below[a] < mark {
                    below[a] = mark
                    if a < roots { break }
                    a = Int(parent[a])
                }
            }

            /// Empties the dictionary (a previous frame's or a cleared table's strings must not be found).
            /// Every node is cleared, not only the roots: a code the decoder defines twice (a string
            /// the dictionary holds already) is never linked, and must start without children.
            func reset() {
                slots.update(repeating: 0)
                node.update(repeating: 0)
                below.update(repeating: 0)
                for r in 0..<roots { below[r] = 1 }
            }
        }

        /// The longest acceptable string at `p`: a depth-first search over the trie, the exact child
        /// first at each node, at most `searchBudget` nodes expanded; the first longest wins.
        @inline(__always)
        private static func longest(at p: Int, _ input: Input, _ trie: Trie,
                                    _ stack: UnsafeMutableBufferPointer<Int>) -> (code: Int, length: Int) {
            let target = input.target, alt = input.alt, truth = input.truth, count = input.count
            let budget = input.budget, palette = input.palette
            var bestCode = Int(target[p]), bestLength = 1
            var visits = 0, top = 0
            if alt[p] >= 0 { stack[top] = Int(alt[p]) | 1 << 16; top += 1 }
            stack[top] = Int(target[p]) | 1 << 16; top += 1
            while top > 0 {
                top -= 1
                var code = stack[top] & 0xFFFF, depth = stack[top] >> 16
                var here = trie.node[code]
                // The exact child is searched first: rather than pushed and popped at once, the
                // walk goes on with it.
                while true {
                    if depth > bestLength { bestCode = code; bestLength = depth }
                    // Nothing below is longer than the best (a leaf, most nodes of a young
                    // dictionary, has nothing below).
                    if Int(trie.below[code]) <= bestLength { break }
                    let q = p + depth
                    if q >= count { break }
                    let t = truth[q], a = alt[q], k = target[q]
                    // The budget bounds the branching only: the exact chain is always followed, so a
                    // long run (a flat area) gets strings as long as plain LZW's.
                    let branches = (t != 0 || a >= 0) && visits < LZWEncoder.searchBudget
                    if branches { visits += 1 }
                    var c = Trie.firstChild(here)
                    let pushed = (depth + 1) << 16
                    var exact = 0, exactNode: UInt32 = 0
                    if !branches {
                        exact = trie.child(code, k)
                        if exact != 0 { exactNode = trie.node[exact] }
                    } else if t == 0 {
                        // Only the alternative can be acceptable besides the target: one lookup finds
                        // the child the walk over every sibling would push.
                        exact = trie.child(code, k)
                        let b = trie.child(code, UInt8(truncatingIfNeeded: a))
                        if b != 0 && b != exact { stack[top] = b | pushed; top += 1 }
                        if exact != 0 { exactNode = trie.node[exact] }
                    } else {
                        // Every child: the others are pushed when acceptable at q (`truth` and the
                        // drawable colours are opaque, so the error is over the channels alone; the
                        // transparent entry's colour is 0).
                        let tr = Int((t >> 16) & 0xFF), tg = Int((t >> 8) & 0xFF), tb = Int(t & 0xFF)
                        let k32 = UInt32(k), a32 = UInt32(truncatingIfNeeded: a) & 0xFF, hasAlt = a >= 0
                        while c != 0 {
                            let e = trie.node[c]
                            let s = Trie.suffix(e)
                            if s == k32 {
                                exact = c; exactNode = e
                            } else if hasAlt && s == a32 {
                                stack[top] = c | pushed; top += 1
                            } else {
                                let colour = palette[Int(s)]
                                if colour != 0 {
                                    let dr = tr - Int((colour >> 16) & 0xFF), dg = tg - Int((colour >> 8) & 0xFF), db = tb - Int(colour & 0xFF)
                                    if dr * dr + dg * dg + db * db <= budget { stack[top] = c | pushed; top += 1 }
                                }
                            }
                            c = Trie.sibling(e)
                        }
                    }
                    if exact == 0 { break }
                    code = exact; here = exactNode; depth += 1
                }
            }
            return (bestCode, bestLength)
        }

        /// Whether the `length` pixels just emitted, followed by the first of them, are the pixels' own
        /// choices from `p` on: the string of the code the decoder defines next, which it can already
        /// read. Runs of one index grow by that code twice as fast as by the trie alone. (Colours
        /// within the error budget are left to the trie search, which spends them more sparingly.)
        @inline(__always)
        private static func repeatsPrevious(at p: Int, length: Int, _ input: Input,
                                            _ out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
            if p + length >= input.count { return false }
            let start = p - length
            for j in 0..<length where !input.preferred(p + j, out[start + j]) { return false }
            return input.preferred(p + length, out[start])
        }

        /// Prefixes of the string the search found that look this few codes ahead.
        static let lookAheadDepth = 4

        /// The longest string at `p` (`code`, `length`) or one of its longest prefixes, whichever
        /// covers most pixels together with the longest string after it (greedy LZW parsing is not
        /// the shortest: a shorter string can let the next one reach much further).
        private static func lookAhead(at p: Int, code: Int, length: Int, _ input: Input, _ trie: Trie,
                                      _ stack: UnsafeMutableBufferPointer<Int>) -> (code: Int, length: Int) {
            var best = (code: code, length: length)
            var reach = p + length < input.count ? length + longest(at: p + length, input, trie, stack).length : length
            var c = code
            for d in stride(from: length - 1, through: max(1, length - lookAheadDepth), by: -1) {
                c = Int(trie.parent[c])
                let r = d + longest(at: p + d, input, trie, stack).length
                if r > reach { reach = r; best = (c, d) }
            }
            return best
        }

        /// The LZW loop: emits the longest acceptable string at each position and grows the
        /// dictionary the way the decoder does.
        private static func compress(_ input: Input, trie: Trie, stack: UnsafeMutableBufferPointer<Int>,
                                     minCodeSize: Int, out: UnsafeMutableBufferPointer<UInt8>,
                                     opens: Bool, closes: Bool, bits: inout BitWriter) {
            trie.reset()
            let clear = 1 << minCodeSize, end = clear + 1
            var next = clear + 2, width = minCodeSize + 1
            if opens { bits.put(clear, width) }
            var previous = -1, previousLength = 0
            var p = 0
            while p < input.count {
                var (bestCode, bestLength) = longest(at: p, input, trie, stack)
                if previous >= 0 && next < LZWEncoder.maxCode && previousLength >= bestLength
                    && repeatsPrevious(at: p, length: previousLength, input, out) {
                    // The entry the decoder is about to add: the previous string and its first index.
                    for j in 0..<previousLength { out[p + j] = out[p - previousLength + j] }
                    out[p + previousLength] = out[p - previousLength]
                    bestCode = next; bestLength = previousLength + 1
                } else {
                    if input.lookingAhead && bestLength > 1 {
                        (bestCode, bestLength) = lookAhead(at: p, code: bestCode, length: bestLength, input, trie, stack)
                    }
                    // The string's indices: a root's own, else a copy of where the string was
                    // emitted (wholly before p, so the copy does not overlap).
                    if bestLength == 1 {
                        out[p] = UInt8(bestCode)
                    } else {
                        let from = out.baseAddress! + Int(trie.start[bestCode])
                        (out.baseAddress! + p).update(from: from, count: bestLength)
                    }
                }
                bits.put(bestCode, width)
                // The decoder adds previous + first index of this string once it has read it.
                if previous >= 0 && next < LZWEncoder.maxCode {
                    trie.add(next, previous: previous, out[p], length: previousLength + 1, at: p - previousLength)
                    next += 1
                    if next == 1 << width && width < 12 { width += 1 }
                }
                previous = bestCode; previousLength = bestLength
                p += bestLength
                if next >= LZWEncoder.maxCode {
                    bits.put(clear, width)
                    trie.reset()
                    next = clear + 2; width = minCodeSize + 1; previous = -1
                }
            }
            bits.put(closes ? end : clear, width)
        }
    }

    /// Packs codes least significant bit first; `finish` cuts the bytes into GIF sub-blocks.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var acc: UInt64 = 0
        private var count = 0

        init() { bytes.reserveCapacity(1 << 14) }

        @inline(__always)
        mutating func put(_ code: Int, _ width: Int) {
            acc |= UInt64(code) << UInt64(count)
            count += width
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: acc))
                acc >>= 8; count -= 8
            }
        }

        /// Appends the bits `other` holds after these (a segment after the one before it).
        mutating func append(_ other: BitWriter) {
            if count == 0 {
                bytes.append(contentsOf: other.bytes)
            } else {
                for b in other.bytes { put(Int(b), 8) }
            }
            if other.count > 0 { put(Int(other.acc), other.count) }
        }

        /// The bits as sub-blocks (a length byte, then up to 255 bytes), the last byte padded with zeros.
        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: acc)); acc = 0; count = 0 }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 255 + 1)
            var i = 0
            while i < bytes.count {
                let n = min(255, bytes.count - i)
                out.append(UInt8(n)); out.append(contentsOf: bytes[i..<(i + n)])
                i += n
            }
            return out
        }
    }
}
