// SceneError: what a scene's initializer reports when an option cannot be honoured.
//
// Design note: scenes are built from plain options the command line passes straight through, so
// every error names the option, the bad value and what to use instead.

/// An option given to a scene is out of range.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// `option` had `value`; `fix` says what to use.
    case invalidOption(String, String, String)

    public var description: String {
        switch self {
        case .invalidOption(let option, let value, let fix):
            return "Invalid \(option) \(value): \(fix)."
        }
    }
}
