// Timeline: events at times, folded into the state at any time t.
//
// Design note: state is never mutated as time passes; `state(at:)` replays the events up to t from
// the initial state. That keeps every frame independent (render in any order, on any thread) and
// makes "what happened before t" an exact, testable question. Ties keep insertion order.

/// An ordered list of timed events.
public struct Timeline<Event: Sendable>: Sendable {
    /// One event and when it happens.
    public struct Entry: Sendable {
        public var time: Double
        public var event: Event
        /// Insertion order, to keep simultaneous events in the order they were added.
        public var order: Int
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds `event` at `time` seconds (non-finite or negative times are clamped to 0).
    public mutating func add(_ event: Event, at time: Double) {
        let t = time.isFinite ? max(time, 0) : 0
        let e = Entry(time: t, event: event, order: entries.count)
        var i = entries.count
        while i > 0 && entries[i - 1].time > t { i -= 1 }
        entries.insert(e, at: i)
    }

    /// Events with time <= t, in order.
    public func events(through t: Double) -> ArraySlice<Entry> {
        var n = 0
        while n < entries.count && entries[n].time <= t { n += 1 }
        return entries[0..<n]
    }

    /// Time of the last event (0 when empty).
    public var endTime: Double { entries.last?.time ?? 0 }

    /// The state at time `t`: `initial` with every event up to t applied in order.
    public func state<State>(at t: Double, initial: State, _ apply: (inout State, Entry) -> Void) -> State {
        var s = initial
        for e in events(through: t) { apply(&s, e) }
        return s
    }
}
