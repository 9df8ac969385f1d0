// DisplayListBench: `hudrender bench --display-list FILE...`, the replay of recorded frames timed.
//
// Design note: a display list is read and parsed once, outside the clock; each iteration replays
// it on one canvas reset per frame (`DisplayList.render(reusing:)`), as the peers of
// Scripts/compare_frames.py draw every frame on one surface made before their clock starts; the
// clearing to the background is timed (theirs is too). One untimed replay comes first, as the peers
// draw once before their clock (first-touch page faults and cold caches are not the frame's). Time
// is the drawing thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so the other processes of a shared
// machine do not count, and the median is reported; `--write-png DIR` also keeps each frame's
// pixels so a comparison script can measure accuracy against the same replay. Files
// may be gzip-compressed (the corpus in Fixtures/displaylists is).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDCodecs
import HUDRaster

enum DisplayListBench {
    static func run(files: [String], iterations: Int, pngFolder: String?) throws {
        for file in files {
            var bytes = try InputFile.read(file, label: "display list")
            let list: DisplayList
            do {
                if Gzip.isCompressed(bytes) { bytes = try Gzip.decompress(bytes) }
                list = try DisplayList(text: String(decoding: bytes, as: UTF8.self))
            } catch {
                throw RuntimeFailure("display list \(file) is not a valid display list (record one with --record-frames)", error)
            }
            var samples: [Double] = []
            let canvas = try Canvas(width: list.width, height: list.height)
            list.render(reusing: canvas)
            for _ in 0..<iterations {
                try Cancellation.shared.check()
                let start = threadCPUNanoseconds()
                list.render(reusing: canvas)
                samples.append(Double(threadCPUNanoseconds() - start) / 1e6)
            }
            if let dir = pngFolder {
                let image = canvas.image
                var name = PathText.lastComponent(file)
                for ext in [".gz", ".hdl"] where name.hasSuffix(ext) { name.removeLast(ext.count) }
                try PNG.write(image, to: PathText.appending(dir, name + ".png"))
            }
            Console.out("\(file): median \(TextFormat.fixed(BenchCommand.median(samples), places: 3)) ms CPU per frame (\(list.width)x\(list.height), \(iterations) iterations, \(list.count) items)")
        }
    }

    /// The calling thread's CPU time in nanoseconds.
    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
