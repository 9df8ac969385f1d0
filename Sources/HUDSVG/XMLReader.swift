// XMLReader: a small, hostile-input-safe XML parser written for SVG.
//
// Design note: Foundation's XMLParser wraps libxml2 and brings DTD processing, external entity and
// network behaviour we do not want from user-supplied files. This reader does only what SVG needs:
// elements, attributes, character data, CDATA, comments and processing instructions. DOCTYPE
// external identifiers are ignored (never fetched); internal general entities are expanded against a
// strict character budget and depth (so a "billion laughs" file fails fast with a typed error);
// parameter and external entities are refused. Input size and nesting depth are bounded, and every
// error carries line:column. The parser never recurses on nesting (an explicit stack), so a deep
// file cannot overflow the call stack.

struct XMLReader {
    /// Limits, chosen to be generous for real icons and scenes and small enough to bound memory.
    struct Limits {
        var maxInputSize = 10 * 1024 * 1024
        var maxDepth = 256
        var maxEntityExpansion = 1_000_000
        var maxEntityDepth = 16
        var maxElements = 1_000_000
        var maxAttributesPerElement = 1024
    }

    private let bytes: [UInt8]
    private var pos = 0
    private let limits: Limits
    private var entities: [String: String] = [:]
    private var expanded = 0

    init(bytes: [UInt8], limits: Limits = Limits()) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Parses the whole document and returns its root element.
    static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws -> XMLElementNode {
        guard bytes.count <= limits.maxInputSize else {
            throw SVGError.fileTooLarge(bytes: bytes.count, limit: limits.maxInputSize)
        }
        var r = XMLReader(bytes: bytes, limits: limits)
        return try r.parseDocument()
    }

    // MARK: - Positions and errors

    /// Remembers the last position converted to line:column so that converting increasing
    /// positions (element starts) costs O(file size) in all, not O(size) each.
    private final class LineCache { var pos = 0, line = 1, col = 1 }
    private let lineCache = LineCache()

    private func location(_ p: Int) -> (line: Int, column: Int) {
        let end = min(p, bytes.count)
        if end < lineCache.pos { lineCache.pos = 0; lineCache.line = 1; lineCache.col = 1 }
        var line = lineCache.line, col = lineCache.col
        var i = lineCache.pos
        while i < end {
            let b = bytes[i]
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        lineCache.pos = end; lineCache.line = line; lineCache.col = col
        return (line, col)
    }

    private func fail(_ reason: String, at p: Int? = nil) -> SVGError {
        let l = location(p ?? pos)
        return .malformedXML(line: l.line, column: l.column, reason: reason)
    }

    // MARK: - Low-level scanning

    private var atEnd: Bool { pos >= bytes.count }
    private func peek(_ o: Int = 0) -> UInt8? { pos + o < bytes.count ? bytes[pos + o] : nil }

    private func starts(with s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard pos + n <= bytes.count else { return false }
        let p = s.utf8Start
        for i in 0..<n where bytes[pos + i] != p[i] { return false }
        return true
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
    }
    private static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }

    private mutating func skipSpace() { while let b = peek(), XMLReader.isSpace(b) { pos += 1 } }

