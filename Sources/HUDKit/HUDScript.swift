// HUDScript: the timed calls a ProgressHUD is scripted with, under MMProgressHUD's method names.
//
// Design note: a script is only data (calls at times); nothing is decided when a call is recorded,
// so the same script replays identically for any window size or frame rate (see Planner).

import HUDMotion
import HUDRaster

/// The timed calls a HUD is scripted with.
public struct HUDScript: Sendable {
    /// One call on the HUD.
    public enum Event: Sendable {
        case show(title: String?, status: String?, image: Image?, determinate: Bool?, cancellable: Bool, confirmationMessage: String?)
        case update(title: String?, status: String?, progress: Double?)
        case dismiss(CompletionState, title: String?, status: String?, delay: Double)
        case tap
    }
    public typealias CompletionState = ProgressHUD.CompletionState

    public var timeline = Timeline<Event>()
    public init() {}

    /// Records calls made at one moment, with MMProgressHUD's method names.
    public struct Actions: Sendable {
        public private(set) var events: [Event] = []
        public init() {}

        /// `+showWithTitle:status:` (indeterminate spinner).
        public mutating func show(title: String? = nil, status: String? = nil) {
            events.append(.show(title: title, status: status, image: nil, determinate: false, cancellable: false, confirmationMessage: nil))
        }
        /// `+showWithTitle:status:image:` (a custom image instead of the spinner).
        public mutating func show(title: String?, status: String?, image: Image) {
            events.append(.show(title: title, status: status, image: image, determinate: false, cancellable: false, confirmationMessage: nil))
        }
        /// `+showWithTitle:status:confirmationMessage:cancelBlock:`: taps ask for confirmation, a second tap cancels.
        public mutating func show(title: String?, status: String?, confirmationMessage: String?, cancellable: Bool = true) {
            events.append(.show(title: title, status: status, image: nil, determinate: false, cancellable: cancellable,
                                confirmationMessage: confirmationMessage))
        }
        /// `+showDeterminateProgressWithTitle:status:` with the HUD's `progressStyle`.
        public mutating func showProgress(title: String? = nil, status: String? = nil, cancellable: Bool = false) {
            events.append(.show(title: title, status: status, image: nil, determinate: true, cancellable: cancellable, confirmationMessage: nil))
        }
        /// `+updateProgress:withStatus:title:`; nil leaves a label as it is. p >= 1 fires progressCompletion.
        public mutating func updateProgress(_ progress: Double, status: String? = nil, title: String? = nil) {
            events.append(.update(title: title, status: status, progress: progress))
        }
        /// `+updateStatus:`.
        public mutating func updateStatus(_ status: String) {
            events.append(.update(title: nil, status: status, progress: nil))
        }
        /// `+updateTitle:status:`.
        public mutating func updateTitle(_ title: String, status: String? = nil) {
            events.append(.update(title: title, status: status, progress: nil))
        }
        /// `+dismiss`.
        public mutating func dismiss() { events.append(.dismiss(.none, title: nil, status: nil, delay: 0)) }
        /// `+dismissAfterDelay:`.
        public mutating func dismiss(afterDelay delay: Double) { events.append(.dismiss(.none, title: nil, status: nil, delay: delay)) }
        /// `+dismissWithSuccess:title:afterDelay:`: the check mark, then dismiss after the delay.
        public mutating func dismiss(withSuccess status: String?, title: String? = nil,
                                     afterDelay delay: Double = ProgressHUD.standardDismissDelay) {
            events.append(.dismiss(.success, title: title, status: status, delay: delay))
        }
        /// `+dismissWithError:title:afterDelay:`: the X, then dismiss after the delay.
        public mutating func dismiss(withError status: String?, title: String? = nil,
                                     afterDelay delay: Double = ProgressHUD.standardDismissDelay) {
            events.append(.dismiss(.error, title: title, status: status, delay: delay))
        }
        /// A tap on the HUD (confirmation on a cancellable HUD; the second tap cancels).
        public mutating func tap() { events.append(.tap) }
    }
}
