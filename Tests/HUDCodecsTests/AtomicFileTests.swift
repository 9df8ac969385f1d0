// Atomic writes: complete files or nothing, previous files intact on failure, no temporary leftovers,
// and messages that say what to do. Tests run as root, so "unwritable" uses things root cannot
// bypass: a path under a regular file, /sys, /dev/full, and a file-size limit (RLIMIT_FSIZE).
import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
@testable import HUDCodecs

final class AtomicFileTests: XCTestCase {
    func testWritesAndReplacesWithoutLeftovers() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        XCTAssertEqual(try readBytes(path), [1, 2, 3])
        try AtomicFile.write([4, 5], to: path)
        XCTAssertEqual(try readBytes(path), [4, 5])
        XCTAssertEqual(fileNames(in: dir), ["out.bin"])
    }

    func testUncommittedFileLeavesDestinationUntouched() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/keep.txt"
        try AtomicFile.write(Array("old".utf8), to: path)
        do {
            let f = try AtomicFile(path: path)
            try f.write(Array("new but abandoned".utf8))
            XCTAssertTrue(FileManager.default.fileExists(atPath: f.temporaryPath))
            XCTAssertEqual(AtomicFile.directory(of: f.temporaryPath), dir)
        }
        XCTAssertEqual(try readBytes(path), Array("old".utf8))
        XCTAssertEqual(fileNames(in: dir), ["keep.txt"])
    }

    /// A write that runs out of space (file size limit) fails with "no space", keeps the old file and
    /// removes the temporary file.
    func testFailingWriteKeepsPreviousFileAndRemovesTemporary() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/hud.png"
        let old = try PNG.encode(glowFrame(t: 0))
        try AtomicFile.write(old, to: path)

        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: 1000, rlim_max: saved.rlim_max)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        let big = [UInt8](repeating: 7, count: 5000)
        XCTAssertThrowsError(try AtomicFile.write(big, to: path)) { e in
            XCTAssertEqual(e as? CodecError, .noSpace(path: path))
            XCTAssertTrue("\(e)".contains("no space left on device"), "\(e)")
        }
        // The GIF and APNG encoders fail the same way, through the same file.
        XCTAssertThrowsError(try {
            let enc = try APNG.Encoder(path: path, options: .init(compressionLevel: 0))
            for i in 0..<4 { try enc.append(glowFrame(width: 40, height: 40, t: Double(i) / 4), duration: 0.1) }
            try enc.finish()
        }())
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, previousHandler)

        XCTAssertEqual(try readBytes(path), old)
        XCTAssertEqual(fileNames(in: dir), ["hud.png"])
    }

    func testDevFullReportsNoSpace() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        XCTAssertThrowsError(try AtomicFile.write([UInt8](repeating: 1, count: 100), to: "/dev/full")) { e in
            XCTAssertEqual("\(e)", "cannot write /dev/full: no space left on device (free some space or choose another disk)")
        }
    }

    func testHelpfulErrorsForUnwritableDestinations() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try AtomicFile.write([1], to: dir + "/missing/deeper/y.png")) { e in
            XCTAssertEqual("\(e)", "cannot write \(dir)/missing/deeper/y.png: no such directory \(dir)/missing (create it first, e.g. mkdir -p \(dir)/missing)")
        }
        try AtomicFile.write([1], to: dir + "/file")
        XCTAssertThrowsError(try AtomicFile.write([1], to: dir + "/file/y.png")) { e in
            XCTAssertEqual(e as? CodecError, .notADirectory(path: dir + "/file/y.png", component: dir + "/file"))
        }
        if FileManager.default.fileExists(atPath: "/sys/kernel") {
            XCTAssertThrowsError(try AtomicFile.write([1], to: "/sys/hud.png")) { e in
                XCTAssertTrue("\(e)".hasSuffix("permission denied (choose a writable folder)"), "\(e)")
            }
        }
        XCTAssertThrowsError(try AtomicFile.write([1], to: dir)) { e in
            XCTAssertTrue("\(e)".contains("is a directory"), "\(e)")
        }
        XCTAssertEqual(fileNames(in: dir), ["file"])
    }

    func testRemoveAllPendingDeletesTemporaryFiles() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = try AtomicFile(path: dir + "/a.gif")
        try f.write([1, 2, 3])
        XCTAssertEqual(fileNames(in: dir).count, 1)
        AtomicFile.removeAllPending()
        XCTAssertEqual(fileNames(in: dir), [])
        XCTAssertThrowsError(try f.commit())
        XCTAssertEqual(fileNames(in: dir), [])
    }

    func testRelativePathInCurrentDirectory() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        try AtomicFile.write([9], to: "rel.bin")
        XCTAssertEqual(try readBytes(dir + "/rel.bin"), [9])
        XCTAssertEqual(fileNames(in: dir), ["rel.bin"])
    }
}
