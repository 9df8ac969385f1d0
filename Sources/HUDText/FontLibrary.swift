// FontLibrary: finding fonts through fontconfig and choosing a face for each character.
//
// Design note: fontconfig is the Linux standard for "which file is family X, weight Y" and for
// "which installed font has this character", so the library asks it instead of scanning folders.
// The system font (iOS's San Francisco) is Inter, Helvetica Neue is Nimbus Sans (URW's metric
// clone of Helvetica), and characters a face lacks come from a fixed cascade of Noto families (the
// counterpart of Core Text's cascade list: one face per script, colour emoji first for emoji), then
// from whatever fontconfig ranks best for the character. Every answer depends only on the installed
// fonts and the fixed query, never on the order files were found in, so the same machine always
// picks the same face. Faces are loaded once per (file, index) and shared; choices are memoised.

import Synchronization
import CFontconfig

/// Font discovery and the per-character fallback chain (shared by all `Font`s by default).
public final class FontLibrary: @unchecked Sendable {
    // @unchecked: the fontconfig configuration is only used under `state`'s lock.

    /// The library over the system's fontconfig configuration.
    public static let shared = FontLibrary()

    /// The family standing in for San Francisco (fonts-inter).
    public static let systemFamily = "Inter"
    /// Families standing in for iOS font names (PostScript or family names) that Linux does not have.
    public static let substitutes: [String: (family: String, weight: FontWeight)] = [
        "helveticaneue": ("Nimbus Sans", .regular), "helveticaneue-light": ("Nimbus Sans", .regular),
        "helveticaneue-medium": ("Nimbus Sans", .bold), "helveticaneue-bold": ("Nimbus Sans", .bold),
        "helvetica neue": ("Nimbus Sans", .regular), "helvetica": ("Nimbus Sans", .regular),
        "helvetica-bold": ("Nimbus Sans", .bold), ".sfui-regular": ("Inter", .regular), ".sfui-bold": ("Inter", .bold),
        "sf pro": ("Inter", .regular), "sf pro text": ("Inter", .regular), "san francisco": ("Inter", .regular),
    ]
    /// Fallback families in the order they are tried for a character the face lacks.
    public static let cascade = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                 "Noto Sans Bengali", "Noto Sans Thai", "Noto Sans CJK JP", "Noto Sans Symbols",
                                 "Noto Sans Symbols2", "DejaVu Sans"]
    /// Family for emoji-presentation characters.
    public static let emojiFamily = "Noto Color Emoji"

    private struct State {
        var overrides: [FontWeight: FontFace] = [:]
        var standard: [FontWeight: FontFace] = [:]
        var faces: [String: FontFace?] = [:]            // "file#index" -> face (nil: failed to load)
        var families: [String: FontFace?] = [:]          // "family/weight" -> face
        var choice: [String: FontFace?] = [:]            // "scalar/weight/lang" -> fallback
    }
    private let state = Mutex(State())
    private let config: OpaquePointer?
    /// Extra font folders this library was given (empty: the system configuration only).
    public let directories: [String]

    /// A library over the system's fontconfig configuration, or, with `directories`, over only
    /// the fonts in those folders (deterministic tests, bundled fonts).
    public init(directories: [String] = []) {
        self.directories = directories
        if directories.isEmpty {
            config = FcInitLoadConfigAndFonts()
        } else {
            let c = FcConfigCreate()
            // The user's cache folder, as the system configuration has it (else fontconfig complains
            // that it has nowhere to cache the scan).
            _ = FcConfigParseAndLoadFromMemory(c, "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>", 0)
            for d in directories { _ = FcConfigAppFontAddDir(c, d) }
            config = c
        }
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// Makes `face` the system font for `weight` (both weights when nil), as `--font` does.
    public func setFace(_ face: FontFace, for weight: FontWeight? = nil) {
        state.withLock { s in
            for w in weight.map({ [$0] }) ?? FontWeight.allCases { s.overrides[w] = face }
        }
    }

    /// Loads the font file at `path` (`FILE#INDEX` picks a face of a collection) and makes it the
    /// system font for `weight` (both when nil).
    public func useFont(atPath path: String, for weight: FontWeight? = nil) throws {
        setFace(try FontLibrary.loadFile(path), for: weight)
    }

    /// The system face: Inter Regular / Bold, else fontconfig's sans-serif. Throws
    /// `FontError.noFontFound` (naming the package to install) when there is none.
    public func face(weight: FontWeight) throws -> FontFace {
        if let f = state.withLock({ $0.overrides[weight] ?? $0.standard[weight] }) { return f }
        if weight == .bold, let f = state.withLock({ $0.overrides[.regular] }) { return f }
        guard let face = face(family: FontLibrary.systemFamily, weight: weight, exact: false) else {
            throw FontError.noFontFound
        }
        return state.withLock { s in
            if let existing = s.standard[weight] { return existing }
            s.standard[weight] = face
            return face
        }
    }

    /// A face by family or PostScript name ("Inter", "HelveticaNeue-Bold", "Noto Sans Thai"), as
    /// `UIFont(name:size:)` finds one; iOS names map to their stand-ins (`substitutes`).
    /// Throws `FontError.fontNotFound` when fontconfig knows no such family.
    public func face(named name: String, weight: FontWeight = .regular) throws -> FontFace {
        if let sub = FontLibrary.substitutes[name.lowercased()] {
            let w = weight == .bold ? .bold : sub.weight
            if let f = face(family: sub.family, weight: w, exact: true) { return f }
            throw FontError.fontNotFound(name: name, package: sub.family == "Inter" ? "fonts-inter" : "fonts-urw-base35")
        }
        var family = name, w = weight
        for suffix in ["-Bold", " Bold"] where name.hasSuffix(suffix) {
            family = String(name.dropLast(suffix.count)); w = .bold
        }
        for suffix in ["-Regular", " Regular"] where name.hasSuffix(suffix) { family = String(name.dropLast(suffix.count)) }
        guard let f = face(family: family, weight: w, exact: true) else { throw FontError.fontNotFound(name: name, package: nil) }
        return f
    }

    /// The face fontconfig matches for `family` at `weight`; with `exact`, nil unless the match
    /// really is that family (fontconfig otherwise answers with its default font).
    func face(family: String, weight: FontWeight, exact: Bool) -> FontFace? {
        let key = "\(family)/\(weight)/\(exact)"
        if let f = state.withLock({ $0.families[key] }) { return f }
        var found: FontFace? = nil
        if let m = match(family: family, weight: weight), !exact || m.family.lowercased() == family.lowercased() {
            found = loadedFace(file: m.file, index: m.index)
        }
        state.withLock { $0.families[key] = .some(found) }
        return found
    }

    /// The first fallback face (other than `excluding`) that has a glyph for `scalar`, or nil:
    /// colour emoji for emoji-presentation characters, then the cascade, then fontconfig's best.
    /// `language` ("ja", "zh", "ko") picks the CJK face of the collection for Han characters.
    public func fallbackFace(for scalar: Unicode.Scalar, excluding: FontFace? = nil, weight: FontWeight = .regular,
                             language: String? = nil, emoji: Bool = false) -> FontFace? {
        let key = "\(scalar.value)/\(weight)/\(language ?? "")/\(excluding?.id ?? 0)/\(emoji)"
        if let f = state.withLock({ $0.choice[key] }) { return f }
        var families = FontLibrary.cascade
        switch language {
        case "zh": families = families.map { $0 == "Noto Sans CJK JP" ? "Noto Sans CJK SC" : $0 }
        case "ko": families = families.map { $0 == "Noto Sans CJK JP" ? "Noto Sans CJK KR" : $0 }
        default: break
        }
        if emoji || scalar.properties.isEmojiPresentation { families.insert(FontLibrary.emojiFamily, at: 0) }
        var found: FontFace? = nil
        for family in families {
            if let f = face(family: family, weight: weight, exact: true), f != excluding, f.hasGlyph(for: scalar) {
                found = f
                break
            }
        }
        if found == nil, let m = match(scalar: scalar, weight: weight), let f = loadedFace(file: m.file, index: m.index),
           f != excluding, f.hasGlyph(for: scalar) {
            found = f
        }
        state.withLock { $0.choice[key] = .some(found) }
        return found
    }

    /// Every font file fontconfig knows, sorted by path.
    public func allFontFiles() -> [String] {
        state.withLock { _ in
            guard let pat = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pat) }
            let os = FcObjectSetCreate()!
            defer { FcObjectSetDestroy(os) }
            FcObjectSetAdd(os, "file")
            guard let set = FcFontList(config, pat, os) else { return [] }
            defer { FcFontSetDestroy(set) }
            var files: Set<String> = []
            for i in 0..<Int(set.pointee.nfont) {
                var s: UnsafeMutablePointer<FcChar8>? = nil
                if FcPatternGetString(set.pointee.fonts[i], "file", 0, &s) == FcResultMatch, let s {
                    files.insert(String(cString: s))
                }
            }
            return files.sorted()
        }
    }

    // MARK: - fontconfig

    struct Match { var file: String; var index: Int; var family: String }

    private func match(family: String, weight: FontWeight) -> Match? {
        query { p in
            FcPatternAddString(p, "family", family)
            FcPatternAddInteger(p, "weight", weight == .bold ? 200 : 80)
        }
    }

    private func match(scalar: Unicode.Scalar, weight: FontWeight) -> Match? {
        query { p in
            let cs = FcCharSetCreate()
            FcCharSetAddChar(cs, scalar.value)
            FcPatternAddCharSet(p, "charset", cs)
            FcCharSetDestroy(cs)
            FcPatternAddString(p, "family", "sans-serif")
            FcPatternAddInteger(p, "weight", weight == .bold ? 200 : 80)
        }
    }

    /// One FcFontMatch under the lock (fontconfig's configuration is not reentrant-safe everywhere).
    private func query(_ fill: (OpaquePointer?) -> Void) -> Match? {
        state.withLock { _ -> Match? in
            guard let p = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(p) }
            fill(p)
            FcConfigSubstitute(config, p, FcMatchPattern)
            FcDefaultSubstitute(p)
            var result = FcResultNoMatch
            guard let m = FcFontMatch(config, p, &result) else { return nil }
            defer { FcPatternDestroy(m) }
            var file: UnsafeMutablePointer<FcChar8>? = nil, fam: UnsafeMutablePointer<FcChar8>? = nil
            var index: Int32 = 0
            guard FcPatternGetString(m, "file", 0, &file) == FcResultMatch, let file else { return nil }
            _ = FcPatternGetInteger(m, "index", 0, &index)
            _ = FcPatternGetString(m, "family", 0, &fam)
            return Match(file: String(cString: file), index: Int(index), family: fam.map { String(cString: $0) } ?? "")
        }
    }

    /// The face at `file`/`index`, loaded once (a file that fails to load is remembered as such).
    private func loadedFace(file: String, index: Int) -> FontFace? {
        let key = "\(file)#\(index)"
        if let f = state.withLock({ $0.faces[key] }) { return f }
        let f = try? FontFace(contentsOf: file, index: index)
        return state.withLock { s in
            if let existing = s.faces[key] { return existing }
            s.faces[key] = .some(f)
            return f
        }
    }

    /// A font file, with `#INDEX` after the path choosing a face of a collection (`NotoSansCJK.ttc#2`).
    public static func loadFile(_ spec: String) throws -> FontFace {
        if let hash = spec.lastIndex(of: "#"), let index = Int(spec[spec.index(after: hash)...]) {
            return try FontFace(contentsOf: String(spec[..<hash]), index: index)
        }
        return try FontFace(contentsOf: spec)
    }
}
