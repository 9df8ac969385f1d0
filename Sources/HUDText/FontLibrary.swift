// FontLibrary: finding fonts on the system and choosing a face for each character.
//
// Design note: the system font is DejaVu Sans (Debian's fonts-dejavu-core), looked for first at its
// standard path and then by file name in the usual font folders. Every other font file found there
// forms the per-character fallback chain, ordered deterministically (DejaVu first, then by path) so
// the same machine always picks the same face. Fallback files are parsed lazily, only when a
// character is missing from the faces before them, and both hits and misses are memoised.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Font discovery and the per-character fallback chain (shared by all `Font`s by default).
public final class FontLibrary: Sendable {
    /// The library over the standard font folders.
    public static let shared = FontLibrary()

    /// Debian's location of fonts-dejavu-core (looked at first).
    public static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"
    static let fileNames: [FontWeight: String] = [.regular: "DejaVuSans.ttf", .bold: "DejaVuSans-Bold.ttf"]

    /// The usual font folders: /usr/share/fonts, /usr/local/share/fonts, ~/.fonts, ~/.local/share/fonts.
    public static var defaultDirectories: [String] {
        var dirs = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            dirs += [home + "/.fonts", home + "/.local/share/fonts"]
        }
        return dirs
    }

    private struct State {
        var overrides: [FontWeight: FontFace] = [:]
        var standard: [FontWeight: FontFace] = [:]
        var candidates: [String]? = nil
        var fallbacks: [FontFace] = []
        var nextCandidate = 0
        var choice: [UInt32: Int] = [:]   // scalar -> index in fallbacks, -1 = no face has it
    }
    private let state = Mutex(State())
    /// The folders searched.
    public let directories: [String]

    /// A library searching `directories` (the usual font folders by default).
    public init(directories: [String] = FontLibrary.defaultDirectories) {
        self.directories = directories
    }

    /// Makes `face` the system font for `weight` (both weights when nil), as `--font PATH` does.
    public func setFace(_ face: FontFace, for weight: FontWeight? = nil) {
        state.withLock { s in
            for w in weight.map({ [$0] }) ?? FontWeight.allCases { s.overrides[w] = face }
            s.choice = [:]
        }
    }

    /// Loads the TrueType file at `path` and makes it the system font for `weight` (both when nil).
    public func useFont(atPath path: String, for weight: FontWeight? = nil) throws {
        setFace(try FontFace(contentsOf: path), for: weight)
    }

    /// The system face: DejaVu Sans (`.regular`) or DejaVu Sans Bold (`.bold`, else the regular face),
    /// else the first usable font found. Throws `FontError.noFontFound` when there is none.
    public func face(weight: FontWeight) throws -> FontFace {
        if let f = state.withLock({ $0.overrides[weight] ?? $0.standard[weight] }) { return f }
        if weight == .bold, let f = state.withLock({ $0.overrides[.regular] }) { return f }
        var found: FontFace? = nil
        let name = FontLibrary.fileNames[weight]!
        // Debian's layout below each folder (/usr/share/fonts/truetype/dejavu) before a full scan.
        let standardPaths = directories.map { $0 + "/truetype/dejavu/" + name }
        if let f = standardPaths.lazy.compactMap({ try? FontFace(contentsOf: $0) }).first {
            found = f
        } else if let p = allFontFiles().first(where: { $0.hasSuffix("/" + name) }), let f = try? FontFace(contentsOf: p) {
            found = f
        } else if weight == .bold {
            found = try? face(weight: .regular)
        } else {
            // No DejaVu: the first font that parses, preferring a sans face.
            let files = allFontFiles()
            for p in files.filter({ $0.lowercased().contains("sans") }) + files {
                if let f = try? FontFace(contentsOf: p) { found = f; break }
            }
        }
        guard let face = found else { throw FontError.noFontFound }
        return state.withLock { s in
            if let existing = s.standard[weight] { return existing }
            s.standard[weight] = face
            return face
        }
    }

    /// Every font file (.ttf, .otf, .ttc) in the search folders, DejaVu Sans first, then by path.
    public func allFontFiles() -> [String] {
        if let c = state.withLock({ $0.candidates }) { return c }
        var files: [String] = []
        var visited = Set<[UInt64]>()
        for dir in directories { FontLibrary.scan(dir, depth: 0, into: &files, visited: &visited) }
        func rank(_ p: String) -> Int {
            if p.hasSuffix("/DejaVuSans.ttf") { return 0 }
            if p.hasSuffix("/DejaVuSans-Bold.ttf") { return 1 }
            if p.contains("/DejaVuSans") { return 2 }
            if p.contains("DejaVu") { return 3 }
            return 4
        }
        let sorted = Set(files).sorted { (rank($0), $0) < (rank($1), $1) }
        return state.withLock { s in
            if s.candidates == nil { s.candidates = sorted }
            return s.candidates!
        }
    }

    /// The first fallback face (other than `excluding`) that has a glyph for `scalar`, or nil.
    public func fallbackFace(for scalar: Unicode.Scalar, excluding: FontFace? = nil) -> FontFace? {
        let files = allFontFiles()
        return state.withLock { s -> FontFace? in
            let skip = excluding?.id
            // Memoised choice (made ignoring `excluding`; re-check below when it is the excluded face).
            if let i = s.choice[scalar.value] {
                if i < 0 { return nil }
                if s.fallbacks[i].id != skip { return s.fallbacks[i] }
            }
            for (i, f) in s.fallbacks.enumerated() where f.id != skip && f.hasGlyph(for: scalar) {
                s.choice[scalar.value] = i
                return f
            }
            // Parse more files until one has the glyph.
            while s.nextCandidate < files.count {
                let path = files[s.nextCandidate]
                s.nextCandidate += 1
                let count = (try? FontFace.faceCount(in: FontFace.readFile(path))) ?? 0
                for index in 0..<min(count, 16) {
                    guard let f = try? FontFace(contentsOf: path, index: index) else { continue }
                    s.fallbacks.append(f)
                    if f.hasGlyph(for: scalar), f.id != skip {
                        s.choice[scalar.value] = s.fallbacks.count - 1
                        return f
                    }
                }
            }
            s.choice[scalar.value] = -1
            return nil
        }
    }

    /// Collects font files below `dir` (bounded depth and count: font folders are shallow).
    private static func scan(_ dir: String, depth: Int, into files: inout [String], visited: inout Set<[UInt64]>) {
        // Each directory once (by device and inode), so symlink loops cannot recurse forever.
        var dst = stat()
        guard depth < 8, files.count < 4000, stat(dir, &dst) == 0,
              visited.insert([UInt64(dst.st_dev), UInt64(dst.st_ino)]).inserted, let d = opendir(dir) else { return }
        defer { closedir(d) }
        var entries: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            entries.append(name)
        }
        for name in entries.sorted() {
            let path = dir + "/" + name
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                scan(path, depth: depth + 1, into: &files, visited: &visited)
            } else if (st.st_mode & S_IFMT) == S_IFREG {
                let lower = name.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") { files.append(path) }
            }
        }
    }
}
