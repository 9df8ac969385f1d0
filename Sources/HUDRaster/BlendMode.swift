// BlendMode: how a source is combined with what is already drawn (like CGBlendMode).
//
// Design note: only the modes HUD rendering needs, each with the Porter-Duff / W3C compositing
// formula on premultiplied sRGB values (no linearisation, as Core Graphics' default bitmap
// context). The shape's coverage scales the source for the separable modes; `copy` and `clear`
// instead interpolate the destination towards the result by coverage, so antialiased edges of a
// copy stay soft. The arithmetic lives in `Compositor`.

/// A compositing operator, named as `CGBlendMode` names them.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    /// Source over destination: `s + d * (1 - sa)`.
    case normal
    /// The source replaces the destination inside the shape: `s`.
    case copy
    /// The destination is erased inside the shape.
    case clear
    /// The destination is erased by the source's alpha: `d * (1 - sa)`.
    case destinationOut
    /// `s * (1 - da) + d * (1 - sa) + s * d`: darkens.
    case multiply
    /// `s + d - s * d`: lightens.
    case screen
    /// `min(1, s + d)`: additive glow.
    case plusLighter
}
