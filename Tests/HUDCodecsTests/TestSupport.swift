// Shared helpers for the codec tests: synthetic frames and a scratch folder per test.
import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

/// A fresh empty folder under the system temp directory, removed by the test's teardown.
func makeScratchDirectory(_ name: String = #function) throws -> String {
    let base = NSTemporaryDirectory() + "hudcodecs-tests-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    return base
}

func fileNames(in dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

func readBytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

/// A soft glow (radial falloff) whose centre moves with `t`, over an opaque dark background or over
/// transparency; deterministic.
func glowFrame(width: Int = 48, height: Int = 40, t: Double, opaque: Bool = true) -> Image {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    let cx = Double(width) * (0.3 + 0.4 * t), cy = Double(height) * 0.5
    for y in 0..<height {
        for x in 0..<width {
            let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
            let glow = max(0, 1 - d / 18)
            let i = (y * width + x) * 4
            if opaque {
                px[i] = UInt8(20 + 200 * glow * glow)
                px[i + 1] = UInt8(30 + 150 * glow)
                px[i + 2] = UInt8(60 + 190 * glow)
                px[i + 3] = 255
            } else {
                let a = glow
                px[i] = UInt8(255 * a * 0.9); px[i + 1] = UInt8(255 * a * 0.6); px[i + 2] = UInt8(255 * a); px[i + 3] = UInt8(255 * a)
            }
        }
    }
    return try! Image(width: width, height: height, premultipliedPixels: px)
}

/// Largest per-channel difference between two images of the same size.
func maxDifference(_ a: Image, _ b: Image) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var m = 0
    for i in 0..<a.pixels.count { m = max(m, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    return m
}

/// Mean absolute per-channel difference.
func meanDifference(_ a: Image, _ b: Image) -> Double {
    var s = 0
    for i in 0..<a.pixels.count { s += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(s) / Double(a.pixels.count)
}

/// The colour type byte of a PNG's IHDR.
func pngColorType(_ bytes: [UInt8]) -> UInt8 { bytes[25] }

/// Chunk types in file order.
func pngChunkTypes(_ bytes: [UInt8]) -> [String] {
    var out: [String] = []
    var o = 8
    while o + 8 <= bytes.count {
        let len = Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        out.append(String(decoding: bytes[(o + 4)..<(o + 8)], as: UTF8.self))
        o += 12 + len
    }
    return out
}

/// Each image of a GIF file in order: its LZW minimum code size and its data sub-blocks (without
/// the empty block that ends them).
func gifImages(_ bytes: [UInt8]) -> [(codeSize: Int, data: [UInt8])] {
    var at = 13, images: [(codeSize: Int, data: [UInt8])] = []
    if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
    func blocks() -> [UInt8] {
        let start = at
        while bytes[at] != 0 { at += Int(bytes[at]) + 1 }
        at += 1
        return Array(bytes[start..<(at - 1)])
    }
    while at < bytes.count && bytes[at] != 0x3B {
        if bytes[at] == 0x21 { at += 2; _ = blocks(); continue }
        let flags = bytes[at + 9]
        at += 10
        if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
        let size = Int(bytes[at]); at += 1
        images.append((size, blocks()))
    }
    return images
}

/// Decodes GIF LZW sub-blocks: the indices, the number of codes read (clear and end included) and
/// of clear codes (the one that opens the stream included).
func decodeGIFLZW(_ blocks: [UInt8], minCodeSize: Int) -> (indices: [Int], codes: Int, clears: Int) {
    var data: [UInt8] = [], at = 0
    while at < blocks.count { let n = Int(blocks[at]); data += blocks[(at + 1)..<(at + 1 + n)]; at += n + 1 }
    let clear = 1 << minCodeSize
    var table: [[Int]] = [], width = minCodeSize + 1, previous = -1, bit = 0, codes = 0, clears = 0
    var out: [Int] = []
    while bit + width <= data.count * 8 {
        var code = 0
        for b in 0..<width where data[(bit + b) >> 3] & (1 << UInt8((bit + b) & 7)) != 0 { code |= 1 << b }
        bit += width; codes += 1
        if code == clear {
            table = (0..<clear).map { [$0] } + [[], []]; width = minCodeSize + 1; previous = -1; clears += 1
            continue
        }
        if code == clear + 1 { break }
        let string = code < table.count ? table[code] : table[previous] + [table[previous][0]]
        if previous >= 0 && table.count < 4096 { table.append(table[previous] + [string[0]]) }
        out += string; previous = code
        if table.count == 1 << width && width < 12 { width += 1 }
    }
    return (out, codes, clears)
}
