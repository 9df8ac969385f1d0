// libFuzzer entry: font loading (HarfBuzz over the fuzzed bytes, plus HUDText's own checks), glyph
// outlines through the draw API, colour bitmaps, shaping of several scripts (GSUB / GPOS from the
// fuzzed font), bidi and layout, drawn into a small canvas through the mask cache (axis-aligned)
// and as paths (rotated).
// Built only by Scripts/fuzz.sh (the Fuzz package, --sanitize fuzzer): any crash, hang or leak here is a bug.
//
// Design note: a private, small GlyphCache per input keeps one input's glyphs from being served to
// the next (the shared cache is keyed by face id, which would only grow) and no fallback library
// is used, so every glyph drawn comes from the fuzzed bytes.
import HUDRaster
import HUDText

private let sample = "Giới thiệu — Loading… 70% AVWa\u{301}\nﬁ\u{200D}😀 \u{10FFFF}x جار التحميل स्थिति กำลังโหลด 読み込み"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let faces = min((try? FontFace.faceCount(in: bytes)) ?? 1, 2)
    for index in 0..<max(faces, 1) {
        guard let face = try? FontFace(data: bytes, index: index) else { continue }
        // Every outline the file declares (bounded), including composites that refer to others.
        for g in 0..<min(face.glyphCount, 300) {
            _ = try? face.path(glyph: g)
            _ = face.colorBitmap(glyph: g)
        }
        _ = face.description

        let font = Font(face: face, size: 13, fallbackLibrary: nil)
        let layout = TextLayout(sample, font: font, maxWidth: 60, alignment: .natural)
        let cache = GlyphCache(capacity: 256 * 1024)
        guard let canvas = try? Canvas(width: 40, height: 24) else { continue }
        layout.draw(in: canvas, rect: Rect(x: 1, y: 1, width: 38, height: 22), color: .black,
                    shadow: TextShadow(offset: Size(width: 1, height: 2), blur: 1.5, color: .black), cache: cache)
        canvas.rotate(by: 0.4)
        layout.draw(in: canvas, rect: Rect(x: 0, y: 0, width: 38, height: 22), color: .white, cache: cache)
        _ = TextLayout("W", font: font.withSize(600), maxWidth: 10, lineBreak: .byCharWrapping).size
    }
    return 0
}
