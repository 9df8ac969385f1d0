// PNGFolderSink: one PNG per frame, numbered in order (`frame-0001.png`).
//
// Design note: each frame is written atomically, so a reader never sees a half-written PNG; on
// failure or Ctrl-C the frames written by this run are removed, so the folder never holds a
// truncated sequence that looks complete. After a complete render, numbered frames an earlier,
// longer render left behind are removed (and said so): `ffmpeg -i frame-%04d.png` would otherwise
// play the new frames followed by the old ones. Other files in the folder are not touched.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HUDCodecs
import HUDRaster

final class PNGFolderSink: FrameSink {
    private let folder: String
    private let digits: Int
    private var index = 0
    private var written: [String] = []
    private var createdFolder = false

    init(folder: String, frameCount: Int) throws {
        self.folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        digits = max(4, String(frameCount).count)
        let fm = FileManager.default
        if !fm.fileExists(atPath: self.folder) {
            do { try FileOperation.makeFolder(self.folder) } catch {
                throw RuntimeFailure("cannot create folder \(folder): \(error); check the parent folder exists and is writable")
            }
            createdFolder = true
        }
    }

    /// The file name of frame `i` (0-based).
    func name(_ i: Int) -> String {
        let n = String(i + 1)
        return "\(folder)/frame-\(String(repeating: "0", count: max(0, digits - n.count)))\(n).png"
    }

    /// Frames are intermediate files (for video tools), so speed matters more than the last few
    /// percent of size: zlib level 6.
    static let writeOptions = PNG.WriteOptions(compressionLevel: 6)

    /// Compresses a frame (called on the worker threads).
    static func encode(_ image: Image) throws -> [UInt8] {
        try PNG.encode(image, options: writeOptions)
    }

    func append(_ image: Image, duration: Double) throws {
        try append(encoded: try PNGFolderSink.encode(image))
    }

    /// Writes the next frame's PNG bytes atomically.
    func append(encoded bytes: [UInt8]) throws {
        let path = name(index)
        try AtomicFile.write(bytes, to: path)
        written.append(path)
        index += 1
    }

    func finish() throws {
        let current = Set(written.map { PathText.lastComponent($0) })
        let stale = PNGFolderSink.frameFiles(in: folder).filter { !current.contains($0) }
        guard !stale.isEmpty else { return }
        for name in stale {
            do { try FileOperation.removeFile("\(folder)/\(name)") } catch {
                throw RuntimeFailure("\(folder)/\(name) is a frame of an earlier render and cannot be removed (\(error)); empty the folder or choose another --out")
            }
        }
        Console.err("hudrender: note: removed \(stale.count) frame\(stale.count == 1 ? "" : "s") of an earlier, longer render from \(folder)/ (\(stale.first!) ... \(stale.last!))")
    }

    /// The names in `folder` that look like frames this sink writes (`frame-` digits `.png`), sorted.
    static func frameFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
            let digits = name.dropFirst(6).dropLast(4)
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        }.sorted()
    }

    func discard() {
        for p in written { try? FileManager.default.removeItem(atPath: p) }
        written.removeAll()
        if createdFolder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
