// Rasterizer.RowState: what the sweep knows about one row of a band.

extension Rasterizer {
    /// The state of one row of the current band, one byte per row. The cases are declared in the
    /// order of their stored values (0 to 3): a fresh buffer of zero bytes is all `clean`.
    enum RowState: UInt8 {
        /// No two chains that are not neighbours share a pixel of the row (or nobody looked): the
        /// area sum is exact.
        case clean = 0
        /// Two chains that are not neighbours share a pixel: the area sum may be wrong there, and
        /// the row goes to the crossing resolver.
        case shared = 1
        /// Handed to the resolver with the row above it, as one run: not to be handed over again.
        case resolved = 2
        /// A row of a deferred or whole band that the resolver will build: no cells were made
        /// for it.
        case reserved = 3
    }
}
