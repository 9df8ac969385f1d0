// GIF.Stream: the GIF container written through giflib: screen descriptor, loop extension, frames
// whose image data arrives already LZW-compressed, trailer.
//
// Design note: giflib's own LZW takes one index per pixel; hudrender compresses with its own encoder
// (GIF.LZWEncoder, which chooses among acceptable indices), so frames are handed to giflib as code
// blocks (EGifPutCode), the way giflib's tools copy image data without recompressing it.
import CGIF

extension GIF {
    final class Stream {
        private let sink: Sink
        private var gif: UnsafeMutablePointer<GifFileType>?

        /// One frame: its box, optional local colour table, control block and compressed data (sub-blocks).
        struct Frame {
            var x: Int, y: Int, w: Int, h: Int
            var localColors: [GifColorType]?
            /// The LZW minimum code size of `data`; with a local table, that table's.
            var codeSize: Int
            var transparentIndex: UInt8
            var disposal: Int32
            var delay: Int
            var data: [UInt8]
        }

        init(file: AtomicFile, width: Int, height: Int, globalColors: [GifColorType], transparentIndex: Int,
             loopCount: Int?) throws {
            sink = Sink(file: file)
            try open(width: width, height: height, colors: globalColors, transparent: transparentIndex, loops: loopCount)
        }

        deinit {
            if let g = gif { var e: Int32 = 0; _ = EGifCloseFile(g, &e) }
        }

        /// The minimum LZW code size of a colour table of `entries` (a power of two) entries.
        static func minCodeSize(entries: Int) -> Int {
            var bits = 1
            while 1 << bits < entries { bits += 1 }
            return max(2, bits)
        }

        private func check(_ status: Int32, _ what: String) throws {
            guard status == GIF_OK else { throw failure(what) }
        }

        private func failure(_ what: String) -> Error {
            if let f = sink.failure { return f }
            let code = gif?.pointee.Error ?? 0
            let text = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
            return CodecError.encodeFailed(format: "GIF", reason: "\(what): \(text)")
        }

        private func open(width: Int, height: Int, colors: [GifColorType], transparent: Int, loops: Int?) throws {
            let output: OutputFunc = { g, bytes, length in
                guard let g, let user = g.pointee.UserData, let bytes else { return 0 }
                let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
                if sink.failure != nil { return 0 }
                sink.buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
                if sink.buffer.count >= 1 << 16 {
                    do { try sink.flush() } catch { sink.failure = error; return 0 }
                }
                return length
            }
            var error: Int32 = 0
            guard let g = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), output, &error) else {
                throw CodecError.encodeFailed(format: "GIF", reason: GifErrorString(error).map { String(cString: $0) } ?? "EGifOpen failed")
            }
            gif = g
            // Without this giflib writes a GIF87a header, which cannot carry transparency or delays.
            EGifSetGifVersion(g, true)
            var table = colors
            guard let map = GifMakeMapObject(Int32(table.count), &table) else {
                throw CodecError.encodeFailed(format: "GIF", reason: "out of memory for the colour table")
            }
            defer { GifFreeMapObject(map) }
            try check(EGifPutScreenDesc(g, Int32(width), Int32(height), 8, Int32(transparent), map), "screen descriptor")
            if let loops {
                try check(EGifPutExtensionLeader(g, APPLICATION_EXT_FUNC_CODE), "loop extension")
                var id = Array("NETSCAPE2.0".utf8)
                try check(EGifPutExtensionBlock(g, 11, &id), "loop extension")
                var block: [UInt8] = [1, UInt8(loops & 0xFF), UInt8(loops >> 8)]
                try check(EGifPutExtensionBlock(g, 3, &block), "loop extension")
                try check(EGifPutExtensionTrailer(g), "loop extension")
            }
        }

        /// Writes one frame. `data` must be compressed with the code size of the frame's colour table.
        func write(_ f: Frame) throws {
            guard let g = gif else { throw CodecError.alreadyFinished }
            var gcb = GraphicsControlBlock(DisposalMode: f.disposal, UserInputFlag: false,
                                           DelayTime: Int32(f.delay), TransparentColor: Int32(f.transparentIndex))
            var ext = [GifByteType](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, Int32(n), &ext), "graphics control")
            if var local = f.localColors {
                guard let map = GifMakeMapObject(Int32(local.count), &local) else {
                    throw CodecError.encodeFailed(format: "GIF", reason: "out of memory for a local colour table")
                }
                defer { GifFreeMapObject(map) }
                try check(EGifPutImageDesc(g, Int32(f.x), Int32(f.y), Int32(f.w), Int32(f.h), false, map), "image descriptor")
            } else {
                try putImageDescriptor(g, f)
            }
            // giflib has written the code size byte; the sub-blocks follow as they are, then the
            // empty block that ends the image.
            var status: Int32 = GIF_OK
            f.data.withUnsafeBufferPointer { d in
                var at = 0
                while at < d.count && status == GIF_OK {
                    let block = d.baseAddress! + at
                    status = at == 0 ? EGifPutCode(g, 0, block) : EGifPutCodeNext(g, block)
                    at += Int(d[at]) + 1
                }
            }
            try check(status, "image data")
            try check(EGifPutCodeNext(g, nil), "image data")
        }

        /// The descriptor of a frame without its own table. giflib writes the code size of the global
        /// table after it; a frame that draws only low indices has a smaller one (GIF.FrameTable), so
        /// the global table's size is set to it for the time of the call.
        private func putImageDescriptor(_ g: UnsafeMutablePointer<GifFileType>, _ f: Frame) throws {
            guard let global = g.pointee.SColorMap else { throw failure("image descriptor") }
            let bits = global.pointee.BitsPerPixel
            global.pointee.BitsPerPixel = Int32(f.codeSize)
            defer { global.pointee.BitsPerPixel = bits }
            try check(EGifPutImageDesc(g, Int32(f.x), Int32(f.y), Int32(f.w), Int32(f.h), false, nil), "image descriptor")
        }

        /// Writes the trailer and flushes the file.
        func close() throws {
            guard let g = gif else { throw CodecError.alreadyFinished }
            gif = nil
            var error: Int32 = 0
            let status = EGifCloseFile(g, &error)
            if let f = sink.failure { throw f }
            guard status == GIF_OK else {
                throw CodecError.encodeFailed(format: "GIF", reason: GifErrorString(error).map { String(cString: $0) } ?? "giflib error \(error)")
            }
            try sink.flush()
        }
    }
}
