// WebP candidates: which ways of drawing a lossless frame are compressed (replace, blend, after the
// previous frame is disposed), which one is chosen, and that disposal decodes exactly.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class WebPCandidateTests: XCTestCase {
    /// Straight RGBA, `width` x `height`, every pixel `fill`, with `boxes` painted over.
    private func canvas(_ width: Int, _ height: Int, fill: [UInt8],
                        boxes: [(x: Int, y: Int, w: Int, h: Int, rgba: [UInt8])] = []) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) { px[i * 4..<i * 4 + 4] = fill[0..<4] }
        for b in boxes { for y in b.y..<(b.y + b.h) { for x in b.x..<(b.x + b.w) {
            let i = (y * width + x) * 4
            px[i..<i + 4] = b.rgba[0..<4]
        } } }
        return px
    }

    func testOpaqueChangeIsCompressedReplacedAndBlended() {
        let previous = canvas(8, 8, fill: [10, 20, 30, 255])
        let current = canvas(8, 8, fill: [10, 20, 30, 255], boxes: [(2, 2, 3, 3, [200, 0, 0, 255]), (5, 5, 1, 1, [0, 200, 0, 255])])
        let c = WebP.candidates(over: previous, current: current, width: 8, height: 8)
        let box = WebP.Rect(x: 2, y: 2, w: 4, h: 4)
        XCTAssertEqual(c.map(\.0), [WebP.Candidate(rect: box, blend: false),
                                    WebP.Candidate(rect: box, blend: true)])
        XCTAssertEqual(stride(from: 3, to: c[1].1.count, by: 4).filter { c[1].1[$0] == 0 }.count, 6,
                       "the six unchanged pixels are transparent")
    }

    func testTranslucentChangeIsOnlyReplaced() {
        let previous = canvas(8, 8, fill: [0, 0, 0, 0], boxes: [(2, 2, 2, 2, [9, 9, 9, 255])])
        let current = canvas(8, 8, fill: [0, 0, 0, 0], boxes: [(4, 2, 2, 2, [9, 9, 9, 128])])
        let c = WebP.candidates(over: previous, current: current, width: 8, height: 8)
        XCTAssertEqual(c.map(\.0.blend), [false])
        XCTAssertEqual(c[0].0.rect, WebP.Rect(x: 2, y: 2, w: 4, h: 2))
    }

    func testNothingToDrawIsOneBlendedPixel() {
        let same = canvas(6, 4, fill: [1, 2, 3, 255])
        let cleared = WebP.Rect(x: 0, y: 0, w: 2, h: 2)
        let c = WebP.candidates(over: same, current: same, width: 6, height: 4, disposing: cleared)
        XCTAssertEqual(c.map(\.0), [WebP.Candidate(rect: WebP.Rect(x: 0, y: 0, w: 1, h: 1), blend: true, disposing: cleared)])
        XCTAssertEqual(c[0].1, [0, 0, 0, 0])
    }

    func testDisposedClearsTheRectangleOrIsNil() {
        let px = canvas(4, 4, fill: [0, 0, 0, 0], boxes: [(1, 1, 2, 1, [5, 5, 5, 255])])
        let cleared = WebP.disposed(px, width: 4, rect: WebP.Rect(x: 0, y: 0, w: 4, h: 2))
        XCTAssertEqual(cleared, canvas(4, 4, fill: [0, 0, 0, 0]))
        XCTAssertNil(WebP.disposed(px, width: 4, rect: WebP.Rect(x: 0, y: 2, w: 4, h: 2)), "already transparent")
    }

    /// A dot jumping across a transparent canvas: over the previous frame the box spans both
    /// places and cannot blend; with the previous dot's rectangle disposed, only the new dot is drawn.
    func testDisposalCandidatesFollowThePreviousRectangle() {
        let previous = canvas(32, 8, fill: [0, 0, 0, 0], boxes: [(2, 2, 4, 4, [255, 0, 0, 255])])
        let current = canvas(32, 8, fill: [0, 0, 0, 0], boxes: [(24, 2, 4, 4, [255, 0, 0, 255])])
        let c = WebP.losslessCandidates(previous: previous, current: current, width: 32, height: 8,
                                        previousRect: WebP.Rect(x: 2, y: 2, w: 4, h: 4))
        XCTAssertEqual(c.map(\.0), [
            WebP.Candidate(rect: WebP.Rect(x: 2, y: 2, w: 26, h: 4), blend: false),
            WebP.Candidate(rect: WebP.Rect(x: 24, y: 2, w: 4, h: 4), blend: false, disposing: WebP.Rect(x: 2, y: 2, w: 4, h: 4)),
        ])
    }

    /// On a large opaque canvas disposal would only make the frame draw again what it cleared.
    func testLargeOpaqueCanvasesGetNoDisposal() {
        let (w, h) = (400, 400) // 160000 pixels, more than exhaustiveArea
        XCTAssertGreaterThan(w * h, WebP.exhaustiveArea)
        let previous = canvas(w, h, fill: [0, 0, 0, 255], boxes: [(0, 0, 2, 2, [9, 9, 9, 255])])
        let current = canvas(w, h, fill: [0, 0, 0, 255], boxes: [(28, 28, 1, 1, [1, 1, 1, 255])])
        let c = WebP.losslessCandidates(previous: previous, current: current, width: w, height: h,
                                        previousRect: WebP.Rect(x: 0, y: 0, w: 2, h: 2))
        let box = WebP.Rect(x: 0, y: 0, w: 29, h: 29)
        XCTAssertEqual(c.map(\.0), [WebP.Candidate(rect: box, blend: false),
                                    WebP.Candidate(rect: box, blend: true)])
        // A sprite redrawn but for its last two columns: disposing its rectangle would redraw those
        // too, a rectangle only a little larger, which is tried where the canvas is transparent.
        let old = canvas(w, h, fill: [0, 0, 0, 255], boxes: [(100, 100, 40, 40, [9, 9, 9, 255])])
        let new = canvas(w, h, fill: [0, 0, 0, 255], boxes: [(100, 100, 40, 40, [9, 9, 9, 255]), (100, 100, 38, 40, [7, 7, 7, 255])])
        let redrawn = WebP.losslessCandidates(previous: old, current: new, width: w, height: h,
                                              previousRect: WebP.Rect(x: 100, y: 100, w: 40, h: 40))
        XCTAssertEqual(redrawn.map(\.0), [WebP.Candidate(rect: WebP.Rect(x: 100, y: 100, w: 38, h: 40), blend: false)])
    }

    /// A sprite moving right over a large transparent canvas leaves a transparent trail that
    /// disposing its old rectangle clears for free: the disposing candidates draw only the sprite.
    func testLargeTransparentCanvasIsDrawnAfterDisposalToo() {
        let (w, h) = (400, 400)
        let sprite: [UInt8] = [90, 120, 200, 255]
        let previous = canvas(w, h, fill: [0, 0, 0, 0], boxes: [(100, 100, 40, 40, sprite)])
        let current = canvas(w, h, fill: [0, 0, 0, 0], boxes: [(110, 100, 40, 40, sprite)])
        let c = WebP.losslessCandidates(previous: previous, current: current, width: w, height: h,
                                        previousRect: WebP.Rect(x: 100, y: 100, w: 40, h: 40))
        XCTAssertEqual(c.first?.0.rect, WebP.Rect(x: 100, y: 100, w: 50, h: 40))
        XCTAssertTrue(c.contains { $0.0 == WebP.Candidate(rect: WebP.Rect(x: 110, y: 100, w: 40, h: 40), blend: false,
                                                          disposing: WebP.Rect(x: 100, y: 100, w: 40, h: 40)) })
    }

    /// On a large canvas a disposing rectangle is tried up to an eighth larger than the plain one.
    func testLargeCanvasDisposalDrawingLittleMoreIsTried() {
        let plain = WebP.Rect(x: 0, y: 0, w: 200, h: 160)
        XCTAssertTrue(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 200, h: 180), plain: plain, onLargeCanvas: true, paletteCoded: false))
        XCTAssertFalse(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 200, h: 181), plain: plain, onLargeCanvas: true, paletteCoded: true))
        XCTAssertFalse(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 200, h: 180), plain: plain, paletteCoded: true),
                       "not on a small canvas, where the rectangle is costly")
    }

    /// A HUD dismissed on a large transparent canvas: once the sprite is gone the last frame is
    /// drawn as one pixel after disposing the one before, not as a transparent screen.
    func testLargeTransparentAnimationEndsInOnePixel() throws {
        let (w, h) = (400, 360)
        XCTAssertGreaterThan(w * h, WebP.exhaustiveArea)
        let frames: [Image] = try (0..<4).map { (k: Int) -> Image in
            let sprite: (x: Int, y: Int, w: Int, h: Int, rgba: [UInt8]) = (20 + k * 90, 40 + k * 70, 120, 90, [200, UInt8(60 * k), 40, 255])
            return try Image(width: w, height: h, straightPixels: canvas(w, h, fill: [0, 0, 0, 0], boxes: k == 3 ? [] : [sprite]))
        }
        let (bytes, decoded) = try encodedAndDecoded(frames)
        XCTAssertEqual(decoded, frames.map(\.pixels))
        let last = try XCTUnwrap(anmfChunks(bytes).last) + 8
        XCTAssertEqual([Int(bytes[last + 6]), Int(bytes[last + 9])], [0, 0], "a 1 x 1 frame")
        XCTAssertEqual(anmfFlags(bytes).map { $0 & 1 }, [1, 1, 1, 0])
    }

    /// A list screen fading darker, whose unchanged pixels (under 4 % of it) make libwebp code the
    /// blended rectangle without prediction: it comes out smaller than the replaced one, which the
    /// estimate of the two could not have ranked, so both are compressed and the blend is written.
    func testFadeWhoseBlendLibwebpCodesDifferentlyIsWrittenBlended() throws {
        let fade = try WebPEntropyEstimateTests.fadePair()
        let (w, h) = (fade.width, fade.height)
        let box = WebP.Rect(x: 0, y: 0, w: w, h: h)
        let replaced = WebP.rectangle(fade.after, fade.before, width: w, box: box, blend: false)
        let blended = WebP.rectangle(fade.after, fade.before, width: w, box: box, blend: true)
        XCTAssertNotEqual(WebP.EntropyEstimate(pixels: replaced, width: w, height: h).mode,
                          WebP.EntropyEstimate(pixels: blended, width: w, height: h).mode)
        XCTAssertLessThan(Double(WebP.clearedPixels(replaced: replaced, blended: blended)), WebP.blendWorthShare * Double(w * h))
        let lossless = try WebP.config(quality: nil, method: WebP.Options.defaultLosslessMethod)
        let replacedSize = try WebP.compress(replaced, width: w, height: h, config: lossless).get().count

        // Rows of grey below the list make the canvas larger than `exhaustiveArea`, where the gate decides.
        let pad = [UInt8](repeating: 128, count: w * 100 * 4)
        XCTAssertGreaterThan(w * (h + 100), WebP.exhaustiveArea)
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/fade.webp"
        let frames = try [fade.before, fade.after].map { try Image(width: w, height: h + 100, straightPixels: $0 + pad) }
        let webp = try WebP.Encoder(path: path)
        for f in frames { try webp.append(f, duration: 0.04) }
        try webp.finish()
        let bytes = try FileIO.readAll(path)
        XCTAssertEqual(anmfFlags(bytes)[1] & 2, 0, "the second frame blends")
        let second = anmfChunks(bytes)[1]
        let written = Int(bytes[second + 4]) | Int(bytes[second + 5]) << 8 | Int(bytes[second + 6]) << 16
        XCTAssertLessThan(written - 16, replacedSize * 95 / 100, "the blend saves at least a twentieth")
        XCTAssertEqual(try WebP.read(path).frames.map(\.pixels), frames.map(\.pixels), "decodes exactly")
    }

    func testDisposalOfLargeRectanglesOnlyWhereItDrawsLess() {
        let plain = WebP.Rect(x: 0, y: 0, w: 128, h: 128)
        XCTAssertEqual(plain.area, WebP.costlyArea)
        XCTAssertTrue(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 128, h: 126), plain: plain, paletteCoded: true))
        XCTAssertFalse(WebP.triesDisposal(box: plain, plain: plain, paletteCoded: true))
        XCTAssertFalse(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 130, h: 128), plain: WebP.Rect(x: 0, y: 0, w: 8, h: 8), paletteCoded: true))
        XCTAssertTrue(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 127, h: 128), plain: WebP.Rect(x: 0, y: 0, w: 8, h: 8), paletteCoded: true),
                      "small rectangles are cheap to try")
        XCTAssertTrue(WebP.triesDisposal(box: nil, plain: plain, paletteCoded: true), "nothing left to draw")
    }

    /// A small rectangle that libwebp would code without a palette costs several times as much per
    /// pixel: disposal is then tried only where it draws less.
    func testSmallDisposalIsTriedOnlyOnPaletteCodedRectangles() {
        let plain = WebP.Rect(x: 0, y: 0, w: 40, h: 40)
        XCTAssertTrue(WebP.triesDisposal(box: plain, plain: plain, paletteCoded: true))
        XCTAssertFalse(WebP.triesDisposal(box: plain, plain: plain, paletteCoded: false))
        XCTAssertTrue(WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 40, h: 38), plain: plain, paletteCoded: false))
        var evaluated = false
        _ = WebP.triesDisposal(box: WebP.Rect(x: 0, y: 0, w: 40, h: 38), plain: plain, paletteCoded: { evaluated = true; return false }())
        XCTAssertFalse(evaluated, "the estimate is only made when it decides")
    }

    /// A sprite on a transparent canvas whose centre changes: disposing the sprite's rectangle would
    /// redraw all of it. Where the centre is textured (too many colours for a palette), only the
    /// plain candidates are compressed; where it is flat (a palette), the disposing ones are too.
    func testTexturedSpriteIsNotDisposed() {
        for textured in [true, false] {
            var previous = canvas(96, 96, fill: [0, 0, 0, 0], boxes: [(20, 20, 40, 40, [9, 9, 9, 255])])
            var current = previous
            for y in 20..<60 {
                for x in 20..<60 {
                    let i = (y * 96 + x) * 4
                    if textured { previous.replaceSubrange(i..<i + 4, with: [UInt8(x * 5 & 255), UInt8(y * 6 & 255), UInt8(x * y & 255), 255]) }
                    let centre = (28..<52).contains(x) && (28..<52).contains(y)
                    let drawn: [UInt8] = !centre ? Array(previous[i..<i + 4])
                        : textured ? [UInt8(x * 7 & 255), UInt8(y * 3 & 255), UInt8((x + y) * 9 & 255), 255] : [200, 9, 9, 255]
                    current.replaceSubrange(i..<i + 4, with: drawn)
                }
            }
            let c = WebP.losslessCandidates(previous: previous, current: current, width: 96, height: 96,
                                            previousRect: WebP.Rect(x: 20, y: 20, w: 40, h: 40))
            XCTAssertEqual(c.first?.0.rect, WebP.Rect(x: 28, y: 28, w: 24, h: 24))
            XCTAssertEqual(c.contains { $0.0.disposesPrevious }, !textured, "textured \(textured)")
        }
    }

    /// A square whose centre pixel changes: disposing the square would redraw all of it, so a large
    /// square is not disposed; a small one is still tried.
    func testLargeDisposalDrawingMoreIsNotTried() {
        for (side, tried) in [(128, false), (64, true)] {
            let previous = canvas(160, 160, fill: [0, 0, 0, 0], boxes: [(8, 8, side, side, [9, 9, 9, 255])])
            let current = canvas(160, 160, fill: [0, 0, 0, 0], boxes: [(8, 8, side, side, [9, 9, 9, 255]),
                                                                        (40, 40, 1, 1, [200, 9, 9, 255])])
            let c = WebP.losslessCandidates(previous: previous, current: current, width: 160, height: 160,
                                            previousRect: WebP.Rect(x: 8, y: 8, w: side, h: side))
            XCTAssertEqual(c.contains { $0.0.disposesPrevious }, tried, "side \(side)")
            XCTAssertEqual(c.first?.0.rect, WebP.Rect(x: 40, y: 40, w: 1, h: 1))
        }
    }

    /// On an opaque canvas whose previous rectangle lies inside the new box, disposing it forces
    /// the same box to be redrawn whole: the same pixels as replacing, so it is left out.
    func testDisposalDrawingTheSamePixelsIsLeftOut() {
        let previous = canvas(16, 16, fill: [0, 0, 0, 255], boxes: [(4, 4, 4, 4, [9, 9, 9, 255])])
        let current = canvas(16, 16, fill: [0, 0, 0, 255], boxes: [(4, 4, 4, 4, [7, 7, 7, 255])])
        let c = WebP.losslessCandidates(previous: previous, current: current, width: 16, height: 16,
                                        previousRect: WebP.Rect(x: 4, y: 4, w: 4, h: 4))
        XCTAssertEqual(c.map(\.0), [WebP.Candidate(rect: WebP.Rect(x: 4, y: 4, w: 4, h: 4), blend: false)])
    }

    func testChoiceSkipsDisposalAssumingAnotherRectangle() throws {
        let assumed = WebP.Rect(x: 0, y: 0, w: 2, h: 2)
        let plain = WebP.Candidate(rect: WebP.Rect(x: 0, y: 0, w: 4, h: 4), blend: false)
        let blended = WebP.Candidate(rect: plain.rect, blend: true)
        let disposing = WebP.Candidate(rect: assumed, blend: false, disposing: assumed)
        let job = WebP.FrameJob(candidates: [plain, blended, disposing], start: 0, end: 40)
        job.results[0].result = .success([1, 2, 3])
        job.results[1].result = .success([1, 2, 3])
        job.results[2].result = .success([1])
        XCTAssertEqual(try job.best(after: assumed).candidate, disposing)
        XCTAssertEqual(try job.best(after: WebP.Rect(x: 0, y: 0, w: 4, h: 2)).candidate, plain, "first of equal sizes")
        XCTAssertEqual(try job.best(after: nil).candidate, plain)
    }

    /// A dot jumping across a transparent canvas: each frame is smallest drawn after disposing the
    /// dot before, which was itself drawn after a disposal, in its own small rectangle rather than the
    /// changed box the next frame's candidates assumed. The candidates for that rectangle are made
    /// when the frame is chosen, so every frame but the last is disposed.
    func testFramesAfterADisposingFrameCanDisposeItToo() throws {
        let frames: [Image] = try (0..<6).map { k in
            try Image(width: 96, height: 24, straightPixels: canvas(96, 24, fill: [0, 0, 0, 0],
                      boxes: [((k * 41) % 84, 8, 8, 8, [200, UInt8(k * 40), 40, 255])]))
        }
        let (bytes, decoded) = try encodedAndDecoded(frames)
        XCTAssertEqual(anmfFlags(bytes).map { $0 & 1 }, [1, 1, 1, 1, 1, 0])
        XCTAssertEqual(decoded, frames.map(\.pixels))
    }

    /// The canvas starts transparent, so a first frame with transparent margins draws only the box
    /// of the rest (its offset rounded down to even), lossless or lossy, and decodes exactly.
    func testFirstFrameDrawsOnlyWhatIsNotTransparent() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frame = try Image(width: 64, height: 48,
                              straightPixels: canvas(64, 48, fill: [0, 0, 0, 0], boxes: [(13, 9, 10, 6, [30, 160, 90, 255])]))
        for quality in [nil, 90] {
            let path = dir + "/first-\(quality ?? 0).webp"
            let webp = try WebP.Encoder(path: path, options: WebP.Options(quality: quality))
            try webp.append(frame, duration: 0.1)
            try webp.finish()
            let bytes = try FileIO.readAll(path)
            let at = try XCTUnwrap(anmfChunks(bytes).first) + 8
            let field = { (k: Int) in Int(bytes[at + k]) | Int(bytes[at + k + 1]) << 8 | Int(bytes[at + k + 2]) << 16 }
            XCTAssertEqual([field(0) * 2, field(3) * 2, field(6) + 1, field(9) + 1], [12, 8, 11, 7], "quality \(String(describing: quality))")
            XCTAssertTrue(try WebP.read(path).frames[0].pixels == frame.pixels, "decodes exactly")
        }
    }

    /// Dots jumping on a transparent canvas, some frames translucent: the file disposes frames and
    /// still decodes to exactly the frames.
    func testDisposingAnimationIsExact() throws {
        let frames: [Image] = try (0..<6).map { k in
            let alpha: UInt8 = k == 3 ? 128 : 255
            return try Image(width: 64, height: 24, straightPixels: canvas(64, 24, fill: [0, 0, 0, 0],
                             boxes: [((k * 37) % 56, 4 + k, 6, 6, [200, UInt8(k * 30), 40, alpha])]))
        }
        let (bytes, decoded) = try encodedAndDecoded(frames)
        XCTAssertEqual(decoded, frames.map(\.pixels))
        XCTAssertTrue(anmfFlags(bytes).contains { $0 & 1 == 1 }, "some frame is disposed")
    }

    /// `frames` (0.05 s each) written as a lossless WebP: the file's bytes and its decoded frames.
    private func encodedAndDecoded(_ frames: [Image]) throws -> (bytes: [UInt8], frames: [[UInt8]]) {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/animation.webp"
        let webp = try WebP.Encoder(path: path)
        for f in frames { try webp.append(f, duration: 0.05) }
        try webp.finish()
        return (try FileIO.readAll(path), try WebP.read(path).frames.map(\.pixels))
    }

    /// A lossy animation whose second frame changes a small flat box: that box is smaller lossless,
    /// so its frame is written lossless, and its pixels come back exactly.
    func testLossyAnimationWritesASmallBoxLossless() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/mixed.webp"
        var px = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for i in 0..<(64 * 48) { px[i * 4] = UInt8((i * 37) & 0xFF); px[i * 4 + 1] = UInt8((i * 11) & 0xFF) }
        let first = try Image(width: 64, height: 48, straightPixels: px)
        let second = try Image(width: 64, height: 48, straightPixels: canvasWithBox(px, width: 64))
        let webp = try WebP.Encoder(path: path, options: WebP.Options(quality: 90))
        try webp.append(first, duration: 0.1)
        try webp.append(second, duration: 0.1)
        try webp.finish()
        XCTAssertEqual(anmfPayloadKinds(try FileIO.readAll(path)).last, "VP8L")
        let decoded = try WebP.read(path).frames[1].straightPixels()
        let expected = second.straightPixels()
        for y in 8..<12 { for x in 8..<12 {
            let i = (y * 64 + x) * 4
            XCTAssertEqual(Array(decoded[i..<i + 4]), Array(expected[i..<i + 4]))
        } }
    }

    /// A dark list screen on a dark gradient: lossless at the lossless effort it is a third of its
    /// lossy size (libwebp's least effort, which gated this before, made it over three times the
    /// lossy size), so it is written lossless, and exact.
    func testLossyAnimationWritesADarkFirstFrameLossless() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/dark.webp"
        let (w, h) = (120, 160)
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w { for ch in 0..<3 { px[(y * w + x) * 4 + ch] = UInt8(y * 40 / h) } } }
        func fill(_ ys: Range<Int>, _ xs: Range<Int>, _ rgb: [UInt8]) {
            for y in ys { for x in xs { for ch in 0..<3 { px[(y * w + x) * 4 + ch] = rgb[ch] } } }
        }
        let icons: [[UInt8]] = [[230, 120, 20], [20, 110, 230], [40, 180, 80], [220, 50, 50]]
        for row in 0..<8 {
            let y = 8 + row * 19
            fill((y + 17)..<(y + 18), 12..<w, [38, 38, 40])
            fill((y + 4)..<(y + 12), 4..<12, icons[row % 4])
            fill((y + 6)..<(y + 10), 16..<(46 + row * 37 % 60), [120, 120, 125])
            fill((y + 6)..<(y + 10), (w - 20)..<(w - 10), [90, 90, 95])
        }
        let frame = try Image(width: w, height: h, straightPixels: px)
        let webp = try WebP.Encoder(path: path, options: WebP.Options(quality: 90))
        try webp.append(frame, duration: 0.1)
        try webp.finish()
        XCTAssertEqual(anmfPayloadKinds(try FileIO.readAll(path)), ["VP8L"])
        XCTAssertTrue(try WebP.read(path).frames[0].pixels == frame.pixels, "decodes exactly")
    }

    private func canvasWithBox(_ px: [UInt8], width: Int) -> [UInt8] {
        var out = px
        for y in 8..<12 { for x in 8..<12 { let i = (y * width + x) * 4; out[i..<i + 4] = [10, 200, 30, 255] } }
        return out
    }

    /// The first image chunk of each ANMF chunk ("VP8L", "VP8 ", or "ALPH" before "VP8 ").
    private func anmfPayloadKinds(_ bytes: [UInt8]) -> [String] {
        anmfChunks(bytes).map { String(decoding: bytes[($0 + 24)..<($0 + 28)], as: UTF8.self) }
    }

    /// The flags byte of each ANMF chunk of a WebP file.
    private func anmfFlags(_ bytes: [UInt8]) -> [UInt8] { anmfChunks(bytes).map { bytes[$0 + 8 + 15] } }

    /// Where each ANMF chunk of a WebP file starts.
    private func anmfChunks(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = [], at = 12
        while at + 8 <= bytes.count {
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            if Array(bytes[at..<at + 4]) == Array("ANMF".utf8) { starts.append(at) }
            at += 8 + size + (size & 1)
        }
        return starts
    }
}
