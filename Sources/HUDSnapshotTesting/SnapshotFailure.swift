// SnapshotFailure: report a mismatch to whichever test framework is running.
//
// Design note: one library serves both XCTest and Swift Testing. Inside a Swift Testing test
// `Test.current` is set, and the failure is recorded as an issue there; otherwise it goes to XCTFail.

import XCTest
#if canImport(Testing)
import Testing
#endif

enum SnapshotFailure {
    static func report(_ message: String, file: StaticString, line: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            // Recorded as an error so that Swift Testing prints the message on the issue's own
            // line ("Caught error: ..."), not under a bare "Issue recorded".
            Issue.record(SnapshotMismatch(message: message),
                         sourceLocation: SourceLocation(fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
            return
        }
        #endif
        XCTFail(message, file: file, line: line)
    }
}
