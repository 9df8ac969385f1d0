// XMLElementNode: the tiny element tree the XML reader produces and the SVG model reads.
//
// Design note: a reference type so that `<use>` and gradient `href`s can point at elements by id
// without copying subtrees. Only what SVG needs is kept: qualified name, attributes, children, the
// concatenated character data (for `<style>`), and the source position for messages.

/// One element of a parsed XML document.
final class XMLElementNode {
    /// Qualified name with a known SVG namespace prefix removed (e.g. `rect`, `xlink:href` stays on attributes).
    let name: String
    /// The name as written in the file (used to match the end tag).
    let qualifiedName: String
    /// Attributes by qualified name (`xlink:href` keeps its prefix; SVG-namespace prefixes are removed).
    var attributes: [String: String]
    var children: [XMLElementNode] = []
    /// Character data directly inside this element (text and CDATA), concatenated.
    var text: String = ""
    let line: Int
    let column: Int
    weak var parent: XMLElementNode?

    init(name: String, qualifiedName: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name; self.qualifiedName = qualifiedName; self.attributes = attributes; self.line = line; self.column = column
    }
}
