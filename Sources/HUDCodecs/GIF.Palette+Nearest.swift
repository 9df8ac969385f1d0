// GIF.Palette+Nearest: the nearest entry of many colours at once, on two threads.
//
// Design note: building a palette searches the nearest centre of every sample again and again
// (each k-means iteration, the entries' representatives, the palette's error), and the build runs
// alone, between the last rendered frame and the first encoded one. The searches are independent,
// so the two halves of the samples are searched on two threads; the sums over the results are then
// taken in sample order, as before, so the palette is the same.
import Dispatch

extension GIF.Palette {
    /// Fewer samples are searched on the calling thread (a thread hop costs more).
    static let minimumSplitSamples = 2048

    /// The index (in `search`'s palette) of the entry nearest to each of `points`.
    static func nearestEntries(of points: [OkLabColor], in search: PaletteSearch) -> [UInt8] {
        let n = points.count
        // Every entry is written below.
        var nearest = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
        let parts = n >= minimumSplitSamples ? 2 : 1
        nearest.withUnsafeMutableBufferPointer { buffer in
            let out = buffer
            points.withUnsafeBufferPointer { points in
                let searchPart = { (part: Int) in
                    for i in (n * part / parts)..<(n * (part + 1) / parts) { out[i] = search.nearest(points[i]) }
                }
                if parts == 1 { searchPart(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: searchPart) }
            }
        }
        return nearest
    }
}
