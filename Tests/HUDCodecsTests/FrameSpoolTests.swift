// FrameSpool: records store only the rows that changed; reading must give back every record exactly,
// in order and out of order, with identical neighbours merged.
import XCTest
@testable import HUDCodecs

final class FrameSpoolTests: XCTestCase {
    /// Records of 6 rows x 4 bytes: a change in the middle rows, in the first and last row only,
    /// an identical record (merged), every row, and one row.
    private let records: [[UInt8]] = {
        var r: [[UInt8]] = [[UInt8](0..<24)]
        var b = r[0]; b[9] = 99; b[14] = 98; r.append(b)
        b[0] = 1; b[23] = 2; r.append(b)
        r.append(b)
        r.append((0..<24).map { UInt8(200 - $0) })
        b = r[4]; b[20] = 7; r.append(b)
        return r
    }()

    func testRecordsReadBackExactlyInAndOutOfOrder() throws {
        let spool = try FrameSpool(recordBytes: 24, rowBytes: 4)
        var stored: [[UInt8]] = []
        for (k, rec) in records.enumerated() {
            let isNew = try spool.append(rec, duration: 0.1)
            XCTAssertEqual(isNew, k != 3, "record \(k)")
            if isNew { stored.append(rec) }
        }
        XCTAssertEqual(spool.count, 5)
        XCTAssertEqual(spool.durations[2], 0.2, accuracy: 1e-12)
        // Only the rows between the first and last change are stored.
        XCTAssertEqual((0..<5).map { spool.storedRows($0) }, [0..<6, 2..<4, 0..<6, 0..<6, 5..<6])
        var buffer: [UInt8] = []
        for (i, rec) in stored.enumerated() {
            try spool.read(i, into: &buffer)
            XCTAssertEqual(buffer, rec, "in order, record \(i)")
        }
        for i in [3, 1, 4, 0, 2, 2] {
            try spool.read(i, into: &buffer)
            XCTAssertEqual(buffer, stored[i], "out of order, record \(i)")
        }
    }
}
