// SnapshotStore: the file layout of references and failure artifacts.
//
// Design note: paths are derived only from the test file and test name, as swift-snapshot-testing
// does, so a reference can be found (and reviewed in a pull request) without running anything.
// References are written atomically with maximum PNG compression to keep the repository small.

import Foundation
import HUDRaster
import HUDCodecs

struct SnapshotStore {
    let directory: String
    let testName: String
    let fileStem: String
    let configuration: SnapshotConfiguration

    init(file: String, testName: String, configuration: SnapshotConfiguration) {
        let url = URL(fileURLWithPath: file)
        fileStem = url.deletingPathExtension().lastPathComponent
        directory = configuration.snapshotDirectory
            ?? url.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileStem).path
        self.testName = SnapshotStore.sanitize(testName)
        self.configuration = configuration
    }

    static func sanitize(_ name: String) -> String {
        var s = name
        if let paren = s.firstIndex(of: "(") { s = String(s[..<paren]) }
        return String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
    }
    static func frameNumber(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 3 - s.count)) + s
    }

    func referencePath(name: String) -> String {
        (directory as NSString).appendingPathComponent("\(testName).\(SnapshotStore.sanitize(name)).png")
    }

    /// Compares, records as the mode says, writes artifacts on failure; returns the failure message.
    func verify(_ image: Image, name: String) -> String? {
        let path = referencePath(name: name)
        let mode = configuration.record
        let exists = FileManager.default.fileExists(atPath: path)

        if mode == .all || (!exists && mode == .missing) {
            do {
                try record(image, at: path)
            } catch {
                return "\(error)"
            }
            let why = exists ? "re-recorded (HUDRENDER_RECORD=all)" : "no reference existed; recorded"
            return "snapshot '\(name)' \(why) at \(path). Look at it, then run again without recording to pass."
        }
        guard exists else {
            return "snapshot '\(name)' has no reference at \(path) and the record mode is '\(mode.rawValue)'"
                + " (record it with HUDRENDER_RECORD=missing, outside CI)"
        }
        let reference: Image
        do {
            reference = try PNG.read(path)
        } catch {
            return "\(SnapshotError.unreadableReference(path: path, reason: "\(error)"))"
        }
        let comparison = ImageComparison(reference: reference, actual: image, tolerance: configuration.tolerance)
        if comparison.matches { return nil }

        var message = "snapshot '\(name)' does not match \(path): \(comparison.summary)."
        let artifacts = writeArtifacts(reference: reference, actual: image, name: name)
        message += artifacts
        if mode == .failed {
            do {
                try record(image, at: path)
                message += "\nThe reference was re-recorded (HUDRENDER_RECORD=failed)."
            } catch {
                message += "\n\(error)"
            }
        }
        return message
    }

    private func record(_ image: Image, at path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNG.write(image, to: path, options: .init(compressionLevel: 9))
        } catch {
            throw SnapshotError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// Writes reference, actual and diff PNGs and returns the message lines naming them.
    private func writeArtifacts(reference: Image, actual: Image, name: String) -> String {
        let dir = (configuration.artifactsDirectory as NSString).appendingPathComponent(fileStem)
        let base = (dir as NSString).appendingPathComponent("\(testName).\(SnapshotStore.sanitize(name))")
        let files = [("reference", reference), ("actual", actual),
                     ("diff", ImageComparison.diffImage(reference: reference, actual: actual))]
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            var lines = ""
            for (kind, img) in files {
                let p = "\(base).\(kind).png"
                try PNG.write(img, to: p, options: .init(compressionLevel: 6))
                lines += "\n  \(kind): \(p)"
            }
            return lines
        } catch {
            return "\n  (artifacts could not be written to \(dir): \(error); set HUDRENDER_ARTIFACTS to a writable folder)"
        }
    }
}
