// FontWeight: the two weights the system font comes in.
//
// Design note: HUDs use a regular and a bold face only (MMProgressHUD's status and title), so the
// weight is an enum of the faces FontLibrary can promise, not a numeric axis.

/// The weight of a face FontLibrary looks up (Inter Regular or Inter Bold for the system font).
public enum FontWeight: Sendable, Hashable, CaseIterable {
    case regular
    case bold
}
