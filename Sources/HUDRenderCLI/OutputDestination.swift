// OutputDestination: what `--out PATH` asks for, decided from the path alone before rendering.
//
// Design note: the format follows the extension (.gif, .webp, .apng, .png) and a directory (a path ending
// in "/", or an existing folder without one of those extensions) means one numbered PNG per frame. The destination folder is checked up front
// so that a typo in the path fails before any frame is rendered; the write itself is still atomic.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum OutputDestination: Equatable {
    case gif(String)
    /// Animated WebP (lossless unless `--quality`).
    case webp(String)
    case apng(String)
    /// A single still image.
    case png(String)
    /// One PNG per frame, `frame-0001.png` ... in this directory.
    case directory(String)

    var path: String {
        switch self {
        case .gif(let p), .webp(let p), .apng(let p), .png(let p), .directory(let p): return p
        }
    }

    var isAnimation: Bool {
        switch self {
        case .gif, .webp, .apng, .directory: return true
        case .png: return false
        }
    }

    /// Interprets `path`; throws a usage error for an extension hudrender cannot write.
    static func parse(_ path: String, label: String = "--out", command: String) throws -> OutputDestination {
        guard !path.isEmpty else { throw UsageError("\(label): the path is empty", command: command) }
        let ext = PathText.fileExtension(path).lowercased()
        // An existing folder means PNG frames, unless its name asks for a file: `--out hud.gif`
        // on a folder named hud.gif is a mistake to report (checkWritable does), not a request
        // for a folder of PNGs.
        if path.hasSuffix("/") || (!["gif", "webp", "apng", "png"].contains(ext)
                                   && FileKind.isDirectory(path)) {
            return .directory(path)
        }
        switch ext {
        case "gif": return .gif(path)
        case "webp": return .webp(path)
        case "apng": return .apng(path)
        case "png": return .png(path)
        case "": throw UsageError("\(label) \(path): no file extension; use .gif, .webp, .apng or .png, or end the path with / for a folder of PNG frames", command: command)
        case let ext: throw UsageError("\(label) \(path): cannot write .\(ext) files; use .gif, .webp, .apng or .png, or end the path with / for a folder of PNG frames", command: command)
        }
    }

    /// Checks that the folder the output goes into exists and is writable (a runtime failure otherwise).
    func checkWritable() throws {
        let fm = FileManager.default
        let folder: String
        switch self {
        case .directory(let p):
            if let kind = FileKind.of(p) {
                guard kind == .directory else { throw RuntimeFailure("cannot write frames into \(p): it is a file, not a folder; choose another --out") }
                folder = p
            } else {
                let parent = PathText.parent(p)
                let base = parent.isEmpty ? "." : parent
                guard fm.fileExists(atPath: base) else {
                    throw RuntimeFailure("cannot create folder \(p): no such directory \(base); create it first or choose another --out")
                }
                folder = base
            }
        default:
            let parent = PathText.parent(path)
            folder = parent.isEmpty ? "." : parent
            guard let kind = FileKind.of(folder) else {
                throw RuntimeFailure("cannot write \(path): no such directory \(folder); create it first or choose another --out")
            }
            guard kind == .directory else {
                throw RuntimeFailure("cannot write \(path): \(folder) is a file, not a folder; choose another --out")
            }
            if FileKind.isDirectory(path) {
                throw RuntimeFailure("cannot write \(path): it is a folder; choose a file name or end --out with / for PNG frames")
            }
        }
        guard fm.isWritableFile(atPath: folder) else {
            throw RuntimeFailure("cannot write into \(folder): permission denied; choose a writable --out")
        }
    }
}
