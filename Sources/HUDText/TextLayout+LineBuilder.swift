// TextLayout+LineBuilder: greedy line breaking over shaped paragraphs, and visual reordering.
//
// Design note: widths come from the shaped clusters (kerning and contextual forms included), so
// a line is measured exactly as it will be drawn. Breaking is greedy like UIKit's word wrapping: a
// line ends at the last break opportunity that fits, or inside a word only when a single word is
// wider than the line. Trailing spaces hang outside the measured width, as in UIKit.

import HUDRaster

extension TextLayout {
    struct BuiltLine { var text: String; var glyphs: [Glyph]; var width: Double; var isRightToLeft: Bool }

    struct LineBuilder {
        let font: Font
        let letterSpacing: Double
        let charWrap: Bool
        var lines: [BuiltLine] = []

        init(font: Font, letterSpacing: Double, charWrap: Bool) {
            self.font = font; self.letterSpacing = letterSpacing; self.charWrap = charWrap
        }

        mutating func build(_ text: String, maxWidth: Double?) {
            if text.isEmpty { return }
            var rest = Substring(text)
            while true {
                let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
                let p = TextParagraph(rest[..<end], font: font, charWrap: charWrap)
                breakParagraph(p, maxWidth: maxWidth)
                if end == rest.endIndex { break }
                rest = rest[rest.index(after: end)...]
            }
        }

        /// Greedy line breaking of one paragraph (the text between two hard line breaks).
        mutating func breakParagraph(_ p: TextParagraph, maxWidth: Double?) {
            let cs = p.clusters
            if cs.isEmpty { lines.append(BuiltLine(text: "", glyphs: [], width: 0, isRightToLeft: p.isRightToLeft)); return }
            // Pen position of every cluster along one endless line.
            var xs = [Double](repeating: 0, count: cs.count)
            for i in 1..<max(cs.count, 1) { xs[i] = xs[i - 1] + cs[i - 1].width + letterSpacing }
            let limit = maxWidth.map { $0 + 1e-9 }
            var start = 0, lastBreak: Int? = nil, i = 0
            while i < cs.count {
                if let limit, !cs[i].isSpace, i > start, xs[i] + cs[i].width - xs[start] > limit {
                    let end = lastBreak.map { $0 + 1 } ?? i
                    emit(p, start, end)
                    start = end
                    lastBreak = nil
                    i = start
                    continue
                }
                if cs[i].breakAfter, i + 1 < cs.count { lastBreak = i }
                i += 1
            }
            emit(p, start, cs.count)
        }

        /// One line from clusters start..<end: the runs' glyphs of those clusters, in visual order.
        mutating func emit(_ p: TextParagraph, _ start: Int, _ end: Int) {
            var last = end - 1
            while last >= start, p.clusters[last].isSpace { last -= 1 }
            guard last >= start else {
                lines.append(BuiltLine(text: "", glyphs: [], width: 0, isRightToLeft: p.isRightToLeft))
                return
            }
            let text = String(p.clusters[start...last].map(\.character))
            let lo = p.clusters[start].range.lowerBound, hi = p.clusters[last].range.upperBound
            var pieces: [(run: TextRun, glyphs: [ShapedGlyph])] = []
            for run in p.runs where run.range.overlaps(lo..<hi) {
                pieces.append((run, run.glyphs.filter { (lo..<hi).contains($0.cluster) }))
            }
            var glyphs: [Glyph] = []
            var pen = 0.0
            for k in BidiLevels.visualOrder(pieces.map(\.run.level)) {
                let (run, shaped) = pieces[k]
                let s = font.size / Double(run.face.unitsPerEm)
                for (n, g) in shaped.enumerated() {
                    glyphs.append(Glyph(face: run.face, id: g.id, x: pen + Double(g.dx) * s, y: -Double(g.dy) * s,
                                        advance: Double(g.advance) * s, scalar: p.scalars[g.cluster]))
                    pen += Double(g.advance) * s
                    if n + 1 == shaped.count || shaped[n + 1].cluster != g.cluster { pen += letterSpacing }
                }
            }
            let width = glyphs.isEmpty ? 0 : pen - letterSpacing
            lines.append(BuiltLine(text: text, glyphs: glyphs, width: width, isRightToLeft: p.isRightToLeft))
        }
    }
}
