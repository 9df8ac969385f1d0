// ProgressRing+Script: a ring scripted on a timeline, as a ProgressHUD is (`ring.at(1) { ... }`).
//
// Design note: UAProgressView is driven by calls (`setProgress:animated:`, touches); recording
// them with `.at(t)` gives the ring the same shape of story as the HUD, and `Scene` plays it. A
// ring with no script plays the default story (ProgressRingScene.defaultEvents).

extension ProgressRing: SceneComponent {
    /// Calls made on the ring at one moment, with UAProgressView's names.
    public struct Actions: Sendable {
        public private(set) var events: [Event] = []
        public init() {}
        /// `setProgress:animated:`.
        public mutating func setProgress(_ progress: Double, animated: Bool = true) {
            events.append(.setProgress(progress, animated: animated))
        }
        /// A finger lands on the ring (fills it when `fillOnTouch`).
        public mutating func touchDown() { events.append(.touchDown) }
        /// The finger lifts (the fill fades out).
        public mutating func touchUp() { events.append(.touchUp) }
    }

    /// Records the calls made on the actions at `time` seconds.
    public mutating func at(_ time: Double, _ body: (inout Actions) -> Void) {
        var actions = Actions()
        body(&actions)
        for e in actions.events { script.append((time, e)) }
    }

    /// The scripted story in time order (calls at the same time keep their order), or the default one.
    public var story: [(time: Double, event: Event)] {
        if script.isEmpty { return ProgressRingScene.defaultEvents }
        return script.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The ring (120 pt, centred) playing its story on `screen`.
    public func scene(on screen: Screen) throws -> SceneRenderable {
        try ProgressRingScene(screen: screen, ring: self, events: story)
    }
}
