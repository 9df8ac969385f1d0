// TextAlignment: horizontal placement of each line within the layout box (NSTextAlignment).
//
// Design note: alignment is applied per line at draw time, so one measured layout can be drawn
// left-, centre- or right-aligned in boxes of any width without measuring again. `.natural` follows
// each paragraph's direction, as UIKit's does: right-aligned when its first strong letter is RTL.

/// How lines sit within the layout width (like `NSTextAlignment`).
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case left
    case center
    case right
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
}
