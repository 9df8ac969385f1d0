// TextParagraph: one paragraph itemised, shaped and measured, ready to be broken into lines.
//
// Design note: the pipeline is the one Pango and Core Text use. (1) The paragraph is split into
// grapheme clusters, and each cluster gets a face (the font's, else a fallback that has it, so an
// emoji ZWJ sequence or a base and its marks never mix faces). (2) FriBiDi resolves bidi levels and
// HarfBuzz's Unicode data the script of each character (common and inherited characters take their
// neighbours'). (3) Maximal runs of equal face, level and script are shaped by HarfBuzz. (4) Glyph
// advances are summed per cluster, in logical order, for the line breaker; lines take slices of the
// shaped runs and reorder them visually. Nothing here touches pixels.

/// A shaped paragraph.
struct TextParagraph {
    struct Cluster {
        var range: Range<Int>           // scalars
        var character: Character
        var face: FontFace
        var width = 0.0                  // points, letter spacing excluded
        var isSpace = false
        var breakAfter = false
    }

    let scalars: [Unicode.Scalar]
    let isRightToLeft: Bool
    var clusters: [Cluster] = []
    var runs: [TextRun] = []
    /// Cluster index of every scalar.
    var clusterOf: [Int] = []

    init(_ text: Substring, font: Font, charWrap: Bool) {
        scalars = Array(text.unicodeScalars)
        let bidi = BidiLevels(scalars)
        isRightToLeft = bidi.isRightToLeft
        let cjk = TextParagraph.cjkLanguage(scalars)
        var offset = 0
        for ch in text {
            let n = ch.unicodeScalars.count
            let face = TextParagraph.face(for: ch, font: font, language: cjk)
            var c = Cluster(range: offset..<offset + n, character: ch, face: face)
            let first = ch.unicodeScalars.first!
            c.isSpace = TextLayout.isBreakingSpace(first)
            c.breakAfter = c.isSpace || charWrap || TextLayout.allowsBreakAfter(first)
            if TextLayout.isIdeographic(first), let last = clusters.indices.last { clusters[last].breakAfter = true }
            if let last = clusters.indices.last, !clusters[last].isSpace, !charWrap,
               TextLayout.forbidsBreakBefore(first) || TextLayout.forbidsBreakAfter(clusters[last].character.unicodeScalars.first!) {
                clusters[last].breakAfter = false
            }
            clusterOf += Array(repeating: clusters.count, count: n)
            clusters.append(c)
            offset += n
        }
        for b in ThaiWordBreaker.breaks(in: scalars) where clusterOf[b] > 0 && clusters[clusterOf[b]].range.lowerBound == b {
            clusters[clusterOf[b] - 1].breakAfter = true
        }
        itemise(levels: bidi.levels, cjk: cjk)
        measure(font: font)
    }

    /// Runs of equal face, level and script, each shaped.
    private mutating func itemise(levels: [UInt8], cjk: String) {
        let scripts = TextParagraph.resolvedScripts(scalars)
        let text = scalars.map(\.value)
        var start = 0
        for k in clusters.indices {
            let next = k + 1
            let here = clusters[k].range.lowerBound
            let ends = next == clusters.count || clusters[next].face != clusters[k].face
                || levels[clusters[next].range.lowerBound] != levels[here]
                || scripts[clusters[next].range.lowerBound] != scripts[here]
            guard ends else { continue }
            let lo = clusters[start].range.lowerBound
            var run = TextRun(range: lo..<clusters[k].range.upperBound, face: clusters[k].face, level: levels[lo],
                              script: scripts[lo], language: TextRun.language(forScript: scripts[lo], cjk: cjk))
            run.shape(text)
            runs.append(run)
            start = next
        }
    }

    /// Sums every glyph's advance into the cluster it belongs to.
    private mutating func measure(font: Font) {
        for run in runs {
            let scale = font.size / Double(run.face.unitsPerEm)
            for g in run.glyphs where clusterOf.indices.contains(g.cluster) {
                clusters[clusterOf[g.cluster]].width += Double(g.advance) * scale
            }
        }
    }

    /// The face for a grapheme cluster: the first of its visible scalars decides.
    static func face(for ch: Character, font: Font, language: String) -> FontFace {
        let visible = ch.unicodeScalars.first { s in
            let p = s.properties
            return !(p.isDefaultIgnorableCodePoint || p.generalCategory == .control || p.generalCategory == .format
                     || p.generalCategory == .nonspacingMark && ch.unicodeScalars.count == 1)
        } ?? ch.unicodeScalars.first!
        let emoji = visible.properties.isEmoji && ch.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x200D }
        return font.face(for: visible, language: language, emoji: emoji) ?? font.face
    }

    /// Script per scalar, common and inherited characters taking the script before them (or, at
    /// the start, the first one after them), so "…" or a space does not split an Arabic run.
    static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [String] {
        var scripts = scalars.map(TextRun.script(of:))
        let neutral: Set<String> = ["Zyyy", "Zinh", "Zzzz"]
        var last: String? = nil
        for i in scripts.indices {
            if neutral.contains(scripts[i]) { if let l = last { scripts[i] = l } } else { last = scripts[i] }
        }
        let first = scripts.first { !neutral.contains($0) } ?? "Zyyy"
        for i in scripts.indices where neutral.contains(scripts[i]) { scripts[i] = first }
        return scripts
    }

    /// The CJK language a paragraph's Han characters are read in: kana make it Japanese, hangul
    /// Korean, Han alone Chinese (simplified), as a user's language would on iOS.
    static func cjkLanguage(_ scalars: [Unicode.Scalar]) -> String {
        if scalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) { return "ja" }
        if scalars.contains(where: { (0xAC00...0xD7AF).contains($0.value) || (0x1100...0x11FF).contains($0.value) }) { return "ko" }
        return "zh"
    }
}
