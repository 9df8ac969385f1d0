// GIF sizes of exact, few-colour animations: LZW runs that use the code being defined, per-frame
// code sizes and transparent indices, and the order of an exact or nearly exact palette.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class GIFCodeSizeTests: XCTestCase {
    /// A run of one index takes the codes of lengths 1, 2, 3...: each string is the previous one
    /// plus its first index, the code the decoder defines as it reads it.
    func testRunOfOneIndexGrowsByOneEveryCode() {
        let n = 160 * 160
        var choices = GIF.PixelChoices(count: n)
        choices.target = [UInt8](repeating: 1, count: n)
        var encoder = GIF.LZWEncoder(), indices: [UInt8] = []
        let data = encoder.encode(choices, count: n, minCodeSize: 2, colors: [], budget: 0, indices: &indices)
        let (decoded, codes, _) = decodeGIFLZW(data, minCodeSize: 2)
        XCTAssertEqual(decoded, [Int](repeating: 1, count: n))
        XCTAssertEqual(indices, choices.target)
        // 226 strings of lengths 1...226 cover 25651 >= 25600 pixels; plus the clear and end codes.
        XCTAssertEqual(codes, 226 + 2)
    }

    /// The string the decoder defines next is also offered when pixels may choose: a run where every
    /// other pixel may be drawn with either of two indices still grows by one each code.
    func testRunThroughChoicesUsesTheCodeBeingDefined() {
        let n = 5050
        var choices = GIF.PixelChoices(count: n)
        for j in 0..<n {
            choices.target[j] = j % 2 == 0 ? 0 : 2
            if j % 2 == 1 { choices.alternative[j] = 0 }
        }
        var encoder = GIF.LZWEncoder(), indices: [UInt8] = []
        let data = encoder.encode(choices, count: n, minCodeSize: 2, colors: [], budget: 0, indices: &indices)
        let (decoded, codes, _) = decodeGIFLZW(data, minCodeSize: 2)
        XCTAssertEqual(decoded.map(UInt8.init), indices)
        XCTAssertEqual(codes, 100 + 2, "strings of lengths 1...100 cover 5050 pixels")
    }

    /// The LZW code size of every image in a GIF file, in order.
    private func codeSizes(_ bytes: [UInt8]) -> [Int] { gifImages(bytes).map(\.codeSize) }

    /// A static strip of 100 greys above a flat background, where a white square moves: after the
    /// first frame, each frame draws only white and the background, the two colours drawn by the most
    /// frames, which the palette puts first; with the frame's transparent index (2) its codes start
    /// at 3 bits. Every frame decodes exactly.
    func testFramesDrawingFewColoursGetTheSmallestCodeSize() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/square.gif"
        let gif = try GIF.Encoder(path: path)
        var truths: [Image] = []
        for k in 0..<6 {
            var px = [UInt8](repeating: 0, count: 100 * 40 * 4)
            for y in 0..<40 {
                for x in 0..<100 {
                    let square = (k * 8..<(k * 8 + 10)).contains(x) && (20..<30).contains(y)
                    let v: UInt8 = y < 4 ? UInt8(20 + x) : (square ? 255 : 200)
                    px.replaceSubrange((y * 100 + x) * 4..<(y * 100 + x) * 4 + 4, with: [v, square ? 255 : v / 2, v, 255])
                }
            }
            truths.append(try Image(width: 100, height: 40, premultipliedPixels: px))
            try gif.append(truths[k], duration: 0.04)
        }
        try gif.finish()
        let sizes = codeSizes(try readBytes(path))
        XCTAssertEqual(sizes.count, 6)
        XCTAssertEqual(sizes[0], 7, "the first frame draws all 102 colours")
        XCTAssertEqual(Array(sizes.dropFirst()), [Int](repeating: 2, count: 5))
        let decoded = try GIF.read(path)
        for (k, (out, truth)) in zip(decoded.frames, truths).enumerated() {
            XCTAssertEqual(out.pixels, truth.pixels, "frame \(k) is not exact")
        }
    }

    /// A palette that is not exact (every colour is a level or two off an entry) is ordered too,
    /// each colour counted as drawn with its nearest entry: the white entry, drawn by every frame,
    /// comes first; the light grey, drawn by three, second; black and dark grey, drawn by the first
    /// frame only, last (the later of the two at the very end).
    func testNearlyExactPaletteIsOrderedByTheEntriesFramesDraw() {
        var palette = GIF.Palette(colors: [(0, 0, 0), (90, 90, 90), (170, 170, 170), (250, 250, 250)])
        XCTAssertFalse(palette.isExact)
        let grey = { (v: UInt32) in GIF.opaqueBit | v << 16 | v << 8 | v }
        var use = GIF.ColorUse()
        for frame in [[1, 91, 171, 249], [1, 91, 171, 251], [1, 91, 169, 249], [1, 91, 171, 251]] as [[UInt32]] {
            use.add(frame.map(grey))
        }
        palette.order(by: use)
        XCTAssertEqual(palette.colors.map(\.r), [250, 170, 0, 90])
        XCTAssertEqual(palette.lab.map(\.l), palette.colors.map { OkLab.fromSRGB($0.r, $0.g, $0.b).l })
    }

    /// The greedy order, from the back: the last position goes to the colour the fewest frames still
    /// in the running draw (ties: the later entry), and the frames that draw it leave the running.
    func testExactPaletteOrderPutsColoursDrawnByMostFramesFirst() {
        // Entries 0 (C), 1 (B), 2 (A) have colour ids 0, 1, 2; frames draw {A, B}, {A}, {A}, {C}.
        let set = { (ids: [Int]) -> [UInt64] in var s = [UInt64](repeating: 0, count: 4); for i in ids { s[0] |= 1 << UInt64(i) }; return s }
        let frames = [set([2, 1]), set([2]), set([2]), set([0])]
        // B and C are drawn by one frame each: B (the later) goes last, which takes {A, B} out of the
        // running; then C; A, drawn by the two frames left, comes first.
        XCTAssertEqual(GIF.Palette.backToFront(ids: [0, 1, 2], frames: frames), [2, 0, 1])
    }

    /// Looking ahead picks other strings than greedy parsing but the stream still decodes to the
    /// indices chosen, over dictionary resets, with choices at many pixels.
    func testLookingAheadRoundTripsOverDictionaryResets() {
        let n = 60_000
        var choices = GIF.PixelChoices(count: n)
        var seed: UInt32 = 7
        for j in 0..<n {
            seed = seed &* 1_103_515_245 &+ 12345
            choices.target[j] = UInt8((seed >> 16) % 5 == 0 ? (seed >> 8) % 6 : UInt32(j / 7 % 3))
            if (seed >> 20) % 3 == 0 { choices.alternative[j] = Int16((seed >> 12) % 6) }
        }
        var encoder = GIF.LZWEncoder()
        var greedy: [UInt8] = [], ahead: [UInt8] = []
        let a = encoder.encode(choices, count: n, minCodeSize: 3, colors: [], budget: 0, indices: &greedy)
        let b = encoder.encode(choices, count: n, minCodeSize: 3, colors: [], budget: 0, lookingAhead: true, indices: &ahead)
        XCTAssertNotEqual(a, b, "looking ahead chose the same strings")
        for (data, indices) in [(a, greedy), (b, ahead)] {
            let (decoded, codes, _) = decodeGIFLZW(data, minCodeSize: 3)
            XCTAssertEqual(decoded.map(UInt8.init), indices)
            XCTAssertGreaterThan(codes, 4096, "the dictionary was not reset")
            for j in 0..<n {
                guard indices[j] == choices.target[j] || Int16(indices[j]) == choices.alternative[j] else {
                    return XCTFail("pixel \(j) drawn with \(indices[j]), not one of its choices")
                }
            }
        }
    }

    /// gifsicle's policy: a run of pixels that may keep what is shown is drawn again when it shows
    /// one colour, kept when it shows several (or when a pixel of it cannot be drawn).
    func testOneColourRunsAreDrawnAndMixedRunsKept() {
        let keep: UInt8 = 9
        var choices = GIF.PixelChoices(count: 10)
        choices.target = [1, keep, keep, 2, keep, keep, keep, 3, keep, keep]
        choices.alternative = [-1, 4, 4, -1, 4, 5, 4, -1, -1, 6]
        let v = choices.drawingOneColourRuns(keep)
        XCTAssertEqual(v.target, [1, 4, 4, 2, keep, keep, keep, 3, keep, keep])
        XCTAssertEqual(v.alternative, [Int16](repeating: -1, count: 10))
    }
}
