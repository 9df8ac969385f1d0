// GIF.Decoder: reads a GIF through giflib into full RGBA frames with delays and loop count.
//
// Design note: giflib's DGifSlurp gives the raw sub-images; composition is done here as browsers do
// it: the canvas starts transparent, "restore to background" clears the frame's box to transparent,
// "restore to previous" puts back the canvas as it was before the frame. Frames are returned after
// composition so golden comparisons see what a viewer shows.
import HUDRaster
import CGIF
import CCodecShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GIF {
    /// Decodes GIF bytes into composed frames.
    public static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
        // giflib's slurp allocates every frame's raster (a byte per pixel) before anything can be
        // checked, and LZW packs a 16384 x 16384 frame of one colour into ~100 KB: the declared frame
        // sizes are summed first so a small file cannot make the slurp take gigabytes.
        if let area = declaredFrameArea(bytes), area > DecodedAnimation.maxTotalPixels {
            throw CodecError.imageTooLarge(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8,
                limit: "its frames declare \(area / 1_048_576) M pixels, more than the GIF decoding budget of \(DecodedAnimation.maxTotalPixels / 1_048_576) M pixels in all frames")
        }
        var error: Int32 = 0
        return try bytes.withUnsafeBufferPointer { buf -> DecodedAnimation in
            guard let raw = hud_gif_open_memory(buf.baseAddress, buf.count, &error) else {
                throw CodecError.corrupt(format: "GIF", reason: GifErrorString(error).map { String(cString: $0) } ?? "not a GIF file")
            }
            let gif = raw.assumingMemoryBound(to: GifFileType.self)
            let reader = gif.pointee.UserData
            defer {
                var e: Int32 = 0
                _ = DGifCloseFile(gif, &e)
                free(reader)
            }
            if DGifSlurp(gif) != GIF_OK {
                let code = gif.pointee.Error
                throw CodecError.corrupt(format: "GIF", reason: GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
            }
            let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
            do { try Image.validate(width: w, height: h) } catch { throw CodecError.corrupt(format: "GIF", reason: "screen size \(w)x\(h)") }
            let count = Int(gif.pointee.ImageCount)
            guard count > 0, let saved = gif.pointee.SavedImages else { throw CodecError.corrupt(format: "GIF", reason: "no image data") }
            try DecodedAnimation.checkBudget(frameCount: count, width: w, height: h, format: "GIF")
            var plays = 1
            // NETSCAPE2.0 lives in the extension blocks of the first image in giflib's model.
            for fi in 0..<count {
                let img = saved[fi]
                guard img.ExtensionBlockCount > 0, let blocks = img.ExtensionBlocks else { continue }
                for b in 0..<Int(img.ExtensionBlockCount) where blocks[b].Function == APPLICATION_EXT_FUNC_CODE && blocks[b].ByteCount == 11 {
                    let id = String(decoding: UnsafeBufferPointer(start: blocks[b].Bytes, count: 11), as: UTF8.self)
                    if (id == "NETSCAPE2.0" || id == "ANIMEXTS1.0") && b + 1 < Int(img.ExtensionBlockCount)
                        && blocks[b + 1].Function == CONTINUE_EXT_FUNC_CODE && blocks[b + 1].ByteCount >= 3 {
                        let d = blocks[b + 1].Bytes!
                        let loops = Int(d[1]) | Int(d[2]) << 8
                        plays = loops == 0 ? 0 : loops + 1
                    }
                }
            }
            var canvas = [UInt8](repeating: 0, count: w * h * 4)
            var frames: [Image] = [], durations: [Double] = []
            for fi in 0..<count {
                var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
                _ = DGifSavedExtensionToGCB(gif, Int32(fi), &gcb)
                let img = saved[fi]
                let d = img.ImageDesc
                guard let map = d.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
                    throw CodecError.corrupt(format: "GIF", reason: "frame \(fi) has no colour table")
                }
                let ncolors = Int(map.pointee.ColorCount)
                let fx = Int(d.Left), fy = Int(d.Top), fw = Int(d.Width), fh = Int(d.Height)
                guard let raster = img.RasterBits else { throw CodecError.corrupt(format: "GIF", reason: "frame \(fi) has no pixels") }
                let saved = gcb.DisposalMode == DISPOSE_PREVIOUS ? canvas : []
                // Interlaced rows arrive in pass order.
                var rowOrder = Array(0..<fh)
                if d.Interlace {
                    rowOrder = Array(stride(from: 0, to: fh, by: 8)) + Array(stride(from: 4, to: fh, by: 8))
                        + Array(stride(from: 2, to: fh, by: 4)) + Array(stride(from: 1, to: fh, by: 2))
                }
                for (srcRow, y) in rowOrder.enumerated() {
                    let cy = fy + y
                    if cy < 0 || cy >= h { continue }
                    for x in 0..<fw {
                        let cx = fx + x
                        if cx < 0 || cx >= w { continue }
                        let index = Int(raster[srcRow * fw + x])
                        if index == Int(gcb.TransparentColor) || index >= ncolors { continue }
                        let c = colors[index], o = (cy * w + cx) * 4
                        canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
                    }
                }
                frames.append(try Image(width: w, height: h, premultipliedPixels: canvas))
                durations.append(Double(gcb.DelayTime) / 100)
                if gcb.DisposalMode == DISPOSE_BACKGROUND {
                    for y in stride(from: max(0, fy), to: min(h, fy + fh), by: 1) {
                        for x in stride(from: max(0, fx), to: min(w, fx + fw), by: 1) { let o = (y * w + x) * 4; canvas[o] = 0; canvas[o + 1] = 0; canvas[o + 2] = 0; canvas[o + 3] = 0 }
                    }
                } else if gcb.DisposalMode == DISPOSE_PREVIOUS {
                    canvas = saved
                }
            }
            return DecodedAnimation(frames: frames, durations: durations, plays: plays)
        }
    }

    /// The sum of width x height over the image descriptors of a GIF, walking its blocks without
    /// decoding; nil when the structure cannot be followed (giflib then reports the error).
    static func declaredFrameArea(_ b: [UInt8]) -> Int? {
        guard b.count >= 13, b.starts(with: Array("GIF".utf8)) else { return nil }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        var o = 13
        if b[10] & 0x80 != 0 { o += 3 << (Int(b[10] & 7) + 1) }
        var area = 0
        func skipSubBlocks() -> Bool {
            while o < b.count {
                let n = Int(b[o]); o += 1
                if n == 0 { return true }
                o += n
            }
            return false
        }
        while o < b.count {
            switch b[o] {
            case 0x21: // extension: label, then sub-blocks
                o += 2
                guard skipSubBlocks() else { return area }
            case 0x2C: // image descriptor, optional local table, LZW code size, sub-blocks
                guard o + 10 <= b.count else { return area }
                area += u16(o + 5) * u16(o + 7)
                let flags = b[o + 9]
                o += 10
                if flags & 0x80 != 0 { o += 3 << (Int(flags & 7) + 1) }
                o += 1
                guard skipSubBlocks() else { return area }
            default: // trailer or garbage: giflib decides
                return area
            }
        }
        return area
    }

    /// Reads and decodes the GIF file at `path`.
    public static func read(_ path: String) throws -> DecodedAnimation {
        try decode(try FileIO.readAll(path))
    }
}
