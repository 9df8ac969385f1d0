// The same assertions work from Swift Testing: a mismatch is recorded as an issue of the running test.
import Testing
import Foundation
import HUDRaster
import HUDSnapshotTesting

@Suite struct SwiftTestingSupportTests {
    @Test func mismatchIsRecordedAsAnIssue() throws {
        let dir = NSTemporaryDirectory() + "swift-testing-snap-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let red = try Image(width: 4, height: 4, fill: .red)
        let config = SnapshotConfiguration(record: .missing, snapshotDirectory: dir, artifactsDirectory: dir + "/artifacts")
        #expect(verifySnapshot(of: red, named: "red", configuration: config) != nil) // recorded, so it fails once
        #expect(verifySnapshot(of: red, named: "red", configuration: config) == nil)
        // assertSnapshot with a missing reference under `never` must record an issue in this test.
        withKnownIssue {
            assertSnapshot(of: red, named: "never-recorded-\(UUID().uuidString)", record: .never)
        }
    }

    /// Issue 26 item 3: the issue carries the message itself (printed "Caught error: <message>"),
    /// not a bare "Issue recorded" with the message under it.
    @Test func mismatchIssueCarriesTheMessage() throws {
        let red = try Image(width: 4, height: 4, fill: .red)
        withKnownIssue {
            assertSnapshot(of: red, named: "never-recorded-\(UUID().uuidString)", record: .never)
        } matching: { issue in
            (issue.error as? SnapshotMismatch)?.message.contains("no reference") == true
        }
    }
}
