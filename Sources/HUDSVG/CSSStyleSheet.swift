// CSSStyleSheet: the small part of CSS that SVG icons use: `style` attributes and `<style>` rules
// with type, class, id and universal selectors (and compounds of them such as `rect.accent`).
//
// Design note: rules are kept in source order with their specificity; the cascade in SVGNode applies
// presentation attributes, then matching rules (lowest specificity first, later rules winning ties),
// then the `style` attribute. Combinators, pseudo-classes and at-rules are skipped with a warning
// rather than guessed at, so an unsupported rule never applies to the wrong element.

struct CSSStyleSheet {
    struct SimpleSelector {
        var type: String? // nil = any
        var id: String?
        var classes: [String] = []
        var specificity: Int { (id == nil ? 0 : 10_000) + classes.count * 100 + (type == nil ? 0 : 1) }

        func matches(name: String, id elementID: String?, classes elementClasses: [String]) -> Bool {
            if let t = type, t != name { return false }
            if let i = id, i != elementID { return false }
            for c in classes where !elementClasses.contains(c) { return false }
            return true
        }
    }
    struct Rule {
        var selector: SimpleSelector
        var declarations: [(String, String)]
        var order: Int
    }

    private(set) var rules: [Rule] = []
    /// Rule indices by the most specific key of their selector, so that matching an element looks
    /// only at rules that can apply (documents may have many rules and many elements).
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byType: [String: [Int]] = [:]
    private var universal: [Int] = []

    private mutating func index(_ r: Rule) {
        let i = rules.count
        rules.append(r)
        if let id = r.selector.id { byID[id, default: []].append(i) }
        else if let c = r.selector.classes.first { byClass[c, default: []].append(i) }
        else if let t = r.selector.type { byType[t, default: []].append(i) }
        else { universal.append(i) }
    }

    /// Adds the rules of one `<style>` element's text, collecting warnings for what is skipped.
    mutating func add(_ text: String, warnings: inout [String]) {
        let css = CSSStyleSheet.stripComments(text)
        var rest = Substring(css)
        while let open = rest.firstIndex(of: "{") {
            let prelude = rest[..<open].trimmingSpaces
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let body = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if prelude.hasPrefix("@") {
                warnings.append("CSS at-rule '\(prelude.prefix(40))' is not supported and was skipped")
                // A block at-rule such as @media holds nested rules; skip to its matching brace.
                if body.contains("{") || prelude.hasPrefix("@media") || prelude.hasPrefix("@supports") {
                    var depth = 1
                    while depth > 0, let i = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                        depth += rest[i] == "{" ? 1 : -1
                        rest = rest[rest.index(after: i)...]
                    }
                }
                continue
            }
            let decls = CSSStyleSheet.declarations(String(body))
            for sel in prelude.split(separator: ",") {
                let s = sel.trimmingSpaces
                if let parsed = CSSStyleSheet.parseSelector(s) {
                    index(Rule(selector: parsed, declarations: decls, order: rules.count))
                } else {
                    warnings.append("CSS selector '\(s.prefix(60))' is not supported (only type, .class, #id and * ); its rule was skipped")
                }
            }
        }
    }

    /// The declarations that apply to an element, in cascade order (later wins).
    func declarations(forName name: String, id: String?, classes: [String]) -> [(String, String)] {
        guard !rules.isEmpty else { return [] }
        var candidates = universal + (byType[name] ?? [])
        if let id { candidates += byID[id] ?? [] }
        for c in Set(classes) { candidates += byClass[c] ?? [] }
        let matching = Set(candidates).map { rules[$0] }
            .filter { $0.selector.matches(name: name, id: id, classes: classes) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
        return matching.flatMap { $0.declarations }
    }

    static func parseSelector(_ s: String) -> SimpleSelector? {
        guard !s.isEmpty else { return nil }
        var sel = SimpleSelector()
        var chars = Substring(s)
        func ident() -> String {
            let end = chars.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) ?? chars.endIndex
            let v = String(chars[..<end]); chars = chars[end...]; return v
        }
        if chars.first == "*" { chars = chars.dropFirst() } else if let f = chars.first, f.isLetter {
            sel.type = ident()
        }
        while let f = chars.first {
            if f == "." { chars = chars.dropFirst(); let c = ident(); if c.isEmpty { return nil }; sel.classes.append(c) }
            else if f == "#" { chars = chars.dropFirst(); let i = ident(); if i.isEmpty || sel.id != nil { return nil }; sel.id = i }
            else { return nil }
        }
        return sel
    }

    static func stripComments(_ s: String) -> String {
        guard s.contains("/*") else { return s }
        var out = ""
        var rest = Substring(s)
        while let r = rest.range(of: "/*") {
            out += rest[..<r.lowerBound]
            guard let e = rest[r.upperBound...].range(of: "*/") else { return out }
            rest = rest[e.upperBound...]
        }
        out += rest
        return out
    }

    /// `name: value; name2: value2` to pairs (names lower-cased, values trimmed, `!important` dropped).
    static func declarations(_ text: String) -> [(String, String)] {
        let css = stripComments(text)
        var out: [(String, String)] = []
        for item in css.split(separator: ";") {
            guard let colon = item.firstIndex(of: ":") else { continue }
            let name = item[..<colon].trimmingSpaces.lowercased()
            var value = item[item.index(after: colon)...].trimmingSpaces
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmingSpaces }
            guard !name.isEmpty, !value.isEmpty else { continue }
            out.append((name, value))
        }
        return out
    }
}

extension Substring {
    func range(of needle: String) -> Range<Substring.Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
