// EngineTestHooks: the names the rasterizer tests use for an engine's SweepOverrides and
// SweepCounters, so that the tests read as they did when these were loose flags on the engine.

@testable import HUDRaster

extension Rasterizer.Engine {
    /// Resolve every row exactly (the exact coverage everywhere).
    var resolveEveryRow: Bool {
        get { overrides.rows == .every }
        set { if newValue { overrides.rows = .every } else if overrides.rows == .every { overrides.rows = .automatic } }
    }
    /// Resolve no row (the plain area sum everywhere).
    var resolveNoRow: Bool {
        get { overrides.rows == .none }
        set { if newValue { overrides.rows = .none } else if overrides.rows == .none { overrides.rows = .automatic } }
    }
    /// Whether a fill that may be swept whole is; nil lets the row sample decide.
    var resolveWhole: Bool? {
        get { overrides.whole }
        set { overrides.whole = newValue }
    }
    /// The resolver's event budget for one fill.
    var fillBudget: Int {
        get { overrides.fillBudget }
        set { overrides.fillBudget = newValue }
    }
    var sweptWhole: Int { counters.sweptWhole }
    var resolvedRows: Int { counters.resolvedRows }
}
