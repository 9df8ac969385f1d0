// Rasterizer.SweepOverrides: the choices tests force on an engine, and the counts they read back.
//
// Design note: the engine picks its strategy from the outline (`chooseStrategy`). Tests need to
// force each strategy (to compare them byte for byte), to lower the resolver's budget (to reach
// the rows after it runs out) and to count what a fill did; those knobs live here, in values the
// engine holds, rather than as loose flags among its buffers. Production code never sets them.

extension Rasterizer {
    /// Choices forced on an engine's sweeps; the defaults let the engine decide.
    struct SweepOverrides {
        /// Which rows go to the crossing resolver.
        enum Rows {
            /// The rows the ownership bookkeeping flags (the engine's choice).
            case automatic
            /// Every row, flagged or not: the exact coverage everywhere.
            case every
            /// None: the plain area sum everywhere.
            case none
        }
        var rows = Rows.automatic
        /// Whether a fill that may be swept whole (see `SweepStrategy.whole`) is; nil lets the
        /// row sample decide.
        var whole: Bool? = nil
        /// The resolver's event budget for one fill.
        var fillBudget = CrossingResolver.fillBudget
    }

    /// What an engine's sweeps did, summed over its fills.
    struct SweepCounters {
        /// Fills swept whole.
        var sweptWhole = 0
        /// Rows handed to the crossing resolver (a circle or a rounded rect should need none).
        var resolvedRows = 0
    }
}
