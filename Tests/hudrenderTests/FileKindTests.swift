// FileKindTests: the POSIX file helpers tell files, folders and devices apart as FileManager did,
// and give the C library's reason when an operation fails.

import XCTest
@testable import HUDRenderCLI

final class FileKindTests: XCTestCase {
    func testFileKindAndOperations() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/textformat-\(getpid())"
        try FileOperation.makeFolder(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(FileKind.of(dir), .directory)
        XCTAssertThrowsError(try FileOperation.makeFolder(dir)) { XCTAssertEqual("\($0)", "File exists") }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/f", contents: nil))
        XCTAssertEqual(FileKind.of(dir + "/f"), .regular)
        XCTAssertEqual(FileKind.of("/dev/null"), .other)
        try FileOperation.removeFile(dir + "/f")
        XCTAssertNil(FileKind.of(dir + "/f"))
        XCTAssertThrowsError(try FileOperation.removeFile(dir + "/f")) { XCTAssertEqual("\($0)", "No such file or directory") }
    }
}
