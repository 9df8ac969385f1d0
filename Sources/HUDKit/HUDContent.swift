// HUDContent: what the HUD shows at one moment, its labels and content area.
//
// Design note: a plain value, compared to decide whether the HUD's layout animates and its text
// cross-fades when the content changes.

import HUDRaster

/// What the HUD shows at one moment (labels and content area).
public struct HUDContent: Sendable, Equatable {
    public var title: String?
    public var status: String?
    public var kind: HUDContentKind
    public var image: Image?
    public init(title: String? = nil, status: String? = nil, kind: HUDContentKind = .spinner, image: Image? = nil) {
        self.title = title; self.status = status; self.kind = kind; self.image = image
    }
}
