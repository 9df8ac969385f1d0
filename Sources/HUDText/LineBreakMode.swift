// LineBreakMode: where lines may break when text is wider than the layout width.
//
// Design note: the two wrapping modes of NSLineBreakMode; truncation modes are left to the caller
// because HUDs grow to fit their text instead of truncating it.

/// How text wraps at the layout width (like `NSLineBreakMode`).
public enum LineBreakMode: Sendable, Hashable {
    /// Break at spaces and other break opportunities; words longer than a line break at characters.
    case byWordWrapping
    /// Break between any two characters.
    case byCharWrapping
}
