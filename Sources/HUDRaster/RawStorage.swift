// RawStorage: a growable block of memory for plain values, filled through a pointer.
//
// Design note: the rasterizer's and the stroker's hot loops write through raw pointers, because an
// `Array` checks uniqueness on every append (a runtime call, with the register spills around it)
// and every `withUnsafe...` closure around a loop is another level of nesting. What they need is a
// block that survives from one fill to the next, grows rarely and is freed with its owner: this
// class, written once for the stroker's points and outline, the crossing resolver's crossings and
// the engine's band buffers. A class only so that the block is freed with the last owner; users
// copy `base` into a local or a struct of pointers before their loops, so those touch no class
// property. Only trivial types go here: nothing is ever deinitialised.

package final class RawStorage<T> {
    @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<T>
    @exclusivity(unchecked) package private(set) var capacity: Int

    /// A block of `capacity` uninitialised slots (0 allocates on first use).
    package init(capacity: Int = 64) {
        self.capacity = max(0, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Moves the first `count` values into a block of at least `minimum` slots (at least double
    /// the old size, so appending stays amortised O(1)) and returns it.
    @inline(never) package func grow(keeping count: Int, minimum: Int) -> UnsafeMutablePointer<T> {
        let cap = max(minimum, capacity * 2)
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: cap)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh; capacity = cap
        return fresh
    }

    /// At least `count` slots. When the block is too small it is replaced by one of exactly
    /// `count` slots, all set to `value` (the old values are dropped); otherwise it is returned as
    /// it is, so a user that leaves the block in a known state (all zero) keeps that state.
    @inline(__always)
    package func reserve(_ count: Int, filling value: T) -> UnsafeMutablePointer<T> {
        if capacity < count { replace(count, filling: value) }
        return base
    }

    @inline(never) func replace(_ count: Int, filling value: T) {
        base.deallocate()
        base = .allocate(capacity: count)
        base.initialize(repeating: value, count: count)
        capacity = count
    }

    /// At least `count` slots, whose old values may be dropped: a block that is too small is
    /// replaced by one of at least `minimum` slots and double the old size.
    @inline(__always)
    package func reserveDiscarding(_ count: Int, minimum: Int = 0) -> UnsafeMutablePointer<T> {
        if capacity < count {
            base.deallocate()
            capacity = max(count, 2 * capacity, minimum)
            base = .allocate(capacity: capacity)
        }
        return base
    }

    deinit { base.deallocate() }
}
