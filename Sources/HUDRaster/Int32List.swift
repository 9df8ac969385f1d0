// Int32List: a growable list of Int32 on a `RawStorage` block.
//
// Design note: the edge builder appends to its chain table once or twice per chain, and
// `Array.append` calls the runtime's uniqueness check each time (with the register spills around
// the call), which measurably slowed small fills. Here an append is a compare and a store. No copy
// semantics: copies share the block, and the one owner (`Rasterizer.ChainTable`) is the only user.

extension Rasterizer {
    struct Int32List {
        let storage: RawStorage<Int32>
        private(set) var count = 0

        init(capacity: Int = 16) { storage = RawStorage(capacity: capacity) }

        var base: UnsafeMutablePointer<Int32> { storage.base }
        var isEmpty: Bool { count == 0 }

        @inline(__always) subscript(i: Int) -> Int32 {
            get { storage.base[i] }
            nonmutating set { storage.base[i] = newValue }
        }

        @inline(__always) mutating func append(_ v: Int32) {
            if count == storage.capacity { _ = storage.grow(keeping: count, minimum: 0) }
            storage.base[count] = v
            count &+= 1
        }

        @inline(__always) mutating func removeLast() { precondition(count > 0); count &-= 1 }
        @inline(__always) mutating func removeAll() { count = 0 }
    }
}