    private mutating func name() throws -> String {
        guard let b = peek(), XMLReader.isNameStart(b) else {
            throw fail(atEnd ? "unexpected end of file, expected a name" : "expected a name, found '\(printable(peek()!))'")
        }
        let start = pos
        while let c = peek(), XMLReader.isNameChar(c) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    private func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    private mutating func expect(_ b: UInt8, _ what: String) throws {
        guard peek() == b else {
            throw fail(atEnd ? "unexpected end of file, expected \(what)" : "expected \(what), found '\(printable(peek()!))'")
        }
        pos += 1
    }

    /// Advances past the next occurrence of `terminator`; fails at end of file.
    private mutating func skip(past terminator: StaticString, what: String) throws {
        let start = pos
        while !atEnd {
            if starts(with: terminator) { pos += terminator.utf8CodeUnitCount; return }
            pos += 1
        }
        throw fail("unterminated \(what) (missing '\(terminator)')", at: start)
    }

    // MARK: - Document

    private mutating func parseDocument() throws -> XMLElementNode {
        if starts(with: "\u{FEFF}") { pos += 3 }
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            throw fail("the file is UTF-16; save it as UTF-8")
        }
        if bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B {
            throw fail("the file is gzip-compressed (.svgz); decompress it first (gunzip)")
        }
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var elementCount = 0
        while true {
            if stack.isEmpty {
                skipSpace()
                if atEnd { break }
                guard peek() == 0x3C else {
                    throw fail(root == nil ? "expected '<' to start the document, found '\(printable(peek()!))' (is this an SVG file?)"
                               : "text after the root element")
                }
            }
            if atEnd {
                let open = stack.last!
                throw fail("unexpected end of file: <\(open.name)> opened at \(open.line):\(open.column) is not closed")
            }
            if peek() != 0x3C {
                try parseText(into: stack.last!)
                continue
            }
            let tagStart = pos
            if starts(with: "<!--") {
                pos += 4; try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard let top = stack.last else { throw fail("CDATA outside the root element") }
                pos += 9
                let s = pos
                try skip(past: "]]>", what: "CDATA section")
                top.text += String(decoding: bytes[s..<(pos - 3)], as: UTF8.self)
            } else if starts(with: "<?") {
                pos += 2; try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!DOCTYPE") {
                guard root == nil, stack.isEmpty else { throw fail("DOCTYPE after the root element started") }
                pos += 9
                try parseDoctype()
            } else if starts(with: "</") {
                pos += 2
                let n = try name()
                skipSpace()
                try expect(0x3E, "'>' to end the closing tag </\(n)>")
                guard let open = stack.popLast() else { throw fail("closing tag </\(n)> without an opening tag", at: tagStart) }
                let openName = open.qualifiedName
                guard openName == n else {
                    throw fail("closing tag </\(n)> does not match <\(openName)> opened at \(open.line):\(open.column)", at: tagStart)
                }
            } else if starts(with: "<!") {
                throw fail("unexpected markup declaration '<!' outside a DOCTYPE")
            } else {
                if root != nil && stack.isEmpty { throw fail("a second root element (a document has exactly one)") }
                pos += 1
                let (node, selfClosing) = try parseStartTag(start: tagStart, depth: stack.count)
                elementCount += 1
                guard elementCount <= limits.maxElements else { throw SVGError.tooManyElements(limit: limits.maxElements) }
                if let parent = stack.last { node.parent = parent; parent.children.append(node) } else { root = node }
                if !selfClosing {
                    guard stack.count < limits.maxDepth else {
                        let l = location(tagStart)
                        throw SVGError.nestingTooDeep(line: l.line, column: l.column, limit: limits.maxDepth)
                    }
                    stack.append(node)
                }
            }
        }
        guard let r = root else { throw fail("the document has no root element (empty file?)") }
        return r
    }

    private mutating func parseStartTag(start: Int, depth: Int) throws -> (XMLElementNode, Bool) {
        let n = try name()
        var attrs: [String: String] = [:]
        var selfClosing = false
        while true {
            let hadSpace = peek().map(XMLReader.isSpace) ?? false
            skipSpace()
            guard let b = peek() else { throw fail("unexpected end of file inside the tag <\(n)>", at: start) }
            if b == 0x3E { pos += 1; break }
            if b == 0x2F {
                pos += 1
                try expect(0x3E, "'>' after '/' in <\(n)/>")
                selfClosing = true
                break
            }
            guard hadSpace else { throw fail("expected whitespace between attributes in <\(n)>") }
            let attrPos = pos
            let an = try name()
            skipSpace()
            try expect(0x3D, "'=' after the attribute name '\(an)'")
            skipSpace()
            let v = try attributeValue()
            guard attrs[an] == nil else { throw fail("attribute '\(an)' appears twice", at: attrPos) }
            attrs[an] = v
            guard attrs.count <= limits.maxAttributesPerElement else { throw fail("too many attributes on <\(n)>", at: attrPos) }
        }
        let l = location(start)
        let node = XMLElementNode(name: XMLReader.localName(n), qualifiedName: n, attributes: attrs, line: l.line, column: l.column)
        return (node, selfClosing)
    }

