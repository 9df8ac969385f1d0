// Int32List: a growable list of Int32 in memory its owner frees.
//
// Design note: the edge builder appends to its chain table once or twice per chain, and
// `Array.append` calls the runtime's uniqueness check each time (with the register spills around
// the call); measured side by side, small fills took longer that way (docs/benchmarks.md). Here an append is a
// compare and a store. No copy semantics: the one owner (`Rasterizer.ChainTable`) frees the memory.

extension Rasterizer {
    struct Int32List {
        private(set) var base: UnsafeMutablePointer<Int32>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int = 16) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        /// Frees the memory; the list must not be used after.
        func deallocate() { base.deallocate() }

        var isEmpty: Bool { count == 0 }

        @inline(__always) subscript(i: Int) -> Int32 {
            get { base[i] }
            nonmutating set { base[i] = newValue }
        }

        @inline(__always) mutating func append(_ v: Int32) {
            if count == capacity { grow() }
            base[count] = v
            count &+= 1
        }

        @inline(__always) mutating func removeLast() { precondition(count > 0); count &-= 1 }
        @inline(__always) mutating func removeAll() { count = 0 }

        @inline(never) mutating func grow() {
            let bigger = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
    }
}
