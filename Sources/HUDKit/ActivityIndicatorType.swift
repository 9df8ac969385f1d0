// ActivityIndicatorType: the NVActivityIndicatorView animation types hudrender draws.
//
// Design note: the raw value is the kebab-case id used on the command line and in manifests; the
// camelCase case names are NVActivityIndicatorView's own, and parsing accepts both spellings (and
// any case or punctuation) so a user can paste either straight from their Swift code.

/// An NVActivityIndicatorView animation type.
public enum ActivityIndicatorType: String, CaseIterable, Sendable, CustomStringConvertible {
    case ballPulse = "ball-pulse"
    /// NVActivityIndicatorView's default type.
    case ballSpinFadeLoader = "ball-spin-fade-loader"
    case lineScale = "line-scale"
    case audioEqualizer = "audio-equalizer"
    case circleStrokeSpin = "circle-stroke-spin"
    case ballClipRotate = "ball-clip-rotate"
    case ballScale = "ball-scale"
    case ballBeat = "ball-beat"
    case lineSpinFadeLoader = "line-spin-fade-loader"
    case ballRotateChase = "ball-rotate-chase"
    case pacman = "pacman"

    /// NVActivityIndicatorView's default (`.ballSpinFadeLoader`).
    public static let `default` = ActivityIndicatorType.ballSpinFadeLoader

    /// The kebab-case id, e.g. "ball-pulse".
    public var id: String { rawValue }

    /// NVActivityIndicatorView's Swift name, e.g. "ballPulse".
    public var camelCaseName: String {
        var out = ""
        var upper = false
        for ch in rawValue {
            if ch == "-" { upper = true; continue }
            out += upper ? ch.uppercased() : String(ch)
            upper = false
        }
        return out
    }

    public var description: String { rawValue }

    /// Parses "ball-pulse", "ballPulse", ".ballPulse", "BALL_PULSE" alike.
    /// - Throws: `ActivityIndicatorError.unknownType` listing the valid names.
    public init(_ name: String) throws {
        let key = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        for t in ActivityIndicatorType.allCases where t.rawValue.filter({ $0 != "-" }) == key {
            self = t
            return
        }
        throw ActivityIndicatorError.unknownType(name)
    }
}

/// Errors from choosing an activity indicator.
public enum ActivityIndicatorError: Error, Equatable, CustomStringConvertible {
    case unknownType(String)
    public var description: String {
        switch self {
        case .unknownType(let s):
            let names = ActivityIndicatorType.allCases.map(\.rawValue).joined(separator: ", ")
            return "Unknown activity indicator type \"\(s)\". Use one of: \(names) (NVActivityIndicatorView's camelCase names work too)."
        }
    }
}