    /// `svg:rect` -> `rect`; names without a prefix are unchanged. Non-SVG prefixed elements keep
    /// their prefix, so the SVG model skips them as unknown.
    private static func localName(_ n: String) -> String {
        if n.hasPrefix("svg:") { return String(n.dropFirst(4)) }
        return n
    }

    private mutating func attributeValue() throws -> String {
        guard let q = peek(), q == 0x22 || q == 0x27 else {
            throw fail(atEnd ? "unexpected end of file, expected a quoted attribute value" : "attribute values must be quoted with \" or '")
        }
        pos += 1
        let start = pos
        var out = ""
        var segment = pos
        while true {
            guard let b = peek() else { throw fail("unterminated attribute value", at: start - 1) }
            if b == q { break }
            if b == 0x3C { throw fail("'<' is not allowed in an attribute value (write &lt;)") }
            if b == 0x26 {
                out += String(decoding: bytes[segment..<pos], as: UTF8.self)
                out += try reference(inAttribute: true)
                segment = pos
                continue
            }
            pos += 1
        }
        out += String(decoding: bytes[segment..<pos], as: UTF8.self)
        pos += 1
        // Attribute-value normalisation: whitespace characters become spaces.
        if out.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            out = String(out.map { $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
        return out
    }

    private mutating func parseText(into node: XMLElementNode) throws {
        var segment = pos
        while let b = peek(), b != 0x3C {
            if b == 0x26 {
                node.text += String(decoding: bytes[segment..<pos], as: UTF8.self)
                node.text += try reference(inAttribute: false)
                segment = pos
                continue
            }
            pos += 1
        }
        node.text += String(decoding: bytes[segment..<pos], as: UTF8.self)
    }

    // MARK: - References and entities

    /// Reads `&...;` at `pos` and returns its expansion.
    private mutating func reference(inAttribute: Bool) throws -> String {
        let start = pos
        pos += 1
        if peek() == 0x23 {
            pos += 1
            var radix = 10
            if peek() == 0x78 { radix = 16; pos += 1 }
            let ds = pos
            while let b = peek(), b != 0x3B, pos - ds < 12 { pos += 1 }
            guard peek() == 0x3B else { throw fail("malformed character reference (expected ';')", at: start) }
            let digits = String(decoding: bytes[ds..<pos], as: UTF8.self)
            pos += 1
            guard let v = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(v), v != 0 else {
                throw fail("invalid character reference '&#\(radix == 16 ? "x" : "")\(digits);'", at: start)
            }
            return String(Character(scalar))
        }
        let n: String
        do { n = try name() } catch { throw fail("'&' must start an entity reference (write &amp; for a literal '&')", at: start) }
        guard peek() == 0x3B else { throw fail("entity reference '&\(n)' is missing its ';'", at: start) }
        pos += 1
        return try expandEntity(n, at: start, depth: 0, inAttribute: inAttribute)
    }

    private mutating func expandEntity(_ n: String, at p: Int, depth: Int, inAttribute: Bool) throws -> String {
        switch n {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "apos": return "'"
        case "quot": return "\""
        default: break
        }
        guard let raw = entities[n] else { throw fail("undefined entity '&\(n);'", at: p) }
        guard depth < limits.maxEntityDepth else {
            let l = location(p)
            throw SVGError.entityExpansionLimit(line: l.line, column: l.column, limit: limits.maxEntityExpansion)
        }
        // Expand nested references inside the replacement text, charging every produced character.
        var out = ""
        var chars = Array(raw.utf8)
        var i = 0
        var seg = 0
        func charge(_ k: Int) throws {
            expanded += k
            if expanded > limits.maxEntityExpansion {
                let l = location(p)
                throw SVGError.entityExpansionLimit(line: l.line, column: l.column, limit: limits.maxEntityExpansion)
            }
        }
        while i < chars.count {
            if chars[i] == 0x26 {
                out += String(decoding: chars[seg..<i], as: UTF8.self)
                try charge(i - seg)
                var j = i + 1
                while j < chars.count, chars[j] != 0x3B { j += 1 }
                guard j < chars.count else { throw fail("entity '\(n)' has a reference without ';'", at: p) }
                let inner = String(decoding: chars[(i + 1)..<j], as: UTF8.self)
                if inner.hasPrefix("#") {
                    let hex = inner.hasPrefix("#x")
                    guard let v = UInt32(inner.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let s = Unicode.Scalar(v), v != 0 else {
                        throw fail("entity '\(n)' has an invalid character reference", at: p)
                    }
                    out.unicodeScalars.append(s)
                    try charge(1)
                } else {
                    let sub = try expandEntity(inner, at: p, depth: depth + 1, inAttribute: inAttribute)
                    try charge(sub.utf8.count)
                    out += sub
                }
                i = j + 1
                seg = i
            } else {
                i += 1
            }
        }
        out += String(decoding: chars[seg..<chars.count], as: UTF8.self)
        try charge(chars.count - seg)
        chars.removeAll()
        if !inAttribute && out.contains("<") {
            throw SVGError.unsupportedDTD(line: location(p).line, column: location(p).column,
                                          reason: "entity '\(n)' contains markup, which this reader does not expand")
        }
        return out
    }

    // MARK: - DOCTYPE

    private mutating func parseDoctype() throws {
        skipSpace()
        _ = try name()
        skipSpace()
        // An external identifier is accepted and ignored: the DTD is never fetched.
        if starts(with: "SYSTEM") || starts(with: "PUBLIC") {
            let isPublic = starts(with: "PUBLIC")
            pos += 6; skipSpace()
            _ = try quoted()
            skipSpace()
            if isPublic, let b = peek(), b == 0x22 || b == 0x27 { _ = try quoted(); skipSpace() }
        }
        if peek() == 0x5B {
            pos += 1
            try parseInternalSubset()
            skipSpace()
        }
        try expect(0x3E, "'>' to end the DOCTYPE")
    }

    private mutating func quoted() throws -> String {
        guard let q = peek(), q == 0x22 || q == 0x27 else { throw fail("expected a quoted string in the DOCTYPE") }
        pos += 1
        let s = pos
        while let b = peek(), b != q { pos += 1 }
        guard !atEnd else { throw fail("unterminated quoted string in the DOCTYPE", at: s - 1) }
        let v = String(decoding: bytes[s..<pos], as: UTF8.self)
        pos += 1
        return v
    }

    private mutating func parseInternalSubset() throws {
        while true {
            skipSpace()
            guard let b = peek() else { throw fail("unterminated DOCTYPE internal subset (missing ']')") }
            if b == 0x5D { pos += 1; return }
            let declStart = pos
            if starts(with: "<!--") { pos += 4; try skip(past: "-->", what: "comment"); continue }
            if starts(with: "<?") { pos += 2; try skip(past: "?>", what: "processing instruction"); continue }
            if starts(with: "<!ENTITY") {
                pos += 8
                skipSpace()
                if peek() == 0x25 {
                    let l = location(declStart)
                    throw SVGError.unsupportedDTD(line: l.line, column: l.column, reason: "parameter entities (<!ENTITY % ...>) are not supported")
                }
                let n = try name()
                skipSpace()
                if starts(with: "SYSTEM") || starts(with: "PUBLIC") {
                    let l = location(declStart)
                    throw SVGError.unsupportedDTD(line: l.line, column: l.column,
                                                  reason: "external entity '\(n)' is refused (files and URLs are never fetched)")
                }
                let v = try quoted()
                skipSpace()
                try expect(0x3E, "'>' to end <!ENTITY \(n)>")
                guard v.utf8.count <= limits.maxEntityExpansion else {
                    let l = location(declStart)
                    throw SVGError.entityExpansionLimit(line: l.line, column: l.column, limit: limits.maxEntityExpansion)
                }
                if entities[n] == nil { entities[n] = v } // the first declaration wins, as XML says
                continue
            }
            if starts(with: "<!") {
                // ELEMENT, ATTLIST, NOTATION: skipped (quotes respected).
                pos += 2
                while let c = peek(), c != 0x3E {
                    if c == 0x22 || c == 0x27 { _ = try quoted() } else { pos += 1 }
                }
                try expect(0x3E, "'>' to end a markup declaration")
                continue
            }
            if b == 0x25 {
                let l = location(declStart)
                throw SVGError.unsupportedDTD(line: l.line, column: l.column, reason: "parameter entity references are not supported")
            }
            throw fail("unexpected content in the DOCTYPE internal subset")
        }
    }
}
