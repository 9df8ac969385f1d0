// Rasterizer.Engine+ChainOrder: whether an outline of one contour and two chains can cross itself.
//
// Design note: most of what a HUD fills is convex (circles, rounded and rotated rectangles); such
// an outline is one contour of two y-monotone chains that never swap sides, so its area sum is
// exact without any pixel ownership bookkeeping. Turning one way only proves it while the outline
// is built; otherwise the two chains are walked side by side (`ChainWalk`) and compared.

extension Rasterizer.Engine {
    /// True when the outline is one contour of two y-monotone chains that cannot cross:
    /// convex (it turns one way only, which is cheap to see while building; a contour that
    /// turns one way but winds twice, like a pentagram, has more than two chains), or found
    /// by `twoChainsKeepOrder` to keep their order.
    func twoChainsCannotCross() -> Bool {
        chains.contourOf.count == 3 && chains.first.count == 1 && (chains.turns != 3 || twoChainsKeepOrder())
    }

    /// True when the edges are one contour of two y-monotone chains that never swap sides, as
    /// in every convex shape (a circle, a rounded or rotated rectangle). Between the two chains
    /// the winding is one value, so no pixel can hold three and the area sum is exact: pixel
    /// ownership need not be tracked, the larger part of a convex fill's bookkeeping. Two chains can
    /// still cross (an hourglass with a flat top and bottom), so their order is compared at
    /// every vertex height where both exist: between those heights both are straight, so a
    /// swap shows as a change of sign. A chain with a gap (its part beyond the right border
    /// was dropped) answers false, as does anything but two chains. O(n), no allocation.
    func twoChainsKeepOrder() -> Bool {
        guard chains.contourOf.count == 3, chains.first.count == 1, edges.count >= 2 else { return false }
        return edges.withUnsafeBufferPointer { buf in
            let E = buf.baseAddress!, count = buf.count
            // In path order the contour is chain 1's head, chain 2, then chain 1's tail (the
            // part before the path's start point, when the start is not a turning point).
            var k = 0
            while k < count && E[k].chain == 1 { k += 1 }
            var m = k
            while m < count && E[m].chain == 2 { m += 1 }
            guard k > 0, m > k else { return false }
            for i in m..<count where E[i].chain != 1 { return false }
            guard let a = ChainWalk(E, tail: m..<count, head: 0..<k),
                  let b = ChainWalk(E, tail: k..<k, head: k..<m) else { return false }
            // Which side of chain b chain a is on at height y, where `ea` ends (its x is then
            // exact) and `eb` runs through: the sign of x_a - x_b, without a division.
            @inline(__always) func side(_ xa: Int32, _ y: Int32, _ eb: Edge) -> Int {
                let l = Int64(xa &- eb.x0) * Int64(eb.y1 &- eb.y0), r = Int64(eb.x1 &- eb.x0) * Int64(y &- eb.y0)
                return l < r ? -1 : (l > r ? 1 : 0)
            }
            var ia = 0, ib = 0
            var ea = a.edge(0), eb = b.edge(0)
            // Both chains start at one height (the top vertex, the two ends of a flat top, or
            // the region's top): compared there and then at every edge's lower end, they are
            // compared at both ends of every straight stretch.
            guard ea.y0 == eb.y0 else { return false }
            var seen = ea.x0 < eb.x0 ? -1 : (ea.x0 > eb.x0 ? 1 : 0)
            while true {
                let s = ea.y1 <= eb.y1 ? side(ea.x1, ea.y1, eb) : -side(eb.x1, eb.y1, ea)
                if s != 0 { if seen == 0 { seen = s } else if s != seen { return false } }
                if ea.y1 <= eb.y1 {
                    ia += 1
                    if ia == a.n { break }
                    let next = a.edge(ia)
                    if next.y0 != ea.y1 { return false }   // a gap
                    ea = next
                } else {
                    ib += 1
                    if ib == b.n { break }
                    let next = b.edge(ib)
                    if next.y0 != eb.y1 { return false }
                    eb = next
                }
            }
            return a.edge(a.n - 1).y1 == b.edge(b.n - 1).y1
        }
    }

    /// One chain's edges in ascending y. In path order the chain is `tail` then `head`
    /// (either may be empty); a downward chain runs down that way, an upward one up.
    struct ChainWalk {
        let E: UnsafePointer<Edge>, tailStart: Int, tailCount: Int, headStart: Int, n: Int, up: Bool
        init?(_ E: UnsafePointer<Edge>, tail: Range<Int>, head: Range<Int>) {
            self.E = E
            tailStart = tail.lowerBound; tailCount = tail.count; headStart = head.lowerBound
            n = tail.count + head.count
            guard n > 0 else { return nil }
            up = E[tail.isEmpty ? head.lowerBound : tail.lowerBound].dir < 0
        }
        @inline(__always) func edge(_ k: Int) -> Edge {
            let t = up ? n &- 1 &- k : k
            return E[t < tailCount ? tailStart &+ t : headStart &+ (t &- tailCount)]
        }
    }
}
