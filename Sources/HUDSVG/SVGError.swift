// SVGError: every way an SVG file can be refused, each message naming the problem and the fix.
//
// Design note: one typed error for the whole module. Malformed XML carries the line and column so
// that a user can open the file at the fault; resource limits say which limit and how to get under it.

/// An error raised while reading or rendering an SVG document.
public enum SVGError: Error, Equatable, CustomStringConvertible {
    /// The XML is not well formed at `line`:`column` (1-based).
    case malformedXML(line: Int, column: Int, reason: String)
    /// The input is larger than `SVGDocument.maxInputSize`.
    case fileTooLarge(bytes: Int, limit: Int)
    /// Elements are nested deeper than `SVGDocument.maxNestingDepth`.
    case nestingTooDeep(line: Int, column: Int, limit: Int)
    /// Entity references expand to more text than the budget allows (a "billion laughs" file).
    case entityExpansionLimit(line: Int, column: Int, limit: Int)
    /// The document has a DOCTYPE construct that is refused for safety (external entities and the like).
    case unsupportedDTD(line: Int, column: Int, reason: String)
    /// The root element is not `<svg>`.
    case notSVG(rootElement: String)
    /// Too many elements (`SVGDocument.maxElementCount`).
    case tooManyElements(limit: Int)
    /// The file could not be read.
    case fileUnreadable(path: String, reason: String)
    /// The document has no usable size (no width/height and no viewBox), or the requested output size is invalid.
    case invalidSize(String)

    public var description: String {
        switch self {
        case let .malformedXML(l, c, r):
            return "malformed XML at \(l):\(c): \(r); fix the file (an XML validator such as `xmllint --noout` shows the same place)"
        case let .fileTooLarge(b, lim):
            return "SVG input is \(b) bytes, more than the \(lim)-byte limit; simplify the file (e.g. with svgo) or split it"
        case let .nestingTooDeep(l, c, lim):
            return "elements are nested more than \(lim) deep at \(l):\(c); flatten the groups (icons never need this depth)"
        case let .entityExpansionLimit(l, c, lim):
            return "entity expansion at \(l):\(c) exceeds the \(lim)-character budget (an entity bomb?); remove the <!ENTITY> declarations and write the text out"
        case let .unsupportedDTD(l, c, r):
            return "unsupported DOCTYPE content at \(l):\(c): \(r); remove the DOCTYPE (SVG does not need one)"
        case let .notSVG(root):
            return "the root element is <\(root)>, not <svg>; pass an SVG file"
        case let .tooManyElements(lim):
            return "the document has more than \(lim) elements; simplify it (e.g. with svgo)"
        case let .fileUnreadable(p, r):
            return "cannot read SVG file '\(p)': \(r); check the path and permissions"
        case let .invalidSize(r):
            return "invalid SVG size: \(r)"
        }
    }
}
