// APNG.Decoder: reads animated (and plain) PNG into full frames with their delays.
//
// Design note: each frame's data is re-wrapped as a small standalone PNG (IHDR sized to the frame,
// the file's PLTE/tRNS, its IDAT or fdAT payload) and decoded by libpng, so every colour type, bit
// depth and interlace mode that libpng reads works for frames too and nothing is decoded twice by
// hand. Composition (blend SOURCE/OVER, dispose NONE/BACKGROUND/PREVIOUS) is done in straight alpha as
// the APNG specification defines it.
import HUDRaster

extension APNG {
    /// Decodes APNG bytes. A PNG without acTL is one frame with duration 0 and plays 1.
    public static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
        func fail(_ why: String) -> CodecError { .corrupt(format: "APNG", reason: why) }
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunks.signature else { throw fail("not a PNG file (bad signature)") }
        func u32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }

        struct Control { var w, h, x, y: Int; var delay: Double; var dispose: UInt8; var blend: UInt8 }
        var ihdr: [UInt8] = [], shared: [UInt8] = []
        var canvasW = 0, canvasH = 0, plays = 1, declared = -1
        var controls: [Control] = []
        var datas: [[UInt8]] = []
        var pending: Control? = nil
        var pendingData: [UInt8] = []
        var defaultIsFrame = false
        var sawIDAT = false
        var expectedSequence = 0
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else { throw fail("file ends before IEND") }
            let length = u32(offset)
            guard length <= bytes.count - offset - 12 else { throw fail("chunk length beyond the end of the file") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = offset + 8
            let data = Array(bytes[body..<(body + length)])
            offset = body + length + 4
            switch type {
            case "IHDR":
                guard length == 13 else { throw fail("bad IHDR") }
                ihdr = data
                canvasW = u32(body); canvasH = u32(body + 4)
                do { try Image.validate(width: canvasW, height: canvasH) } catch {
                    throw CodecError.imageTooLarge(width: canvasW, height: canvasH, limit: "the limit is \(Image.maxDimension) px a side and \(Image.maxPixels) px in all")
                }
            case "PLTE", "tRNS":
                shared += PNGChunks.chunk(type, data)
            case "acTL":
                guard length == 8 else { throw fail("bad acTL") }
                declared = u32(body); plays = u32(body + 4)
            case "fcTL":
                guard length == 26 else { throw fail("bad fcTL") }
                guard !ihdr.isEmpty else { throw fail("fcTL before IHDR") }
                guard u32(body) == expectedSequence else { throw fail("fcTL sequence number \(u32(body)), expected \(expectedSequence)") }
                expectedSequence += 1
                if let p = pending { controls.append(p); datas.append(pendingData) }
                let num = u16(body + 20), den0 = u16(body + 22)
                let c = Control(w: u32(body + 4), h: u32(body + 8), x: u32(body + 12), y: u32(body + 16),
                                delay: Double(num) / Double(den0 == 0 ? 100 : den0), dispose: bytes[body + 24], blend: bytes[body + 25])
                guard c.w > 0, c.h > 0, c.x + c.w <= canvasW, c.y + c.h <= canvasH else { throw fail("frame region outside the canvas") }
                guard c.dispose <= 2, c.blend <= 1 else { throw fail("bad dispose or blend op") }
                if !sawIDAT { defaultIsFrame = true }
                pending = c
                pendingData = []
            case "IDAT":
                sawIDAT = true
                if defaultIsFrame && pending != nil { pendingData += data }
            case "fdAT":
                guard length >= 4 else { throw fail("bad fdAT") }
                guard u32(body) == expectedSequence else { throw fail("fdAT sequence number \(u32(body)), expected \(expectedSequence)") }
                expectedSequence += 1
                guard pending != nil else { throw fail("fdAT before fcTL") }
                pendingData += data[4...]
            case "IEND":
                if let p = pending { controls.append(p); datas.append(pendingData) }
                if declared < 0 {
                    // A plain PNG: one frame.
                    return DecodedAnimation(frames: [try PNG.decode(bytes)], durations: [0], plays: 1)
                }
                guard controls.count == declared else { throw fail("acTL declares \(declared) frames but the file has \(controls.count)") }
                try DecodedAnimation.checkBudget(frameCount: controls.count, width: canvasW, height: canvasH, format: "APNG")
                var canvas = [UInt8](repeating: 0, count: canvasW * canvasH * 4)
                var frames: [Image] = [], durations: [Double] = []
                for (i, c) in controls.enumerated() {
                    var h = ihdr
                    h.replaceSubrange(0..<8, with: PNGChunks.be32(UInt32(c.w)) + PNGChunks.be32(UInt32(c.h)))
                    let png = PNGChunks.signature + PNGChunks.chunk("IHDR", h) + shared + PNGChunks.chunk("IDAT", datas[i]) + PNGChunks.chunk("IEND", [])
                    let (_, _, px) = try PNG.decodeStraight(png)
                    let saved = c.dispose == 2 ? canvas : []
                    compose(&canvas, canvasW, px, c.x, c.y, c.w, c.h, over: c.blend == 1 && i > 0)
                    guard px.count == c.w * c.h * 4 else { throw fail("frame \(i) decodes to the wrong size") }
                    frames.append(try Image(width: canvasW, height: canvasH, straightPixels: canvas))
                    durations.append(c.delay)
                    switch c.dispose {
                    case 1:
                        for y in c.y..<(c.y + c.h) { for x in c.x..<(c.x + c.w) { for k in 0..<4 { canvas[(y * canvasW + x) * 4 + k] = 0 } } }
                    case 2 where i > 0: canvas = saved
                    case 2: // PREVIOUS on the first frame is treated as BACKGROUND (spec)
                        for y in c.y..<(c.y + c.h) { for x in c.x..<(c.x + c.w) { for k in 0..<4 { canvas[(y * canvasW + x) * 4 + k] = 0 } } }
                    default: break
                    }
                }
                if frames.isEmpty { throw fail("no frames") }
                return DecodedAnimation(frames: frames, durations: durations, plays: plays)
            default:
                break
            }
        }
    }

    /// Reads and decodes the APNG (or PNG) file at `path`.
    public static func read(_ path: String) throws -> DecodedAnimation {
        try decode(try FileIO.readAll(path))
    }

    /// Blends straight-alpha `src` into `canvas` at (x0, y0): SOURCE replaces, OVER composites.
    static func compose(_ canvas: inout [UInt8], _ cw: Int, _ src: [UInt8], _ x0: Int, _ y0: Int, _ w: Int, _ h: Int, over: Bool) {
        for y in 0..<h {
            for x in 0..<w {
                let s = (y * w + x) * 4, d = ((y + y0) * cw + x + x0) * 4
                let sa = Int(src[s + 3])
                if !over || sa == 255 {
                    canvas[d] = src[s]; canvas[d + 1] = src[s + 1]; canvas[d + 2] = src[s + 2]; canvas[d + 3] = src[s + 3]
                    continue
                }
                if sa == 0 { continue }
                let da = Int(canvas[d + 3])
                let outA = sa * 255 + da * (255 - sa) // scaled by 255
                for k in 0..<3 {
                    let v = (Int(src[s + k]) * sa * 255 + Int(canvas[d + k]) * da * (255 - sa) + outA / 2) / outA
                    canvas[d + k] = UInt8(min(255, v))
                }
                canvas[d + 3] = UInt8((outA + 127) / 255)
            }
        }
    }
}
