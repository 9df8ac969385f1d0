// GIF and APNG round trips (frame count, timings, loop count, pixels), frame differencing, disposal
// for transparency, the format factory, the PNG sequence, and the typed errors for bad input.
import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class AnimationTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try makeScratchDirectory(name) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func frames(_ n: Int, opaque: Bool = true) -> [Image] { (0..<n).map { glowFrame(t: Double($0) / Double(n), opaque: opaque) } }

    // MARK: GIF

    func testGIFRoundTripCountTimingsLoopAndPixels() throws {
        let path = dir + "/a.gif"
        let src = frames(8)
        let enc = try GIF.Encoder(path: path, options: .init(loopCount: 0))
        for f in src { try enc.append(f, duration: 0.1) }
        try enc.finish()
        let bytes = try readBytes(path)
        XCTAssertEqual(Array(bytes[0..<6]), Array("GIF89a".utf8))
        let anim = try GIF.read(path)
        XCTAssertEqual(anim.frames.count, 8)
        XCTAssertEqual(anim.durations, [Double](repeating: 0.1, count: 8))
        XCTAssertEqual(anim.plays, 0)
        XCTAssertEqual(anim.loopCount, 0)
        for (a, b) in zip(anim.frames, src) {
            XCTAssertLessThan(meanDifference(a, b), 2.5)
            XCTAssertLessThanOrEqual(maxDifference(a, b), 48)
            XCTAssertTrue(a.isOpaque)
        }
        XCTAssertEqual(fileNames(in: dir), ["a.gif"])
    }

    func testGIFWithFewColorsIsExactAndPlaysOnceWithoutLoopExtension() throws {
        let path = dir + "/b.gif"
        let red = try Image(width: 10, height: 10, fill: .red), blue = try Image(width: 10, height: 10, fill: .blue)
        var mixed = red
        for y in 0..<5 { for x in 0..<10 { mixed[x, y] = (0, 0, 255, 255) } }
        let enc = try GIF.Encoder(path: path, options: .init(loopCount: nil))
        for f in [red, mixed, blue] { try enc.append(f, duration: 0.05) }
        try enc.finish()
        let anim = try GIF.read(path)
        XCTAssertEqual(anim.frames, [red, mixed, blue])
        XCTAssertEqual(anim.plays, 1)
        XCTAssertNil(anim.loopCount)
        XCTAssertFalse(String(decoding: try readBytes(path), as: UTF8.self).contains("NETSCAPE"))
    }

    func testGIFLoopCountAndIdenticalFramesMerged() throws {
        let path = dir + "/c.gif"
        let a = glowFrame(t: 0), b = glowFrame(t: 0.5)
        let enc = try GIF.Encoder(path: path, options: .init(loopCount: 3))
        for f in [a, a, a, b, b] { try enc.append(f, duration: 0.04) }
        try enc.finish()
        let anim = try GIF.read(path)
        XCTAssertEqual(anim.frames.count, 2)
        XCTAssertEqual(anim.durations, [0.12, 0.08])
        XCTAssertEqual(anim.loopCount, 3)
        XCTAssertEqual(anim.plays, 4)
    }

    /// 1/30 s frames: centisecond delays of 3 and 4 alternate so the total stays 1 s; nothing below 2 cs.
    func testGIFDelaysCarryRoundingAndRespectMinimum() throws {
        let path = dir + "/d.gif"
        let enc = try GIF.Encoder(path: path)
        for i in 0..<30 { try enc.append(glowFrame(t: Double(i) / 30), duration: 1.0 / 30) }
        try enc.finish()
        let d = try GIF.read(path).durations
        XCTAssertEqual(d.count, 30)
        XCTAssertEqual(d.reduce(0, +), 1.0, accuracy: 1e-9)
        XCTAssertTrue(Set(d).isSubset(of: [0.03, 0.04]))

        let fast = dir + "/fast.gif"
        let e2 = try GIF.Encoder(path: fast)
        for i in 0..<10 { try e2.append(glowFrame(t: Double(i) / 10), duration: 0.005) }
        try e2.finish()
        XCTAssertTrue(try GIF.read(fast).durations.allSatisfy { $0 >= 0.02 })
    }

    /// Frame differencing: a frame where only a small area changes is cropped to that area.
    func testGIFFrameDifferencingCropsToChangedBox() throws {
        let path = dir + "/e.gif"
        let base = glowFrame(width: 64, height: 64, t: 0)
        var changed = base
        for y in 10..<14 { for x in 20..<25 { changed[x, y] = (255, 255, 255, 255) } }
        let enc = try GIF.Encoder(path: path)
        try enc.append(base, duration: 0.1)
        try enc.append(changed, duration: 0.1)
        try enc.finish()
        let single = dir + "/single.gif"
        let e1 = try GIF.Encoder(path: single)
        try e1.append(base, duration: 0.1)
        try e1.finish()
        // The second frame costs far less than a full frame.
        let extra = try readBytes(path).count - readBytes(single).count
        XCTAssertLessThan(extra, 120)
        let anim = try GIF.read(path)
        XCTAssertEqual(anim.frames[1][22, 12].r, 255)
        XCTAssertTrue(anim.frames[1][40, 40] == anim.frames[0][40, 40])
    }

    /// A transparent GIF where pixels go from visible to transparent needs restore-to-background.
    func testGIFTransparencyDisappearingPixels() throws {
        let path = dir + "/f.gif"
        var a = try Image(width: 20, height: 20, fill: .clear)
        var b = a
        for y in 0..<10 { for x in 0..<10 { a[x, y] = (255, 0, 0, 255) } }
        for y in 10..<20 { for x in 10..<20 { b[x, y] = (0, 0, 255, 255) } }
        let enc = try GIF.Encoder(path: path)
        for f in [a, b, a] { try enc.append(f, duration: 0.1) }
        try enc.finish()
        let anim = try GIF.read(path)
        XCTAssertEqual(anim.frames, [a, b, a])
    }

    /// A third-party decoder (ImageMagick -coalesce, when installed) sees the same composed frames,
    /// including restore-to-background disposal.
    func testGIFFramesMatchImageMagickCoalesce() throws {
        let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let convert else { throw XCTSkip("ImageMagick convert is not installed") }
        var a = try Image(width: 20, height: 20, fill: .clear)
        var b = a
        for y in 0..<10 { for x in 0..<10 { a[x, y] = (255, 0, 0, 255) } }
        for y in 10..<20 { for x in 10..<20 { b[x, y] = (0, 0, 255, 255) } }
        let path = dir + "/im.gif"
        let enc = try GIF.Encoder(path: path)
        for f in [a, b, a, b] { try enc.append(f, duration: 0.1) }
        try enc.finish()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: convert)
        p.arguments = [path, "-coalesce", dir + "/co-%d.png"]
        try p.run(); p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let ours = try GIF.read(path).frames
        for i in 0..<4 {
            let theirs = try PNG.read(dir + "/co-\(i).png")
            XCTAssertEqual(theirs, ours[i], "frame \(i)")
        }
    }

    func testGIFSoftAlphaWithThresholdAndMatte() throws {
        let soft = glowFrame(t: 0.5, opaque: false)
        let p1 = dir + "/g1.gif"
        let e1 = try GIF.Encoder(path: p1, options: .init(background: .matte(.white)))
        try e1.append(soft, duration: 0.1); try e1.finish()
        XCTAssertTrue(try GIF.read(p1).frames[0].isOpaque)
        let p2 = dir + "/g2.gif"
        let e2 = try GIF.Encoder(path: p2, options: .init(background: .transparent(threshold: 0.5, matte: .black)))
        try e2.append(soft, duration: 0.1); try e2.finish()
        let f = try GIF.read(p2).frames[0]
        for y in 0..<soft.height {
            for x in 0..<soft.width {
                XCTAssertEqual(f[x, y].a == 255, soft[x, y].a >= 128, "(\(x),\(y))")
            }
        }
    }

    /// A small region that turns into colours the global palette barely covers gets a local palette:
    /// its error drops, and the static rest of the frame stays exactly as shown before.
    func testGIFLocalPaletteWhereItWins() throws {
        var a = try Image(width: 64, height: 64, fill: .black)
        for y in 0..<64 { for x in 0..<64 { a[x, y] = (UInt8(x * 4), UInt8(y * 2), UInt8(255 - x * 2), 255) } }
        var b = a
        for y in 20..<40 { for x in 20..<40 { b[x, y] = (UInt8(255 - (x - 20) * 12), UInt8(((x + y) * 37) & 255), UInt8((y - 20) * 12), 255) } }
        func encode(_ local: Bool) throws -> [Image] {
            let path = dir + "/local-\(local).gif"
            try GIF.Encoder.encode(to: path, frameCount: 2, options: .init(dithering: .none, allowsLocalPalettes: local)) { i in ([a, b][i], 0.1) }
            return try GIF.read(path).frames
        }
        let with = try encode(true), without = try encode(false)
        func regionError(_ f: Image) -> Double {
            var s = 0.0
            for y in 20..<40 { for x in 20..<40 {
                let p = f[x, y], q = b[x, y]
                s += Double(abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)))
            } }
            return s / 1200
        }
        XCTAssertLessThan(regionError(with[1]), regionError(without[1]) / 2)
        for y in 0..<64 { for x in 0..<64 where !(20..<40).contains(x) || !(20..<40).contains(y) {
            XCTAssertTrue(with[1][x, y] == with[0][x, y])
        } }
        XCTAssertEqual(with[0], without[0])
    }

    func testGIFTwoPassEncodeMatchesStreaming() throws {
        let src = frames(6)
        let p1 = dir + "/s.gif", p2 = dir + "/t.gif"
        let enc = try GIF.Encoder(path: p1)
        for f in src { try enc.append(f, duration: 0.05) }
        try enc.finish()
        var calls = 0
        try GIF.Encoder.encode(to: p2, frameCount: 6) { i in calls += 1; return (src[i], 0.05) }
        XCTAssertEqual(calls, 12)
        XCTAssertEqual(try readBytes(p1), try readBytes(p2))
    }

    func testGIFDitheringModesAllDecode() throws {
        for (n, d) in [GIF.Dithering.none, .ordered, .errorDiffusion(strength: 1)].enumerated() {
            let path = dir + "/dither\(n).gif"
            try GIF.Encoder.encode(to: path, frameCount: 4, options: .init(dithering: d)) { i in (glowFrame(t: Double(i) / 4), 0.1) }
            let anim = try GIF.read(path)
            XCTAssertEqual(anim.frames.count, 4)
            XCTAssertLessThan(meanDifference(anim.frames[2], glowFrame(t: 0.5)), 3)
        }
    }

    // MARK: APNG

    func testAPNGRoundTripIsExactWithAlpha() throws {
        let path = dir + "/a.png"
        var src = frames(6, opaque: false)
        src.append(try Image(width: 48, height: 40, fill: .clear)) // alpha drops everywhere
        src.append(glowFrame(t: 0.2, opaque: false))
        let enc = try APNG.Encoder(path: path, plays: 0)
        for f in src { try enc.append(f, duration: 1.0 / 30) }
        try enc.finish()
        let bytes = try readBytes(path)
        let chunks = pngChunkTypes(bytes)
        XCTAssertEqual(chunks.first, "IHDR")
        XCTAssertEqual(chunks.filter { $0 == "fcTL" }.count, 8)
        XCTAssertEqual(chunks.filter { $0 == "fdAT" }.count, 7)
        let anim = try APNG.decode(bytes)
        XCTAssertEqual(anim.frames, src)
        XCTAssertEqual(anim.plays, 0)
        XCTAssertEqual(anim.durations.reduce(0, +), 8.0 / 30, accuracy: 0.0005)
        // Plain PNG readers see the first frame.
        XCTAssertEqual(try PNG.decode(bytes), src[0])
    }

    func testAPNGOpaqueAndPaletteModesAreExact() throws {
        let p1 = dir + "/opaque.png"
        let src = frames(5)
        let e1 = try APNG.Encoder(path: p1, plays: 2)
        for f in src { try e1.append(f, duration: 0.1) }
        try e1.finish()
        let b1 = try readBytes(p1)
        XCTAssertEqual(pngColorType(b1), 2)
        let a1 = try APNG.read(p1)
        XCTAssertEqual(a1.frames, src)
        XCTAssertEqual(a1.plays, 2)
        XCTAssertEqual(a1.durations, [0.1, 0.1, 0.1, 0.1, 0.1])

        let p2 = dir + "/pal.png"
        let red = try Image(width: 12, height: 12, fill: .red)
        var dot = red
        dot[3, 3] = (0, 0, 0, 0); dot[4, 4] = (0, 0, 128, 128)
        let e2 = try APNG.Encoder(path: p2)
        for f in [red, dot, red, red] { try e2.append(f, duration: 0.25) }
        try e2.finish()
        let b2 = try readBytes(p2)
        XCTAssertEqual(pngColorType(b2), 3)
        let a2 = try APNG.decode(b2)
        XCTAssertEqual(a2.frames, [red, dot, red])
        XCTAssertEqual(a2.durations, [0.25, 0.25, 0.5])
    }

    func testAPNGCorruptInputThrows() throws {
        let path = dir + "/c.png"
        let enc = try APNG.Encoder(path: path)
        for f in frames(3, opaque: false) { try enc.append(f, duration: 0.1) }
        try enc.finish()
        let good = try readBytes(path)
        for cut in [7, 30, good.count / 2, good.count - 5] {
            XCTAssertThrowsError(try APNG.decode(Array(good[0..<cut]))) { e in
                guard case CodecError.corrupt = e else { return XCTFail("\(e)") }
            }
        }
        // Break a sequence number (the second fcTL's).
        var bad = good
        if let r = findChunk(bad, "fdAT") { bad[r + 8 + 3] ^= 0x7F }
        XCTAssertThrowsError(try APNG.decode(bad))
    }

    func findChunk(_ b: [UInt8], _ type: String) -> Int? {
        var o = 8
        while o + 8 <= b.count {
            let len = Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
            if String(decoding: b[(o + 4)..<(o + 8)], as: UTF8.self) == type { return o }
            o += 12 + len
        }
        return nil
    }

    func testGIFCorruptInputThrows() throws {
        let path = dir + "/x.gif"
        try GIF.Encoder.encode(to: path, frameCount: 3) { i in (glowFrame(t: Double(i) / 3), 0.1) }
        let good = try readBytes(path)
        XCTAssertThrowsError(try GIF.decode(Array(good[0..<(good.count / 2)]))) { e in
            guard case CodecError.corrupt = e else { return XCTFail("\(e)") }
        }
        XCTAssertThrowsError(try GIF.decode([0x47, 0x49, 0x46]))
        XCTAssertThrowsError(try GIF.decode(Array("not a gif at all".utf8)))
    }

    // MARK: errors common to every encoder

    func testZeroFramesMismatchedSizesAndBadDurationsLeaveNoFile() throws {
        for name in ["z.gif", "z.png"] {
            let path = dir + "/" + name
            let enc = try AnimationWriter.forPath(path)
            XCTAssertThrowsError(try enc.finish()) { e in XCTAssertEqual(e as? CodecError, .noFrames(path: path)) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))

            let enc2 = try AnimationWriter.forPath(path)
            try enc2.append(glowFrame(width: 10, height: 10, t: 0), duration: 0.1)
            XCTAssertThrowsError(try enc2.append(glowFrame(width: 11, height: 10, t: 0), duration: 0.1)) { e in
                XCTAssertEqual(e as? CodecError, .frameSizeMismatch(expectedWidth: 10, expectedHeight: 10, width: 11, height: 10, frame: 1))
            }
            XCTAssertThrowsError(try enc2.append(glowFrame(width: 10, height: 10, t: 0), duration: 0)) { e in
                XCTAssertEqual(e as? CodecError, .invalidDuration(0, frame: 1))
            }
            XCTAssertThrowsError(try enc2.append(glowFrame(width: 10, height: 10, t: 0), duration: .nan))
        }
        XCTAssertThrowsError(try GIF.Encoder.encode(to: dir + "/n.gif", frameCount: 0) { _ in (glowFrame(t: 0), 0.1) }) { e in
            XCTAssertEqual(e as? CodecError, .noFrames(path: dir + "/n.gif"))
        }
        XCTAssertThrowsError(try GIF.Encoder.encode(to: dir + "/m.gif", frameCount: 2) { i in (glowFrame(width: 10 + i, height: 10, t: 0), 0.1) })
        XCTAssertEqual(fileNames(in: dir), [])
    }

    func testUnwritableDestinationFailsBeforeRendering() throws {
        try AtomicFile.write([1], to: dir + "/file")
        for name in ["a.gif", "a.png", "a.apng"] {
            XCTAssertThrowsError(try AnimationWriter.forPath(dir + "/file/" + name)) { e in
                guard case CodecError.notADirectory = e else { return XCTFail("\(e)") }
            }
            XCTAssertThrowsError(try AnimationWriter.forPath(dir + "/nope/" + name)) { e in
                XCTAssertTrue("\(e)".contains("no such directory \(dir)/nope"), "\(e)")
            }
        }
        XCTAssertThrowsError(try AnimationWriter.forPath(dir + "/x.webm")) { e in
            XCTAssertEqual(e as? CodecError, .unsupportedFormat(path: dir + "/x.webm"))
        }
        XCTAssertThrowsError(try GIF.Encoder(path: dir + "/o.gif", options: .init(maximumColors: 1)))
        XCTAssertEqual(fileNames(in: dir), ["file"])
    }

    func testFactoryPicksFormatsAndPNGSequenceWritesNumberedFiles() throws {
        let seqDir = dir + "/seq/"
        let enc = try AnimationWriter.forPath(seqDir)
        XCTAssertTrue(enc is PNGSequence)
        XCTAssertTrue(try AnimationWriter.forPath(dir + "/a.GIF") is GIF.Encoder)
        XCTAssertTrue(try AnimationWriter.forPath(dir + "/a.apng") is APNG.Encoder)
        let src = frames(3)
        for f in src { try enc.append(f, duration: 0.1) }
        try enc.finish()
        XCTAssertEqual(fileNames(in: dir + "/seq"), ["frame-0001.png", "frame-0002.png", "frame-0003.png"])
        XCTAssertEqual(try PNG.read(dir + "/seq/frame-0003.png"), src[2])
    }
}
