// PNG round trips of every colour type and bit depth, automatic colour-type choice, and corrupt input.
import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class PNGTests: XCTestCase {
    /// Every premultiplied value survives write + read exactly (straight alpha in the file).
    func testRGBARoundTripIsBitExact() throws {
        var px = [UInt8](repeating: 0, count: 64 * 64 * 4)
        var seed: UInt32 = 12345
        for i in stride(from: 0, to: px.count, by: 4) {
            seed = seed &* 1664525 &+ 1013904223
            let a = UInt8(seed >> 24)
            px[i + 3] = a
            for k in 0..<3 { seed = seed &* 1664525 &+ 1013904223; px[i + k] = a == 0 ? 0 : UInt8(UInt32(seed >> 24) % (UInt32(a) + 1)) }
        }
        let image = try Image(width: 64, height: 64, premultipliedPixels: px)
        let bytes = try PNG.encode(image)
        XCTAssertEqual(pngColorType(bytes), 6)
        XCTAssertEqual(try PNG.decode(bytes), image)
    }

    func testAutomaticColorTypes() throws {
        // Opaque grey -> gray.
        var grayPixels: [UInt8] = []
        for i in 0..<64 { let v = UInt8(i * 4); grayPixels += [v, v, v, 255] }
        let gray = try Image(width: 8, height: 8, premultipliedPixels: grayPixels)
        let g = try PNG.encode(gray)
        XCTAssertEqual(pngColorType(g), 0)
        XCTAssertEqual(try PNG.decode(g), gray)
        // Opaque with > 256 colours -> RGB.
        var rgbPixels: [UInt8] = []
        for i in 0..<1024 { rgbPixels += [UInt8(i & 255), UInt8(i >> 2), UInt8((i * 7) & 255), 255] }
        let rgb = try Image(width: 32, height: 32, premultipliedPixels: rgbPixels)
        let r = try PNG.encode(rgb)
        XCTAssertEqual(pngColorType(r), 2)
        XCTAssertEqual(try PNG.decode(r), rgb)
        // Few colours with alpha -> palette with tRNS.
        let choices: [[UInt8]] = [[0, 0, 0, 0], [100, 50, 0, 128], [255, 0, 0, 255]]
        let few = try Image(width: 16, height: 16, premultipliedPixels: (0..<256).flatMap { i -> [UInt8] in choices[i % 3] })
        let p = try PNG.encode(few)
        XCTAssertEqual(pngColorType(p), 3)
        XCTAssertTrue(pngChunkTypes(p).contains("tRNS"))
        XCTAssertEqual(try PNG.decode(p), few)
        // Grey with alpha and many levels -> gray+alpha.
        var gaPixels: [UInt8] = []
        for i in 0..<1024 { let v = UInt8(i & 255); gaPixels += [v, v, v, UInt8((i >> 2) & 255)] }
        let ga = try Image(width: 32, height: 32, straightPixels: gaPixels)
        let gab = try PNG.encode(ga)
        XCTAssertEqual(pngColorType(gab), 4)
        XCTAssertEqual(try PNG.decode(gab), ga)
        // Forced RGBA.
        XCTAssertEqual(pngColorType(try PNG.encode(gray, options: .init(colorMode: .rgba))), 6)
    }

    func testSRGBChunkAndCompressionLevel() throws {
        let image = glowFrame(t: 0.5)
        let withSRGB = try PNG.encode(image)
        XCTAssertTrue(pngChunkTypes(withSRGB).contains("sRGB"))
        XCTAssertFalse(pngChunkTypes(try PNG.encode(image, options: .init(includesSRGB: false))).contains("sRGB"))
        let stored = try PNG.encode(image, options: .init(compressionLevel: 0))
        XCTAssertGreaterThan(stored.count, withSRGB.count)
        XCTAssertEqual(try PNG.decode(stored), image)
        XCTAssertThrowsError(try PNG.encode(image, options: .init(compressionLevel: 12))) { e in
            XCTAssertTrue("\(e)".contains("0 to 9"))
        }
    }

    /// Raw samples of each colour type and bit depth written by libpng decode to the expected RGBA.
    func testEveryColorTypeAndBitDepthDecodes() throws {
        let w = 13, h = 7 // odd sizes exercise packing and interlace passes
        for interlaced in [false, true] {
            let opts = PNG.WriteOptions(interlaced: interlaced)
            for depth in [1, 2, 4, 8] {
                let maxV = (1 << depth) - 1
                let samples = (0..<(w * h)).map { UInt8(($0 * 5) % (maxV + 1)) }
                let png = try PNG.encodeSamples(samples, width: w, height: h, colorType: .gray, bitDepth: depth, options: opts)
                let (_, _, rgba) = try PNG.decodeStraight(png)
                for i in 0..<(w * h) {
                    let v = UInt8(Int(samples[i]) * 255 / maxV)
                    XCTAssertEqual(Array(rgba[(i * 4)..<(i * 4 + 4)]), [v, v, v, 255], "gray \(depth)-bit interlaced \(interlaced) pixel \(i)")
                }
            }
            // 16-bit RGBA (little-endian samples in, scaled to 8 bits out).
            var s16 = [UInt8]()
            for i in 0..<(w * h) { for k in 0..<4 { let v = UInt16((i * 997 + k * 4099) & 0xFFFF); s16 += [UInt8(v & 0xFF), UInt8(v >> 8)] } }
            let png16 = try PNG.encodeSamples(s16, width: w, height: h, colorType: .rgba, bitDepth: 16, options: opts)
            XCTAssertEqual(png16[24], 16)
            let (_, _, rgba16) = try PNG.decodeStraight(png16)
            for i in 0..<(w * h * 4) {
                let v = Int(s16[i * 2]) | Int(s16[i * 2 + 1]) << 8
                XCTAssertLessThanOrEqual(abs(Int(rgba16[i]) - (v * 255 + 32767) / 65535), 1)
            }
            // 16-bit gray+alpha.
            var ga16 = [UInt8]()
            for i in 0..<(w * h) { ga16 += [0, UInt8(i & 255), 0xFF, 0xFF] }
            let (_, _, ga) = try PNG.decodeStraight(try PNG.encodeSamples(ga16, width: w, height: h, colorType: .grayAlpha, bitDepth: 16, options: opts))
            for i in 0..<(w * h) { XCTAssertEqual(Array(ga[(i * 4)..<(i * 4 + 4)]), [UInt8(i & 255), UInt8(i & 255), UInt8(i & 255), 255]) }
            // 8-bit RGB.
            let rgb = (0..<(w * h * 3)).map { UInt8(($0 * 31) & 255) }
            let (_, _, r8) = try PNG.decodeStraight(try PNG.encodeSamples(rgb, width: w, height: h, colorType: .rgb, options: opts))
            for i in 0..<(w * h) { XCTAssertEqual(Array(r8[(i * 4)..<(i * 4 + 4)]), [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255]) }
            // Palette 4-bit with partial tRNS.
            let pal: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]
            let idx = (0..<(w * h)).map { UInt8($0 % 4) }
            let pp = try PNG.encodeSamples(idx, width: w, height: h, colorType: .palette, bitDepth: 4, palette: pal, transparency: [0, 128], options: opts)
            let (_, _, pr) = try PNG.decodeStraight(pp)
            let alphas: [UInt8] = [0, 128, 255, 255]
            for i in 0..<(w * h) {
                let k = Int(idx[i])
                XCTAssertEqual(Array(pr[(i * 4)..<(i * 4 + 4)]), [pal[k * 3], pal[k * 3 + 1], pal[k * 3 + 2], alphas[k]])
            }
        }
    }

    /// PNGs written by ImageMagick (when installed) of several types decode to the same pixels.
    func testReadsImageMagickPNGs() throws {
        let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let convert else { throw XCTSkip("ImageMagick convert is not installed") }
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = dir + "/src.png"
        let image = glowFrame(t: 0.3, opaque: false)
        try PNG.write(image, to: source, options: .init(colorMode: .rgba))
        // Over black, premultiplied colours are the flattened colours.
        var flatPixels = image.pixels
        for k in stride(from: 3, to: flatPixels.count, by: 4) { flatPixels[k] = 255 }
        let flattened = try Image(width: image.width, height: image.height, premultipliedPixels: flatPixels)
        // (ImageMagick format prefix, flatten first, expected colour type, expected bit depth)
        let variants: [(String, Bool, UInt8, UInt8)] = [("PNG24:", true, 2, 8), ("PNG32:", false, 6, 8), ("PNG48:", true, 2, 16),
                                                        ("PNG64:", false, 6, 16), ("PNG8:", true, 3, 8)]
        for (n, (v, flatten, type, depth)) in variants.enumerated() {
            let out = dir + "/im\(n).png"
            let p = Process()
            p.executableURL = URL(fileURLWithPath: convert)
            p.arguments = [source] + (flatten ? ["-background", "black", "-flatten"] : []) + ["\(v)\(out)"]
            try p.run(); p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
            let bytes = try readBytes(out)
            XCTAssertEqual(pngColorType(bytes), type, v)
            XCTAssertEqual(bytes[24], depth, v)
            let decoded = try PNG.decode(bytes)
            if v == "PNG8:" {
                XCTAssertLessThan(meanDifference(decoded, flattened), 3, v)
            } else {
                XCTAssertLessThanOrEqual(maxDifference(decoded, flatten ? flattened : image), 1, v)
            }
        }
        // Gray, interlaced.
        let out = dir + "/gray.png"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: convert)
        p.arguments = [source, "-background", "white", "-flatten", "-colorspace", "Gray", "-interlace", "PNG", out]
        try p.run(); p.waitUntilExit()
        XCTAssertTrue(try PNG.read(out).isOpaqueGray)
    }

    func testCorruptInputThrowsTypedErrors() throws {
        let good = try PNG.encode(glowFrame(t: 0.1))
        // Truncated.
        for cut in [4, 20, 40, good.count / 2, good.count - 13] {
            XCTAssertThrowsError(try PNG.decode(Array(good[0..<cut]))) { e in
                guard case CodecError.corrupt = e else { return XCTFail("\(e)") }
            }
        }
        // Bad CRC in IHDR.
        var bad = good; bad[29] ^= 0xFF
        XCTAssertThrowsError(try PNG.decode(bad)) { e in
            guard case CodecError.corrupt(_, let reason) = e else { return XCTFail("\(e)") }
            XCTAssertTrue(reason.contains("libpng"), reason)
        }
        // Garbage inside compressed data.
        var junk = good
        for i in 60..<min(junk.count - 20, 140) { junk[i] = UInt8(i & 255) }
        XCTAssertThrowsError(try PNG.decode(junk))
        XCTAssertThrowsError(try PNG.decode([]))
        XCTAssertThrowsError(try PNG.read("/nonexistent/file.png")) { e in
            XCTAssertTrue("\(e)".contains("/nonexistent/file.png"))
        }
    }
}
