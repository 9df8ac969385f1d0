// NameSuggester: "did you mean" by edit distance.
//
// Design note: edit distance (with adjacent transpositions) over Unicode scalars is plenty for option and value names
// (all short, ASCII); a suggestion is only offered when it is close relative to the word's length,
// so that a wild guess ("--xyz") gets the list of valid names rather than a misleading hint.

enum NameSuggester {
    /// Edit distance counting insertions, deletions, substitutions and transpositions of adjacent
    /// letters (optimal string alignment), case-insensitive: "rign" is one edit from "ring".
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    /// The candidate nearest to `word`, if it is near enough to be a plausible typo.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let normalized = word.lowercased()
        // A prefix ("--dur" for "--duration") is the most likely intent.
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(normalized) && !normalized.isEmpty }
        if prefixed.count == 1 { return prefixed[0] }
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word, c)
            if best == nil || d < best!.1 { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        let allowed = max(1, min(3, (max(word.count, name.count) + 2) / 4))
        return d <= allowed ? name : nil
    }
}
