// Device: the table of screens hudrender can put a component on.
//
// Design note: a device is plain data (point size, scale, portrait safe area, status bar, screen
// cut-out), never behaviour, so every component lays itself out from the same numbers UIKit would
// give it. The notch outline is described with the very numbers GradientLoadingBar's notch variant
// uses (notch width, 6 pt "ear" arcs, a large corner arc and its vertical offset), so the black notch
// drawn on the mock screen and the loading bar that hugs it can never disagree. Lookup is forgiving
// ("iphone-14-pro", "iPhone 14 Pro", "14pro") and a miss answers with the closest name.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

/// An iOS device screen in portrait orientation, as UIKit reports it.
public struct Device: Hashable, Sendable, CustomStringConvertible {
    /// Distances inset from each edge, in points (like `UIEdgeInsets`).
    public struct Insets: Hashable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let zero = Insets()
    }

    /// The geometry of a notch, in the terms of GradientLoadingBar's `NotchLayout` (after PaintCode's
    /// "iPhone X screen demystified"): the notch's width between the small "ear" arcs, the radius of
    /// those ear arcs (6 pt), the radius of the large lower corner arcs, the vertical offset of the
    /// large arcs' centres from `2 * smallCircleRadius`, and a horizontal nudge for notches that
    /// sit slightly off-centre.
    public struct NotchLayout: Hashable, Sendable {
        public var notchWidth: Double
        public var smallCircleRadius: Double
        public var largeCircleRadius: Double
        public var largeCircleVerticalOffset: Double
        public var horizontalOffset: Double
        public init(notchWidth: Double, smallCircleRadius: Double = 6, largeCircleRadius: Double,
                    largeCircleVerticalOffset: Double, horizontalOffset: Double = 0) {
            self.notchWidth = notchWidth; self.smallCircleRadius = smallCircleRadius
            self.largeCircleRadius = largeCircleRadius; self.largeCircleVerticalOffset = largeCircleVerticalOffset
            self.horizontalOffset = horizontalOffset
        }
        /// How far the notch reaches down from the top edge of the screen, in points.
        public var depth: Double { 2 * smallCircleRadius + largeCircleVerticalOffset + largeCircleRadius }
    }

    /// What interrupts the top of the display.
    public enum Cutout: Hashable, Sendable {
        /// A plain rectangular top edge (home-button iPhones, iPads).
        case none
        /// The TrueDepth notch (iPhone X to iPhone 14 / 14 Plus).
        case notch(NotchLayout)
        /// The Dynamic Island pill, as a rect in points (iPhone 14 Pro and later).
        case dynamicIsland(Rect)
    }

    /// The marketing name, e.g. "iPhone 14 Pro".
    public let name: String
    /// A kebab-case identifier, e.g. "iphone-14-pro".
    public let id: String
    /// The screen size in points, portrait.
    public let pointSize: Size
    /// Points to pixels (`UIScreen.scale`).
    public let scale: Double
    /// The key window's `safeAreaInsets` in portrait.
    public let safeAreaInsets: Insets
    /// The status bar's height in portrait (below the notch or island on cut-out devices).
    public let statusBarHeight: Double
    /// The radius of the display's rounded corners in points (0 for square displays).
    public let displayCornerRadius: Double
    /// The notch or Dynamic Island, if any.
    public let cutout: Cutout
    /// Whether the device has a home indicator (no home button).
    public var hasHomeIndicator: Bool { safeAreaInsets.bottom > 0 }
    /// Whether this is an iPad (affects the mock app's layout only).
    public let isPad: Bool

    public init(name: String, id: String, pointSize: Size, scale: Double, safeAreaInsets: Insets,
                statusBarHeight: Double, displayCornerRadius: Double = 0, cutout: Cutout = .none, isPad: Bool = false) {
        self.name = name; self.id = id; self.pointSize = pointSize; self.scale = scale
        self.safeAreaInsets = safeAreaInsets; self.statusBarHeight = statusBarHeight
        self.displayCornerRadius = displayCornerRadius; self.cutout = cutout; self.isPad = isPad
    }

    /// The screen in pixels at the device's own scale.
    public var pixelSize: (width: Int, height: Int) {
        (Int((pointSize.width * scale).rounded()), Int((pointSize.height * scale).rounded()))
    }

    /// The notch geometry GradientLoadingBar's notch variant follows on this device, or nil where the
    /// library falls back to the straight bar (no notch, or a Dynamic Island).
    public var notchLayout: NotchLayout? {
        if case .notch(let layout) = cutout { return layout }
        return nil
    }

    public var description: String { name }

    /// The notch outline as a closed path in points (y-down, screen top at y = 0), extended a little
    /// above the screen so that anti-aliasing never leaves a light seam along the top edge.
    public func cutoutPath() -> Path? {
        switch cutout {
        case .none: return nil
        case .dynamicIsland(let r):
            return KitShapes.capsule(r)
        case .notch(let n):
            let cx = pointSize.width / 2 + n.horizontalOffset
            let s = n.smallCircleRadius, big = n.largeCircleRadius
            let leftSmall = Point(x: cx - n.notchWidth / 2 - s, y: s)
            let rightSmall = Point(x: cx + n.notchWidth / 2 + s, y: s)
            let leftLarge = Point(x: cx - n.notchWidth / 2 + big, y: 2 * s + n.largeCircleVerticalOffset)
            let rightLarge = Point(x: cx + n.notchWidth / 2 - big, y: 2 * s + n.largeCircleVerticalOffset)
            var p = Path()
            p.move(to: Point(x: leftSmall.x, y: -2))
            p.addLine(to: Point(x: leftSmall.x, y: 0))
            p.addArc(withCenter: leftSmall, radius: s, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
            p.addArc(withCenter: leftLarge, radius: big, startAngle: .pi, endAngle: .pi / 2, clockwise: false)
            p.addLine(to: Point(x: rightLarge.x, y: rightLarge.y + big))
            p.addArc(withCenter: rightLarge, radius: big, startAngle: .pi / 2, endAngle: 0, clockwise: false)
            p.addArc(withCenter: rightSmall, radius: s, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
            p.addLine(to: Point(x: rightSmall.x, y: -2))
            p.closeSubpath()
            return p
        }
    }
}

// MARK: - The table

extension Device {
    private static func phone(_ name: String, _ w: Double, _ h: Double, scale: Double, top: Double, bottom: Double,
                              statusBar: Double? = nil, corner: Double, cutout: Cutout = .none) -> Device {
        Device(name: name, id: kebab(name), pointSize: Size(width: w, height: h), scale: scale,
               safeAreaInsets: Insets(top: top, bottom: bottom), statusBarHeight: statusBar ?? top,
               displayCornerRadius: corner, cutout: cutout)
    }
    // GradientLoadingBar's notch numbers (NotchGradientLoadingBarController), see motion.md.
    private static let notch11 = NotchLayout(notchWidth: 230, largeCircleRadius: 24, largeCircleVerticalOffset: -3.5)
    private static let notch11Pro = NotchLayout(notchWidth: 208, largeCircleRadius: 21, largeCircleVerticalOffset: -3.5, horizontalOffset: 0.35)
    private static let notch11ProMax = NotchLayout(notchWidth: 209, largeCircleRadius: 21, largeCircleVerticalOffset: -3.5)
    private static let notch12Mini = NotchLayout(notchWidth: 226, largeCircleRadius: 24, largeCircleVerticalOffset: -2)
    private static let notch12 = NotchLayout(notchWidth: 209.75, largeCircleRadius: 21, largeCircleVerticalOffset: -1.75)
    private static let notch12ProMax = NotchLayout(notchWidth: 209, largeCircleRadius: 21, largeCircleVerticalOffset: -1.75)
    private static let notch13Mini = NotchLayout(notchWidth: 174.75, largeCircleRadius: 24.5, largeCircleVerticalOffset: 0.5)
    private static let notch13 = NotchLayout(notchWidth: 161.25, largeCircleRadius: 22, largeCircleVerticalOffset: -1)
    // The Dynamic Island: 126 x 37.33 pt, 11.33 pt below the top edge, centred.
    private static func island(_ width: Double) -> Cutout {
        .dynamicIsland(Rect(x: (width - 126) / 2, y: 11.33, width: 126, height: 37.33))
    }

    public static let iPhoneSE3 = phone("iPhone SE (3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0, corner: 0)
    public static let iPhone11 = phone("iPhone 11", 414, 896, scale: 2, top: 48, bottom: 34, corner: 41.5, cutout: .notch(notch11))
    public static let iPhone11Pro = phone("iPhone 11 Pro", 375, 812, scale: 3, top: 44, bottom: 34, corner: 39, cutout: .notch(notch11Pro))
    public static let iPhone11ProMax = phone("iPhone 11 Pro Max", 414, 896, scale: 3, top: 44, bottom: 34, corner: 39, cutout: .notch(notch11ProMax))
    public static let iPhone12Mini = phone("iPhone 12 mini", 375, 812, scale: 3, top: 50, bottom: 34, corner: 44, cutout: .notch(notch12Mini))
    public static let iPhone12 = phone("iPhone 12", 390, 844, scale: 3, top: 47, bottom: 34, corner: 47.33, cutout: .notch(notch12))
    public static let iPhone12Pro = phone("iPhone 12 Pro", 390, 844, scale: 3, top: 47, bottom: 34, corner: 47.33, cutout: .notch(notch12))
    public static let iPhone12ProMax = phone("iPhone 12 Pro Max", 428, 926, scale: 3, top: 47, bottom: 34, corner: 53.33, cutout: .notch(notch12ProMax))
    public static let iPhone13Mini = phone("iPhone 13 mini", 375, 812, scale: 3, top: 50, bottom: 34, corner: 44, cutout: .notch(notch13Mini))
    public static let iPhone13 = phone("iPhone 13", 390, 844, scale: 3, top: 47, bottom: 34, corner: 47.33, cutout: .notch(notch13))
    public static let iPhone13Pro = phone("iPhone 13 Pro", 390, 844, scale: 3, top: 47, bottom: 34, corner: 47.33, cutout: .notch(notch13))
    public static let iPhone13ProMax = phone("iPhone 13 Pro Max", 428, 926, scale: 3, top: 47, bottom: 34, corner: 53.33, cutout: .notch(notch13))
    public static let iPhone14 = phone("iPhone 14", 390, 844, scale: 3, top: 47, bottom: 34, corner: 47.33, cutout: .notch(notch13))
    public static let iPhone14Plus = phone("iPhone 14 Plus", 428, 926, scale: 3, top: 47, bottom: 34, corner: 53.33, cutout: .notch(notch13))
    public static let iPhone14Pro = phone("iPhone 14 Pro", 393, 852, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(393))
    public static let iPhone14ProMax = phone("iPhone 14 Pro Max", 430, 932, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(430))
    public static let iPhone15 = phone("iPhone 15", 393, 852, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(393))
    public static let iPhone15Plus = phone("iPhone 15 Plus", 430, 932, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(430))
    public static let iPhone15Pro = phone("iPhone 15 Pro", 393, 852, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(393))
    public static let iPhone15ProMax = phone("iPhone 15 Pro Max", 430, 932, scale: 3, top: 59, bottom: 34, statusBar: 54, corner: 55, cutout: island(430))
    public static let iPad10 = Device(name: "iPad (10th generation)", id: "ipad-10th-generation",
                                      pointSize: Size(width: 820, height: 1180), scale: 2,
                                      safeAreaInsets: Insets(top: 24, bottom: 20), statusBarHeight: 24,
                                      displayCornerRadius: 18, cutout: .none, isPad: true)

    /// Every device in the table, smallest iPhone first.
    public static let all: [Device] = [
        iPhoneSE3, iPhone11, iPhone11Pro, iPhone11ProMax, iPhone12Mini, iPhone12, iPhone12Pro, iPhone12ProMax,
        iPhone13Mini, iPhone13, iPhone13Pro, iPhone13ProMax, iPhone14, iPhone14Plus, iPhone14Pro, iPhone14ProMax,
        iPhone15, iPhone15Plus, iPhone15Pro, iPhone15ProMax, iPad10,
    ]

    /// The device used when none is named.
    public static let `default` = iPhone14

    /// "iPhone SE (3rd generation)" -> "iphone-se-3rd-generation".
    static func kebab(_ s: String) -> String {
        var out = ""
        var pendingDash = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(ch)
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// Letters and digits only, lower-cased: the form names are compared in.
    static func squash(_ s: String) -> String {
        String(s.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Forms a device may be asked for by: its name, its id, and both without "iphone"/"gen"/"generation".
    private func aliases() -> [String] {
        let full = Device.squash(name)
        var forms = [full]
        var short = full
        for word in ["generation", "gen"] { short = short.replacingAll(word, with: "") }
        forms.append(short)
        // "3rd" may be typed as "3".
        forms.append(short.replacingAll("3rd", with: "3").replacingAll("10th", with: "10"))
        if short.hasPrefix("iphone") {
            forms.append(String(short.dropFirst(6)))
            forms.append(String(short.dropFirst(6)).replacingAll("3rd", with: "3"))
        }
        return forms
    }

    /// Finds a device by name or id, ignoring case, spaces, dashes and punctuation
    /// ("iPhone 14 Pro", "iphone-14-pro", "14 pro" all work).
    /// - Throws: `DeviceError.unknownDevice` naming the closest match.
    public static func named(_ query: String) throws -> Device {
        let q = squash(query)
        var qForms = [q, q.replacingAll("generation", with: "").replacingAll("gen", with: "")]
        if q.hasPrefix("iphone") { qForms.append(String(q.dropFirst(6))) }
        for d in all where d.aliases().contains(where: { qForms.contains($0) }) { return d }
        // A prefix that only one device has ("iphone se", "ipad") is unambiguous.
        let prefixed = all.filter { d in d.aliases().contains { a in qForms.contains { !$0.isEmpty && a.hasPrefix($0) } } }
        if prefixed.count == 1 { return prefixed[0] }
        var best: (Device, Int)? = nil
        // Newest first, so a tie ("iphone-16" is one letter from 11 and from 15) names the newer
        // device; the suggestion is the id, a value `--device` and `Device.named` take as written.
        for d in all.reversed() {
            let dist = d.aliases().map { editDistance($0, q) }.min() ?? Int.max
            if best == nil || dist < best!.1 { best = (d, dist) }
        }
        let suggestion = best.flatMap { $0.1 <= max(3, q.count / 3) ? $0.0.id : nil }
        throw DeviceError.unknownDevice(query, suggestion: suggestion)
    }

    /// Levenshtein distance, for "did you mean".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }
}

/// Errors from the device table.
public enum DeviceError: Error, Equatable, CustomStringConvertible {
    /// No device matched the name; `suggestion` is the closest known device's id, if any is close.
    case unknownDevice(String, suggestion: String?)

    public var description: String {
        switch self {
        case .unknownDevice(let name, let suggestion):
            let hint = suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
            let list = Device.all.map(\.id).joined(separator: ", ")
            return "Unknown device \"\(name)\".\(hint) Use one of: \(list)."
        }
    }
}

fileprivate extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[rest.startIndex..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}
