// SnapshotRecordMode: when a reference image may be (re)written.
//
// Design note: the mode comes from the environment (`HUDRENDER_RECORD`) rather than from code, so
// that nobody commits a test left in record mode, and CI (where `CI` is set) never records. A run
// that records always fails, so that recording can never pass silently.

import Foundation

/// When `assertSnapshot` writes reference images, as swift-snapshot-testing's record modes.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Re-record every reference (and fail, so the run is noticed).
    case all
    /// Record references that do not exist yet (and fail); compare the others. The default.
    case missing
    /// Compare; when a comparison fails, overwrite the reference with the actual image (and fail).
    case failed
    /// Never write: a missing reference is a failure. The default when `CI` is set.
    case never

    /// The mode from `HUDRENDER_RECORD` (`all`, `missing`, `failed` or `never`); `never` when `CI`
    /// is set and the variable is not; otherwise `missing`. An unknown value (`true`, `yes`) makes
    /// every snapshot assertion fail with ``environmentProblem``'s message, never silently ignored;
    /// `current` is then `never`, so nothing is written.
    public static var current: SnapshotRecordMode {
        (try? fromEnvironment()) ?? .never
    }

    /// Why `HUDRENDER_RECORD` cannot be used, or nil when it is unset or a mode.
    public static func environmentProblem(_ env: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        do { _ = try fromEnvironment(env); return nil } catch { return "\(error)" }
    }

    /// Reads the mode from an environment, throwing for values that are not a mode.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotRecordMode {
        if let raw = env["HUDRENDER_RECORD"], !raw.isEmpty {
            guard let mode = SnapshotRecordMode(rawValue: raw.lowercased()) else {
                throw SnapshotError.invalidRecordMode(raw)
            }
            return mode
        }
        if let ci = env["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return .missing
    }
}

/// Errors of the snapshot library itself (not mismatches, which are test failures).
public enum SnapshotError: Error, CustomStringConvertible {
    case invalidRecordMode(String)
    case cannotWrite(path: String, reason: String)
    case unreadableReference(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidRecordMode(let v):
            return "HUDRENDER_RECORD=\(v) is not a record mode: use all, missing, failed or never (to record new references: HUDRENDER_RECORD=missing; to re-record all: all)"
        case let .cannotWrite(path, reason):
            return "cannot write snapshot \(path): \(reason)"
        case let .unreadableReference(path, reason):
            return "cannot read reference \(path): \(reason) (delete it and record again with HUDRENDER_RECORD=missing)"
        }
    }
}
