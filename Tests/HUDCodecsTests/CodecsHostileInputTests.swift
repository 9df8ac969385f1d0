// Hostile input for the PNG, GIF and APNG readers: every fuzz seed (Fixtures/fuzz/{png,gif,apng})
// either decodes to a consistent image or fails with a typed CodecError whose message says what is
// wrong; valid seeds keep decoding to their known sizes, hostile ones keep failing.
//
// Design note: the seeds are the inputs the fuzzers start from (truncations, bad CRCs, absurd
// dimensions, frames outside the canvas), so running them here turns every fuzzing session's
// starting point into a fast, deterministic test that needs no libFuzzer.

import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class CodecsHostileInputTests: XCTestCase {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz").path

    func seeds(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let dir = Self.fuzzFolder + "/" + target
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertFalse(names.isEmpty, "no seeds in \(dir)")
        return try names.map { ($0, try readBytes(dir + "/" + $0)) }
    }

    /// A decoded frame is self-consistent: positive size within the limits, one RGBA pixel per cell.
    func assertConsistent(_ image: Image, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(image.width, 0, name, file: file, line: line)
        XCTAssertGreaterThan(image.height, 0, name, file: file, line: line)
        XCTAssertLessThanOrEqual(image.width * image.height, Image.maxPixels, name, file: file, line: line)
        XCTAssertEqual(image.pixels.count, image.width * image.height * 4, name, file: file, line: line)
    }

    func assertTypedFailure(_ error: Error, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(error is CodecError, "\(name): untyped error \(error)", file: file, line: line)
        XCTAssertFalse(String(describing: error).isEmpty, name, file: file, line: line)
    }

    func testPNGSeeds() throws {
        let valid: [String: (Int, Int)] = [
            "rgba_4x3.png": (4, 3), "rgb_3x3.png": (3, 3), "gray_5x2.png": (5, 2), "graya_2x2.png": (2, 2),
            "palette_trns_4x2.png": (4, 2), "gray16_2x2.png": (2, 2), "gray1_8x2.png": (8, 2),
            "rgba16_1x1.png": (1, 1), "adam7_rgb_4x4.png": (4, 4),
        ]
        let hostile: Set = ["truncated.png", "bad_crc.png", "huge_header.png", "zero_width.png", "short_idat.png", "plte_missing.png"]
        for (name, bytes) in try seeds("png") {
            do {
                let image = try PNG.decode(bytes)
                assertConsistent(image, name)
                if let (w, h) = valid[name] { XCTAssertEqual([image.width, image.height], [w, h], name) }
                XCTAssertFalse(hostile.contains(name), "\(name) should not decode")
            } catch {
                assertTypedFailure(error, name)
                XCTAssertNil(valid[name], "\(name) should decode: \(error)")
            }
        }
    }

    func testGIFSeeds() throws {
        let valid: [String: (w: Int, h: Int, frames: Int)] = [
            "anim3_disposal.gif": (6, 5, 3), "anim2_previous.gif": (6, 5, 2), "still_gray.gif": (3, 3, 1), "interlaced.gif": (8, 9, 1),
        ]
        for (name, bytes) in try seeds("gif") {
            do {
                let anim = try GIF.decode(bytes)
                XCTAssertFalse(anim.frames.isEmpty, name)
                XCTAssertEqual(anim.frames.count, anim.durations.count, name)
                for f in anim.frames { assertConsistent(f, name) }
                XCTAssertTrue(anim.durations.allSatisfy { $0.isFinite && $0 >= 0 }, name)
                if let v = valid[name] {
                    XCTAssertEqual([anim.frames[0].width, anim.frames[0].height, anim.frames.count], [v.w, v.h, v.frames], name)
                }
            } catch {
                assertTypedFailure(error, name)
                XCTAssertNil(valid[name], "\(name) should decode: \(error)")
            }
        }
    }

    func testAPNGSeeds() throws {
        let valid: [String: (w: Int, h: Int, frames: Int)] = [
            "anim3.apng": (6, 5, 3), "anim2_default_image.apng": (6, 5, 3), "plain.png": (3, 2, 1),
        ]
        for (name, bytes) in try seeds("apng") {
            do {
                let anim = try APNG.decode(bytes)
                XCTAssertFalse(anim.frames.isEmpty, name)
                XCTAssertEqual(anim.frames.count, anim.durations.count, name)
                for f in anim.frames { assertConsistent(f, name) }
                if let v = valid[name] {
                    XCTAssertEqual([anim.frames[0].width, anim.frames[0].height], [v.w, v.h], name)
                    XCTAssertGreaterThanOrEqual(anim.frames.count, v.frames - 1, name)
                }
                XCTAssertNotEqual(name, "truncated.apng", "a truncated APNG should not decode")
            } catch {
                assertTypedFailure(error, name)
                XCTAssertNil(valid[name], "\(name) should decode: \(error)")
            }
        }
    }

    /// Every prefix of a valid animation fails cleanly or decodes (a download cut short).
    func testEveryTruncationOfAnAnimation() throws {
        for (target, name) in [("gif", "anim3_disposal.gif"), ("apng", "anim3.apng"), ("png", "adam7_rgb_4x4.png")] {
            let bytes = try readBytes(Self.fuzzFolder + "/\(target)/\(name)")
            for n in stride(from: 0, to: bytes.count, by: 3) {
                let prefix = Array(bytes[..<n])
                do {
                    switch target {
                    case "gif": _ = try GIF.decode(prefix)
                    case "apng": _ = try APNG.decode(prefix)
                    default: _ = try PNG.decode(prefix)
                    }
                } catch {
                    assertTypedFailure(error, "\(name)[..<\(n)]")
                }
            }
        }
    }

    /// Found with the hostile-input table: `hudrender --image /dev/zero` read until memory ran out.
    /// Reading now stops at a limit with a message naming it.
    func testEndlessInputStopsAtTheLimit() throws {
        XCTAssertThrowsError(try FileIO.readAll("/dev/zero", limit: 1 << 20)) { error in
            guard case CodecError.readFailed(let path, let reason) = error else { return XCTFail("expected readFailed, got \(error)") }
            XCTAssertEqual(path, "/dev/zero")
            XCTAssertTrue(reason.contains("1 MB input limit"), reason)
        }
        XCTAssertEqual(FileIO.maxInputSize, 256 * 1024 * 1024)
        // A file exactly at the limit is still read whole.
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/exact.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 1 << 20)))
        XCTAssertEqual(try FileIO.readAll(path, limit: 1 << 20).count, 1 << 20)
        XCTAssertThrowsError(try FileIO.readAll(path, limit: (1 << 20) - 1))
    }

    /// Found with the hostile-input table: `--out /proc/hud.gif` said "no such directory /proc (create
    /// it first)"; /proc exists but refuses new files, and the message now says so.
    func testWriteIntoAVirtualFileSystemNamesTheRealProblem() throws {
        let image = try Image(width: 2, height: 2, fill: .white)
        XCTAssertThrowsError(try PNG.write(image, to: "/proc/hudrender-test.png")) { error in
            let text = String(describing: error)
            XCTAssertFalse(text.contains("no such directory"), text)
            XCTAssertTrue(text.contains("/proc does not accept new files"), text)
        }
        // A folder that really is missing is still reported as missing, nearest first.
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard case .noSuchDirectory(_, let missing) = AtomicFile.error(ENOENT, path: dir + "/a/b/c.png") else {
            return XCTFail("expected noSuchDirectory")
        }
        XCTAssertEqual(missing, dir + "/a")
    }

    /// Found with the hostile-input table: a 2.7 KB APNG (40 one-pixel frames on an 8192 x 8192
    /// canvas) made `hudrender diff` allocate 10 GB, because every decoded frame is a full canvas.
    /// Both decoders now refuse before allocating when all frames together exceed the budget.
    func testTinyFramesOnAHugeCanvasAreRefusedBeforeAllocating() throws {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { PNGChunks.chunk(type, body) }
        func be32(_ v: Int) -> [UInt8] { PNGChunks.be32(UInt32(v)) }
        var apng = PNGChunks.signature + chunk("IHDR", be32(8192) + be32(8192) + [8, 6, 0, 0, 0]) + chunk("acTL", be32(40) + be32(0))
        let pixel: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01] // never decoded: the budget comes first
        var sequence = 0
        for _ in 0..<40 {
            apng += chunk("fcTL", be32(sequence) + be32(1) + be32(1) + be32(0) + be32(0) + [0, 1, 0, 10, 0, 0]); sequence += 1
            apng += chunk("fdAT", be32(sequence) + pixel); sequence += 1
        }
        apng += chunk("IEND", [])
        XCTAssertLessThan(apng.count, 3000)
        XCTAssertThrowsError(try APNG.decode(apng)) { error in
            guard case CodecError.imageTooLarge(8192, 8192, let limit) = error else { return XCTFail("expected imageTooLarge, got \(error)") }
            XCTAssertTrue(limit.contains("40 frames"), limit)
        }

        // GIF: an 8192 x 8192 screen with nine 1 x 1 frames (9 x 64 M pixels > 512 M).
        var gif: [UInt8] = Array("GIF89a".utf8) + [0x00, 0x20, 0x00, 0x20, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<9 { gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00] }
        gif += [0x3B]
        XCTAssertThrowsError(try GIF.decode(gif)) { error in
            guard case CodecError.imageTooLarge(8192, 8192, _) = error else { return XCTFail("expected imageTooLarge, got \(error)") }
        }

        // The budget's edges: exactly 512 M pixels passes, one frame more or an overflowing count does not.
        XCTAssertNoThrow(try DecodedAnimation.checkBudget(frameCount: 8, width: 8192, height: 8192, format: "GIF"))
        XCTAssertThrowsError(try DecodedAnimation.checkBudget(frameCount: 9, width: 8192, height: 8192, format: "GIF"))
        XCTAssertThrowsError(try DecodedAnimation.checkBudget(frameCount: Int.max / 2, width: 4096, height: 4096, format: "APNG"))
    }

    /// By construction, after the budget above: giflib slurps every frame raster before any check,
    /// and LZW packs a 16384 x 16384 one-colour frame into ~100 KB. The declared frame sizes are
    /// summed first, so three huge frames are refused without decoding.
    func testHugeDeclaredGIFFramesAreRefusedBeforeTheSlurp() throws {
        var gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<3 { gif += [0x2C, 0, 0, 0, 0, 0x00, 0x40, 0x00, 0x40, 0, 0x02, 0x02, 0x44, 0x01, 0x00] }
        gif += [0x3B]
        XCTAssertEqual(GIF.declaredFrameArea(gif), 3 * 16384 * 16384)
        XCTAssertThrowsError(try GIF.decode(gif)) { error in
            guard case CodecError.imageTooLarge(_, _, let limit) = error else { return XCTFail("expected imageTooLarge, got \(error)") }
            XCTAssertTrue(limit.contains("768 M pixels"), limit)
        }
        // Ordinary files are walked to the end: the seed's frames cover at most 3 x 6 x 5 pixels.
        let seed = try readBytes(Self.fuzzFolder + "/gif/anim3_disposal.gif")
        let area = try XCTUnwrap(GIF.declaredFrameArea(seed))
        XCTAssertGreaterThan(area, 0)
        XCTAssertLessThanOrEqual(area, 90)
        XCTAssertNil(GIF.declaredFrameArea(Array("PNG".utf8)))
    }
}
