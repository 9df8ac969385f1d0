// WebP.CompressionCache: compressed rectangles of earlier frames, found again by their exact pixels.
//
// Design note: a looping animation draws the same change again each time round (a spinner's
// frame over the frame before it), and libwebp compresses the same pixels to the same bytes, so
// a rectangle already compressed is not compressed again. Entries are found by their pixels and
// size, compared in full, so a hit is always the bytes a compression would give (the output never
// depends on the cache). The oldest entries go first once the entries hold more than `budget`
// bytes, so memory stays bounded whatever the frame count; an entry larger than an eighth of the
// budget is not kept. Used only from the thread that appends
// frames.

extension WebP {
    /// Compressed rectangles by their exact pixels, bounded in bytes (see the design note).
    final class CompressionCache {
        private struct Key: Hashable {
            let width: Int, height: Int
            let pixels: [UInt8]

            /// Hashes a sample of the pixels (up to `sampled` of them, evenly spaced): keys are
            /// compared in full anyway, and hashing every byte would cost more than the lookups save.
            func hash(into hasher: inout Hasher) {
                hasher.combine(width)
                hasher.combine(height)
                pixels.withUnsafeBytes { raw in
                    let words = raw.bindMemory(to: UInt32.self)
                    let step = max(1, words.count / Key.sampled)
                    for i in stride(from: 0, to: words.count, by: step) { hasher.combine(words[i]) }
                }
            }

            static let sampled = 256
        }

        /// The encoder's budget: room for a spinner's loop of small rectangles. Large rectangles
        /// seldom repeat exactly, so an entry may take only an eighth of the budget.
        static let encoderBudget = 4 << 20

        /// The most bytes (pixels and compressed data) the entries hold.
        let budget: Int
        private var entries: [Key: [UInt8]] = [:]
        private var order: [Key] = []
        private var first = 0
        private var held = 0

        init(budget: Int) { self.budget = budget }

        /// The compression of a `width` x `height` rectangle of these pixels, if it is held.
        func data(width: Int, height: Int, pixels: [UInt8]) -> [UInt8]? {
            entries[Key(width: width, height: height, pixels: pixels)]
        }

        /// Remembers the compression of a rectangle, forgetting the oldest entries past the budget.
        func insert(width: Int, height: Int, pixels: [UInt8], data: [UInt8]) {
            let key = Key(width: width, height: height, pixels: pixels)
            let cost = pixels.count + data.count
            guard cost * 8 <= budget, entries[key] == nil else { return }
            while held + cost > budget { evictOldest() }
            entries[key] = data
            order.append(key)
            held += cost
        }

        private func evictOldest() {
            let key = order[first]
            first += 1
            if let data = entries.removeValue(forKey: key) { held -= key.pixels.count + data.count }
            if first * 2 > order.count { order.removeFirst(first); first = 0 }
        }
    }
}
