// JSONValue: a parsed JSON document that keeps what strict validation needs.
//
// Design note: Foundation's JSONSerialization blurs `true` and `1` (both NSNumber) and forgets key
// order and duplicate keys, which a strict storyboard validator must report. A small value type
// with object members in document order, plus `JSONReader` to parse it, keeps every message exact:
// `events[2].at: expected seconds as a number, got "soon"`.

enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// How the value is described in "expected X, got Y" messages.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let n): return format(n)
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }
}
